/**
 * Issue 38: taking attendance — the class list of a meeting, saving it in one tap, exceptions,
 * two devices that must not overwrite each other silently, a cancelled meeting, the audit of
 * later changes, and the "Kamu tercatat Alpa" notification in the student's bell.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ATTENDANCE_MSG, MEETING_MSG, MSG } from '@kelasku/contract';
import { attendance, auditLog, leaveRequests, liveEvents } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import { attendanceScene, insertMarks, insertMeeting, wibDate, type AttendanceScene } from './attendance-scene.js';

const t = useTestApp();

const meetingPath = (s: AttendanceScene, id: number) => `/api/teacher/online-classes/${s.classId}/meetings/${id}`;
const detail = (s: AttendanceScene, id: number) => t.as(s.teacher.token).get(meetingPath(s, id));
const save = (s: AttendanceScene, id: number, entries: unknown[], token = s.teacher.token) =>
  t.as(token).put(`${meetingPath(s, id)}/attendance`, { entries });

/** The student's row of a class list. */
const rowOf = (body: any, studentId: number) => body.data.students.find((r: any) => r.student.id === studentId);

const MONTHS = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];
const DAYS = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'];
/** "Senin 30 November". */
const dayText = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
};

describe('taking attendance for a class of 36', () => {
  it('lists everyone by name unrecorded, saves all present in one PUT, then three exceptions', async () => {
    const s = await attendanceScene(t, 36);
    const m = await insertMeeting(t, s.classId, wibDate(0));
    const first = await detail(s, m.id);
    expect(first.status).toBe(200);
    expect(first.body.data.class).toEqual({
      id: s.classId,
      name: s.className,
      rombel: { id: s.rombelId, name: s.rombelName },
      subject: { id: s.subjectId, name: s.subjectName },
    });
    expect(first.body.data.students.map((r: any) => r.student.name)).toEqual(s.students.map((x) => x.name));
    expect(first.body.data.students[0]).toEqual({
      student: { id: s.students[0]!.id, name: s.students[0]!.name, nis: '1234', avatar: null },
      status: null,
      note: null,
      source: null,
      revision: 0,
      recorded_by: null,
      recorded_at: null,
      checked_in_at: null,
      leave: null,
    });
    expect(first.body.data.meeting).toMatchObject({ id: m.id, number: 1, unrecorded: 36, attendance_taken_at: null });

    const all = await save(
      s,
      m.id,
      s.students.map((x) => ({ student_id: x.id, status: 'H', revision: 0 })),
    );
    expect(all.status).toBe(200);
    expect(all.body.message).toBe(MEETING_MSG.attendanceSaved);
    expect(all.body.data.meeting.totals).toEqual({ H: 36, T: 0, S: 0, I: 0, D: 0, A: 0 });
    expect(all.body.data.meeting.unrecorded).toBe(0);
    expect(all.body.data.meeting.attendance_taken_at).not.toBeNull();
    expect(rowOf(all.body, s.students[5]!.id)).toMatchObject({
      status: 'H',
      source: 'teacher',
      revision: 1,
      recorded_by: { id: s.teacher.id, name: s.teacher.name },
    });

    const [a, b, c] = [s.students[3]!, s.students[17]!, s.students[30]!];
    const exceptions = await save(s, m.id, [
      { student_id: a.id, status: 'S', note: 'Demam', revision: 1 },
      { student_id: b.id, status: 'T', revision: 1 },
      { student_id: c.id, status: 'A', revision: 1 },
    ]);
    expect(exceptions.status).toBe(200);
    expect(exceptions.body.data.meeting.totals).toEqual({ H: 33, T: 1, S: 1, I: 0, D: 0, A: 1 });
    expect(rowOf(exceptions.body, a.id)).toMatchObject({ status: 'S', note: 'Demam', revision: 2 });
    expect(rowOf(exceptions.body, s.students[4]!.id)).toMatchObject({ status: 'H', revision: 1 });
    expect(exceptions.body.data.meeting.attendance_taken_at).toBe(all.body.data.meeting.attendance_taken_at);

    // The list shows the same totals.
    const list = await t.as(s.teacher.token).get(`/api/teacher/online-classes/${s.classId}/meetings`);
    expect(list.body.data.find((x: any) => x.id === m.id).totals).toEqual({ H: 33, T: 1, S: 1, I: 0, D: 0, A: 1 });
    // Each changed student is announced to the meeting's live topic.
    const events = await t.db
      .select()
      .from(liveEvents)
      .where(eq(liveEvents.topic, `attendance:${m.id}`));
    expect(events).toHaveLength(39);
    expect(events.at(-1)!.data).toEqual({ event: 'attendance', data: { meeting_id: m.id, student_id: c.id, status: 'A' } });
  });
});

describe('two devices of one teacher', () => {
  it('refuses a save over a change the device has not seen, naming the student; nothing is written', async () => {
    const s = await attendanceScene(t, 3);
    const [x, y] = s.students;
    const m = await insertMeeting(t, s.classId, wibDate(0));
    await insertMarks(t, m.id, [
      [x!.id, 'H'],
      [y!.id, 'H'],
    ]);
    // Both devices read revision 1; the phone saves first.
    const phone = await save(s, m.id, [{ student_id: x!.id, status: 'S', revision: 1 }]);
    expect(phone.status).toBe(200);
    const laptop = await save(s, m.id, [
      { student_id: y!.id, status: 'D', revision: 1 },
      { student_id: x!.id, status: 'I', revision: 1 },
    ]);
    expect(laptop.status).toBe(409);
    expect(laptop.body).toEqual({
      success: false,
      message: MEETING_MSG.conflict,
      errors: { [`students.${x!.id}`]: [MEETING_MSG.conflictStudent('Sakit', s.teacher.name)] },
    });
    const rows = await t.db.select().from(attendance).where(eq(attendance.meetingId, m.id));
    expect(rows.map((r) => [r.studentId, r.status, r.revision]).sort()).toEqual(
      [
        [x!.id, 'S', 2],
        [y!.id, 'H', 1],
      ].sort(),
    );

    // The same change sent twice (a phone's queue resent): fine, nothing new.
    const resent = await save(s, m.id, [{ student_id: x!.id, status: 'S', revision: 1 }]);
    expect(resent.status).toBe(200);
    expect(rowOf(resent.body, x!.id)).toMatchObject({ status: 'S', revision: 2 });
    // With the revision it now knows, the laptop's change goes through.
    const retried = await save(s, m.id, [{ student_id: x!.id, status: 'I', revision: 2 }]);
    expect(rowOf(retried.body, x!.id)).toMatchObject({ status: 'I', revision: 3 });
  });

  it('refuses a first mark over a self check-in the device has not seen', async () => {
    const s = await attendanceScene(t, 2);
    const [x] = s.students;
    const m = await insertMeeting(t, s.classId, wibDate(0));
    await t.db
      .insert(attendance)
      .values({ meetingId: m.id, studentId: x!.id, status: 'T', source: 'checkin', recordedBy: x!.id, checkedInAt: new Date() });
    const res = await save(s, m.id, [{ student_id: x!.id, status: 'H', revision: 0 }]);
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual({ [`students.${x!.id}`]: [MEETING_MSG.conflictStudent('Terlambat', x!.name)] });
  });
});

describe('refusals', () => {
  it('refuses a cancelled meeting, a student of another rombel, a bad status, and a meeting of another class', async () => {
    const s = await attendanceScene(t, 2);
    const cancelled = await insertMeeting(t, s.classId, wibDate(0), { cancelled: true });
    const res = await save(s, cancelled.id, [{ student_id: s.students[0]!.id, status: 'H', revision: 0 }]);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: MEETING_MSG.meetingCancelled });

    const m = await insertMeeting(t, s.classId, wibDate(-1));
    const outsider = await save(s, m.id, [
      { student_id: s.students[0]!.id, status: 'H', revision: 0 },
      { student_id: s.outsider.id, status: 'H', revision: 0 },
    ]);
    expect(outsider.status).toBe(422);
    expect(outsider.body).toEqual({
      success: false,
      message: MEETING_MSG.studentUnknown,
      errors: { 'entries.1.student_id': [MEETING_MSG.studentUnknown] },
    });
    const status = await save(s, m.id, [{ student_id: s.students[0]!.id, status: 'X', revision: 0 }]);
    expect(status.status).toBe(422);
    expect(status.body.errors['entries.0.status']).toEqual([ATTENDANCE_MSG.statusInvalid]);
    const noRevision = await save(s, m.id, [{ student_id: s.students[0]!.id, status: 'H' }]);
    expect(noRevision.status).toBe(422);
    expect(await t.db.select().from(attendance).where(eq(attendance.meetingId, m.id))).toEqual([]);

    const foreign = await insertMeeting(t, s.outsiderClassId, wibDate(0));
    const notHere = await save(s, foreign.id, [{ student_id: s.students[0]!.id, status: 'H', revision: 0 }]);
    expect(notHere.status).toBe(404);
    expect(notHere.body.message).toBe(MSG.notFound);
  });
});

describe('later changes of marks', () => {
  it('keeps one audit row per save that changed marks made by an izin or a check-in (before → after)', async () => {
    const s = await attendanceScene(t, 3);
    const [x, y, z] = s.students;
    const day = wibDate(0);
    const m = await insertMeeting(t, s.classId, day);
    const [leave] = await t.db
      .insert(leaveRequests)
      .values({
        studentId: x!.id,
        semesterId: s.semesterId,
        rombelClassId: s.rombelId,
        kind: 'S',
        startsOn: day,
        endsOn: day,
        reason: 'Demam',
        status: 'approved',
        decidedBy: s.homeroom.id,
        decidedAt: new Date(),
      })
      .returning();
    await t.db.insert(attendance).values([
      { meetingId: m.id, studentId: x!.id, status: 'S', source: 'leave', leaveRequestId: leave!.id, recordedBy: s.homeroom.id },
      { meetingId: m.id, studentId: y!.id, status: 'T', source: 'checkin', recordedBy: y!.id, checkedInAt: new Date() },
    ]);
    const shown = await detail(s, m.id);
    expect(rowOf(shown.body, x!.id)).toMatchObject({ status: 'S', source: 'leave', leave: { id: leave!.id, kind: 'S' }, revision: 1 });
    expect(rowOf(shown.body, y!.id).checked_in_at).not.toBeNull();

    const audits = () => t.db.select().from(auditLog).where(eq(auditLog.targetId, m.id)).orderBy(desc(auditLog.id));
    // A first mark of a student with none is not a change of a mark.
    await save(s, m.id, [{ student_id: z!.id, status: 'H', revision: 0 }]);
    expect(await audits()).toEqual([]);

    const res = await save(s, m.id, [
      { student_id: x!.id, status: 'H', revision: 1 },
      { student_id: y!.id, status: 'H', note: 'Bus terlambat', revision: 1 },
    ]);
    expect(res.status).toBe(200);
    expect(rowOf(res.body, x!.id)).toMatchObject({ status: 'H', source: 'teacher', revision: 2 });
    const [row, ...rest] = await audits();
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      action: 'attendance.update',
      targetType: 'meeting',
      actorId: s.teacher.id,
      before: { [x!.name]: 'Sakit', [y!.name]: 'Terlambat' },
      after: { [x!.name]: 'Hadir', [y!.name]: 'Hadir (Bus terlambat)' },
    });
    expect(row!.summary).toContain(s.className);
    const [stored] = await t.db
      .select()
      .from(attendance)
      .where(and(eq(attendance.meetingId, m.id), eq(attendance.studentId, x!.id)));
    expect(stored!.leaveRequestId).toBeNull();
  });
});

describe('a student marked Alpa', () => {
  it('finds it in the bell once per meeting', async () => {
    const s = await attendanceScene(t, 2);
    const [x, y] = s.students;
    const day = wibDate(0);
    const m = await insertMeeting(t, s.classId, day);
    await save(s, m.id, [
      { student_id: x!.id, status: 'A', revision: 0 },
      { student_id: y!.id, status: 'H', revision: 0 },
    ]);
    const bell = await t.as(x!.token).get('/api/notifications');
    expect(bell.status).toBe(200);
    const absent = bell.body.data.items.filter((n: any) => n.kind === 'absent');
    expect(absent).toHaveLength(1);
    expect(absent[0]).toMatchObject({
      text: `Kamu tercatat Alpa di Pertemuan 1, ${dayText(day)} di ${s.className}`,
      link: '/presensi/riwayat',
      actor: { id: s.teacher.id, name: s.teacher.name },
    });
    const other = await t.as(y!.token).get('/api/notifications');
    expect(other.body.data.items.filter((n: any) => n.kind === 'absent')).toEqual([]);
    // Changed to H and back to A: still one notification of this meeting.
    await save(s, m.id, [{ student_id: x!.id, status: 'H', revision: 1 }]);
    await save(s, m.id, [{ student_id: x!.id, status: 'A', revision: 2 }]);
    const [{ n }] = (
      await t.db.execute<{ n: number }>(sql`select count(*)::int as n from notifications where user_id = ${x!.id} and kind = 'absent'`)
    ).rows as [{ n: number }];
    expect(n).toBe(1);
  });
});
