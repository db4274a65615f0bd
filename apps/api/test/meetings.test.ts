/**
 * Issue 38: a class's meetings (pertemuan) — made from the timetable up to today, added outside it,
 * cancelled and restored, deleted, their teaching journal — and who reaches them.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ATTENDANCE_MSG, CLASS_MSG, MEETING_MSG, MSG } from '@kelasku/contract';
import { meetings, onlineClasses, teachingAssignments, teachingAssignmentTeachers, timetableSlots } from '../src/db/schema.js';
import { generateMeetings } from '../src/features/meetings/generate.js';
import { useTestApp } from './helpers.js';
import { attendanceScene, insertMeeting, wibDate, type AttendanceScene } from './attendance-scene.js';

const t = useTestApp();

const list = (s: AttendanceScene, token = s.teacher.token) => t.as(token).get(`/api/teacher/online-classes/${s.classId}/meetings`);
const path = (s: AttendanceScene, meetingId?: number) =>
  `/api/teacher/online-classes/${s.classId}/meetings${meetingId === undefined ? '' : `/${meetingId}`}`;
/** The instant of a WIB wall-clock time on `date`, as the API writes it. */
const wib = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+07:00`).toISOString();

/** A scene whose teaching assignment was made `days` days ago (00.30 WIB: still the day before in UTC). */
async function sceneFrom(days: number, periods?: number[]) {
  const s = await attendanceScene(t, 2, periods);
  await t.db
    .update(teachingAssignments)
    .set({ createdAt: new Date(`${wibDate(-days)}T00:30:00+07:00`) })
    .where(eq(teachingAssignments.id, s.assignmentId));
  return s;
}

describe('meetings from the timetable', () => {
  it('makes one meeting per day from the day the assignment was made up to today, periods 3–4 merged, newest first', async () => {
    const s = await sceneFrom(3);
    const res = await list(s);
    expect(res.status).toBe(200);
    const days = [0, -1, -2, -3].map((d) => wibDate(d));
    expect(res.body.data.map((m: any) => m.date)).toEqual(days);
    const today = res.body.data[0];
    expect(today).toMatchObject({
      class_id: s.classId,
      number: 4,
      periods: [3, 4],
      source: 'timetable',
      cancelled: false,
      lesson: null,
      attendance_taken_at: null,
      totals: { H: 0, T: 0, S: 0, I: 0, D: 0, A: 0 },
      unrecorded: 2,
      checkin_open: false,
    });
    // Jam ke-3 starts 08.30 and jam ke-4 ends 10.00 in the scene's bell.
    expect(today.starts_at).toBe(wib(days[0]!, '08:30'));
    expect(today.ends_at).toBe(wib(days[0]!, '10:00'));
    expect(res.body.data.map((m: any) => m.number)).toEqual([4, 3, 2, 1]);

    // Twice: nothing more.
    const again = await list(s);
    expect(again.body.data.map((m: any) => m.id)).toEqual(res.body.data.map((m: any) => m.id));
    expect(await generateMeetings(t.db, [s.classId])).toEqual([]);
  });

  it('makes separate meetings of periods that are not consecutive', async () => {
    const s = await sceneFrom(0, [1, 2, 5]);
    const res = await list(s);
    expect(res.body.data.map((m: any) => m.periods)).toEqual([[5], [1, 2]]);
    expect(res.body.data.map((m: any) => m.number)).toEqual([2, 1]);
  });

  it('keeps past meetings when the timetable changes and never adds a second set to their days', async () => {
    const s = await sceneFrom(2);
    const before = (await list(s)).body.data;
    expect(before).toHaveLength(3);
    await t.db.delete(timetableSlots).where(eq(timetableSlots.assignmentId, s.assignmentId));
    await t.db.insert(timetableSlots).values(
      [1, 2, 3, 4, 5, 6, 7].map((day) => ({
        semesterId: s.semesterId,
        assignmentId: s.assignmentId,
        rombelClassId: s.rombelId,
        day,
        period: 6,
      })),
    );
    const after = (await list(s)).body.data;
    expect(after.map((m: any) => [m.id, m.periods])).toEqual(before.map((m: any) => [m.id, m.periods]));
  });

  it('makes every class of the active semester in one run (the daily job), archived classes left out', async () => {
    const a = await sceneFrom(1);
    const b = await sceneFrom(0);
    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, b.classId));
    await generateMeetings(t.db);
    const made = await t.db.select().from(meetings).where(eq(meetings.onlineClassId, a.classId));
    expect(made.map((m) => m.date).sort()).toEqual([wibDate(-1), wibDate(0)]);
    expect(await t.db.select().from(meetings).where(eq(meetings.onlineClassId, b.classId))).toEqual([]);
    // The archived class is still readable, its list makes nothing, and writes under it are refused.
    const archived = await list(b);
    expect(archived.status).toBe(200);
    expect(archived.body.data).toEqual([]);
    const add = await t.as(b.teacher.token).post(path(b), { date: wibDate(0), period_from: 1 });
    expect(add.status).toBe(409);
    expect(add.body.message).toBe(CLASS_MSG.classArchived);
  });

  it('gives the teacher\'s "Hari ini" lesson its meeting', async () => {
    const s = await sceneFrom(0);
    const [m] = (await list(s)).body.data;
    const today = await t.as(s.teacher.token).get('/api/teacher/today');
    const lesson = today.body.data.lessons.find((l: any) => l.class_id === s.classId);
    expect(lesson).toMatchObject({ periods: [3, 4], meeting_id: m.id });
    const student = await t.as(s.students[0]!.token).get('/api/student/today');
    expect(student.body.data.lessons.find((l: any) => l.class_id === s.classId).meeting_id).toBeNull();
  });
});

describe('who reaches the meetings', () => {
  it('answers 404 to a teacher of another class on every route, 403 to a student; a team teacher works as the owner', async () => {
    const s = await sceneFrom(0);
    const [m] = (await list(s)).body.data;
    const other = t.as(s.otherTeacher.token);
    const calls = [
      () => other.get(path(s)),
      () => other.post(path(s), { date: wibDate(0), period_from: 1 }),
      () => other.get(path(s, m.id)),
      () => other.patch(path(s, m.id), { topic: 'Bukan kelasku' }),
      () => other.post(`${path(s, m.id)}/cancel`, { reason: 'Libur' }),
      () => other.post(`${path(s, m.id)}/restore`),
      () => other.delete(path(s, m.id)),
      () => other.put(`${path(s, m.id)}/attendance`, { entries: [{ student_id: s.students[0]!.id, status: 'H', revision: 0 }] }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: MSG.notFound });
    }
    // A meeting of another class under this class's path.
    const foreign = await insertMeeting(t, s.outsiderClassId, wibDate(0));
    expect((await t.as(s.teacher.token).get(path(s, foreign.id))).status).toBe(404);
    expect((await t.as(s.students[0]!.token).get(path(s))).status).toBe(403);

    await t.db.insert(teachingAssignmentTeachers).values({ assignmentId: s.assignmentId, teacherId: s.otherTeacher.id, position: 1 });
    expect((await other.get(path(s))).body.data.map((x: any) => x.id)).toEqual([m.id]);
    const saved = await other.put(`${path(s, m.id)}/attendance`, {
      entries: [{ student_id: s.students[0]!.id, status: 'H', revision: 0 }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.students[0].recorded_by).toEqual({ id: s.otherTeacher.id, name: s.otherTeacher.name });
  });
});

describe('a meeting outside the timetable', () => {
  it('is added with periods from the bell or with times, refused on a taken slot, and deleted', async () => {
    const s = await sceneFrom(0);
    await list(s);
    const day = wibDate(0);
    const add = await t.as(s.teacher.token).post(path(s), { date: day, period_from: 1, period_to: 2, topic: 'Remedial' });
    expect(add.status).toBe(201);
    expect(add.body.message).toBe(MEETING_MSG.created);
    expect(add.body.data).toMatchObject({ date: day, periods: [1, 2], source: 'extra', topic: 'Remedial', starts_at: wib(day, '07:00') });
    expect(add.body.data.ends_at).toBe(wib(day, '08:30'));

    const again = await t.as(s.teacher.token).post(path(s), { date: day, period_from: 2 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MEETING_MSG.slotTaken);
    // Overlapping the timetable's jam ke-3–4 by times.
    const overlap = await t.as(s.teacher.token).post(path(s), { date: day, starts_at: '09.00', ends_at: '09.30' });
    expect(overlap.status).toBe(409);
    expect(overlap.body.errors).toEqual({ starts_at: [MEETING_MSG.slotTaken] });

    const free = await t.as(s.teacher.token).post(path(s), { date: day, starts_at: '13.00', ends_at: '14:30' });
    expect(free.status).toBe(201);
    expect(free.body.data).toMatchObject({ periods: [], starts_at: wib(day, '13:00'), ends_at: wib(day, '14:30') });
    // Numbers by date, first period (none last), id: 1–2, 3–4, then the one without periods.
    const numbers = (await list(s)).body.data.map((m: any) => [m.periods.join('-'), m.number]);
    expect(numbers).toEqual([
      ['', 3],
      ['3-4', 2],
      ['1-2', 1],
    ]);

    const del = await t.as(s.teacher.token).delete(path(s, free.body.data.id));
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, message: MEETING_MSG.deleted, data: { id: free.body.data.id } });
    const timetable = (await list(s)).body.data.find((m: any) => m.source === 'timetable');
    const refused = await t.as(s.teacher.token).delete(path(s, timetable.id));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MEETING_MSG.deleteTimetable);
  });

  it('refuses bad input with its messages', async () => {
    const s = await sceneFrom(0);
    const post = (body: Record<string, unknown>) => t.as(s.teacher.token).post(path(s), body);
    const day = wibDate(0);
    const other = await t.factory.content(s.outsiderClassId, { title: 'Pembelajaran lain' });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ date: '2026-02-31', period_from: 1 }, 'date', ATTENDANCE_MSG.dateFormat],
      [{ date: '1999-01-04', period_from: 1 }, 'date', MEETING_MSG.outsideSemester],
      [{ date: day, period_from: 3, period_to: 2 }, 'period_to', MEETING_MSG.periodOrder],
      [{ date: day, period_from: 8, period_to: 9 }, 'period_from', MEETING_MSG.periodUnknown],
      [{ date: day, starts_at: '13.00', ends_at: '12.00' }, 'ends_at', MEETING_MSG.endsBeforeStart],
      [{ date: day, starts_at: '25.00', ends_at: '26.00' }, 'starts_at', MEETING_MSG.timeFormat],
      [{ date: day }, 'starts_at', MSG.required],
      [{ date: day, period_from: 1, lesson_id: other.id }, 'lesson_id', MEETING_MSG.lessonUnknown],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(
      await t.db
        .select()
        .from(meetings)
        .where(and(eq(meetings.onlineClassId, s.classId), eq(meetings.source, 'extra'))),
    ).toEqual([]);
  });
});

describe('cancelling, restoring and the journal of a meeting', () => {
  it('cancels with a reason (the meeting loses its number), restores, and refuses a cancel without a reason', async () => {
    const s = await sceneFrom(2);
    const [newest, middle, oldest] = (await list(s)).body.data;
    const missing = await t.as(s.teacher.token).post(`${path(s, middle.id)}/cancel`, { reason: '   ' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ reason: [MEETING_MSG.cancelReasonRequired] });

    const cancel = await t.as(s.teacher.token).post(`${path(s, middle.id)}/cancel`, { reason: 'Libur nasional' });
    expect(cancel.status).toBe(200);
    expect(cancel.body.message).toBe(MEETING_MSG.cancelled);
    expect(cancel.body.data).toMatchObject({ cancelled: true, cancel_reason: 'Libur nasional', number: null });
    expect((await list(s)).body.data.map((m: any) => [m.id, m.number])).toEqual([
      [newest.id, 2],
      [middle.id, null],
      [oldest.id, 1],
    ]);

    const restore = await t.as(s.teacher.token).post(`${path(s, middle.id)}/restore`);
    expect(restore.body).toMatchObject({ message: MEETING_MSG.restored, data: { cancelled: false, cancel_reason: null, number: 2 } });

    // Cancelled for a school event, and a lesson added at another time of its day: restoring it is refused.
    await t.as(s.teacher.token).post(`${path(s, newest.id)}/cancel`, { reason: 'Class meeting' });
    const moved = await t.as(s.teacher.token).post(path(s), { date: newest.date, starts_at: '09.00', ends_at: '10.30' });
    expect(moved.status).toBe(201);
    const taken = await t.as(s.teacher.token).post(`${path(s, newest.id)}/restore`);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ success: false, message: MEETING_MSG.slotTaken });
  });

  it('links a Pembelajaran of the class, filling an empty topic and activities; keeps fields left out', async () => {
    const s = await sceneFrom(0);
    const [m] = (await list(s)).body.data;
    const lesson = await t.factory.content(s.classId, { title: 'Subnetting IPv4', description: 'Latihan menghitung subnet' });
    const res = await t.as(s.teacher.token).patch(path(s, m.id), { lesson_id: lesson.id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MEETING_MSG.saved);
    expect(res.body.data).toMatchObject({
      lesson: { id: lesson.id, title: 'Subnetting IPv4' },
      topic: 'Subnetting IPv4',
      activities: 'Latihan menghitung subnet',
      notes: null,
    });
    const notes = await t.as(s.teacher.token).patch(path(s, m.id), { notes: 'Dua siswa belum paham', topic: 'Subnet /24' });
    expect(notes.body.data).toMatchObject({ topic: 'Subnet /24', activities: 'Latihan menghitung subnet', notes: 'Dua siswa belum paham' });
    // Linked again: the topic is not empty any more and stays.
    const relink = await t.as(s.teacher.token).patch(path(s, m.id), { lesson_id: lesson.id });
    expect(relink.body.data.topic).toBe('Subnet /24');

    const other = await t.factory.content(s.outsiderClassId, { title: 'Kelas lain' });
    const refused = await t.as(s.teacher.token).patch(path(s, m.id), { lesson_id: other.id });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      success: false,
      message: MEETING_MSG.lessonUnknown,
      errors: { lesson_id: [MEETING_MSG.lessonUnknown] },
    });
    const cleared = await t.as(s.teacher.token).patch(path(s, m.id), { lesson_id: null, notes: '' });
    expect(cleared.body.data).toMatchObject({ lesson: null, notes: null, topic: 'Subnet /24' });
    const [row] = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from meetings where id = ${m.id}`).then((r) => r.rows);
    expect(row!.n).toBe(1);
  });
});
