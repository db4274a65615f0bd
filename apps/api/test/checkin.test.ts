/**
 * Issue 38: self check-in ("Presensi mandiri"). The teacher opens it for today's meeting and shows
 * a code that rotates every 15 s; a student of the rombel checks in with it (typed, or from the QR
 * code with its meeting). The codes are proven on the pure functions with pinned clocks; the HTTP
 * tests compute the code the server expects with the same function, from the meeting's secret.
 */
import type { AddressInfo } from 'node:net';
import { eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECKIN_MSG, CHECKIN_ROTATION_SECONDS, CHECKIN_WRONG_MAX, CHECKIN_WRONG_WINDOW_MINUTES, CLASS_MSG, MSG } from '@kelasku/contract';
import { attendance, loginFailures, meetings, onlineClasses, teachingAssignmentTeachers, users } from '../src/db/schema.js';
import { issueToken } from '../src/auth/tokens.js';
import { checkinCode, checkinStep, codeMatches, currentCode, rotatesAt } from '../src/features/checkin/code.js';
import { useTestApp } from './helpers.js';
import { readLiveStream } from './processes.js';
import { attendanceScene, insertMarks, insertMeeting, wibDate, type AttendanceScene } from './attendance-scene.js';

const t = useTestApp();
const STEP_MS = CHECKIN_ROTATION_SECONDS * 1000;

const path = (classId: number, meetingId: number) => `/api/teacher/online-classes/${classId}/meetings/${meetingId}/checkin`;
const token = (user: { id: number }) => issueToken(t.db, user.id);
const as = async (user: { id: number }) => t.as(await token(user));

/** The meeting's secret as stored. */
async function secretOf(meetingId: number): Promise<Buffer> {
  const [row] = await t.db.select({ s: meetings.checkinSecret }).from(meetings).where(eq(meetings.id, meetingId));
  return row!.s!;
}

/** The code the teacher's screen shows now. */
const codeNow = async (meetingId: number) => currentCode(await secretOf(meetingId), meetingId, Date.now());

/** Waits until the current rotation has at least 3 s left, so a code of a given step keeps its age during the next call. */
async function awayFromRotation(): Promise<number> {
  while (Date.now() % STEP_MS > STEP_MS - 3000) await new Promise((r) => setTimeout(r, 100));
  return checkinStep(Date.now());
}

async function markRow(meetingId: number, studentId: number) {
  const rows = await t.db
    .select()
    .from(attendance)
    .where(sql`${attendance.meetingId} = ${meetingId} and ${attendance.studentId} = ${studentId}`);
  return rows[0] ?? null;
}

/** A scene with today's meeting (jam ke-`period`) whose check-in the teacher opened. */
async function opened(period = 3, scene?: AttendanceScene) {
  const s = scene ?? (await attendanceScene(t));
  const meeting = await insertMeeting(t, s.classId, wibDate(), { periodFrom: period, periodTo: period + 1 });
  const teacher = await as(s.teacher);
  const res = await teacher.post(path(s.classId, meeting.id), { minutes: 15, late_after_minutes: 10 });
  expect(res.status).toBe(200);
  return { s, meeting, teacher };
}

describe('the rotating codes', () => {
  const secret = Buffer.alloc(32, 7);
  const at = Date.UTC(2026, 11, 1, 1, 0, 0); // 08.00 WIB, the start of a step

  it('is six digits of the meeting and the 15-second step, the same for the same inputs', () => {
    const step = checkinStep(at);
    expect(step).toBe(at / STEP_MS);
    expect(checkinStep(at + STEP_MS - 1)).toBe(step);
    expect(checkinStep(at + STEP_MS)).toBe(step + 1);
    expect(rotatesAt(at + 4000).getTime()).toBe(at + STEP_MS);
    const code = checkinCode(secret, 12, step);
    expect(code).toMatch(/^\d{6}$/);
    expect(checkinCode(secret, 12, step)).toBe(code);
    expect(currentCode(secret, 12, at + 14_999)).toBe(code);
    // Another step, another meeting, another secret: other codes (over many steps, nearly always).
    const steps = Array.from({ length: 50 }, (_, i) => step + i);
    const of = (s: Buffer, id: number) => steps.map((x) => checkinCode(s, id, x));
    expect(new Set(of(secret, 12)).size).toBeGreaterThan(45);
    const same = (a: string[], b: string[]) => a.filter((c, i) => c === b[i]).length;
    expect(same(of(secret, 12), of(secret, 13))).toBeLessThan(3);
    expect(same(of(secret, 12), of(Buffer.alloc(32, 8), 12))).toBeLessThan(3);
  });

  it('is accepted during its own rotation and the next one, never after and never before', () => {
    const step = checkinStep(at);
    const code = checkinCode(secret, 12, step);
    expect(codeMatches(secret, 12, code, at)).toBe(true);
    expect(codeMatches(secret, 12, code, at + STEP_MS - 1)).toBe(true);
    expect(codeMatches(secret, 12, code, at + STEP_MS)).toBe(true);
    expect(codeMatches(secret, 12, code, at + 2 * STEP_MS - 1)).toBe(true);
    // Two rotations on: refused (unless the later codes happen to be equal, which these are not).
    expect(checkinCode(secret, 12, step + 2)).not.toBe(code);
    expect(checkinCode(secret, 12, step + 1)).not.toBe(code);
    expect(codeMatches(secret, 12, code, at + 2 * STEP_MS)).toBe(false);
    expect(codeMatches(secret, 12, code, at + 10 * STEP_MS)).toBe(false);
    // A code of the future (the step after now) is not one the screen has shown.
    expect(codeMatches(secret, 12, checkinCode(secret, 12, step + 1), at)).toBe(false);
    // Another meeting's code, another secret's code.
    expect(codeMatches(secret, 13, code, at)).toBe(checkinCode(secret, 13, step) === code);
    expect(codeMatches(Buffer.alloc(32, 8), 12, code, at)).toBe(checkinCode(Buffer.alloc(32, 8), 12, step) === code);
    expect(codeMatches(secret, 12, '12345', at)).toBe(false);
  });
});

describe('opening and closing (teacher)', () => {
  let s: AttendanceScene;
  beforeAll(async () => {
    s = await attendanceScene(t);
  });

  it('opens for today’s meeting, shows the code, its QR text and rotation, and closes', async () => {
    const meeting = await insertMeeting(t, s.classId, wibDate());
    const teacher = await as(s.teacher);
    const before = await teacher.get(path(s.classId, meeting.id));
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ meeting_id: meeting.id, open: false, code: null, qr_text: null, rotates_at: null });
    expect(before.body.data).toMatchObject({ checked_in: 0, students: 4, opens_at: null });

    const t0 = Date.now();
    const res = await teacher.post(path(s.classId, meeting.id), { minutes: 20, late_after_minutes: 5 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CHECKIN_MSG.opened);
    const state = res.body.data;
    expect(state.open).toBe(true);
    const secret = await secretOf(meeting.id);
    expect(secret.length).toBe(32);
    const serverTime = Date.parse(state.server_time);
    expect(state.code).toBe(currentCode(secret, meeting.id, serverTime));
    expect(state.qr_text).toBe(`/presensi/masuk?m=${meeting.id}&c=${state.code}`);
    expect(Date.parse(state.rotates_at)).toBe(rotatesAt(serverTime).getTime());
    expect(Date.parse(state.opens_at)).toBeGreaterThanOrEqual(t0 - 1000);
    expect(Date.parse(state.closes_at) - Date.parse(state.opens_at)).toBe(20 * 60_000);
    expect(Date.parse(state.late_at)).toBe(meeting.startsAt.getTime() + 5 * 60_000);
    expect(state).toMatchObject({ checked_in: 0, students: 4 });

    const read = await teacher.get(path(s.classId, meeting.id));
    expect(read.body.data.open).toBe(true);
    expect(read.body.data.code).toBe(currentCode(secret, meeting.id, Date.parse(read.body.data.server_time)));

    // Re-opening keeps the secret: the codes on a screen left open stay good.
    const again = await teacher.post(path(s.classId, meeting.id), { minutes: 30 });
    expect(again.status).toBe(200);
    expect((await secretOf(meeting.id)).equals(secret)).toBe(true);
    expect(Date.parse(again.body.data.late_at)).toBe(meeting.startsAt.getTime() + 10 * 60_000);

    const closed = await teacher.delete(path(s.classId, meeting.id));
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe(CHECKIN_MSG.closed);
    expect(closed.body.data).toMatchObject({ open: false, code: null, qr_text: null });
    expect(Date.parse(closed.body.data.closes_at)).toBeLessThanOrEqual(Date.now());
    expect((await teacher.get(path(s.classId, meeting.id))).body.data.open).toBe(false);
    // Closing again changes nothing.
    const twice = await teacher.delete(path(s.classId, meeting.id));
    expect(twice.body.data.closes_at).toBe(closed.body.data.closes_at);
  });

  it('is the class’s teachers’ alone: a team teacher opens it, another teacher, the wali kelas and others do not reach it', async () => {
    const meeting = await insertMeeting(t, s.classId, wibDate(), { periodFrom: 5 });
    const team = await t.factory.teacher({ name: 'Guru Tim' });
    await t.db.insert(teachingAssignmentTeachers).values({ assignmentId: s.assignmentId, teacherId: team.id, position: 1 });
    expect((await (await as(team)).post(path(s.classId, meeting.id), {})).status).toBe(200);
    for (const who of [s.otherTeacher, s.homeroom]) {
      const client = await as(who);
      for (const res of [
        await client.get(path(s.classId, meeting.id)),
        await client.post(path(s.classId, meeting.id), {}),
        await client.delete(path(s.classId, meeting.id)),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, message: MSG.notFound });
      }
    }
    // A meeting of another class under this class's path: 404 for its own teacher too.
    const foreign = await insertMeeting(t, s.outsiderClassId, wibDate());
    expect((await (await as(s.teacher)).get(path(s.classId, foreign.id))).status).toBe(404);
    expect((await (await as(s.students[0]!)).get(path(s.classId, meeting.id))).status).toBe(403);
  });

  it('refuses a cancelled meeting, another day, an archived class and a window out of range', async () => {
    const teacher = await as(s.teacher);
    const cancelled = await insertMeeting(t, s.classId, wibDate(), { periodFrom: 7, cancelled: true });
    const res = await teacher.post(path(s.classId, cancelled.id), {});
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(CHECKIN_MSG.meetingCancelled);
    for (const days of [-1, 1]) {
      const other = await insertMeeting(t, s.classId, wibDate(days));
      const r = await teacher.post(path(s.classId, other.id), {});
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(CHECKIN_MSG.notToday);
      expect((await secretOf(other.id)) ?? null).toBeNull();
    }
    const today = await insertMeeting(t, s.classId, wibDate(), { periodFrom: 8 });
    const bad = await teacher.post(path(s.classId, today.id), { minutes: 0, late_after_minutes: 181 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({ minutes: [CHECKIN_MSG.windowRange], late_after_minutes: [CHECKIN_MSG.lateRange] });

    const archived = await attendanceScene(t);
    const old = await insertMeeting(t, archived.classId, wibDate());
    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, archived.classId));
    const r = await (await as(archived.teacher)).post(path(archived.classId, old.id), {});
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(CLASS_MSG.classArchived);
  });
});

describe('checking in (student)', () => {
  it('marks Hadir with the typed code, counts it on the teacher’s screen, and says so when done twice', async () => {
    const { s, meeting, teacher } = await opened();
    await t.db
      .update(meetings)
      .set({ checkinLateAt: new Date(Date.now() + 60 * 60_000) })
      .where(eq(meetings.id, meeting.id));
    const student = await as(s.students[0]!);
    const res = await student.post('/api/student/checkin', { code: await codeNow(meeting.id) });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CHECKIN_MSG.hadir);
    expect(res.body.data).toMatchObject({
      status: 'H',
      class: { id: s.classId, name: s.className, subject: s.subjectName },
      meeting: { id: meeting.id, class_id: s.classId, date: wibDate(), periods: [3, 4], number: 1, cancelled: false, checkin_open: true },
    });
    expect(res.body.data.meeting.totals).toEqual({ H: 1, T: 0, S: 0, I: 0, D: 0, A: 0 });
    expect(res.body.data.meeting.unrecorded).toBe(3);
    const row = await markRow(meeting.id, s.students[0]!.id);
    expect(row).toMatchObject({ status: 'H', source: 'checkin', revision: 1, recordedBy: s.students[0]!.id });
    expect(row!.checkedInAt).toBeInstanceOf(Date);
    expect((await teacher.get(path(s.classId, meeting.id))).body.data).toMatchObject({ checked_in: 1, students: 4 });

    // Twice (a second scan, another phone): told, nothing changes.
    const again = await student.post('/api/student/checkin', { code: await codeNow(meeting.id), meeting_id: meeting.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(CHECKIN_MSG.already('Hadir'));
    expect(await markRow(meeting.id, s.students[0]!.id)).toMatchObject({ status: 'H', revision: 1 });

    // A code with spaces, as typed from "482 913".
    const code = await codeNow(meeting.id);
    const spaced = await (await as(s.students[1]!)).post('/api/student/checkin', { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(spaced.status).toBe(200);
    const malformed = await (await as(s.students[2]!)).post('/api/student/checkin', { code: '12a456' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual({ code: [CHECKIN_MSG.codeFormat] });
  });

  it('marks Terlambat after the late time, and replaces the teacher’s Alpa but not Sakit', async () => {
    // Yesterday's meeting comes first ("Pertemuan 2"); a cancelled one is not counted.
    const scene = await attendanceScene(t);
    await insertMeeting(t, scene.classId, wibDate(-1));
    await insertMeeting(t, scene.classId, wibDate(-2), { cancelled: true });
    const { s, meeting } = await opened(3, scene);
    await t.db
      .update(meetings)
      .set({ checkinLateAt: new Date(Date.now() - 60_000), topic: 'Subnetting', activities: 'Latihan soal', notes: 'Catatan guru' })
      .where(eq(meetings.id, meeting.id));
    await insertMarks(t, meeting.id, [
      [s.students[1]!.id, 'A'],
      [s.students[2]!.id, 'S'],
    ]);
    const late = await (await as(s.students[0]!)).post('/api/student/checkin', { code: await codeNow(meeting.id), meeting_id: meeting.id });
    expect(late.status).toBe(200);
    expect(late.body.message).toBe(CHECKIN_MSG.terlambat);
    expect(late.body.data.status).toBe('T');
    expect(late.body.data.meeting).toMatchObject({ id: meeting.id, number: 2, topic: 'Subnetting', activities: null, notes: null });
    expect(await markRow(meeting.id, s.students[0]!.id)).toMatchObject({ status: 'T', source: 'checkin' });

    const alpa = await (await as(s.students[1]!)).post('/api/student/checkin', { code: await codeNow(meeting.id) });
    expect(alpa.status).toBe(200);
    expect(alpa.body.data.meeting.totals).toMatchObject({ T: 2, A: 0, S: 1 });
    expect(alpa.body.data.meeting.unrecorded).toBe(1);
    expect(await markRow(meeting.id, s.students[1]!.id)).toMatchObject({ status: 'T', source: 'checkin', revision: 2 });

    const sakit = await (await as(s.students[2]!)).post('/api/student/checkin', { code: await codeNow(meeting.id) });
    expect(sakit.status).toBe(409);
    expect(sakit.body.message).toBe(CHECKIN_MSG.already('Sakit'));
    expect(await markRow(meeting.id, s.students[2]!.id)).toMatchObject({ status: 'S', source: 'teacher', revision: 1 });
  });

  it('takes the code of this rotation and the previous one only', async () => {
    const { s, meeting } = await opened();
    const secret = await secretOf(meeting.id);
    const step = await awayFromRotation();
    const replayed = await (
      await as(s.students[0]!)
    ).post('/api/student/checkin', {
      code: checkinCode(secret, meeting.id, step - 2),
      meeting_id: meeting.id,
    });
    expect(replayed.status).toBe(422);
    expect(replayed.body.message).toBe(CHECKIN_MSG.wrongCode);
    expect(await markRow(meeting.id, s.students[0]!.id)).toBeNull();
    const previous = await (
      await as(s.students[1]!)
    ).post('/api/student/checkin', {
      code: checkinCode(secret, meeting.id, (await awayFromRotation()) - 1),
      meeting_id: meeting.id,
    });
    expect(previous.status).toBe(200);
  });

  it('refuses a code of another meeting or class, before the window and after it closes', async () => {
    const { s, meeting, teacher } = await opened(3);
    const student = await as(s.students[0]!);
    // Another meeting of the same class, not opened: its own id with the open one's code.
    const second = await insertMeeting(t, s.classId, wibDate(), { periodFrom: 6, periodTo: 6 });
    const before = await student.post('/api/student/checkin', { code: await codeNow(meeting.id), meeting_id: second.id });
    expect(before.status).toBe(422);
    expect(before.body.message).toBe(CHECKIN_MSG.notOpen);
    // Opened too: the first meeting's code is not the second's.
    expect((await teacher.post(path(s.classId, second.id), {})).status).toBe(200);
    const crossed = await student.post('/api/student/checkin', { code: await codeNow(meeting.id), meeting_id: second.id });
    expect(crossed.status).toBe(422);
    expect(crossed.body.message).toBe(CHECKIN_MSG.wrongCode);
    // Another class's open check-in (the outsider rombel's): its code is nothing to this student.
    const outsiderMeeting = await insertMeeting(t, s.outsiderClassId, wibDate());
    expect((await (await as(s.otherTeacher)).post(path(s.outsiderClassId, outsiderMeeting.id), {})).status).toBe(200);
    await teacher.delete(path(s.classId, meeting.id));
    await teacher.delete(path(s.classId, second.id));
    const foreignCode = await codeNow(outsiderMeeting.id);
    const typed = await (await as(s.students[1]!)).post('/api/student/checkin', { code: foreignCode });
    expect(typed.status).toBe(422);
    expect(typed.body.message).toBe(CHECKIN_MSG.notOpen);
    const scanned = await (await as(s.students[1]!)).post('/api/student/checkin', { code: foreignCode, meeting_id: outsiderMeeting.id });
    expect(scanned.status).toBe(404);
    expect(scanned.body.message).toBe(CHECKIN_MSG.notYourClass);
    // A meeting that does not exist answers alike.
    const missing = await (await as(s.students[1]!)).post('/api/student/checkin', { code: foreignCode, meeting_id: 2_147_483_000 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(CHECKIN_MSG.notYourClass);
    // A cancelled meeting of the class (its QR code still on a photo): not open.
    await t.db.update(meetings).set({ cancelledAt: new Date() }).where(eq(meetings.id, second.id));
    const cancelled = await student.post('/api/student/checkin', { code: await codeNow(second.id), meeting_id: second.id });
    expect(cancelled.status).toBe(422);
    expect(cancelled.body.message).toBe(CHECKIN_MSG.notOpen);
    // After the close: the last code shown is refused.
    const afterClose = await student.post('/api/student/checkin', { code: await codeNow(meeting.id), meeting_id: meeting.id });
    expect(afterClose.status).toBe(422);
    expect(afterClose.body.message).toBe(CHECKIN_MSG.notOpen);
    expect(
      await t.db
        .select()
        .from(attendance)
        .where(sql`${attendance.meetingId} in (${meeting.id}, ${second.id})`),
    ).toEqual([]);
  });

  it('refuses a student of another rombel and a deactivated student', async () => {
    const { s, meeting } = await opened();
    const code = await codeNow(meeting.id);
    const outsider = await as(s.outsider);
    const typed = await outsider.post('/api/student/checkin', { code });
    expect(typed.status).toBe(422);
    expect(typed.body.message).toBe(CHECKIN_MSG.notOpen);
    const scanned = await outsider.post('/api/student/checkin', { code, meeting_id: meeting.id });
    expect(scanned.status).toBe(404);
    expect(scanned.body).toEqual({ success: false, message: CHECKIN_MSG.notYourClass });

    const leaver = await as(s.students[3]!);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, s.students[3]!.id));
    const refused = await leaver.post('/api/student/checkin', { code: await codeNow(meeting.id), meeting_id: meeting.id });
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe(MSG.unauthenticated);
    // A deactivated student is not counted among the class's students either.
    expect((await (await as(s.teacher)).get(path(s.classId, meeting.id))).body.data.students).toBe(3);
    expect(await markRow(meeting.id, s.outsider.id)).toBeNull();
    expect(await markRow(meeting.id, s.students[3]!.id)).toBeNull();
  });

  it('makes a student who sends 1,000 wrong codes wait, with one counter row, and no one else', async () => {
    const { s, meeting } = await opened();
    const right = await codeNow(meeting.id);
    const wrong = right === '000000' ? '000001' : '000000';
    const guesser = await as(s.students[0]!);
    const statuses: number[] = [];
    const answers: Array<{ status: number; body: { message: string }; headers: Record<string, unknown> }> = [];
    for (let i = 0; i < 1000; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          guesser.post('/api/student/checkin', { code: wrong, ...(j % 2 ? { meeting_id: meeting.id } : {}) }),
        ),
      );
      for (const r of batch) {
        statuses.push(r.status);
        answers.push(r);
      }
    }
    expect(statuses.filter((x) => x === 422)).toHaveLength(CHECKIN_WRONG_MAX);
    expect(statuses.filter((x) => x === 429)).toHaveLength(1000 - CHECKIN_WRONG_MAX);
    const refused = answers.find((r) => r.status === 429)!;
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(CHECKIN_WRONG_WINDOW_MINUTES * 60);
    expect(refused.body.message).toBe(CHECKIN_MSG.tooMany(seconds));
    // The right code waits too.
    const rightNow = await guesser.post('/api/student/checkin', { code: await codeNow(meeting.id) });
    expect(rightNow.status).toBe(429);
    expect(rightNow.headers['retry-after']).toBeDefined();
    expect(await markRow(meeting.id, s.students[0]!.id)).toBeNull();
    // One row counts them.
    const counters = await t.db
      .select()
      .from(loginFailures)
      .where(like(loginFailures.key, `checkin:${s.students[0]!.id}`));
    expect(counters).toHaveLength(1);
    expect(counters[0]!.count).toBe(CHECKIN_WRONG_MAX);
    // A classmate is not affected.
    const classmate = await (await as(s.students[1]!)).post('/api/student/checkin', { code: await codeNow(meeting.id) });
    expect(classmate.status).toBe(200);
    // Once the window has passed, the student may try again.
    await t.db
      .update(loginFailures)
      .set({ windowStart: new Date(Date.now() - (CHECKIN_WRONG_WINDOW_MINUTES * 60 + 1) * 1000) })
      .where(eq(loginFailures.key, `checkin:${s.students[0]!.id}`));
    expect((await guesser.post('/api/student/checkin', { code: await codeNow(meeting.id) })).status).toBe(200);
  }, 120_000);
});

describe('the teacher’s live stream', () => {
  let base: string;
  beforeAll(async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it('carries each check-in of the meeting to its teacher’s screen', async () => {
    const { s, meeting } = await opened();
    const stream = await readLiveStream(base, await token(s.teacher), { query: `?meeting=${meeting.id}&class=${s.classId}` });
    try {
      expect(stream.status).toBe(200);
      const res = await (await as(s.students[2]!)).post('/api/student/checkin', { code: await codeNow(meeting.id) });
      expect(res.status).toBe(200);
      const end = Date.now() + 10_000;
      while (!stream.events.some((e) => e.event === 'attendance') && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      const events = stream.events.filter((e) => e.event === 'attendance');
      expect(events.map((e) => e.data)).toEqual([{ meeting_id: meeting.id, student_id: s.students[2]!.id, status: res.body.data.status }]);
    } finally {
      await stream.close();
    }
  });

  it('is refused (404) to another teacher, a student, without the class and under another class', async () => {
    const { s, meeting } = await opened();
    const cases: Array<[{ id: number }, string]> = [
      [s.otherTeacher, `?meeting=${meeting.id}&class=${s.classId}`],
      [s.homeroom, `?meeting=${meeting.id}&class=${s.classId}`],
      [s.students[0]!, `?meeting=${meeting.id}&class=${s.classId}`],
      [s.teacher, `?meeting=${meeting.id}`],
      [s.teacher, `?meeting=${meeting.id}&class=${s.outsiderClassId}`],
    ];
    for (const [who, query] of cases) {
      const stream = await readLiveStream(base, await token(who), { query });
      expect(stream.status, query).toBe(404);
      await stream.close();
    }
  });
});
