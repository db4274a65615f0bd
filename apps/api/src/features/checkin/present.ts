/** What self check-in answers (issue 38): the teacher's check-in state, the student's result. */
import type { CheckinResult, CheckinState } from '@kelasku/contract';
import { toMeeting } from '../meetings/present.js';
import type { AttendanceStatusCode } from '../../db/schema/attendance.js';
import { currentCode, rotatesAt } from './code.js';
import type { MeetingRecord } from '../meetings/queries.js';
import type { Candidate } from './queries.js';

/** Where the QR code sends the phone: the app's check-in page (PUBLIC_URL when set, else a path the web page completes). */
export const checkinLink = (publicUrl: string | null, meetingId: number, code: string) =>
  `${publicUrl ?? ''}/presensi/masuk?m=${meetingId}&c=${code}`;

/** Whether the meeting's check-in is open at `now`. */
export const checkinOpen = (m: Pick<MeetingRecord, 'cancelledAt' | 'checkinSecret' | 'checkinOpensAt' | 'checkinClosesAt'>, now: Date) =>
  m.cancelledAt === null &&
  m.checkinSecret !== null &&
  m.checkinOpensAt !== null &&
  m.checkinClosesAt !== null &&
  m.checkinOpensAt.getTime() <= now.getTime() &&
  now.getTime() < m.checkinClosesAt.getTime();

export function checkinState(
  m: MeetingRecord,
  counts: { checkedIn: number; students: number },
  now: Date,
  publicUrl: string | null,
): CheckinState {
  const open = checkinOpen(m, now);
  const code = open ? currentCode(m.checkinSecret!, m.id, now.getTime()) : null;
  return {
    meeting_id: m.id,
    open,
    opens_at: m.checkinOpensAt?.toISOString() ?? null,
    closes_at: m.checkinClosesAt?.toISOString() ?? null,
    late_at: m.checkinLateAt?.toISOString() ?? null,
    code,
    qr_text: code === null ? null : checkinLink(publicUrl, m.id, code),
    rotates_at: open ? rotatesAt(now.getTime()).toISOString() : null,
    server_time: now.toISOString(),
    checked_in: Number(counts.checkedIn),
    students: Number(counts.students),
  };
}

/** The student's answer: the new mark, the meeting (its counts after this mark) and the class. */
export function checkinResult(c: Candidate, status: 'H' | 'T', previous: AttendanceStatusCode | null): CheckinResult {
  const counts = { H: c.H, T: c.T, S: c.S, I: c.I, D: c.D, A: c.A };
  if (previous) counts[previous] = Math.max(0, counts[previous] - 1);
  counts[status] += 1;
  const unrecorded = Math.max(0, c.unrecorded - (previous ? 0 : 1));
  return {
    status,
    meeting: toMeeting({ ...c, ...counts, unrecorded }),
    class: { id: c.class_id, name: c.className, subject: c.subject },
  };
}
