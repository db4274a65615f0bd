/**
 * Approved izin/sakit requests mark meetings (issue 38): the meetings there are when the wali kelas
 * approves (markMeetings), and the meetings made later from the timetable (applyLeavesToMeetings).
 * A mark H or T that a teacher or a check-in recorded is never overwritten: the student came after all.
 */
import { sql } from 'drizzle-orm';
import type { AttendanceStatus } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import type { LeaveRow } from '../../access/leave-requests.js';

/**
 * Marks S or I, from the approved requests covering their days, the students of these meetings who
 * have no mark yet (meetings just made from the timetable). Never overwrites a mark. One statement.
 */
export async function applyLeavesToMeetings(tx: Executor, meetingIds: number[]): Promise<void> {
  if (meetingIds.length === 0) return;
  await tx.execute(sql`
    insert into attendance (meeting_id, student_id, status, source, leave_request_id, revision, recorded_by)
    select distinct on (m.id, lr.student_id) m.id, lr.student_id, lr.kind, 'leave', lr.id, 1, lr.decided_by
    from meetings m
      join online_classes oc on oc.id = m.online_class_id
      join leave_requests lr on lr.rombel_class_id = oc.rombel_class_id and lr.semester_id = oc.semester_id
        and lr.status = 'approved' and m.date between lr.starts_on and lr.ends_on
      join students s on s.user_id = lr.student_id and s.rombel_class_id = oc.rombel_class_id
    where m.id in (${sql.join(
      meetingIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and m.cancelled_at is null
    order by m.id, lr.student_id, lr.decided_at desc
    on conflict (meeting_id, student_id) do nothing`);
}

/** A mark an approval wrote: its meeting, that meeting's date, and the mark before (null: none). */
export interface LeaveMark {
  meetingId: number;
  date: string;
  before: AttendanceStatus | null;
  after: AttendanceStatus;
}

/**
 * Marks the request's student S or I in every meeting (not cancelled) of the classes of the
 * request's rombel and semester within its days (while the student is still in that rombel),
 * inserting or changing the mark (revision + 1), except a mark H or T. Returns the marks written,
 * in date order. One statement.
 */
export async function markMeetings(tx: Executor, lr: LeaveRow, teacherId: number): Promise<LeaveMark[]> {
  const { rows } = await tx.execute<{ meeting_id: number; date: string; before: AttendanceStatus | null; after: AttendanceStatus }>(sql`
    with target as (
      select m.id, m.date from meetings m join online_classes oc on oc.id = m.online_class_id
      where oc.rombel_class_id = ${lr.rombelClassId} and oc.semester_id = ${lr.semesterId}
        and m.cancelled_at is null and m.date between ${lr.startsOn}::date and ${lr.endsOn}::date
        -- A student who has moved to another rombel since is no longer on these class lists.
        and exists (select 1 from students s where s.user_id = ${lr.studentId} and s.rombel_class_id = oc.rombel_class_id)
    ), prev as (
      select a.meeting_id, a.status from attendance a join target t on t.id = a.meeting_id where a.student_id = ${lr.studentId}
    )
    insert into attendance as a (meeting_id, student_id, status, source, leave_request_id, revision, recorded_by, recorded_at)
    select t.id, ${lr.studentId}::int, ${lr.kind}::text, 'leave', ${lr.id}::int, 1, ${teacherId}::int, now() from target t
    on conflict (meeting_id, student_id) do update
      set status = excluded.status, source = 'leave', leave_request_id = excluded.leave_request_id, note = null,
          revision = a.revision + 1, recorded_by = excluded.recorded_by, recorded_at = now()
      where a.status not in ('H', 'T')
    returning a.meeting_id, (select to_char(t.date, 'YYYY-MM-DD') from target t where t.id = a.meeting_id) as date,
      (select p.status from prev p where p.meeting_id = a.meeting_id) as before, a.status as after`);
  return rows
    .map((r) => ({ meetingId: Number(r.meeting_id), date: r.date, before: r.before, after: r.after }))
    .sort((x, y) => x.date.localeCompare(y.date) || x.meetingId - y.meetingId);
}
