import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { semesters } from '../../db/schema.js';

export interface SemesterValues {
  schoolYear: string;
  term: number;
  startsOn: string;
  endsOn: string;
}

/** Semesters with their number of online classes (archived ones included). */
const selectSemesters = (db: Executor) =>
  db
    .select({
      id: semesters.id,
      school_year: semesters.schoolYear,
      term: semesters.term,
      starts_on: semesters.startsOn,
      ends_on: semesters.endsOn,
      active: semesters.active,
      gradesLockedAt: semesters.gradesLockedAt,
      // Qualified by hand: inside a subquery drizzle writes bare column names.
      classes: sql<number>`(select count(*) from online_classes oc where oc.semester_id = semesters.id)::int`.mapWith(Number),
    })
    .from(semesters);

export type SemesterRow = Awaited<ReturnType<typeof listSemesters>>[number];

/** Newest first. */
export const listSemesters = (db: Executor) => selectSemesters(db).orderBy(desc(semesters.startsOn), desc(semesters.id));

export async function findSemester(db: Executor, id: number) {
  const [row] = await selectSemesters(db).where(eq(semesters.id, id));
  return row ?? null;
}

export async function activeSemester(db: Executor) {
  const [row] = await selectSemesters(db).where(eq(semesters.active, true));
  return row ?? null;
}

/** The active semester's row, locked until the transaction ends: two starts of the next semester wait for each other. */
export async function lockActiveSemester(tx: Executor) {
  const [row] = await tx.select({ id: semesters.id }).from(semesters).where(eq(semesters.active, true)).for('update');
  return row ? findSemester(tx, row.id) : null;
}

/** Semester writes run one at a time (a transaction-scoped advisory lock): the checks below see every other write. */
export async function lockSemesterWrites(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kelasku:semesters'))`);
}

/** The semester with this year and term (another than `exceptId`), or null. */
export async function sameYearAndTerm(tx: Executor, v: SemesterValues, exceptId: number | null) {
  const [row] = await tx
    .select({ id: semesters.id })
    .from(semesters)
    .where(
      and(eq(semesters.schoolYear, v.schoolYear), eq(semesters.term, v.term), exceptId === null ? undefined : ne(semesters.id, exceptId)),
    )
    .limit(1);
  return row ?? null;
}

/** Another semester sharing a day with these dates (both ends count), or null. */
export async function overlapping(tx: Executor, v: SemesterValues, exceptId: number | null) {
  const [row] = await tx
    .select({ school_year: semesters.schoolYear, term: semesters.term })
    .from(semesters)
    .where(
      and(
        sql`daterange(${semesters.startsOn}, ${semesters.endsOn}, '[]') && daterange(${v.startsOn}::date, ${v.endsOn}::date, '[]')`,
        exceptId === null ? undefined : ne(semesters.id, exceptId),
      ),
    )
    .orderBy(semesters.startsOn)
    .limit(1);
  return row ?? null;
}

export async function insertSemester(tx: Executor, v: SemesterValues): Promise<number> {
  const [row] = await tx.insert(semesters).values(v).returning({ id: semesters.id });
  return row!.id;
}

export async function updateSemester(tx: Executor, id: number, v: SemesterValues): Promise<void> {
  await tx.update(semesters).set(v).where(eq(semesters.id, id));
}

/** Makes `id` the one active semester: the other stops first (the partial unique index allows one). */
export async function activate(tx: Executor, id: number): Promise<void> {
  await tx
    .update(semesters)
    .set({ active: false })
    .where(and(eq(semesters.active, true), ne(semesters.id, id)));
  await tx.update(semesters).set({ active: true }).where(eq(semesters.id, id));
}

/**
 * "Kunci nilai" (issue 39): locks (`lock` true) or opens the semester's grades, the row locked
 * first so two admins do not both lock it. 'same' when it already is so, null when it is gone.
 */
export async function setGradeLock(tx: Executor, id: number, lock: boolean, by: number): Promise<'same' | 'done' | null> {
  const [row] = await tx.select({ at: semesters.gradesLockedAt }).from(semesters).where(eq(semesters.id, id)).for('update');
  if (!row) return null;
  if ((row.at !== null) === lock) return 'same';
  await tx
    .update(semesters)
    .set(lock ? { gradesLockedAt: new Date(), gradesLockedBy: by } : { gradesLockedAt: null, gradesLockedBy: null })
    .where(eq(semesters.id, id));
  return 'done';
}
