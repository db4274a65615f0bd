/**
 * Issue 38: recaps of attendance (class, rombel month, rombel semester, the student's own), their
 * XLSX files, the alert setting and the absence alert to the wali kelas.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { RECAP_MSG, TEACHING_MSG } from '@kelasku/contract';
import { auditLog, meetings, teachingAssignmentTeachers, timetableSlots } from '../src/db/schema.js';
import { checkAbsenceAlerts } from '../src/features/attendance-recaps/alerts.js';
import { useTestApp, type ApiResponse } from './helpers.js';
import { attendanceScene, insertMarks, insertMeeting, wibDate, type AttendanceScene } from './attendance-scene.js';
import { sheetRows } from './teaching-helpers.js';

const t = useTestApp();

/**
 * The scene without its timetable (and without the meetings the timetable made for today): only
 * the meetings a test inserts exist.
 */
async function scene(size: number): Promise<AttendanceScene> {
  const x = await attendanceScene(t, size);
  await t.db.delete(timetableSlots).where(eq(timetableSlots.assignmentId, x.assignmentId));
  await t.db.delete(meetings).where(eq(meetings.onlineClassId, x.classId));
  return x;
}

const zero = { H: 0, T: 0, S: 0, I: 0, D: 0, A: 0 };
/** The sheet's rows as text, an empty cell between filled ones as '' (sheetRows leaves holes there). */
const xlsxOf = async (res: ApiResponse) => (await sheetRows(res.raw.rawPayload)).map((r) => Array.from(r, (v) => v ?? ''));
const disposition = (name: string) => `filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * March 2026 of a rombel of four: three meetings on the 2nd (jam ke-1, 3, 5), one on the 3rd, a
 * cancelled one on the 4th (its marks count nowhere), one on the 5th nobody recorded.
 */
let s: AttendanceScene;
let ids: number[];
let m: { p1: number; p3: number; p5: number; d3: number; cancelled: number; d5: number };

beforeAll(async () => {
  s = await scene(4);
  ids = s.students.map((x) => x.id);
  const [a, b, c, d] = ids as [number, number, number, number];
  const p1 = await insertMeeting(t, s.classId, '2026-03-02', { periodFrom: 1 });
  const p3 = await insertMeeting(t, s.classId, '2026-03-02', { periodFrom: 3, periodTo: 4 });
  const p5 = await insertMeeting(t, s.classId, '2026-03-02', { periodFrom: 5 });
  const d3 = await insertMeeting(t, s.classId, '2026-03-03');
  const cancelled = await insertMeeting(t, s.classId, '2026-03-04', { cancelled: true });
  const d5 = await insertMeeting(t, s.classId, '2026-03-05');
  m = { p1: p1.id, p3: p3.id, p5: p5.id, d3: d3.id, cancelled: cancelled.id, d5: d5.id };
  // 2nd: a H A H → H (most); b A S – → A (tie, more serious); c I D T → I (three-way tie); d T H – → T (tie).
  await insertMarks(t, p1.id, [
    [a, 'H'],
    [b, 'A'],
    [c, 'I'],
    [d, 'T'],
  ]);
  await insertMarks(t, p3.id, [
    [a, 'A'],
    [b, 'S'],
    [c, 'D'],
    [d, 'H'],
  ]);
  await insertMarks(t, p5.id, [
    [a, 'H'],
    [c, 'T'],
  ]);
  await insertMarks(t, d3.id, [
    [a, 'A'],
    [b, 'H'],
    [c, 'H'],
    [d, 'S'],
  ]);
  await insertMarks(t, cancelled.id, [
    [a, 'S'],
    [b, 'S'],
  ]);
});

const student = (i: number) => ({ id: s.students[i]!.id, name: s.students[i]!.name, nis: '1234', nisn: s.students[i]!.nisn });
const homeroomUrl = (rest = '') => `/api/teacher/homerooms/${s.rombelId}/attendance${rest}`;
const adminRombelUrl = (rest = '') => `/api/admin/attendance/rombels/${s.rombelId}/attendance${rest}`;

describe('the month recap (rekap absensi bulanan)', () => {
  it("gives each day the mark of most of its meetings, a tie to the more serious; cancelled meetings don't count", async () => {
    const res = await t.as(s.homeroom.token).get(homeroomUrl('?month=2026-03'));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      rombel: { id: s.rombelId, name: s.rombelName },
      month: '2026-03',
      homeroom: { id: s.homeroom.id, name: s.homeroom.name },
      dates: ['2026-03-02', '2026-03-03', '2026-03-05'],
      students: [
        { student: student(0), marks: ['H', 'A', null], totals: { ...zero, H: 1, A: 1 } },
        { student: student(1), marks: ['A', 'H', null], totals: { ...zero, H: 1, A: 1 } },
        { student: student(2), marks: ['I', 'H', null], totals: { ...zero, H: 1, I: 1 } },
        { student: student(3), marks: ['T', 'S', null], totals: { ...zero, T: 1, S: 1 } },
      ],
    });
  });

  it('a month without meetings: no dates, every student with zero totals', async () => {
    const res = await t.as(s.homeroom.token).get(homeroomUrl('?month=2026-04'));
    expect(res.status).toBe(200);
    expect(res.body.data.dates).toEqual([]);
    expect(res.body.data.students).toEqual(s.students.map((_, i) => ({ student: student(i), marks: [], totals: zero })));
  });

  it('refuses a month that is not one (422)', async () => {
    for (const bad of ['2026-13', '2026-3', 'maret']) {
      const res = await t.as(s.homeroom.token).get(homeroomUrl(`?month=${bad}`));
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Bulan ditulis seperti 2026-11');
    }
  });

  it('reads the current month (WIB) when none is named', async () => {
    const res = await t.as(s.homeroom.token).get(homeroomUrl());
    expect(res.status).toBe(200);
    expect(res.body.data.month).toBe(wibDate().slice(0, 7));
  });

  it('as XLSX: title rows, No NIS NISN Nama, the days 1–31, H T S I D A', async () => {
    const res = await t.as(s.homeroom.token).get(homeroomUrl('.xlsx?month=2026-03'));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain(disposition(`Rekap Absensi ${s.rombelName} Maret 2026.xlsx`));
    const rows = await xlsxOf(res);
    const days = Array.from({ length: 31 }, (_, i) => String(i + 1));
    const blank = (n: number) => Array.from({ length: n }, () => '');
    expect(rows.slice(0, 5)).toEqual([
      ['REKAP ABSENSI BULANAN'],
      [t.config.schoolName],
      [`Rombel: ${s.rombelName}`],
      ['Bulan: Maret 2026'],
      [`Wali kelas: ${s.homeroom.name}`],
    ]);
    expect(rows[5]).toEqual(['No', 'NIS', 'NISN', 'Nama', ...days, 'H', 'T', 'S', 'I', 'D', 'A']);
    const line = (i: number, d2: string, d3: string, totals: number[]) => [
      String(i + 1),
      '1234',
      s.students[i]!.nisn!,
      s.students[i]!.name,
      '',
      d2,
      d3,
      ...blank(28),
      ...totals.map(String),
    ];
    expect(rows.slice(6, 10)).toEqual([
      line(0, 'H', 'A', [1, 0, 0, 0, 0, 1]),
      line(1, 'A', 'H', [1, 0, 0, 0, 0, 1]),
      line(2, 'I', 'H', [1, 0, 0, 1, 0, 0]),
      line(3, 'T', 'S', [0, 1, 1, 0, 0, 0]),
    ]);
    expect(rows[10]![0]).toBe('Keterangan: H = Hadir, T = Terlambat, S = Sakit, I = Izin, D = Dispensasi, A = Alpa');
  });

  it('as XLSX for a month without meetings: still the headings, every student, zero totals and the note', async () => {
    const res = await t.as(s.homeroom.token).get(homeroomUrl('.xlsx?month=2026-02'));
    expect(res.status).toBe(200);
    const rows = await xlsxOf(res);
    expect(rows[3]).toEqual(['Bulan: Februari 2026']);
    expect(rows[5]).toEqual([
      'No',
      'NIS',
      'NISN',
      'Nama',
      ...Array.from({ length: 28 }, (_, i) => String(i + 1)),
      'H',
      'T',
      'S',
      'I',
      'D',
      'A',
    ]);
    expect(rows.slice(6, 10).map((r) => [r[3], ...r.slice(-6)])).toEqual(s.students.map((x) => [x.name, '0', '0', '0', '0', '0', '0']));
    expect(rows[10]).toEqual([RECAP_MSG.noMeetings]);
  });
});

describe('the class recap', () => {
  it('students × the meetings that are not cancelled, numbered like the meetings list, with meetings per mark', async () => {
    const res = await t.as(s.teacher.token).get(`/api/teacher/online-classes/${s.classId}/attendance-recap`);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.class).toEqual({ id: s.classId, name: s.className, rombel: s.rombelName, subject: s.subjectName });
    expect(data.meetings).toEqual([
      { id: m.p1, number: 1, date: '2026-03-02', periods: [1], cancelled: false },
      { id: m.p3, number: 2, date: '2026-03-02', periods: [3, 4], cancelled: false },
      { id: m.p5, number: 3, date: '2026-03-02', periods: [5], cancelled: false },
      { id: m.d3, number: 4, date: '2026-03-03', periods: [3], cancelled: false },
      { id: m.d5, number: 5, date: '2026-03-05', periods: [3], cancelled: false },
    ]);
    expect(data.students).toEqual([
      { student: student(0), marks: ['H', 'A', 'H', 'A', null], totals: { ...zero, H: 2, A: 2 } },
      { student: student(1), marks: ['A', 'S', null, 'H', null], totals: { ...zero, H: 1, S: 1, A: 1 } },
      { student: student(2), marks: ['I', 'D', 'T', 'H', null], totals: { ...zero, H: 1, T: 1, I: 1, D: 1 } },
      { student: student(3), marks: ['T', 'H', null, 'S', null], totals: { ...zero, H: 1, T: 1, S: 1 } },
    ]);
  });

  it('as XLSX: No, NIS, Nama, one column per meeting "P1 dd/mm", the totals', async () => {
    const res = await t.as(s.teacher.token).get(`/api/teacher/online-classes/${s.classId}/attendance-recap.xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain(disposition(`Rekap Presensi ${s.className}.xlsx`));
    const rows = await xlsxOf(res);
    expect(rows.slice(0, 5)).toEqual([
      ['REKAP PRESENSI KELAS'],
      [t.config.schoolName],
      [`Kelas: ${s.className}`],
      [`Rombel: ${s.rombelName}`],
      [`Mata pelajaran: ${s.subjectName}`],
    ]);
    expect(rows[5]).toEqual([
      'No',
      'NIS',
      'Nama',
      'P1 02/03',
      'P2 02/03',
      'P3 02/03',
      'P4 03/03',
      'P5 05/03',
      'H',
      'T',
      'S',
      'I',
      'D',
      'A',
    ]);
    expect(rows[6]).toEqual(['1', '1234', s.students[0]!.name, 'H', 'A', 'H', 'A', '', '2', '0', '0', '0', '0', '2']);
    expect(rows[7]).toEqual(['2', '1234', s.students[1]!.name, 'A', 'S', '', 'H', '', '1', '0', '1', '0', '0', '1']);
  });
});

describe('the semester recap', () => {
  it("gives each student's days per mark in the active semester, and their recorded meetings", async () => {
    const res = await t.as(s.homeroom.token).get(homeroomUrl('/semester'));
    expect(res.status).toBe(200);
    expect(res.body.data.rombel).toEqual({ id: s.rombelId, name: s.rombelName });
    expect(res.body.data.semester.id).toBe(s.semesterId);
    expect(res.body.data.homeroom).toEqual({ id: s.homeroom.id, name: s.homeroom.name });
    expect(res.body.data.students).toEqual([
      { student: student(0), totals: { ...zero, H: 1, A: 1 }, meetings: 4 },
      { student: student(1), totals: { ...zero, H: 1, A: 1 }, meetings: 3 },
      { student: student(2), totals: { ...zero, H: 1, I: 1 }, meetings: 4 },
      { student: student(3), totals: { ...zero, T: 1, S: 1 }, meetings: 3 },
    ]);
  });

  it('refuses an unknown semester (422)', async () => {
    const res = await t.as(s.homeroom.token).get(homeroomUrl('/semester?semester_id=999999'));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(TEACHING_MSG.semesterUnknown);
  });

  it('as XLSX: No, NIS, NISN, Nama, Sakit, Izin, Tanpa Keterangan, Hadir, Terlambat, Dispensasi', async () => {
    const res = await t.as(s.homeroom.token).get(homeroomUrl('/semester.xlsx'));
    expect(res.status).toBe(200);
    const label = res.headers['content-disposition'] as string;
    expect(label).toContain(encodeURIComponent(`Rekap Absensi Semester ${s.rombelName} `));
    expect(label).not.toContain('/');
    const rows = await xlsxOf(res);
    expect(rows[0]).toEqual(['REKAP ABSENSI SEMESTER']);
    expect(rows[4]).toEqual([`Wali kelas: ${s.homeroom.name}`]);
    expect(rows[5]).toEqual(['No', 'NIS', 'NISN', 'Nama', 'Sakit', 'Izin', 'Tanpa Keterangan', 'Hadir', 'Terlambat', 'Dispensasi']);
    expect(rows.slice(6, 10)).toEqual([
      ['1', '1234', s.students[0]!.nisn!, s.students[0]!.name, '0', '0', '1', '1', '0', '0'],
      ['2', '1234', s.students[1]!.nisn!, s.students[1]!.name, '0', '0', '1', '1', '0', '0'],
      ['3', '1234', s.students[2]!.nisn!, s.students[2]!.name, '0', '1', '0', '1', '0', '0'],
      ['4', '1234', s.students[3]!.nisn!, s.students[3]!.name, '1', '0', '0', '0', '1', '0'],
    ]);
  });
});

describe('who reads which recap', () => {
  const classUrl = () => `/api/teacher/online-classes/${s.classId}/attendance-recap`;
  const urls = () => [
    homeroomUrl('?month=2026-03'),
    homeroomUrl('.xlsx?month=2026-03'),
    homeroomUrl('/semester'),
    homeroomUrl('/semester.xlsx'),
  ];

  it('the wali kelas reads the rombel, not the class (404)', async () => {
    for (const url of urls()) expect((await t.as(s.homeroom.token).get(url)).status, url).toBe(200);
    expect((await t.as(s.homeroom.token).get(classUrl())).status).toBe(404);
  });

  it('the class teachers (team teachers too) read the class, not the rombel (404)', async () => {
    const partner = await t.factory.teacher();
    await t.db.insert(teachingAssignmentTeachers).values({ assignmentId: s.assignmentId, teacherId: partner.id, position: 1 });
    for (const who of [s.teacher, partner]) {
      expect((await t.as(who.token).get(classUrl())).status).toBe(200);
      expect((await t.as(who.token).get(`${classUrl()}.xlsx`)).status).toBe(200);
      for (const url of urls()) {
        const res = await t.as(who.token).get(url);
        expect(res.status, url).toBe(404);
        expect(res.body.message).toBe('Data tidak ditemukan.');
      }
    }
  });

  it('another teacher reaches nothing (404); a student and the admin are refused the teacher area (403)', async () => {
    for (const url of [...urls(), classUrl(), `${classUrl()}.xlsx`]) {
      expect((await t.as(s.otherTeacher.token).get(url)).status, url).toBe(404);
      expect((await t.as(s.students[0]!.token).get(url)).status, url).toBe(403);
    }
    const admin = await t.factory.admin();
    expect((await t.as(admin.token).get(classUrl())).status).toBe(403);
  });

  it('the admin reads every class and rombel (an unknown one 404)', async () => {
    const admin = await t.factory.admin();
    const api = t.as(admin.token);
    const month = await api.get(adminRombelUrl('?month=2026-03'));
    expect(month.status).toBe(200);
    expect(month.body.data.students[1].marks).toEqual(['A', 'H', null]);
    expect((await api.get(adminRombelUrl('.xlsx?month=2026-03'))).status).toBe(200);
    expect((await api.get(adminRombelUrl('/semester'))).body.data.students[0].totals).toEqual({ ...zero, H: 1, A: 1 });
    expect((await api.get(adminRombelUrl('/semester.xlsx'))).status).toBe(200);
    const klass = await api.get(`/api/admin/online-classes/${s.classId}/attendance-recap`);
    expect(klass.body.data.meetings.map((x: { number: number }) => x.number)).toEqual([1, 2, 3, 4, 5]);
    expect((await api.get(`/api/admin/online-classes/${s.classId}/attendance-recap.xlsx`)).status).toBe(200);
    expect((await api.get('/api/admin/attendance/rombels/2147483000/attendance?month=2026-03')).status).toBe(404);
    expect((await api.get('/api/admin/online-classes/2147483000/attendance-recap')).status).toBe(404);
    expect((await t.as(s.homeroom.token).get(adminRombelUrl('?month=2026-03'))).status).toBe(403);
  });
});

describe("the student's own record", () => {
  it('days and meetings per mark, and the recorded meetings newest first, with class and subject', async () => {
    const res = await t.as(s.students[1]!.token).get('/api/student/attendance');
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.semester.id).toBe(s.semesterId);
    expect(data.days).toEqual({ ...zero, H: 1, A: 1 });
    expect(data.totals).toEqual({ ...zero, H: 1, S: 1, A: 1 });
    const klass = { id: s.classId, name: s.className, subject: s.subjectName };
    expect(data.meetings).toEqual([
      {
        meeting: { id: m.d3, number: 4, date: '2026-03-03', periods: [3], starts_at: '2026-03-03T01:30:00.000Z' },
        class: klass,
        status: 'H',
        note: null,
      },
      {
        meeting: { id: m.p3, number: 2, date: '2026-03-02', periods: [3, 4], starts_at: '2026-03-02T01:30:00.000Z' },
        class: klass,
        status: 'S',
        note: null,
      },
      {
        meeting: { id: m.p1, number: 1, date: '2026-03-02', periods: [1], starts_at: '2026-03-02T00:00:00.000Z' },
        class: klass,
        status: 'A',
        note: null,
      },
    ]);
  });

  it("shows only the caller's own: a student of another rombel sees none of these", async () => {
    const res = await t.as(s.outsider.token).get('/api/student/attendance');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ days: zero, totals: zero, meetings: [] });
    expect((await t.as(s.teacher.token).get('/api/student/attendance')).status).toBe(403);
  });
});

describe('the alert setting', () => {
  const URL = '/api/admin/attendance/settings';

  it('reads the default, refuses numbers outside 1–31, saves and audits', async () => {
    const admin = await t.factory.admin();
    const api = t.as(admin.token);
    expect((await api.get(URL)).body).toEqual({ success: true, data: { alpa_alert_days: 3 } });
    for (const bad of [0, 32, 2.5, '4', null]) {
      const res = await api.put(URL, { alpa_alert_days: bad });
      expect(res.status, String(bad)).toBe(422);
      expect(res.body).toEqual({
        success: false,
        message: RECAP_MSG.thresholdRange,
        errors: { alpa_alert_days: [RECAP_MSG.thresholdRange] },
      });
    }
    const missing = await api.put(URL, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ alpa_alert_days: [RECAP_MSG.thresholdRange] });
    const saved = await api.put(URL, { alpa_alert_days: 5 });
    expect(saved.body).toEqual({ success: true, message: RECAP_MSG.settingsSaved, data: { alpa_alert_days: 5 } });
    expect((await api.get(URL)).body.data).toEqual({ alpa_alert_days: 5 });
    await api.put(URL, { alpa_alert_days: 3 });
    const log = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'attendance.settings'), eq(auditLog.actorId, admin.id)));
    expect(log.map((r) => [r.before, r.after])).toEqual([
      [{ alpa_alert_days: 3 }, { alpa_alert_days: 5 }],
      [{ alpa_alert_days: 5 }, { alpa_alert_days: 3 }],
    ]);
    const teacher = await t.factory.teacher();
    expect((await t.as(teacher.token).put(URL, { alpa_alert_days: 1 })).status).toBe(403);
  });
});

describe('the absence alert', () => {
  /** The wali kelas's absence alerts, as the bell shows them. */
  const alertsOf = async (token: string) => {
    const res = await t.as(token).get('/api/notifications');
    return (res.body.data.items as Array<{ kind: string; text: string; link: string }>)
      .filter((n) => n.kind === 'absence_alert')
      .map((n) => [n.text, n.link]);
  };

  it('tells the wali kelas once when a student reaches the number of Alpa days in a month, by day marks', async () => {
    const a = await scene(3);
    const [first, second, third] = a.students.map((x) => x.id) as [number, number, number];
    /** Meetings of a day (one per list of marks, at jam ke-1, 2, …), then the check the attendance save makes. */
    const day = async (date: string, ...lists: Array<Array<[number, 'H' | 'A']>>) => {
      for (const [i, marks] of lists.entries()) {
        const meeting = await insertMeeting(t, a.classId, date, { periodFrom: i + 1 });
        await insertMarks(t, meeting.id, marks);
      }
      await checkAbsenceAlerts(t.app, { date, studentIds: [...new Set(lists.flat().map(([id]) => id))] });
    };
    await day('2026-05-04', [
      [first, 'A'],
      [second, 'A'],
      [third, 'A'],
    ]);
    await day('2026-05-05', [
      [first, 'A'],
      [second, 'A'],
      [third, 'H'],
    ]);
    // The 6th: Alpa in one of three meetings is not an Alpa day.
    await day(
      '2026-05-06',
      [
        [first, 'H'],
        [second, 'H'],
      ],
      [[second, 'A']],
      [[second, 'H']],
    );
    expect(await alertsOf(a.homeroom.token)).toEqual([]);
    await day('2026-05-07', [
      [first, 'A'],
      [second, 'H'],
    ]);
    const told = [`${a.students[0]!.name} sudah 3 hari Alpa bulan Mei di ${a.rombelName}`, '/perwalian'];
    expect(await alertsOf(a.homeroom.token)).toEqual([told]);
    // A fourth Alpa day in May: still the one alert.
    await day('2026-05-08', [[first, 'A']]);
    await checkAbsenceAlerts(t.app, { date: '2026-05-08', studentIds: [first] });
    expect(await alertsOf(a.homeroom.token)).toEqual([told]);
    // Nobody else hears it.
    expect(await alertsOf(a.teacher.token)).toEqual([]);

    // The school lowers the number to 2: the second student (two Alpa days) is told now, the third (one) is not.
    const admin = await t.factory.admin();
    expect((await t.as(admin.token).put('/api/admin/attendance/settings', { alpa_alert_days: 2 })).status).toBe(200);
    await checkAbsenceAlerts(t.app, { date: '2026-05-20', studentIds: [second, third] });
    expect(await alertsOf(a.homeroom.token)).toEqual([
      [`${a.students[1]!.name} sudah 2 hari Alpa bulan Mei di ${a.rombelName}`, '/perwalian'],
      told,
    ]);
    await t.as(admin.token).put('/api/admin/attendance/settings', { alpa_alert_days: 3 });
  });

  it('never throws, whatever it is given', async () => {
    await expect(checkAbsenceAlerts(t.app, { date: '2026-05-01', studentIds: [] })).resolves.toBeUndefined();
    await expect(checkAbsenceAlerts(t.app, { date: 'bukan-tanggal', studentIds: [1] })).resolves.toBeUndefined();
  });
});
