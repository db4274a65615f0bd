/**
 * The wali kelas decides a request: in one transaction the decision, the marks of an approval and
 * the audit row; then the student is told, and the meetings' screens get the changed marks live.
 */
import type { FastifyRequest } from 'fastify';
import { LEAVE_KIND_WORDS, LEAVE_MSG, leaveRangeText } from '@kelasku/contract';
import type { App } from '../../types.js';
import { leaveForHomeroom, type LeaveRow } from '../../access/leave-requests.js';
import { recordAudit } from '../../audit/record.js';
import { conflict, invalidField } from '../../http/errors.js';
import { topics } from '../../live/bus.js';
import { markMeetings, type LeaveMark } from './apply.js';
import { decideLeave, leaveRow } from './queries.js';

export type Decision = 'approved' | 'refused';

/** "sakit 1–2 Desember": the request in a sentence. */
export const leaveSubject = (lr: Pick<LeaveRow, 'kind' | 'startsOn' | 'endsOn'>) =>
  `${LEAVE_KIND_WORDS[lr.kind as 'S' | 'I']} ${leaveRangeText(lr.startsOn, lr.endsOn)}`;

/** Runs the decision; returns the request as it is now. 404 out of the caller's reach, 409 when not pending, 422 a refusal without a note. */
export async function decide(
  app: App,
  request: FastifyRequest,
  ids: { rombelId: number; id: number },
  status: Decision,
  note: string | null,
) {
  if (status === 'refused' && !note) throw invalidField('note', LEAVE_MSG.noteRequired);
  const user = request.user;
  const { lr, marks } = await app.db.transaction(async (tx) => {
    const lr = await leaveForHomeroom(tx, user.id, ids.rombelId, ids.id, true);
    if (lr.status !== 'pending') throw conflict(LEAVE_MSG.notPending);
    await decideLeave(tx, lr.id, { status, teacherId: user.id, note });
    const marks = status === 'approved' ? await markMeetings(tx, lr, user.id) : [];
    const row = await leaveRow(tx, lr.id);
    await recordAudit(tx, request, {
      action: status === 'approved' ? 'leave.approve' : 'leave.refuse',
      targetType: 'leave_request',
      targetId: lr.id,
      summary: `Permohonan ${leaveSubject(lr)} — ${row.studentName} (${row.rombelName})`,
      before: { status: lr.status },
      after: {
        status,
        decision_note: note,
        ...(status === 'approved' ? { marks: marks.map((m) => `${m.date}: ${m.before ?? 'kosong'} → ${m.after}`) } : {}),
      },
    });
    return { lr, marks };
  });
  const row = await leaveRow(app.db, lr.id);
  await tellDecision(app, { lr, studentName: row.studentName }, status, note, user.id, marks);
  return row;
}

/**
 * The student is told (bell), and a parent who sent the request too (issue 40: naming the child,
 * linked to the child's page); the meetings' open screens get each changed mark.
 */
async function tellDecision(
  app: App,
  { lr, studentName }: { lr: LeaveRow; studentName: string },
  status: Decision,
  note: string | null,
  teacherId: number,
  marks: LeaveMark[],
) {
  const what = `Permohonan ${leaveSubject(lr)}`;
  const outcome = status === 'approved' ? 'disetujui' : `ditolak: ${note ?? ''}`;
  await app.notifier.send({
    userIds: [lr.studentId],
    kind: 'leave_decided',
    actorId: teacherId,
    subject: `${what} ${outcome}`,
    link: '/presensi/izin',
  });
  if (lr.requestedBy !== null && lr.requestedBy !== lr.studentId) {
    await app.notifier.send({
      userIds: [lr.requestedBy],
      kind: 'leave_decided',
      actorId: teacherId,
      subject: `${what} untuk ${studentName} ${outcome}`,
      link: `/anak/${lr.studentId}`,
    });
  }
  await app.notifier.publish(
    marks.map((m) => ({
      topic: topics.attendance(m.meetingId),
      event: 'attendance' as const,
      data: { meeting_id: m.meetingId, student_id: lr.studentId, status: m.after },
    })),
  );
}
