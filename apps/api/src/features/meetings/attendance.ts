/**
 * Saving a meeting's class list (issue 38). Each entry names the revision its device last saw; in
 * one transaction, under the meeting's row lock, an entry whose revision is stale AND whose values
 * differ from the stored ones refuses the whole save (409 naming each such student, nothing
 * written): another device (or a check-in, or an approved izin) changed that student meanwhile.
 * An entry equal to what is stored is nothing to do (a phone sending its queue twice).
 *
 * After the commit: a live event per changed student, "Kamu tercatat Alpa" to each student newly
 * marked A, and the absence alert check of the wali kelas.
 */
import { eq, sql } from 'drizzle-orm';
import { ATTENDANCE_LABELS, MEETING_MSG, type attendanceBody, type AttendanceStatus, type LiveAttendanceEvent } from '@kelasku/contract';
import type { z } from 'zod';
import { meetings } from '../../db/schema.js';
import type { OnlineClass } from '../../access/index.js';
import type { App, AuthUser } from '../../types.js';
import type { FastifyRequest } from 'fastify';
import { HttpError, conflict, invalid, type FieldErrors } from '../../http/errors.js';
import { recordAudit } from '../../audit/record.js';
import { topics } from '../../live/bus.js';
import { checkAbsenceAlerts } from '../attendance-recaps/alerts.js';
import { meetingOfClass, numberOf, rosterOf, storedMarks, writeMarks } from './queries.js';
import { dayText } from './present.js';

type AttendanceBody = z.infer<typeof attendanceBody>;

interface Entry {
  student_id: number;
  status: AttendanceStatus;
  note: string | null;
  revision: number;
}

interface Change extends Entry {
  name: string;
  before: { status: AttendanceStatus; note: string | null } | null;
}

/** "Sakit" or "Sakit (demam)": a mark as the audit log shows it. */
const markText = (m: { status: AttendanceStatus; note: string | null } | null) =>
  m === null ? null : m.note ? `${ATTENDANCE_LABELS[m.status]} (${m.note})` : ATTENDANCE_LABELS[m.status];

/** The entries, one per student (the last one wins), notes normalised. */
function entriesOf(body: AttendanceBody): Entry[] {
  const byStudent = new Map<number, Entry>();
  for (const e of body.entries) {
    byStudent.set(e.student_id, { student_id: e.student_id, status: e.status, note: e.note ?? null, revision: e.revision });
  }
  return [...byStudent.values()];
}

/** The audit row of a save that changed marks already there (a teacher's, a check-in's, an izin's). */
function auditEntry(klass: OnlineClass, meetingId: number, date: string, changes: Change[]) {
  const changed = changes.filter((c) => c.before !== null);
  if (changed.length === 0) return null;
  const key = (c: Change) => (changed.filter((o) => o.name === c.name).length > 1 ? `${c.name} (${c.student_id})` : c.name);
  return {
    action: 'attendance.update' as const,
    targetType: 'meeting' as const,
    targetId: meetingId,
    summary: `Presensi ${klass.name}, ${dayText(date, true)}`,
    before: Object.fromEntries(changed.map((c) => [key(c), markText(c.before)])),
    after: Object.fromEntries(changed.map((c) => [key(c), markText(c)])),
  };
}

/** Saves the entries; returns the students whose marks changed and the meeting's day. */
async function write(app: App, request: FastifyRequest, klass: OnlineClass, meetingId: number, entries: Entry[]) {
  const user = request.user;
  return app.db.transaction(async (tx) => {
    const m = await meetingOfClass(tx, klass.id, meetingId, true);
    if (m.cancelledAt !== null) throw conflict(MEETING_MSG.meetingCancelled);
    const ids = entries.map((e) => e.student_id);
    const roster = new Map((await rosterOf(tx, klass.rombelClassId, ids)).map((r) => [r.id, r.name]));
    const unknown: FieldErrors = {};
    entries.forEach((e, i) => {
      if (!roster.has(e.student_id)) unknown[`entries.${i}.student_id`] = [MEETING_MSG.studentUnknown];
    });
    if (Object.keys(unknown).length > 0) throw invalid(unknown);
    const stored = new Map((await storedMarks(tx, meetingId, ids)).map((r) => [r.student_id, r]));
    const stale: FieldErrors = {};
    const changes: Change[] = [];
    for (const e of entries) {
      const s = stored.get(e.student_id);
      const same = s !== undefined && s.status === e.status && (s.note ?? null) === e.note;
      if (same) continue;
      if (s !== undefined && s.revision !== e.revision) {
        stale[`students.${e.student_id}`] = [MEETING_MSG.conflictStudent(ATTENDANCE_LABELS[s.status], s.recorder_name ?? 'sistem')];
        continue;
      }
      changes.push({ ...e, name: roster.get(e.student_id)!, before: s ? { status: s.status, note: s.note } : null });
    }
    if (Object.keys(stale).length > 0) throw new HttpError(409, MEETING_MSG.conflict, stale);
    await writeMarks(tx, meetingId, user.id, changes);
    await tx
      .update(meetings)
      .set({ attendanceTakenAt: sql`coalesce(${meetings.attendanceTakenAt}, now())` })
      .where(eq(meetings.id, meetingId));
    const audit = auditEntry(klass, meetingId, m.date, changes);
    if (audit) await recordAudit(tx, request, audit);
    return { changes, date: m.date };
  });
}

/** After the commit: live events, "Kamu tercatat Alpa", the absence alerts. Never throws past the notifier's own guard. */
async function announce(app: App, user: AuthUser, klass: OnlineClass, meetingId: number, date: string, changes: Change[]) {
  if (changes.length === 0) return;
  await app.notifier.publish(
    changes.map((c) => ({
      topic: topics.attendance(meetingId),
      event: 'attendance' as const,
      data: { meeting_id: meetingId, student_id: c.student_id, status: c.status } satisfies LiveAttendanceEvent,
    })),
  );
  const absent = changes.filter((c) => c.status === 'A' && c.before?.status !== 'A').map((c) => c.student_id);
  if (absent.length > 0) {
    const number = await numberOf(app.db, klass.id, meetingId);
    await app.notifier.send({
      userIds: absent,
      kind: 'absent',
      actorId: user.id,
      subject: `${number === null ? 'Pertemuan' : `Pertemuan ${number}`}, ${dayText(date)}`,
      context: klass.name,
      link: '/presensi/riwayat',
      dedupe: { key: `absent:${meetingId}`, mode: 'once' },
    });
  }
  await checkAbsenceAlerts(app, { date, studentIds: changes.map((c) => c.student_id) });
}

/** PUT …/attendance: saves the class list (see above); returns the students whose marks changed. */
export async function saveAttendance(app: App, request: FastifyRequest, klass: OnlineClass, meetingId: number, body: AttendanceBody) {
  const entries = entriesOf(body);
  const { changes, date } = await write(app, request, klass, meetingId, entries);
  await announce(app, request.user, klass, meetingId, date, changes);
  return changes.map((c) => c.student_id);
}
