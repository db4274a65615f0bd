/**
 * Self check-in, "Presensi mandiri" (issue 38; contract schemas/checkin.ts, docs in its header).
 *
 * - The teacher of the class (team teachers too) opens it for a meeting of today (WIB) that is not
 *   cancelled, for `minutes` from now; re-opening keeps the meeting's secret (the same codes).
 *   Check-ins from the meeting's start + `late_after_minutes` count as Terlambat — measured from
 *   the start even when the teacher opens it later (a late opening then wants a longer allowance).
 * - A student's code is matched against the open check-ins of the classes of their rombel (or,
 *   from a QR code, the one meeting it names). A meeting that is not theirs (or does not exist)
 *   answers 404 with "Kode ini bukan untuk kelasmu", alike, and is not counted as a wrong code.
 *   A wrong code, or a meeting of theirs whose check-in is not open, answers 422 and is counted:
 *   past CHECKIN_WRONG_MAX within CHECKIN_WRONG_WINDOW_MINUTES every check-in of the student
 *   answers 429 with Retry-After until the window passes, a right code too.
 * - A mark is written where there is none, or over an Alpa (the list saved before the student
 *   came); Hadir, Terlambat, Sakit, Izin and Dispensasi stay and answer 409 "sudah tercatat …".
 */
import {
  ATTENDANCE_LABELS,
  CHECKIN_MSG,
  CHECKIN_WRONG_MAX,
  CHECKIN_WRONG_WINDOW_MINUTES,
  checkinBody,
  checkinOpenBody,
  checkinResult as checkinResultSchema,
  checkinState as checkinStateSchema,
  errorEnvelope,
  meetingParams,
  ok,
  type CheckinResult,
  type LiveAttendanceEvent,
} from '@kelasku/contract';
import type { FastifyReply } from 'fastify';
import type { App } from '../../types.js';
import { HttpError, conflict, tooManyRequests } from '../../http/errors.js';
import { takeRate } from '../../http/limits.js';
import { topics } from '../../live/bus.js';
import { wibDay } from '../schedule/present.js';
import { codeMatches, newCheckinSecret } from './code.js';
import { checkinCandidates, closeCheckin, markOf, meetingForTeacher, openCheckin, writeCheckin, wrongCodeKey } from './queries.js';
import { checkinOpen, checkinResult, checkinState } from './present.js';

const PATH = '/online-classes/:classId/meetings/:meetingId/checkin';
const errors = { 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };

/** /api/teacher: self check-in of a meeting (issue 38; contract schemas/checkin.ts). */
export async function teacherRoutes(app: App): Promise<void> {
  const tags = ['teacher: attendance'];
  const publicUrl = app.config.publicUrl;

  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: 'The meeting’s self check-in: open or not, the code of the current rotation and its QR text, when it rotates, the counts',
        params: meetingParams,
        response: { 200: ok(checkinStateSchema), ...errors },
      },
    },
    async (request) => {
      const { classId, meetingId } = request.params;
      const found = await meetingForTeacher(app.db, request.user, classId, meetingId, 'read');
      return { success: true as const, data: checkinState(found.meeting, found, new Date(), publicUrl) };
    },
  );

  app.post(
    PATH,
    {
      schema: {
        tags,
        summary:
          'Opens (or re-opens) self check-in of a meeting of today for `minutes` from now; check-ins after its start + ' +
          '`late_after_minutes` count as Terlambat. 409 for a cancelled meeting or another day',
        params: meetingParams,
        body: checkinOpenBody,
        response: { 200: ok(checkinStateSchema), ...errors },
      },
    },
    async (request) => {
      const { classId, meetingId } = request.params;
      const found = await meetingForTeacher(app.db, request.user, classId, meetingId, 'write');
      if (found.meeting.cancelledAt) throw conflict(CHECKIN_MSG.meetingCancelled);
      const now = new Date();
      if (found.meeting.date !== wibDay(now).date) throw conflict(CHECKIN_MSG.notToday);
      const row = await openCheckin(app.db, meetingId, {
        secret: newCheckinSecret(),
        now,
        minutes: request.body.minutes,
        lateAfterMinutes: request.body.late_after_minutes,
      });
      return { success: true as const, message: CHECKIN_MSG.opened, data: checkinState(row, found, now, publicUrl) };
    },
  );

  app.delete(
    PATH,
    {
      schema: {
        tags,
        summary: 'Closes the meeting’s self check-in now (one not open stays as it is)',
        params: meetingParams,
        response: { 200: ok(checkinStateSchema), ...errors },
      },
    },
    async (request) => {
      const { classId, meetingId } = request.params;
      const found = await meetingForTeacher(app.db, request.user, classId, meetingId, 'write');
      const now = new Date();
      const row = await closeCheckin(app.db, meetingId, now);
      return { success: true as const, message: CHECKIN_MSG.closed, data: checkinState(row, found, now, publicUrl) };
    },
  );
}

/** A 429 with Retry-After (the error handler keeps the header). */
function waitFor(reply: FastifyReply, seconds: number): HttpError {
  void reply.header('Retry-After', String(seconds));
  return tooManyRequests(CHECKIN_MSG.tooMany(seconds));
}

/** The student's check-in: see the file's header. Two statements on success, three on a wrong code. */
async function checkIn(app: App, studentId: number, body: { code: string; meeting_id?: number }, reply: FastifyReply) {
  const now = new Date();
  const { wait, candidates } = await checkinCandidates(app.db, studentId, body.meeting_id ?? null, now);
  if (wait !== null) throw waitFor(reply, wait);
  if (body.meeting_id !== undefined && candidates.length === 0) throw new HttpError(404, CHECKIN_MSG.notYourClass);
  const open = candidates.filter((c) =>
    checkinOpen(
      {
        cancelledAt: c.cancelled_at === null ? null : new Date(c.cancelled_at),
        checkinSecret: c.secret,
        checkinOpensAt: c.opensAt,
        checkinClosesAt: c.closesAt,
      },
      now,
    ),
  );
  const hit = open.find((c) => codeMatches(c.secret!, c.id, body.code, now.getTime()));
  if (!hit) {
    const left = await takeRate(app.db, wrongCodeKey(studentId), CHECKIN_WRONG_MAX, CHECKIN_WRONG_WINDOW_MINUTES);
    if (left !== null) throw waitFor(reply, left);
    const message = open.length === 0 ? CHECKIN_MSG.notOpen : CHECKIN_MSG.wrongCode;
    throw new HttpError(422, message, { code: [message] });
  }
  if (hit.mine !== null && hit.mine !== 'A') throw conflict(CHECKIN_MSG.already(ATTENDANCE_LABELS[hit.mine]));
  const status = hit.lateAt !== null && now >= hit.lateAt ? 'T' : 'H';
  const written = await writeCheckin(app.db, { meetingId: hit.id, studentId, status, now });
  if (!written) {
    // Another device of the student (or the teacher) marked them in between.
    const mark = await markOf(app.db, hit.id, studentId);
    throw conflict(CHECKIN_MSG.already(ATTENDANCE_LABELS[mark ?? status]));
  }
  const event: LiveAttendanceEvent = { meeting_id: hit.id, student_id: studentId, status };
  await app.notifier.publish([{ topic: topics.attendance(hit.id), event: 'attendance', data: event }]);
  return { status, result: checkinResult(hit, status, hit.mine) };
}

/** /api/student: checking in with a code. */
export async function studentRoutes(app: App): Promise<void> {
  app.post(
    '/checkin',
    {
      schema: {
        tags: ['student: attendance'],
        summary:
          'Checks in with the code the teacher shows (and, from a QR code, its meeting): Hadir, or Terlambat after the late time. ' +
          '422 wrong or expired code or no open check-in, 404 a meeting not of the student’s classes, 409 already marked, 429 too many wrong codes',
        body: checkinBody,
        response: { 200: ok(checkinResultSchema), ...errors, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { status, result } = await checkIn(app, request.user.id, request.body, reply);
      const data: CheckinResult = result;
      return { success: true as const, message: status === 'H' ? CHECKIN_MSG.hadir : CHECKIN_MSG.terlambat, data };
    },
  );
}
