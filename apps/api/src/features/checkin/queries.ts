/**
 * The SQL of self check-in (issue 38). The student's check-in is the hot path (36 students of 20
 * rombels within the same 2 minutes): one statement finds the open check-ins of the student's
 * classes with everything the answer shows and whether the student is being made to wait, one
 * statement writes the mark; a wrong code adds one statement to count it.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CHECKIN_WRONG_MAX, CHECKIN_WRONG_WINDOW_MINUTES } from '@kelasku/contract';
import type { Db } from '../../db/client.js';
import { meetings } from '../../db/schema.js';
import type { AttendanceStatusCode } from '../../db/schema/attendance.js';
import { classForTeacher, type Intent } from '../../access/index.js';
import { notFound } from '../../http/errors.js';
import { meetingNumber, type MeetingRecord, type MeetingRow as MeetingListRow } from '../meetings/queries.js';
import type { AuthUser } from '../../types.js';

/** The wrong-code counter of a student in `login_failures` (http/limits.ts takeRate). */
export const wrongCodeKey = (studentId: number) => `checkin:${studentId}`;

/** Marks of the meeting made by self check-in, and the active students of the class's rombel. */
const checkedInOf = (meetingId: SQL) =>
  sql<number>`(select count(*)::int from attendance a where a.meeting_id = ${meetingId} and a.source = 'checkin')`;
const activeStudentsOf = (rombelId: SQL) =>
  sql<number>`(select count(*)::int from students st join users u on u.id = st.user_id and u.status = 1 where st.rombel_class_id = ${rombelId})`;

/**
 * A meeting of a class the teacher teaches (team teaching too), with its check-in counts; 404 when
 * the class or the meeting is out of reach, 409 for a write under an archived class.
 */
export async function meetingForTeacher(db: Db, user: AuthUser, classId: number, meetingId: number, intent: Intent) {
  const klass = await classForTeacher(db, user, classId, intent);
  const [row] = await db
    .select({
      meeting: meetings,
      checkedIn: checkedInOf(sql`${meetings.id}`),
      students: activeStudentsOf(sql`${klass.rombelClassId}`),
    })
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.onlineClassId, klass.id)))
    .limit(1);
  if (!row) throw notFound();
  return { klass, ...row };
}

/**
 * Opens (or re-opens) the meeting's check-in from `now` for `minutes`: the secret is kept once made,
 * so a re-opened check-in shows the same codes; check-ins from the meeting's start + `lateAfter`
 * minutes count as Terlambat. Returns the row as it is now.
 */
export async function openCheckin(
  db: Db,
  meetingId: number,
  p: { secret: Buffer; now: Date; minutes: number; lateAfterMinutes: number },
): Promise<MeetingRecord> {
  const [row] = await db
    .update(meetings)
    .set({
      checkinSecret: sql`coalesce(${meetings.checkinSecret}, ${p.secret})`,
      checkinOpensAt: p.now,
      checkinClosesAt: new Date(p.now.getTime() + p.minutes * 60_000),
      checkinLateAt: sql`${meetings.startsAt} + make_interval(mins => ${p.lateAfterMinutes})`,
      updatedAt: p.now,
    })
    .where(eq(meetings.id, meetingId))
    .returning();
  return row!;
}

/** Closes an open check-in at `now` (a closed or never opened one stays as it is). */
export async function closeCheckin(db: Db, meetingId: number, now: Date): Promise<MeetingRecord> {
  const [row] = await db
    .update(meetings)
    .set({
      // Never at or before its opening (the table's check): one microsecond after it at the least.
      checkinClosesAt: sql`greatest(${now}::timestamptz, ${meetings.checkinOpensAt} + interval '1 microsecond')`,
      updatedAt: now,
    })
    .where(and(eq(meetings.id, meetingId), sql`${meetings.checkinClosesAt} > ${now}`))
    .returning();
  if (row) return row;
  const [same] = await db.select().from(meetings).where(eq(meetings.id, meetingId));
  return same!;
}

/**
 * An open check-in (or with `meeting_id`, the one meeting) of a class of the student's rombel: the
 * meeting as the meetings' lists read it (features/meetings/queries.ts; the teaching journal's own
 * lines left out), with its class, its check-in and the student's own mark.
 */
export interface Candidate extends MeetingListRow {
  className: string;
  subject: string | null;
  secret: Buffer | null;
  opensAt: Date | null;
  closesAt: Date | null;
  lateAt: Date | null;
  /** The student's own mark, if any. */
  mine: AttendanceStatusCode | null;
}

const count = (status: AttendanceStatusCode) =>
  sql.raw(`(select count(*)::int from attendance a where a.meeting_id = cm.id and a.status = '${status}') as "${status}"`);

/**
 * One statement: whether the student must wait (seconds left, past the wrong-code limit) and the
 * candidates — without `meetingId` the meetings whose check-in is open at `now`, with it that
 * meeting whatever its window, cancelled or not — of the classes of the student's rombel that are
 * not archived, of the active semester.
 */
export async function checkinCandidates(
  db: Db,
  studentId: number,
  meetingId: number | null,
  now: Date,
): Promise<{ wait: number | null; candidates: Candidate[] }> {
  const window = sql`make_interval(mins => ${CHECKIN_WRONG_WINDOW_MINUTES})`;
  const which =
    meetingId === null
      ? sql`cm.checkin_closes_at > ${now}::timestamptz and cm.checkin_opens_at <= ${now}::timestamptz and cm.cancelled_at is null`
      : sql`cm.id = ${meetingId}`;
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select w.wait, c.*
    from (select (select ceil(extract(epoch from lf.window_start + ${window} - now()))::int from login_failures lf
                  where lf.key = ${wrongCodeKey(studentId)} and lf.count >= ${CHECKIN_WRONG_MAX}
                    and lf.window_start >= now() - ${window}) as wait) w
    left join lateral (
      select cm.id, cm.online_class_id as class_id, cm.date::text as date, cm.period_from, cm.period_to,
        cm.starts_at, cm.ends_at, cm.source, cm.cancelled_at, cm.cancel_reason, l.id as lesson_id,
        l.number as lesson_number, l.title as lesson_title, cm.topic, null as activities, null as notes,
        cm.attendance_taken_at, true as checkin_open,
        (select n.number from (select m.id, (${meetingNumber})::int as number from meetings m
                               where m.online_class_id = cm.online_class_id) n where n.id = cm.id) as number,
        ${count('H')}, ${count('T')}, ${count('S')}, ${count('I')}, ${count('D')}, ${count('A')},
        (select count(*)::int from students st join users u on u.id = st.user_id and u.status = 1
           where st.rombel_class_id = oc.rombel_class_id
             and not exists (select 1 from attendance a where a.meeting_id = cm.id and a.student_id = st.user_id)) as unrecorded,
        oc.name as "className", sj.name as subject, cm.checkin_secret as secret, cm.checkin_opens_at as "opensAt",
        cm.checkin_closes_at as "closesAt", cm.checkin_late_at as "lateAt",
        (select a.status from attendance a where a.meeting_id = cm.id and a.student_id = ${studentId}) as mine
      from meetings cm
      join online_classes oc on oc.id = cm.online_class_id
      join students me on me.user_id = ${studentId} and me.rombel_class_id = oc.rombel_class_id
      left join teaching_assignments ta on ta.online_class_id = oc.id
      left join subjects sj on sj.id = ta.subject_id
      left join contents l on l.id = cm.content_id
      where ${which} and oc.archived_at is null
        and (oc.semester_id is null or exists (select 1 from semesters se where se.id = oc.semester_id and se.active))
      order by cm.checkin_opens_at desc nulls last, cm.id desc
      limit 20
    ) c on true`);
  const wait = rows[0]?.wait == null ? null : Math.max(1, Number(rows[0].wait));
  // Timestamps come back as text from a raw statement: the check-in's are read as dates here.
  const at = (v: unknown) => (v == null ? null : new Date(v as string));
  const candidates = rows
    .filter((r) => r.id != null)
    .map((r) => ({ ...(r as unknown as Candidate), opensAt: at(r.opensAt), closesAt: at(r.closesAt), lateAt: at(r.lateAt) }));
  return { wait, candidates };
}

/**
 * Writes the student's check-in: a new mark, or in place of an Alpa (the teacher's list saved
 * before the student came); any other mark stays (then null: told "already"). The note of the Alpa
 * goes with it. Returns the new revision.
 */
export async function writeCheckin(
  db: Db,
  p: { meetingId: number; studentId: number; status: 'H' | 'T'; now: Date },
): Promise<{ revision: number } | null> {
  const { rows } = await db.execute<{ revision: number }>(sql`
    insert into attendance (meeting_id, student_id, status, source, revision, recorded_by, recorded_at, checked_in_at)
    values (${p.meetingId}, ${p.studentId}, ${p.status}, 'checkin', 1, ${p.studentId}, ${p.now}::timestamptz, ${p.now}::timestamptz)
    on conflict (meeting_id, student_id) do update set
      status = excluded.status, source = 'checkin', note = null, leave_request_id = null,
      revision = attendance.revision + 1, recorded_by = excluded.recorded_by,
      recorded_at = excluded.recorded_at, checked_in_at = excluded.checked_in_at
    where attendance.status = 'A'
    returning revision`);
  return rows[0] ? { revision: Number(rows[0].revision) } : null;
}

/** The student's mark of the meeting (after a write that lost a race). */
export async function markOf(db: Db, meetingId: number, studentId: number): Promise<AttendanceStatusCode | null> {
  const { rows } = await db.execute<{ status: AttendanceStatusCode }>(
    sql`select status from attendance where meeting_id = ${meetingId} and student_id = ${studentId}`,
  );
  return rows[0]?.status ?? null;
}
