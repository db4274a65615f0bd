/** Tujuan pembelajaran (issue 39): reads and writes, each a fixed number of statements. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LearningObjective } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { learningObjectives, subjects } from '../../db/schema.js';

/** How many assignments, quizzes and quiz questions are tagged with the TP. */
const workCount = sql<number>`(
  (select count(*) from assignment_objectives x where x.objective_id = "learning_objectives"."id") +
  (select count(*) from quiz_objectives x where x.objective_id = "learning_objectives"."id") +
  (select count(*) from quiz_slot_objectives x where x.objective_id = "learning_objectives"."id"))::int`.mapWith(Number);

const columns = {
  id: learningObjectives.id,
  subject_id: learningObjectives.subjectId,
  grade: learningObjectives.grade,
  code: learningObjectives.code,
  description: learningObjectives.description,
  position: learningObjectives.position,
  erapor_id: learningObjectives.eraporId,
  work_count: workCount,
};

/** The TPs of a subject and grade, in order. */
export const listObjectives = (db: Executor, subjectId: number, grade: number): Promise<LearningObjective[]> =>
  db
    .select(columns)
    .from(learningObjectives)
    .where(and(eq(learningObjectives.subjectId, subjectId), eq(learningObjectives.grade, grade)))
    .orderBy(asc(learningObjectives.position), asc(learningObjectives.id));

export async function findObjective(db: Executor, id: number): Promise<LearningObjective | null> {
  const [row] = await db.select(columns).from(learningObjectives).where(eq(learningObjectives.id, id));
  return row ?? null;
}

/** The TP's row locked to the end of the transaction, or null. */
export async function lockObjective(tx: Executor, id: number) {
  const [row] = await tx.select().from(learningObjectives).where(eq(learningObjectives.id, id)).for('update');
  return row ?? null;
}

export async function findSubject(db: Executor, id: number) {
  const [row] = await db.select({ id: subjects.id, code: subjects.code, name: subjects.name }).from(subjects).where(eq(subjects.id, id));
  return row ?? null;
}
export type SubjectRow = NonNullable<Awaited<ReturnType<typeof findSubject>>>;

/** Whether the teacher teaches the subject in the active semester (listed on one of its teaching assignments). */
export async function teachesSubject(db: Executor, teacherId: number, subjectId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    select 1 as ok from teaching_assignments ta
      join teaching_assignment_teachers tat on tat.assignment_id = ta.id
      join semesters s on s.id = ta.semester_id and s.active
    where ta.subject_id = ${subjectId} and tat.teacher_id = ${teacherId}
    limit 1`);
  return rows.length > 0;
}

/** Writes of one subject and grade run one at a time (positions and the import's plan see every other write). */
export async function lockObjectiveWrites(tx: Executor, subjectId: number, grade: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kelasku:objectives'), ${subjectId * 16 + grade}::int)`);
}

/** Another TP of the subject and grade with this code (case-insensitively), or null. */
export async function codeClash(tx: Executor, subjectId: number, grade: number, code: string, exceptId: number | null) {
  const [row] = await tx
    .select({ id: learningObjectives.id })
    .from(learningObjectives)
    .where(
      and(
        eq(learningObjectives.subjectId, subjectId),
        eq(learningObjectives.grade, grade),
        sql`lower(${learningObjectives.code}) = lower(${code})`,
        exceptId === null ? undefined : sql`${learningObjectives.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface ObjectiveValues {
  code: string;
  description: string;
}

/** Adds TPs at the end of their subject and grade, in the given order. */
export async function insertObjectives(tx: Executor, subjectId: number, grade: number, rows: ObjectiveValues[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const [max] = await tx
    .select({ p: sql<number>`coalesce(max(${learningObjectives.position}), -1)::int`.mapWith(Number) })
    .from(learningObjectives)
    .where(and(eq(learningObjectives.subjectId, subjectId), eq(learningObjectives.grade, grade)));
  const inserted = await tx
    .insert(learningObjectives)
    .values(rows.map((r, i) => ({ subjectId, grade, code: r.code, description: r.description, position: max!.p + 1 + i })))
    .returning({ id: learningObjectives.id });
  return inserted.map((r) => r.id);
}

/** Changes the descriptions (and codes) of TPs by id, in one statement. */
export async function updateObjectives(tx: Executor, rows: Array<ObjectiveValues & { id: number }>): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::int, ${r.code}::text, ${r.description}::text)`),
    sql`, `,
  );
  await tx.execute(sql`
    update learning_objectives o set code = v.code, description = v.description
    from (values ${values}) as v(id, code, description) where o.id = v.id`);
}

export async function deleteObjective(tx: Executor, id: number): Promise<void> {
  await tx.delete(learningObjectives).where(eq(learningObjectives.id, id));
}

/** Puts the TPs in this order (positions 0…n-1), in one statement. */
export async function reorderObjectives(tx: Executor, ids: number[]): Promise<void> {
  const values = sql.join(
    ids.map((id, i) => sql`(${id}::int, ${i}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update learning_objectives o set position = v.pos from (values ${values}) as v(id, pos) where o.id = v.id`);
}

/** The ids of every TP of a subject and grade. */
export const objectiveIdsOf = async (tx: Executor, subjectId: number, grade: number) =>
  (
    await tx
      .select({ id: learningObjectives.id })
      .from(learningObjectives)
      .where(and(eq(learningObjectives.subjectId, subjectId), eq(learningObjectives.grade, grade)))
  ).map((r) => r.id);

/** TPs by id (the import's updates). */
export const objectivesByIds = (db: Executor, ids: number[]) =>
  ids.length ? db.select().from(learningObjectives).where(inArray(learningObjectives.id, ids)) : Promise.resolve([]);
