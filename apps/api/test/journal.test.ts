/**
 * Issue 38: the teaching journal (jurnal mengajar) of a month — the caller's meetings across their
 * classes, team-taught ones included, with present/absent counts — on screen and as XLSX.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ATTENDANCE_MSG } from '@kelasku/contract';
import { meetings, teachers, teachingAssignmentTeachers } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import { sheetRows } from './teaching-helpers.js';
import { attendanceScene, insertMarks, insertMeeting, wibDate } from './attendance-scene.js';

const t = useTestApp();

const MONTHS = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];
const DAYS = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'];
/** "Senin, 5 Oktober 2026". */
const longDay = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return `${DAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};

const HEADER = [
  'Tanggal',
  'Jam ke-',
  'Rombel',
  'Mata Pelajaran',
  'Pertemuan',
  'Topik/Materi',
  'Kegiatan',
  'Hadir',
  'Tidak hadir',
  'Catatan',
];

describe('the teaching journal of a month', () => {
  it("lists the caller's meetings of the month across classes (team teaching too) and reads back as XLSX", async () => {
    const s = await attendanceScene(t, 4);
    // A past month: the timetable makes no meeting there on its own.
    const month = wibDate(-40).slice(0, 7);
    const [y, mo] = month.split('-').map(Number) as [number, number];
    await t.db.update(teachers).set({ nip: '197805122005011002' }).where(eq(teachers.userId, s.teacher.id));
    // The last day of the month before.
    const before = await insertMeeting(t, s.classId, new Date(Date.UTC(y, mo - 1, 0)).toISOString().slice(0, 10));
    const first = await insertMeeting(t, s.classId, `${month}-05`, { periodFrom: 3, periodTo: 4 });
    const second = await insertMeeting(t, s.classId, `${month}-12`, { periodFrom: 3, periodTo: 4 });
    const cancelled = await insertMeeting(t, s.classId, `${month}-19`, { periodFrom: 3, periodTo: 4 });
    await t.db.update(meetings).set({ cancelledAt: new Date(), cancelReason: 'Libur nasional' }).where(eq(meetings.id, cancelled.id));
    const [a, b, c, d] = s.students;
    await insertMarks(t, first.id, [
      [a!.id, 'H'],
      [b!.id, 'T'],
      [c!.id, 'S'],
      [d!.id, 'A'],
    ]);
    const patched = await t.as(s.teacher.token).patch(`/api/teacher/online-classes/${s.classId}/meetings/${first.id}`, {
      topic: 'Pengalamatan IP',
      activities: 'Diskusi kelompok',
      notes: 'Proyektor rusak',
    });
    expect(patched.status).toBe(200);
    // Another teacher's class that the caller team-teaches, and one the caller does not teach.
    const other = await attendanceScene(t, 1);
    await t.db.insert(teachingAssignmentTeachers).values({ assignmentId: other.assignmentId, teacherId: s.teacher.id, position: 1 });
    const team = await insertMeeting(t, other.classId, `${month}-05`, { periodFrom: 1, periodTo: 1 });
    await insertMeeting(t, s.outsiderClassId, `${month}-05`);

    const res = await t.as(s.teacher.token).get(`/api/teacher/journal?month=${month}`);
    expect(res.status).toBe(200);
    expect(res.body.data.month).toBe(month);
    expect(res.body.data.teacher).toEqual({ id: s.teacher.id, name: s.teacher.name, nip: '197805122005011002' });
    const rows = res.body.data.rows;
    expect(rows.map((r: any) => r.meeting_id)).toEqual([team.id, first.id, second.id, cancelled.id]);
    expect(rows[1]).toMatchObject({
      class_id: s.classId,
      date: `${month}-05`,
      periods: [3, 4],
      rombel: s.rombelName,
      subject: s.subjectName,
      class_name: s.className,
      // The meeting of the month before is Pertemuan 1.
      number: 2,
      topic: 'Pengalamatan IP',
      activities: 'Diskusi kelompok',
      notes: 'Proyektor rusak',
      cancelled: false,
      present: 2,
      absent: 2,
      attendance_taken: true,
    });
    expect(rows[3]).toMatchObject({ number: null, cancelled: true, cancel_reason: 'Libur nasional', present: 0, absent: 0 });
    expect(rows[0]).toMatchObject({ class_id: other.classId, number: 1, periods: [1], rombel: other.rombelName });
    expect(before.id).toBeLessThan(first.id);

    // The other teacher of the team-taught class sees only that one.
    const theirs = await t.as(other.teacher.token).get(`/api/teacher/journal?month=${month}`);
    expect(theirs.body.data.rows.map((r: any) => r.meeting_id)).toEqual([team.id]);

    const file = await t.as(s.teacher.token).get(`/api/teacher/journal.xlsx?month=${month}`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(String(file.headers['content-disposition'])).toContain('Jurnal');
    const sheet = await sheetRows(file.raw.rawPayload);
    const monthName = `${MONTHS[mo - 1]} ${y}`;
    expect(sheet.slice(0, 5)).toEqual([
      ['Jurnal Mengajar'],
      ['Nama guru', s.teacher.name],
      ['NIP', '197805122005011002'],
      ['Bulan', monthName],
      HEADER,
    ]);
    expect(sheet.slice(5)).toEqual([
      [longDay(`${month}-05`), '1', other.rombelName, other.subjectName, '1', '', '', '0', '0', ''],
      [longDay(`${month}-05`), '3–4', s.rombelName, s.subjectName, '2', 'Pengalamatan IP', 'Diskusi kelompok', '2', '2', 'Proyektor rusak'],
      [longDay(`${month}-12`), '3–4', s.rombelName, s.subjectName, '3', '', '', '0', '0', ''],
      [longDay(`${month}-19`), '3–4', s.rombelName, s.subjectName, '', '', '', '', '', 'Dibatalkan: Libur nasional'],
    ]);
  });

  it('gives an empty list and a file of headings only for a month without meetings; refuses a bad month', async () => {
    const s = await attendanceScene(t, 1);
    const res = await t.as(s.teacher.token).get('/api/teacher/journal?month=2001-02');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      month: '2001-02',
      teacher: { id: s.teacher.id, name: s.teacher.name, nip: expect.any(String) },
      rows: [],
    });
    const file = await t.as(s.teacher.token).get('/api/teacher/journal.xlsx?month=2001-02');
    expect(file.status).toBe(200);
    const sheet = await sheetRows(file.raw.rawPayload);
    expect(sheet).toHaveLength(5);
    expect(sheet[3]).toEqual(['Bulan', 'Februari 2001']);
    expect(sheet[4]).toEqual(HEADER);

    for (const month of ['2026-13', '2026-1', 'November']) {
      const bad = await t.as(s.teacher.token).get(`/api/teacher/journal?month=${month}`);
      expect(bad.status).toBe(422);
      expect(bad.body.errors.month).toEqual([ATTENDANCE_MSG.monthFormat]);
    }
    const student = await t.as(s.students[0]!.token).get('/api/teacher/journal?month=2001-02');
    expect(student.status).toBe(403);
  });
});
