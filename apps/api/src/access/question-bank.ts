/**
 * Who may reach the question bank (issue 25): a teacher's categories and questions are theirs alone.
 * Another teacher's category or question is a 404, never a 403.
 */
import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { questionCategories, questions } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import type { AuthUser } from '../types.js';

export type QuestionCategoryRow = typeof questionCategories.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;

/** A category of the teacher's own bank, or null. */
export async function findCategoryOf(db: Executor, teacherId: number, categoryId: number): Promise<QuestionCategoryRow | null> {
  const [row] = await db
    .select()
    .from(questionCategories)
    .where(and(eq(questionCategories.id, categoryId), eq(questionCategories.teacherId, teacherId)))
    .limit(1);
  return row ?? null;
}

/** A category of the teacher's own bank; 404 otherwise. */
export async function categoryForTeacher(db: Db, user: AuthUser, categoryId: number): Promise<QuestionCategoryRow> {
  const row = await findCategoryOf(db, user.id, categoryId);
  if (!row) throw notFound();
  return row;
}

/** A question of the teacher's own bank; 404 otherwise. */
export async function questionForTeacher(db: Db, user: AuthUser, questionId: number): Promise<QuestionRow> {
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.teacherId, user.id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}
