/**
 * The SQL of the calendar feed (issue 42). Each list is one statement whatever the number of the
 * user's classes or children, so a feed costs a fixed number of statements (routes.ts, docs).
 * Times come back as epoch milliseconds (float8), so nothing depends on the driver's date parsing.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { visibleNow, aliased } from '../../access/visibility.js';
import { teachesClass } from '../../access/teaching.js';

/** Days before and after today a deadline, quiz or extra meeting must fall in to be in the feed. */
export const WINDOW = { pastDays: 30, aheadDays: 90 } as const;

const ms = (expr: string) => sql.raw(`(extract(epoch from ${expr}) * 1000)::float8`);
const inWindow = (expr: SQL) =>
  sql`(${expr} between now() - make_interval(days => ${WINDOW.pastDays}) and now() + make_interval(days => ${WINDOW.aheadDays}))`;

// ---------------------------------------------------------------- the address

export interface FeedRow {
  token: string;
  createdAt: number;
  lastReadAt: number | null;
}

export async function feedOf(db: Db, userId: number): Promise<FeedRow | null> {
  const { rows } = await db.execute<{ token: string; created: number; last_read: number | null }>(sql`
    select token, ${ms('created_at')} as created, ${ms('last_read_at')} as last_read from calendar_feeds where user_id = ${userId}`);
  const r = rows[0];
  return r ? { token: r.token, createdAt: Number(r.created), lastReadAt: r.last_read === null ? null : Number(r.last_read) } : null;
}

/** A new address for the user: the old token is gone in the same statement. */
export async function replaceFeed(db: Db, userId: number, token: string): Promise<void> {
  await db.execute(sql`
    insert into calendar_feeds (user_id, token) values (${userId}, ${token})
    on conflict (user_id) do update set token = excluded.token, created_at = now(), last_read_at = null`);
}

export async function deleteFeed(db: Db, userId: number): Promise<void> {
  await db.execute(sql`delete from calendar_feeds where user_id = ${userId}`);
}

export interface FeedOwner {
  userId: number;
  roleId: number;
  name: string;
  lastReadAt: number | null;
}

/** The active user a token belongs to (one lookup on the unique index), or null. */
export async function ownerOfToken(db: Db, token: string): Promise<FeedOwner | null> {
  const { rows } = await db.execute<{ user_id: number; role_id: number; name: string; last_read: number | null }>(sql`
    select f.user_id, u.role_id, u.name, ${ms('f.last_read_at')} as last_read
      from calendar_feeds f join users u on u.id = f.user_id and u.status = 1
     where f.token = ${token}`);
  const r = rows[0];
  if (!r) return null;
  return {
    userId: Number(r.user_id),
    roleId: Number(r.role_id),
    name: r.name,
    lastReadAt: r.last_read === null ? null : Number(r.last_read),
  };
}

/** Marks the feed read (the caller does it at most once an hour). */
export async function touchFeed(db: Db, userId: number): Promise<void> {
  await db.execute(sql`update calendar_feeds set last_read_at = now() where user_id = ${userId}`);
}

// ---------------------------------------------------------------- whose items

/** Students whose items the feed shows: the student themself, or a parent's active children. */
export type Learners = { student: number } | { parent: number };

const learnersOf = (who: Learners): SQL =>
  'student' in who
    ? sql`select ${who.student}::int as id`
    : sql`select pl.student_id as id from parent_links pl join users pu on pu.id = pl.student_id and pu.status = 1
           where pl.parent_id = ${who.parent}`;

// ---------------------------------------------------------------- deadlines

export interface DeadlineRow {
  id: number;
  title: string;
  due: number;
  stamp: number;
  classId: number;
  className: string;
  lessonId: number;
  /** The student it is for (a teacher's row: null). */
  studentId: number | null;
  studentName: string | null;
  extended: boolean;
  hidden: boolean;
}

type RawDeadline = {
  id: number;
  title: string;
  due: number;
  stamp: number;
  class_id: number;
  class_name: string;
  lesson_id: number;
  student_id: number | null;
  student_name: string | null;
  extended: boolean;
  hidden: boolean;
};

const deadlineRow = (r: RawDeadline): DeadlineRow => ({
  id: Number(r.id),
  title: r.title,
  due: Number(r.due),
  stamp: Number(r.stamp),
  classId: Number(r.class_id),
  className: r.class_name,
  lessonId: Number(r.lesson_id),
  studentId: r.student_id === null ? null : Number(r.student_id),
  studentName: r.student_name,
  extended: r.extended,
  hidden: r.hidden,
});

/** The contents of the learners' classes (not archived), with each learner as `s`/`su`: the rows of their deadlines and quizzes. */
const learnerContents = sql`from learners l
  join students s on s.user_id = l.id
  join users su on su.id = s.user_id
  join online_classes oc on oc.rombel_class_id = s.rombel_class_id and oc.archived_at is null
  join contents c on c.online_class_id = oc.id`;

/** The deadlines students see now, each with the student's own extension. */
export async function learnerDeadlines(db: Db, who: Learners): Promise<DeadlineRow[]> {
  const { rows } = await db.execute<RawDeadline>(sql`
    with learners as (${learnersOf(who)})
    select a.id, a.title, ${ms('coalesce(x.deadline, a.deadline)')} as due,
           ${ms('greatest(a.updated_at, x.created_at)')} as stamp,
           oc.id as class_id, oc.name as class_name, c.id as lesson_id,
           s.user_id as student_id, su.name as student_name, (x.deadline is not null) as extended, false as hidden
      ${learnerContents}
      join assignments a on a.content_id = c.id
      left join assignment_extensions x on x.assignment_id = a.id and x.student_id = s.user_id
     where ${visibleNow(aliased('c'), aliased('a'))}
       and ${inWindow(sql`coalesce(x.deadline, a.deadline)`)}
     order by due, a.id, s.user_id`);
  return rows.map(deadlineRow);
}

/** The deadlines of the classes a teacher teaches (drafts and scheduled ones too, flagged). */
export async function teacherDeadlines(db: Db, teacherId: number): Promise<DeadlineRow[]> {
  const { rows } = await db.execute<RawDeadline>(sql`
    select a.id, a.title, ${ms('a.deadline')} as due, ${ms('a.updated_at')} as stamp,
           oc.id as class_id, oc.name as class_name, c.id as lesson_id, null::int as student_id, null::text as student_name,
           false as extended, not (${visibleNow(aliased('c'), aliased('a'))}) as hidden
      from online_classes oc
      join contents c on c.online_class_id = oc.id
      join assignments a on a.content_id = c.id
     where oc.archived_at is null and ${teachesClass(teacherId, 'oc')}
       and ${inWindow(sql`a.deadline`)}
     order by due, a.id`);
  return rows.map(deadlineRow);
}

// ---------------------------------------------------------------- quizzes

export interface QuizRow {
  id: number;
  title: string;
  opensAt: number | null;
  closesAt: number | null;
  exam: boolean;
  stamp: number;
  classId: number;
  className: string;
  lessonId: number;
  studentId: number | null;
  studentName: string | null;
  hidden: boolean;
}

type RawQuiz = {
  id: number;
  title: string;
  opens: number | null;
  closes: number | null;
  exam: boolean;
  stamp: number;
  class_id: number;
  class_name: string;
  lesson_id: number;
  student_id: number | null;
  student_name: string | null;
  hidden: boolean;
};

const quizRow = (r: RawQuiz): QuizRow => ({
  id: Number(r.id),
  title: r.title,
  opensAt: r.opens === null ? null : Number(r.opens),
  closesAt: r.closes === null ? null : Number(r.closes),
  exam: r.exam,
  stamp: Number(r.stamp),
  classId: Number(r.class_id),
  className: r.class_name,
  lessonId: Number(r.lesson_id),
  studentId: r.student_id === null ? null : Number(r.student_id),
  studentName: r.student_name,
  hidden: r.hidden,
});

/** The quizzes students see now with a time set, each with the student's own override. */
export async function learnerQuizzes(db: Db, who: Learners): Promise<QuizRow[]> {
  const { rows } = await db.execute<RawQuiz>(sql`
    with learners as (${learnersOf(who)}),
    q as (
      select z.id, z.title, coalesce(o.opens_at, z.opens_at) as opens, coalesce(o.closes_at, z.closes_at) as closes,
             z.exam_mode as exam, greatest(z.updated_at, o.updated_at) as stamp,
             oc.id as class_id, oc.name as class_name, c.id as lesson_id, s.user_id as student_id, su.name as student_name
        ${learnerContents}
        join quizzes z on z.content_id = c.id
        left join quiz_overrides o on o.quiz_id = z.id and o.student_id = s.user_id
       where ${visibleNow(aliased('c'), aliased('z'))}
    )
    select id, title, ${ms('opens')} as opens, ${ms('closes')} as closes, exam, ${ms('stamp')} as stamp,
           class_id, class_name, lesson_id, student_id, student_name, false as hidden
      from q
     where ${inWindow(sql`opens`)} or ${inWindow(sql`closes`)}
     order by coalesce(opens, closes), id, student_id`);
  return rows.map(quizRow);
}

export async function teacherQuizzes(db: Db, teacherId: number): Promise<QuizRow[]> {
  const { rows } = await db.execute<RawQuiz>(sql`
    select z.id, z.title, ${ms('z.opens_at')} as opens, ${ms('z.closes_at')} as closes, z.exam_mode as exam,
           ${ms('z.updated_at')} as stamp, oc.id as class_id, oc.name as class_name, c.id as lesson_id,
           null::int as student_id, null::text as student_name, not (${visibleNow(aliased('c'), aliased('z'))}) as hidden
      from online_classes oc
      join contents c on c.online_class_id = oc.id
      join quizzes z on z.content_id = c.id
     where oc.archived_at is null and ${teachesClass(teacherId, 'oc')}
       and (${inWindow(sql`z.opens_at`)} or ${inWindow(sql`z.closes_at`)})
     order by coalesce(z.opens_at, z.closes_at), z.id`);
  return rows.map(quizRow);
}

// ---------------------------------------------------------------- the week's timetable

export interface LessonRow {
  assignmentId: number;
  day: number;
  periodFrom: number;
  periodTo: number;
  classId: number;
  className: string;
  /** The first lesson on or after the semester's first day, and its end. */
  startsAt: number;
  endsAt: number;
  /** The end of the semester's last day (WIB). */
  until: number;
  stamp: number;
  /** The starts of cancelled meetings of this lesson (EXDATE). */
  cancelled: number[];
}

/**
 * The active semester's weekly lessons (a run of consecutive periods of one teaching assignment on
 * one weekday, as meetings/generate.ts makes them) of a student's rombel or of a teacher's
 * teaching assignments, with their times from the bell in WIB.
 */
export async function weeklyLessons(db: Db, who: { student: number } | { teacher: number }): Promise<LessonRow[]> {
  const scope =
    'student' in who
      ? sql`ts.rombel_class_id = (select rombel_class_id from students where user_id = ${who.student})`
      : sql`ts.assignment_id in (select assignment_id from teaching_assignment_teachers where teacher_id = ${who.teacher})`;
  const { rows } = await db.execute<{
    assignment_id: number;
    day: number;
    period_from: number;
    period_to: number;
    class_id: number;
    class_name: string;
    starts: number;
    ends: number;
    until: number;
    stamp: number;
    cancelled: number[] | null;
  }>(sql`
    with slots as (
      select ts.assignment_id, ts.day, ts.period,
             ts.period - row_number() over (partition by ts.assignment_id, ts.day order by ts.period) as island
        from timetable_slots ts
        join semesters s on s.id = ts.semester_id and s.active
       where ${scope}
    ),
    runs as (
      select assignment_id, day, min(period) as period_from, max(period) as period_to
        from slots group by assignment_id, day, island
    ),
    firsts as (
      select r.*, ta.online_class_id as class_id, ta.created_at, s.ends_on,
             s.starts_on + ((r.day - extract(isodow from s.starts_on)::int + 7) % 7) as first_day
        from runs r
        join teaching_assignments ta on ta.id = r.assignment_id
        join semesters s on s.id = ta.semester_id
    )
    select f.assignment_id, f.day, f.period_from, f.period_to, f.class_id, oc.name as class_name,
           ${ms(`((f.first_day + bf.starts_at) at time zone 'Asia/Jakarta')`)} as starts,
           ${ms(`((f.first_day + bt.ends_at) at time zone 'Asia/Jakarta')`)} as ends,
           ${ms(`((f.ends_on + time '23:59:59') at time zone 'Asia/Jakarta')`)} as until,
           ${ms('f.created_at')} as stamp,
           (select array_agg((extract(epoch from m.starts_at) * 1000)::float8 order by m.starts_at)
              from meetings m
             where m.online_class_id = f.class_id and m.source = 'timetable' and m.cancelled_at is not null
               and m.period_from = f.period_from and extract(isodow from m.date)::int = f.day) as cancelled
      from firsts f
      join online_classes oc on oc.id = f.class_id and oc.archived_at is null
      join bell_periods bf on bf.day = f.day and bf.period = f.period_from
      join bell_periods bt on bt.day = f.day and bt.period = f.period_to
     where f.first_day <= f.ends_on and bt.ends_at > bf.starts_at
     order by f.day, bf.starts_at, f.class_id`);
  return rows.map((r) => ({
    assignmentId: Number(r.assignment_id),
    day: Number(r.day),
    periodFrom: Number(r.period_from),
    periodTo: Number(r.period_to),
    classId: Number(r.class_id),
    className: r.class_name,
    startsAt: Number(r.starts),
    endsAt: Number(r.ends),
    until: Number(r.until),
    stamp: Number(r.stamp),
    cancelled: (r.cancelled ?? []).map(Number),
  }));
}

// ---------------------------------------------------------------- meetings outside the timetable

export interface MeetingRow {
  id: number;
  classId: number;
  className: string;
  topic: string | null;
  startsAt: number;
  endsAt: number;
  stamp: number;
}

/** Meetings a teacher added outside the timetable ("Pertemuan tambahan"), not cancelled, in the window. */
export async function extraMeetings(db: Db, who: { student: number } | { teacher: number }): Promise<MeetingRow[]> {
  const scope =
    'student' in who
      ? sql`oc.rombel_class_id = (select rombel_class_id from students where user_id = ${who.student})`
      : teachesClass(who.teacher, 'oc');
  const { rows } = await db.execute<{
    id: number;
    class_id: number;
    class_name: string;
    topic: string | null;
    starts: number;
    ends: number;
    stamp: number;
  }>(sql`
    select m.id, oc.id as class_id, oc.name as class_name, m.topic,
           ${ms('m.starts_at')} as starts, ${ms('m.ends_at')} as ends, ${ms('m.updated_at')} as stamp
      from meetings m
      join online_classes oc on oc.id = m.online_class_id and oc.archived_at is null
     where m.source = 'extra' and m.cancelled_at is null and ${scope} and ${inWindow(sql`m.starts_at`)}
     order by m.starts_at, m.id`);
  return rows.map((r) => ({
    id: Number(r.id),
    classId: Number(r.class_id),
    className: r.class_name,
    topic: r.topic,
    startsAt: Number(r.starts),
    endsAt: Number(r.ends),
    stamp: Number(r.stamp),
  }));
}
