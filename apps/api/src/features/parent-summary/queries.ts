/**
 * The weekly summary's reads (issue 40), each one query for a whole batch of parents or children:
 * the parents to sum up, their active children, and the children's week — work that closed this
 * week without a hand-in, work graded this week, S/I/A marks of the week's meetings. Only what the
 * child could see: classes of the child's rombel not archived, contents and assignments shown now.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { aliased, visibleNow } from '../../access/visibility.js';
import type { SummaryChild, Week } from './week.js';

const intArray = (ids: number[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  )}]::int[]`;

export type SummaryParent = {
  id: number;
  name: string;
  email: string | null;
  weekly_summary_email: boolean;
};

/** Active parents with at least one active child, after `afterId`, in id order. */
export async function parentsAfter(db: Executor, afterId: number, limit: number): Promise<SummaryParent[]> {
  const { rows } = await db.execute<SummaryParent>(sql`
    select u.id, u.name, u.email, not coalesce('parent_summary' = any(ns.email_off), false) as weekly_summary_email
    from users u join parents p on p.user_id = u.id
    left join notification_settings ns on ns.user_id = u.id
    where u.id > ${afterId} and u.role_id = 4 and u.status = 1
      and exists (select 1 from parent_links l join users c on c.id = l.student_id and c.status = 1 where l.parent_id = u.id)
    order by u.id limit ${limit}`);
  return rows;
}

export type ChildLink = {
  parent_id: number;
  student_id: number;
  name: string;
};

/** The active children of these parents, by name. */
export async function childrenOf(db: Executor, parentIds: number[]): Promise<ChildLink[]> {
  const { rows } = await db.execute<ChildLink>(sql`
    select l.parent_id, c.id as student_id, c.name
    from parent_links l join users c on c.id = l.student_id and c.status = 1
    join students s on s.user_id = c.id
    where l.parent_id = any(${intArray(parentIds)})
    order by l.parent_id, c.name, c.id`);
  return rows;
}

/** Assignments of the child's classes the child sees now (classes of the rombel, not archived). */
const childWork = (extra: SQL) => sql`
  from students s
  join online_classes oc on oc.rombel_class_id = s.rombel_class_id and oc.archived_at is null
  join contents c on c.online_class_id = oc.id
  join assignments a on a.content_id = c.id
  ${extra}
  where ${visibleNow(aliased('c'), aliased('a'))}`;

type MissingRow = {
  student_id: number;
  title: string;
  class_name: string;
  deadline: Date | string;
};
type GradeRow = {
  student_id: number;
  title: string;
  class_name: string;
  score: number;
};
type AbsenceRow = {
  student_id: number;
  date: string;
  mark: 'S' | 'I' | 'A';
  count: number;
};

/** Work that closed for the child this week (the extension's closing time when there is one) and was not handed in. */
function missingOf(db: Executor, ids: SQL, week: Week) {
  return db.execute<MissingRow>(sql`
    select s.user_id as student_id, a.title, oc.name as class_name, coalesce(e.deadline, a.deadline) as deadline
    ${childWork(sql`
      left join assignment_extensions e on e.assignment_id = a.id and e.student_id = s.user_id
      left join submissions sub on sub.assignment_id = a.id and sub.student_id = s.user_id`)}
      and s.user_id = any(${ids})
      and sub.submitted_at is null and sub.score is null
      and (case when e.assignment_id is null then coalesce(a.closes_at, a.deadline) else coalesce(e.closes_at, e.deadline) end)
          between ${week.from} and ${week.to}
    order by s.user_id, 4, a.id`);
}

/** Work of the child graded this week, with the score the child sees. */
function gradesOf(db: Executor, ids: SQL, week: Week) {
  return db.execute<GradeRow>(sql`
    select s.user_id as student_id, a.title, oc.name as class_name, sub.score
    ${childWork(sql`join submissions sub on sub.assignment_id = a.id and sub.student_id = s.user_id`)}
      and s.user_id = any(${ids})
      and sub.score is not null and sub.graded_at between ${week.from} and ${week.to}
    order by s.user_id, sub.graded_at, a.id`);
}

/** S, I and A marks of the child's meetings this week (cancelled ones left out), per day and mark. */
function absencesOf(db: Executor, ids: SQL, week: Week) {
  return db.execute<AbsenceRow>(sql`
    select at.student_id, to_char(m.date, 'YYYY-MM-DD') as date, at.status as mark, count(*)::int as count
    from attendance at join meetings m on m.id = at.meeting_id and m.cancelled_at is null
    where at.student_id = any(${ids}) and at.status in ('S', 'I', 'A')
      and m.date between ${week.start}::date and ${week.today}::date
    group by at.student_id, m.date, at.status
    order by at.student_id, m.date, at.status`);
}

/** Each child's week (three queries for the whole batch). */
export async function weekOfChildren(db: Executor, children: Array<{ id: number; name: string }>, week: Week) {
  const out = new Map<number, SummaryChild>(
    children.map((c) => [c.id, { student: { id: c.id, name: c.name }, missing: [], new_grades: [], absences: [] }]),
  );
  if (children.length === 0) return out;
  const ids = intArray(children.map((c) => c.id));
  const [missing, grades, absences] = [await missingOf(db, ids, week), await gradesOf(db, ids, week), await absencesOf(db, ids, week)];
  for (const r of missing.rows) {
    out.get(r.student_id)?.missing.push({ title: r.title, class_name: r.class_name, deadline: new Date(r.deadline).toISOString() });
  }
  for (const r of grades.rows) out.get(r.student_id)?.new_grades.push({ title: r.title, class_name: r.class_name, score: r.score });
  for (const r of absences.rows) out.get(r.student_id)?.absences.push({ date: r.date, mark: r.mark, count: r.count });
  return out;
}
