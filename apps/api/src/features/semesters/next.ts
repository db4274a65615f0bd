/**
 * "Mulai semester berikutnya": after a Ganjil comes the Genap of the same school year, after a
 * Genap the next year's Ganjil. The preview (planNext) and the start (startNext) count the same
 * rows with the same statement, so the preview's numbers are what the start does.
 */
import { sql } from 'drizzle-orm';
import type { NextSemesterBody } from '@kelasku/contract';
import type { Executor, Tx } from '../../db/client.js';
import { insertAssignment } from '../teaching-assignments/write.js';
import { activate, insertSemester, type SemesterRow, type SemesterValues } from './queries.js';

/** The semester after `from`, on its usual dates unless the body gives others. */
export function followingSemester(from: Pick<SemesterRow, 'school_year' | 'term'>, body: NextSemesterBody): SemesterValues {
  const second = Number(from.school_year.slice(5));
  const next =
    from.term === 1
      ? { schoolYear: from.school_year, term: 2, startsOn: `${second}-01-01`, endsOn: `${second}-06-30` }
      : { schoolYear: `${second}/${second + 1}`, term: 1, startsOn: `${second}-07-01`, endsOn: `${second}-12-31` };
  return { ...next, startsOn: body.starts_on ?? next.startsOn, endsOn: body.ends_on ?? next.endsOn };
}

export interface NextCounts {
  /** Classes of the ended semester not archived yet. */
  archived: number;
  assignments: number;
  homerooms: number;
  slots: number;
  /** Handed in, not graded, in the classes being archived. */
  ungraded: number;
}

/** What starting the semester after `fromId` moves; one statement. Without carry-over nothing is copied. */
export async function countNext(db: Executor, fromId: number, carryOver: boolean): Promise<NextCounts> {
  const { rows } = await db.execute<Record<keyof NextCounts, number>>(sql`
    select
      (select count(*) from online_classes oc where oc.semester_id = ${fromId} and oc.archived_at is null)::int as archived,
      (select count(*) from teaching_assignments ta where ta.semester_id = ${fromId})::int as assignments,
      (select count(*) from homerooms h where h.semester_id = ${fromId})::int as homerooms,
      (select count(*) from timetable_slots ts join teaching_assignments ta on ta.id = ts.assignment_id and ta.semester_id = ${fromId}
        where ts.semester_id = ${fromId})::int as slots,
      (select count(*) from submissions s
         join assignments a on a.id = s.assignment_id
         join contents c on c.id = a.content_id
         join online_classes oc on oc.id = c.online_class_id
        where oc.semester_id = ${fromId} and oc.archived_at is null
          and s.submitted_at is not null and s.score is null)::int as ungraded`);
  const r = rows[0]!;
  const n = (v: unknown) => Number(v ?? 0);
  return {
    archived: n(r.archived),
    assignments: carryOver ? n(r.assignments) : 0,
    homerooms: carryOver ? n(r.homerooms) : 0,
    slots: carryOver ? n(r.slots) : 0,
    ungraded: n(r.ungraded),
  };
}

/** Archives the ended semester's classes exactly as the year-end promotion does: read-only, history kept. */
async function archiveClasses(tx: Tx, fromId: number): Promise<number> {
  const { rows } = await tx.execute(sql`
    update online_classes set archived_at = now() where semester_id = ${fromId} and archived_at is null returning id`);
  return rows.length;
}

/** Each assignment again in `toId`, same rombel, subject, teachers and hours, with a new empty class of the old one's name. */
async function copyAssignments(tx: Tx, fromId: number, toId: number): Promise<Map<number, number>> {
  const { rows } = await tx.execute<{
    id: number;
    rombel_id: number;
    subject_id: number;
    hours: number;
    class_name: string;
    class_teacher: number;
    teacher_ids: number[] | null;
  }>(sql`
    select ta.id, ta.rombel_class_id as rombel_id, ta.subject_id, ta.hours_per_week as hours,
           oc.name as class_name, oc.teacher_id as class_teacher,
           (select array_agg(t.teacher_id order by t.position, t.teacher_id) from teaching_assignment_teachers t
             where t.assignment_id = ta.id) as teacher_ids
      from teaching_assignments ta join online_classes oc on oc.id = ta.online_class_id
     where ta.semester_id = ${fromId}
     order by ta.id`);
  const ids = new Map<number, number>();
  for (const r of rows) {
    const teacherIds = r.teacher_ids?.length ? r.teacher_ids.map(Number) : [Number(r.class_teacher)];
    const made = await insertAssignment(tx, {
      semesterId: toId,
      rombelId: Number(r.rombel_id),
      subjectId: Number(r.subject_id),
      teacherIds,
      hoursPerWeek: Number(r.hours),
      className: r.class_name,
    });
    ids.set(Number(r.id), made.id);
  }
  return ids;
}

async function copyHomerooms(tx: Tx, fromId: number, toId: number): Promise<number> {
  const { rows } = await tx.execute(sql`
    insert into homerooms (semester_id, rombel_class_id, teacher_id)
    select ${toId}, h.rombel_class_id, h.teacher_id from homerooms h where h.semester_id = ${fromId}
    returning rombel_class_id`);
  return rows.length;
}

/** The timetable again, each slot on its assignment's copy. */
async function copySlots(tx: Tx, fromId: number, toId: number, ids: Map<number, number>): Promise<number> {
  if (ids.size === 0) return 0;
  const pairs = sql.join(
    [...ids].map(([from, to]) => sql`(${from}::int, ${to}::int)`),
    sql`, `,
  );
  const { rows } = await tx.execute(sql`
    insert into timetable_slots (semester_id, assignment_id, rombel_class_id, day, period)
    select ${toId}, m.to_id, ts.rombel_class_id, ts.day, ts.period
      from timetable_slots ts join (values ${pairs}) as m(from_id, to_id) on m.from_id = ts.assignment_id
     where ts.semester_id = ${fromId}
    returning id`);
  return rows.length;
}

/**
 * Starts the semester after `fromId` inside the caller's transaction (which holds the active
 * semester's row): archives its classes, creates `to` and makes it the active one, and with
 * carry-over copies the teaching assignments (new classes), wali kelas and timetable.
 */
export async function startNext(tx: Tx, fromId: number, to: SemesterValues, carryOver: boolean) {
  const archived = await archiveClasses(tx, fromId);
  const id = await insertSemester(tx, to);
  await activate(tx, id);
  if (!carryOver) return { id, archived, assignments: 0, homerooms: 0, slots: 0 };
  const ids = await copyAssignments(tx, fromId, id);
  const homerooms = await copyHomerooms(tx, fromId, id);
  const slots = await copySlots(tx, fromId, id, ids);
  return { id, archived, assignments: ids.size, homerooms, slots };
}
