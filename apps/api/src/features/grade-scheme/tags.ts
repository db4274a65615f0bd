/**
 * The category and TPs of an assignment, a quiz or one question (slot) of a quiz (issue 39): checked
 * against the class (a category of this class, TPs of its subject and rombel grade), read, and written.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { GRADE_MSG } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import {
  assignmentObjectives,
  assignments,
  gradeCategories,
  learningObjectives,
  quizObjectives,
  quizSlotObjectives,
  quizzes,
} from '../../db/schema.js';
import { invalidField } from '../../http/errors.js';
import { gradesLocked } from '../../access/index.js';
import { conflict } from '../../http/errors.js';
import { classContext } from './queries.js';

/** Tags as a body gives them: absent fields are left as they are. */
export interface WorkTags {
  category_id?: number | null;
  objective_ids?: number[];
}

/** 422 unless the category is the class's own and every TP is of the class's subject and grade. Two queries at most. */
export async function checkTags(db: Executor, classId: number, tags: WorkTags): Promise<void> {
  if (tags.category_id !== undefined && tags.category_id !== null) {
    const [found] = await db
      .select({ id: gradeCategories.id })
      .from(gradeCategories)
      .where(and(eq(gradeCategories.id, tags.category_id), eq(gradeCategories.onlineClassId, classId)));
    if (!found) throw invalidField('category_id', GRADE_MSG.categoryNotInClass);
  }
  await checkObjectives(db, classId, tags.objective_ids);
}

/** 422 GRADE_MSG.objectiveNotInClass unless every TP is of the class's subject and its rombel's grade. */
export async function checkObjectives(db: Executor, classId: number, ids: number[] | undefined, field = 'objective_ids'): Promise<void> {
  if (!ids || ids.length === 0) return;
  const ctx = await classContext(db, classId);
  if (!ctx.subject || ctx.grade === null) throw invalidField(field, GRADE_MSG.objectiveNotInClass);
  const wanted = [...new Set(ids)];
  const found = await db
    .select({ id: learningObjectives.id })
    .from(learningObjectives)
    .where(
      and(
        inArray(learningObjectives.id, wanted),
        eq(learningObjectives.subjectId, ctx.subject.id),
        eq(learningObjectives.grade, ctx.grade),
      ),
    );
  if (found.length !== wanted.length) throw invalidField(field, GRADE_MSG.objectiveNotInClass);
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Whether writing `tags` changes what the work has now (a change in a locked semester is refused). */
export const tagsChange = (now: { category_id: number | null; objective_ids: number[] }, tags: WorkTags) =>
  (tags.category_id !== undefined && tags.category_id !== now.category_id) ||
  (tags.objective_ids !== undefined && !sameSet(now.objective_ids, [...new Set(tags.objective_ids)]));

/** 409 GRADE_MSG.locked when the tags would change the work of a class whose grades are locked. */
export async function assertTagsOpen(
  db: Executor,
  classId: number,
  now: { category_id: number | null; objective_ids: number[] },
  tags: WorkTags,
): Promise<void> {
  if (tagsChange(now, tags) && (await gradesLocked(db, classId))) throw conflict(GRADE_MSG.locked);
}

type Kind = 'assignment' | 'quiz';

/** The category and TPs of assignments or quizzes, by id. Two queries. */
export async function tagsOf(
  db: Executor,
  kind: Kind,
  ids: number[],
): Promise<Map<number, { category_id: number | null; objective_ids: number[] }>> {
  const out = new Map<number, { category_id: number | null; objective_ids: number[] }>();
  if (ids.length === 0) return out;
  const table = kind === 'assignment' ? assignments : quizzes;
  const rows = await db.select({ id: table.id, categoryId: table.categoryId }).from(table).where(inArray(table.id, ids));
  for (const r of rows) out.set(r.id, { category_id: r.categoryId, objective_ids: [] });
  const links =
    kind === 'assignment'
      ? await db
          .select({ id: assignmentObjectives.assignmentId, objectiveId: assignmentObjectives.objectiveId })
          .from(assignmentObjectives)
          .where(inArray(assignmentObjectives.assignmentId, ids))
      : await db
          .select({ id: quizObjectives.quizId, objectiveId: quizObjectives.objectiveId })
          .from(quizObjectives)
          .where(inArray(quizObjectives.quizId, ids));
  for (const l of links.sort((a, b) => a.objectiveId - b.objectiveId)) out.get(l.id)?.objective_ids.push(l.objectiveId);
  return out;
}

/** Writes the tags of one assignment or quiz (absent fields unchanged). */
export async function writeTags(tx: Executor, kind: Kind, id: number, tags: WorkTags): Promise<void> {
  if (tags.category_id !== undefined) {
    if (kind === 'assignment') await tx.update(assignments).set({ categoryId: tags.category_id }).where(eq(assignments.id, id));
    else await tx.update(quizzes).set({ categoryId: tags.category_id }).where(eq(quizzes.id, id));
  }
  if (tags.objective_ids === undefined) return;
  const ids = [...new Set(tags.objective_ids)];
  if (kind === 'assignment') {
    await tx.delete(assignmentObjectives).where(eq(assignmentObjectives.assignmentId, id));
    if (ids.length) await tx.insert(assignmentObjectives).values(ids.map((objectiveId) => ({ assignmentId: id, objectiveId })));
  } else {
    await tx.delete(quizObjectives).where(eq(quizObjectives.quizId, id));
    if (ids.length) await tx.insert(quizObjectives).values(ids.map((objectiveId) => ({ quizId: id, objectiveId })));
  }
}

/** The TPs of quiz slots, by slot id. One query. */
export async function slotTagsOf(db: Executor, slotIds: number[]): Promise<Map<number, number[]>> {
  if (slotIds.length === 0) return new Map();
  const rows = await db.select().from(quizSlotObjectives).where(inArray(quizSlotObjectives.slotId, slotIds));
  const bySlot = Map.groupBy(
    rows.sort((a, b) => a.objectiveId - b.objectiveId),
    (r) => r.slotId,
  );
  return new Map([...bySlot].map(([slotId, list]) => [slotId, list.map((r) => r.objectiveId)]));
}

/** Replaces the TPs of one quiz slot. */
export async function writeSlotTags(tx: Executor, slotId: number, objectiveIds: number[]): Promise<void> {
  await tx.delete(quizSlotObjectives).where(eq(quizSlotObjectives.slotId, slotId));
  const ids = [...new Set(objectiveIds)];
  if (ids.length) await tx.insert(quizSlotObjectives).values(ids.map((objectiveId) => ({ slotId, objectiveId })));
}
