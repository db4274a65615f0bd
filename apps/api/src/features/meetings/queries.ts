/**
 * The SQL of meetings, taking attendance and the teaching journal (issue 38). Each function is one
 * statement. A meeting's number ("Pertemuan N") is its place among the class's meetings that are
 * not cancelled, by date, first period (meetings without periods last on their day) and id.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AttendanceStatus } from '@kelasku/contract';
import type { Db, Executor } from '../../db/client.js';
import { lessons, meetings } from '../../db/schema.js';
import { teachesClass } from '../../access/teaching.js';
import type { OnlineClass } from '../../access/index.js';
import { notFound } from '../../http/errors.js';

export type MeetingRecord = typeof meetings.$inferSelect;

/** "Pertemuan N" of a meeting `m` among the meetings of its class (a window expression); null when cancelled. */
export const meetingNumber = sql`case when m.cancelled_at is null then row_number() over (
  partition by m.online_class_id, m.cancelled_at is null order by m.date, m.period_from, m.id) end`;

/** A meeting as lists show it, before shaping. */
export type MeetingRow = {
  id: number;
  class_id: number;
  date: string;
  period_from: number | null;
  period_to: number | null;
  starts_at: Date;
  ends_at: Date;
  source: 'timetable' | 'extra';
  cancelled_at: Date | null;
  cancel_reason: string | null;
  lesson_id: number | null;
  lesson_number: number | null;
  lesson_title: string | null;
  topic: string | null;
  activities: string | null;
  notes: string | null;
  attendance_taken_at: Date | null;
  checkin_open: boolean;
  number: number | null;
  H: number;
  T: number;
  S: number;
  I: number;
  D: number;
  A: number;
  unrecorded: number;
};

const count = (status: AttendanceStatus) => sql.raw(`count(*) filter (where a.status = '${status}')::int as "${status}"`);

/**
 * The class's meetings (or the one `meetingId`), newest first (date, first period, id: the reverse
 * of their numbering), with their marks per status and how many active students of the class's
 * rombel have none.
 */
export async function meetingRows(db: Executor, klass: Pick<OnlineClass, 'id' | 'rombelClassId'>, meetingId?: number) {
  const one = meetingId === undefined ? sql`` : sql`and m.id = ${meetingId}`;
  const result = await db.execute<MeetingRow>(sql`
    with numbered as (
      select m.id, (${meetingNumber})::int as number from meetings m where m.online_class_id = ${klass.id}
    ),
    roster as (
      select s.user_id from students s join users u on u.id = s.user_id and u.status = 1 where s.rombel_class_id = ${klass.rombelClassId}
    ),
    marks as (
      select a.meeting_id, ${count('H')}, ${count('T')}, ${count('S')}, ${count('I')}, ${count('D')}, ${count('A')},
             count(*) filter (where a.student_id in (select user_id from roster))::int as on_roster
        from attendance a join meetings m on m.id = a.meeting_id
       where m.online_class_id = ${klass.id} ${one}
       group by a.meeting_id
    )
    select m.id, m.online_class_id as class_id, m.date::text as date, m.period_from, m.period_to, m.starts_at, m.ends_at,
           m.source, m.cancelled_at, m.cancel_reason, m.content_id as lesson_id, l.number as lesson_number, l.title as lesson_title,
           m.topic, m.activities, m.notes, m.attendance_taken_at,
           coalesce(m.checkin_opens_at <= now() and now() < m.checkin_closes_at, false) as checkin_open,
           n.number,
           coalesce(k."H", 0) as "H", coalesce(k."T", 0) as "T", coalesce(k."S", 0) as "S",
           coalesce(k."I", 0) as "I", coalesce(k."D", 0) as "D", coalesce(k."A", 0) as "A",
           ((select count(*) from roster) - coalesce(k.on_roster, 0))::int as unrecorded
      from meetings m
      join numbered n on n.id = m.id
      left join marks k on k.meeting_id = m.id
      left join contents l on l.id = m.content_id
     where m.online_class_id = ${klass.id} ${one}
     order by m.date desc, m.period_from desc, m.id desc`);
  return result.rows;
}

/** The meeting of the class, or 404. */
export async function meetingOfClass(db: Executor, classId: number, meetingId: number, lock = false): Promise<MeetingRecord> {
  const q = db
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, meetingId), eq(meetings.onlineClassId, classId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** A Pembelajaran of the class (its title and description), or null. */
export async function lessonOfClass(db: Executor, classId: number, lessonId: number) {
  const [row] = await db
    .select({ id: lessons.id, title: lessons.title, description: lessons.description })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.onlineClassId, classId)))
    .limit(1);
  return row ?? null;
}

/** The class with its rombel and subject (of its teaching assignment), for the class list's heading. */
export async function classHeading(db: Executor, classId: number) {
  const result = await db.execute<{
    id: number;
    name: string;
    rombel_id: number;
    rombel_name: string;
    subject_id: number | null;
    subject_name: string | null;
  }>(sql`
    select oc.id, oc.name, r.id as rombel_id, r.name as rombel_name, sub.id as subject_id, sub.name as subject_name
      from online_classes oc
      join rombel_classes r on r.id = oc.rombel_class_id
      left join teaching_assignments ta on ta.online_class_id = oc.id
      left join subjects sub on sub.id = ta.subject_id
     where oc.id = ${classId}`);
  return result.rows[0]!;
}

export type StudentMarkRow = {
  id: number;
  name: string;
  nis: string | null;
  avatar_file_id: number | null;
  status: AttendanceStatus | null;
  note: string | null;
  source: 'teacher' | 'checkin' | 'leave' | null;
  revision: number | null;
  recorded_by: number | null;
  recorder_name: string | null;
  recorded_at: Date | null;
  checked_in_at: Date | null;
  leave_id: number | null;
  leave_kind: 'S' | 'I' | null;
};

/**
 * Every active student of the rombel (by name) with their mark of the meeting, who recorded it, and
 * an approved izin/sakit request covering the meeting's day.
 */
export async function studentMarks(db: Executor, meeting: { id: number; date: string }, rombelId: number) {
  const result = await db.execute<StudentMarkRow>(sql`
    select u.id, u.name, s.nis, u.avatar_file_id, a.status, a.note, a.source, a.revision, a.recorded_by,
           rb.name as recorder_name, a.recorded_at, a.checked_in_at, lv.id as leave_id, lv.kind as leave_kind
      from students s
      join users u on u.id = s.user_id and u.status = 1
      left join attendance a on a.meeting_id = ${meeting.id} and a.student_id = u.id
      left join users rb on rb.id = a.recorded_by
      left join lateral (
        select lr.id, lr.kind from leave_requests lr
         where lr.student_id = u.id and lr.status = 'approved'
           and lr.starts_on <= ${meeting.date}::date and lr.ends_on >= ${meeting.date}::date
         order by lr.decided_at desc nulls last, lr.id desc limit 1) lv on true
     where s.rombel_class_id = ${rombelId}
     order by lower(u.name), u.id`);
  return result.rows;
}

/** The stored marks of these students in the meeting, with who recorded each (the caller holds the meeting's lock). */
export async function storedMarks(tx: Executor, meetingId: number, studentIds: number[]) {
  if (studentIds.length === 0) return [];
  const result = await tx.execute<{
    student_id: number;
    status: AttendanceStatus;
    note: string | null;
    source: string;
    revision: number;
    recorder_name: string | null;
  }>(sql`
    select a.student_id, a.status, a.note, a.source, a.revision, rb.name as recorder_name
      from attendance a left join users rb on rb.id = a.recorded_by
     where a.meeting_id = ${meetingId} and a.student_id in (${sql.join(
       studentIds.map((id) => sql`${id}`),
       sql`, `,
     )})
     for update of a`);
  return result.rows;
}

/** Of these ids, the active students of the rombel, with their names. */
export async function rosterOf(tx: Executor, rombelId: number, studentIds: number[]) {
  if (studentIds.length === 0) return [];
  const result = await tx.execute<{ id: number; name: string }>(sql`
    select u.id, u.name from students s join users u on u.id = s.user_id and u.status = 1
     where s.rombel_class_id = ${rombelId} and u.id in (${sql.join(
       studentIds.map((id) => sql`${id}`),
       sql`, `,
     )})`);
  return result.rows;
}

/** Writes the marks (one statement): a new row at revision 1, a changed one at its revision + 1. */
export async function writeMarks(
  tx: Executor,
  meetingId: number,
  recorderId: number,
  marks: Array<{ student_id: number; status: AttendanceStatus; note: string | null }>,
): Promise<void> {
  if (marks.length === 0) return;
  await tx.execute(sql`
    insert into attendance (meeting_id, student_id, status, note, source, revision, recorded_by, recorded_at)
    select ${meetingId}, e.student_id, e.status, e.note, 'teacher', 1, ${recorderId}, now()
      from jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as e(student_id int, status char(1), note varchar(255))
    on conflict (meeting_id, student_id) do update
       set status = excluded.status, note = excluded.note, source = 'teacher', leave_request_id = null,
           revision = attendance.revision + 1, recorded_by = excluded.recorded_by, recorded_at = now()`);
}

export type JournalDbRow = {
  meeting_id: number;
  class_id: number;
  date: string;
  period_from: number | null;
  period_to: number | null;
  starts_at: Date;
  ends_at: Date;
  rombel: string;
  subject: string | null;
  class_name: string;
  number: number | null;
  lesson: string | null;
  topic: string | null;
  activities: string | null;
  notes: string | null;
  cancelled: boolean;
  cancel_reason: string | null;
  present: number;
  absent: number;
  attendance_taken: boolean;
};

/** The meetings of the classes the teacher teaches (team teaching too) in [from, to], oldest first. */
export async function journalRows(db: Db, teacherId: number, from: string, to: string) {
  const mine: SQL = teachesClass(teacherId, 'oc');
  const result = await db.execute<JournalDbRow>(sql`
    with numbered as (
      select m.id, (${meetingNumber})::int as number
        from meetings m join online_classes oc on oc.id = m.online_class_id
       where ${mine} and m.date <= ${to}::date
    )
    select m.id as meeting_id, oc.id as class_id, m.date::text as date, m.period_from, m.period_to, m.starts_at, m.ends_at,
           r.name as rombel, sub.name as subject, oc.name as class_name, n.number, l.title as lesson,
           m.topic, m.activities, m.notes, m.cancelled_at is not null as cancelled, m.cancel_reason,
           coalesce(k.present, 0) as present, coalesce(k.absent, 0) as absent, m.attendance_taken_at is not null as attendance_taken
      from meetings m
      join numbered n on n.id = m.id
      join online_classes oc on oc.id = m.online_class_id
      join rombel_classes r on r.id = oc.rombel_class_id
      left join teaching_assignments ta on ta.online_class_id = oc.id
      left join subjects sub on sub.id = ta.subject_id
      left join contents l on l.id = m.content_id
      left join lateral (
        select count(*) filter (where a.status in ('H', 'T'))::int as present,
               count(*) filter (where a.status in ('S', 'I', 'D', 'A'))::int as absent
          from attendance a where a.meeting_id = m.id) k on true
     where m.date between ${from}::date and ${to}::date
     order by m.date, m.starts_at, oc.name, m.id`);
  return result.rows;
}

/** The teacher's name and NIP. */
export async function teacherOf(db: Db, teacherId: number) {
  const result = await db.execute<{ id: number; name: string; nip: string | null }>(sql`
    select u.id, u.name, t.nip from users u left join teachers t on t.user_id = u.id where u.id = ${teacherId}`);
  return result.rows[0]!;
}

/** Whether another meeting of the class on `date` overlaps [startsAt, endsAt) (cancelled ones left aside). */
export async function slotTaken(db: Executor, classId: number, date: string, startsAt: Date, endsAt: Date): Promise<boolean> {
  const result = await db.execute<{ taken: boolean }>(sql`
    select exists (select 1 from meetings m
      where m.online_class_id = ${classId} and m.date = ${date}::date and m.cancelled_at is null
        and m.starts_at < ${endsAt.toISOString()}::timestamptz and m.ends_at > ${startsAt.toISOString()}::timestamptz) as taken`);
  return result.rows[0]!.taken;
}

/** The bell of `date`'s weekday: start and end ("07:00:00") of each lesson period. */
export async function bellOfDay(db: Executor, date: string) {
  const result = await db.execute<{ period: number; starts_at: string; ends_at: string }>(sql`
    select period, starts_at::text, ends_at::text from bell_periods
     where day = extract(isodow from ${date}::date)::int and period is not null order by period`);
  return result.rows;
}

/** The first and last day of the class's semester. */
export async function semesterOfClass(db: Executor, klass: Pick<OnlineClass, 'semesterId'>) {
  const result = await db.execute<{ starts_on: string; ends_on: string }>(sql`
    select starts_on::text, ends_on::text from semesters where id = ${klass.semesterId}`);
  return result.rows[0] ?? null;
}

/** "Pertemuan N" of one meeting of the class (null when cancelled). */
export async function numberOf(db: Executor, classId: number, meetingId: number): Promise<number | null> {
  const result = await db.execute<{ number: number | null }>(sql`
    select number from (select m.id, (${meetingNumber})::int as number from meetings m where m.online_class_id = ${classId}) x
     where x.id = ${meetingId}`);
  return result.rows[0]?.number ?? null;
}
