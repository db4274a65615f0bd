import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { assignments, rubrics, type RubricCriterion } from '../../db/schema.js';

// Correlated subqueries name the outer row in full ("rubrics"."id"): drizzle leaves a column of a
// single-table statement unqualified, which inside a subquery would name the subquery's own row.

/** Assignments the rubric is on. */
const assignmentCount = sql<number>`(select count(*)::int from "assignments" a where a."rubric_id" = "rubrics"."id")`;

/** Work of an assignment graded with marks: now, or in a returned version. */
const gradedWithMarks = (assignmentId: SQL) =>
  sql`exists (select 1 from "submissions" s where s."assignment_id" = ${assignmentId} and (s."rubric_marks" is not null
    or exists (select 1 from "submission_versions" v where v."submission_id" = s."id" and v."rubric_marks" is not null)))`;

/** The rubric graded work: some assignment using it has work graded with marks. */
const usedForGrading = sql<boolean>`exists (select 1 from "assignments" ua where ua."rubric_id" = "rubrics"."id" and ${gradedWithMarks(sql`ua."id"`)})`;

const rubricSelect = {
  id: rubrics.id,
  teacherId: rubrics.teacherId,
  title: rubrics.title,
  criteria: rubrics.criteria,
  updatedAt: rubrics.updatedAt,
  assignmentCount,
  usedForGrading,
};
export type RubricRow = {
  id: number;
  title: string;
  criteria: RubricCriterion[];
  updatedAt: Date;
  assignmentCount: number;
  usedForGrading: boolean;
};

/** The teacher's rubrics, newest first (one query). */
export async function listRubrics(db: Executor, teacherId: number): Promise<RubricRow[]> {
  return db.select(rubricSelect).from(rubrics).where(eq(rubrics.teacherId, teacherId)).orderBy(desc(rubrics.updatedAt), desc(rubrics.id));
}

/** A rubric with its use; `teacherId`: only that teacher's (null when not theirs or missing). */
export async function rubricById(db: Executor, id: number, teacherId?: number): Promise<RubricRow | null> {
  const [row] = await db
    .select(rubricSelect)
    .from(rubrics)
    .where(and(eq(rubrics.id, id), teacherId === undefined ? undefined : eq(rubrics.teacherId, teacherId)));
  return row ?? null;
}

export async function insertRubric(db: Executor, teacherId: number, title: string, criteria: RubricCriterion[]): Promise<number> {
  const [row] = await db.insert(rubrics).values({ teacherId, title, criteria }).returning({ id: rubrics.id });
  return row!.id;
}

/**
 * Changes the teacher's rubric unless it graded work (one statement, so a grade racing the change
 * cannot slip between a check and the write). 'missing': not theirs; 'used': it graded work.
 */
export async function updateRubric(
  db: Executor,
  teacherId: number,
  id: number,
  body: { title: string; criteria: RubricCriterion[] },
): Promise<'updated' | 'missing' | 'used'> {
  const done = await db
    .update(rubrics)
    .set({ title: body.title, criteria: body.criteria, updatedAt: sql`now()` })
    .where(and(eq(rubrics.id, id), eq(rubrics.teacherId, teacherId), sql`not ${usedForGrading}`))
    .returning({ id: rubrics.id });
  if (done.length) return 'updated';
  return (await rubricById(db, id, teacherId)) ? 'used' : 'missing';
}

/** Deletes the teacher's rubric unless an assignment uses it; a number: the assignments using it. */
export async function deleteRubric(db: Executor, teacherId: number, id: number): Promise<'deleted' | 'missing' | number> {
  const done = await db
    .delete(rubrics)
    .where(and(eq(rubrics.id, id), eq(rubrics.teacherId, teacherId), sql`${assignmentCount} = 0`))
    .returning({ id: rubrics.id });
  if (done.length) return 'deleted';
  const row = await rubricById(db, id, teacherId);
  return row ? row.assignmentCount : 'missing';
}

/**
 * Puts a rubric (or none) on an assignment unless some of its work was graded with marks (one
 * statement). Setting the rubric it already has is no change. False: refused.
 */
export async function setAssignmentRubric(db: Executor, assignmentId: number, rubricId: number | null): Promise<boolean> {
  const done = await db
    .update(assignments)
    .set({ rubricId })
    .where(
      and(
        eq(assignments.id, assignmentId),
        sql`("assignments"."rubric_id" is not distinct from ${rubricId}::int or not ${gradedWithMarks(sql`"assignments"."id"`)})`,
      ),
    )
    .returning({ id: assignments.id });
  return done.length > 0;
}

/** An assignment's rubric with its use (null: none). */
export const rubricOfAssignment = (db: Executor, a: { rubricId: number | null }): Promise<RubricRow | null> =>
  a.rubricId == null ? Promise.resolve(null) : rubricById(db, a.rubricId);
