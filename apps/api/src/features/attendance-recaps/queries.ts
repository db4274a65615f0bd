/**
 * The SQL of the recaps (issue 38). A day's mark is computed in the database, for every student and
 * day at once (`dayMarks`): the mark of most of the day's recorded meetings that are not cancelled,
 * a tie going to the more serious one (A, S, I, D, T, H — schemas/attendance.ts). Every recap runs a
 * fixed number of queries whatever the number of students.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { ATTENDANCE_SERIOUSNESS, type AttendanceStatus } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { appSettings } from '../../db/schema.js';

/** "The more serious first": a status's place in this string orders a tie. */
const SERIOUSNESS = ATTENDANCE_SERIOUSNESS.join('');

/** The first and last day of a month ("2026-02" → 2026-02-01, 2026-02-28). */
export function monthBounds(month: string): { first: string; last: string; days: number } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}`, days };
}

/**
 * Two CTEs, `day_counts` and `day_marks (student_id, date, status)`: each student's mark per day
 * over the recorded marks of the meetings that are not cancelled and that `where` keeps (it sees
 * `a` attendance, `m` meetings, `oc` online_classes).
 */
function dayMarks(where: SQL): SQL {
  return sql`day_counts as (
      select a.student_id, m.date, a.status, count(*) as n
      from attendance a
        join meetings m on m.id = a.meeting_id
        join online_classes oc on oc.id = m.online_class_id
      where m.cancelled_at is null and ${where}
      group by a.student_id, m.date, a.status
    ), day_marks as (
      select student_id, date, status
      from (
        select student_id, date, status,
          row_number() over (partition by student_id, date order by n desc, position(status::text in ${SERIOUSNESS})) as pick
        from day_counts
      ) ranked
      where pick = 1
    )`;
}

export type StudentMarkRow = {
  id: number;
  name: string;
  nis: string | null;
  nisn: string | null;
  /** The meeting id (class recap) or the date (month recap) the mark belongs to; null: the student has none. */
  key: string | null;
  status: AttendanceStatus | null;
};

// ---------------------------------------------------------------- a class

/** The class, its rombel and subject (through its teaching assignment), or null. */
export async function recapClass(db: Executor, classId: number) {
  const { rows } = await db.execute<{ id: number; name: string; rombel_id: number; rombel: string; subject: string | null }>(sql`
    select oc.id, oc.name, r.id as rombel_id, r.name as rombel,
      (select s.name from teaching_assignments ta join subjects s on s.id = ta.subject_id where ta.online_class_id = oc.id limit 1) as subject
    from online_classes oc join rombel_classes r on r.id = oc.rombel_class_id
    where oc.id = ${classId}`);
  return rows[0] ?? null;
}

/** The class's meetings that are not cancelled, numbered as the meetings list numbers them. */
export async function classMeetings(db: Executor, classId: number) {
  const { rows } = await db.execute<{ id: number; number: number; date: string; period_from: number | null; period_to: number | null }>(sql`
    select id, (row_number() over (order by date, period_from, id))::int as number, date::text as date, period_from, period_to
    from meetings
    where online_class_id = ${classId} and cancelled_at is null
    order by date, period_from, id`);
  return rows;
}

/** Students of the rombel, and anyone with a mark in the class's meetings, by name; one row per student and mark (key: the meeting). */
export async function classMarks(db: Executor, classId: number, rombelId: number): Promise<StudentMarkRow[]> {
  const { rows } = await db.execute<StudentMarkRow>(sql`
    with held as (select id from meetings where online_class_id = ${classId} and cancelled_at is null),
    marks as (select a.student_id, a.meeting_id, a.status from attendance a where a.meeting_id in (select id from held)),
    people as (
      select user_id as id from students where rombel_class_id = ${rombelId}
      union select student_id from marks
    )
    select u.id, u.name, s.nis, s.nisn, mk.meeting_id::text as key, mk.status
    from people p
      join users u on u.id = p.id
      left join students s on s.user_id = u.id
      left join marks mk on mk.student_id = u.id
    order by lower(u.name), u.id`);
  return rows;
}

// ---------------------------------------------------------------- a rombel

/** The rombel, or null. */
export async function recapRombel(db: Executor, rombelId: number) {
  const { rows } = await db.execute<{ id: number; name: string }>(sql`select id, name from rombel_classes where id = ${rombelId}`);
  return rows[0] ?? null;
}

/** "The semester shares a day with the month" (for `se`, a semesters row). */
const overlapsMonth = (month: string) => {
  const { first, last } = monthBounds(month);
  return sql`(se.starts_on <= ${last}::date and se.ends_on >= ${first}::date)`;
};

/** Which semesters of `se` count: the one named, or (a month) those sharing a day with it and the active one. */
const semestersOf = (of: { month: string } | { semesterId: number }) =>
  'month' in of ? sql`(se.active or ${overlapsMonth(of.month)})` : sql`se.id = ${of.semesterId}`;

/**
 * The rombel when `teacherId` is its wali kelas in the semester `semesterId`, or (a month) in a
 * semester sharing a day with the month or in the active one; null otherwise.
 */
export async function rombelOfHomeroom(db: Executor, teacherId: number, rombelId: number, of: { month: string } | { semesterId: number }) {
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    select r.id, r.name from rombel_classes r
    where r.id = ${rombelId} and exists (
      select 1 from homerooms h join semesters se on se.id = h.semester_id
      where h.rombel_class_id = r.id and h.teacher_id = ${teacherId} and ${semestersOf(of)})`);
  return rows[0] ?? null;
}

/** The wali kelas a recap names: of the semester, or (a month) of a semester sharing a day with it, else of the active one. */
export async function homeroomOf(db: Executor, rombelId: number, of: { month: string } | { semesterId: number }) {
  const first = 'month' in of ? overlapsMonth(of.month) : sql`se.active`;
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    select u.id, u.name
    from homerooms h join semesters se on se.id = h.semester_id join users u on u.id = h.teacher_id
    where h.rombel_class_id = ${rombelId} and ${semestersOf(of)}
    order by ${first} desc, se.starts_on desc
    limit 1`);
  return rows[0] ?? null;
}

/** The days of the month with a meeting (not cancelled) of the rombel's classes. */
export async function monthDates(db: Executor, rombelId: number, month: string): Promise<string[]> {
  const { first, last } = monthBounds(month);
  const { rows } = await db.execute<{ date: string }>(sql`
    select distinct m.date::text as date
    from meetings m join online_classes oc on oc.id = m.online_class_id
    where oc.rombel_class_id = ${rombelId} and m.cancelled_at is null and m.date between ${first}::date and ${last}::date
    order by 1`);
  return rows.map((r) => r.date);
}

/** Students of the rombel and anyone marked in its classes that month, by name; one row per student and day mark (key: the date). */
export async function monthMarks(db: Executor, rombelId: number, month: string): Promise<StudentMarkRow[]> {
  const { first, last } = monthBounds(month);
  const { rows } = await db.execute<StudentMarkRow>(sql`
    with ${dayMarks(sql`oc.rombel_class_id = ${rombelId} and m.date between ${first}::date and ${last}::date`)},
    people as (select user_id as id from students where rombel_class_id = ${rombelId} union select student_id from day_marks)
    select u.id, u.name, s.nis, s.nisn, dm.date::text as key, dm.status
    from people p
      join users u on u.id = p.id
      left join students s on s.user_id = u.id
      left join day_marks dm on dm.student_id = u.id
    order by lower(u.name), u.id, dm.date`);
  return rows;
}

export type SemesterCountRow = StudentMarkRow & {
  /** Days with this mark. */
  days: number;
  /** Meetings recorded for the student in the semester. */
  meetings: number;
};

/** Students of the rombel and anyone marked in its classes of the semester, by name; one row per student and day mark with its days. */
export async function semesterCounts(db: Executor, rombelId: number, semesterId: number): Promise<SemesterCountRow[]> {
  const { rows } = await db.execute<SemesterCountRow>(sql`
    with ${dayMarks(sql`oc.rombel_class_id = ${rombelId} and oc.semester_id = ${semesterId}`)},
    per_mark as (select student_id, status, count(*)::int as days from day_marks group by student_id, status),
    recorded as (select student_id, sum(n)::int as meetings from day_counts group by student_id),
    people as (select user_id as id from students where rombel_class_id = ${rombelId} union select student_id from day_counts)
    select u.id, u.name, s.nis, s.nisn, null as key, pm.status, coalesce(pm.days, 0) as days, coalesce(rc.meetings, 0) as meetings
    from people p
      join users u on u.id = p.id
      left join students s on s.user_id = u.id
      left join per_mark pm on pm.student_id = u.id
      left join recorded rc on rc.student_id = u.id
    order by lower(u.name), u.id`);
  return rows;
}

// ---------------------------------------------------------------- a student's own

/** The student's days and meetings per mark in the semester's classes (kind 'day' | 'meeting'). */
export async function studentCounts(db: Executor, studentId: number, semesterId: number) {
  const { rows } = await db.execute<{ kind: 'day' | 'meeting'; status: AttendanceStatus; n: number }>(sql`
    with ${dayMarks(sql`a.student_id = ${studentId} and oc.semester_id = ${semesterId}`)}
    select 'day' as kind, status, count(*)::int as n from day_marks group by status
    union all
    select 'meeting', status, sum(n)::int from day_counts group by status`);
  return rows;
}

export type StudentMeetingRow = {
  id: number;
  number: number;
  date: string;
  period_from: number | null;
  period_to: number | null;
  starts_at: Date | string;
  class_id: number;
  class_name: string;
  subject: string | null;
  status: AttendanceStatus;
  note: string | null;
};

/** The student's recorded meetings (not cancelled) of the semester's classes, newest first, numbered within their class. */
export async function studentMeetings(db: Executor, studentId: number, semesterId: number): Promise<StudentMeetingRow[]> {
  const { rows } = await db.execute<StudentMeetingRow>(sql`
    with mine as (
      select a.meeting_id, a.status, a.note, m.online_class_id
      from attendance a join meetings m on m.id = a.meeting_id join online_classes oc on oc.id = m.online_class_id
      where a.student_id = ${studentId} and m.cancelled_at is null and oc.semester_id = ${semesterId}
    ), numbered as (
      select id, (row_number() over (partition by online_class_id order by date, period_from, id))::int as number
      from meetings
      where cancelled_at is null and online_class_id in (select online_class_id from mine)
    )
    select m.id, n.number, m.date::text as date, m.period_from, m.period_to, m.starts_at,
      oc.id as class_id, oc.name as class_name,
      (select s.name from teaching_assignments ta join subjects s on s.id = ta.subject_id where ta.online_class_id = oc.id limit 1) as subject,
      mine.status, mine.note
    from mine
      join meetings m on m.id = mine.meeting_id
      join numbered n on n.id = m.id
      join online_classes oc on oc.id = m.online_class_id
    order by m.starts_at desc, m.id desc`);
  return rows;
}

// ---------------------------------------------------------------- settings and alerts

export const ALPA_ALERT_KEY = 'attendance.alpa_alert_days';

/** The stored number of Alpa days that tells the wali kelas, or null when none is stored. */
export async function storedAlpaAlertDays(db: Executor): Promise<number | null> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, ALPA_ALERT_KEY));
  const n = row ? Number(row.value) : NaN;
  return Number.isInteger(n) && n >= 1 ? n : null;
}

export async function storeAlpaAlertDays(db: Executor, days: number): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: ALPA_ALERT_KEY, value: String(days) })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: String(days) } });
}

/** The settings row locked until the transaction ends (so two saves audit their before → after in turn). */
export async function lockSettings(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kelasku:attendance-settings'))`);
}

export type AlertRow = {
  student_id: number;
  name: string;
  days: number;
  rombel: string;
  teacher_id: number;
};

/**
 * The students among `studentIds` with at least `threshold` Alpa days in the month, with the wali
 * kelas of their rombel in the semester holding `date` (else the active one); students without a
 * wali kelas are left out.
 */
export async function alpaAlerts(db: Executor, studentIds: number[], date: string, threshold: number): Promise<AlertRow[]> {
  const { first, last } = monthBounds(date.slice(0, 7));
  const ids = sql`array[${sql.join(
    studentIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;
  const { rows } = await db.execute<AlertRow>(sql`
    with ${dayMarks(sql`a.student_id = any(${ids}) and m.date between ${first}::date and ${last}::date`)},
    alpa as (select student_id, count(*)::int as days from day_marks where status = 'A' group by student_id),
    semester as (
      select se.id from semesters se
      where se.active or ${date}::date between se.starts_on and se.ends_on
      order by (${date}::date between se.starts_on and se.ends_on) desc, se.id
      limit 1
    )
    select al.student_id, u.name, al.days, r.name as rombel, h.teacher_id
    from alpa al
      join users u on u.id = al.student_id
      join students s on s.user_id = al.student_id
      join rombel_classes r on r.id = s.rombel_class_id
      join homerooms h on h.rombel_class_id = s.rombel_class_id and h.semester_id = (select id from semester)
    where al.days >= ${threshold}`);
  return rows;
}
