import { and, asc, count, eq, ilike, isNotNull, sql } from 'drizzle-orm';
import type { QuestionKey } from '@kelasku/contract';
import type { Db, Executor } from '../../db/client.js';
import { questionCategories, questions, quizAnswers } from '../../db/schema.js';
import type { QuestionCategoryRow, QuestionRow } from '../../access/question-bank.js';

export type { QuestionCategoryRow, QuestionRow };

/** A question row with the number of quizzes that hold it as a fixed question. */
export type QuestionWithUse = QuestionRow & { usedInQuizzes: number };

// Qualified by hand: drizzle leaves the table off a column of a one-table select, which a subquery would misread.
const usedInQuizzes = sql<number>`(select count(distinct s.quiz_id)::int from quiz_slots s where s.question_id = "questions"."id")`;

// ---------------------------------------------------------------- categories

/** The teacher's categories by name, each with its number of questions (one query). */
export async function listCategories(db: Db, teacherId: number) {
  return db
    .select({ id: questionCategories.id, name: questionCategories.name, question_count: count(questions.id) })
    .from(questionCategories)
    .leftJoin(questions, eq(questions.categoryId, questionCategories.id))
    .where(eq(questionCategories.teacherId, teacherId))
    .groupBy(questionCategories.id)
    .orderBy(sql`lower(${questionCategories.name})`, asc(questionCategories.id));
}

export async function insertCategory(db: Db, teacherId: number, name: string): Promise<QuestionCategoryRow> {
  const [row] = await db.insert(questionCategories).values({ teacherId, name }).returning();
  return row!;
}

/**
 * The teacher's category of this name (case-insensitive), made when missing (a GIFT `$CATEGORY:`);
 * safe against a parallel import making it at the same time.
 */
export async function categoryNamed(tx: Executor, teacherId: number, name: string): Promise<number> {
  const find = () =>
    tx
      .select({ id: questionCategories.id })
      .from(questionCategories)
      .where(and(eq(questionCategories.teacherId, teacherId), sql`lower(${questionCategories.name}) = lower(${name})`));
  const [found] = await find();
  if (found) return found.id;
  const [made] = await tx
    .insert(questionCategories)
    .values({ teacherId, name })
    .onConflictDoNothing()
    .returning({ id: questionCategories.id });
  if (made) return made.id;
  const [again] = await find();
  return again!.id;
}

export async function renameCategory(db: Db, categoryId: number, name: string): Promise<QuestionCategoryRow | null> {
  const [row] = await db.update(questionCategories).set({ name }).where(eq(questionCategories.id, categoryId)).returning();
  return row ?? null;
}

export async function questionCount(db: Db, categoryId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(questions).where(eq(questions.categoryId, categoryId));
  return row?.n ?? 0;
}

/**
 * Deletes a category with its questions; returns their images (for FileService.release after the
 * commit). A quiz slot drawing from it, or a quiz or an attempt holding one of its questions, makes
 * the delete fail on the foreign keys (checked at the statement's end): the caller answers 409.
 */
export async function deleteCategory(tx: Executor, categoryId: number): Promise<number[]> {
  const images = await tx
    .select({ id: questions.imageFileId })
    .from(questions)
    .where(and(eq(questions.categoryId, categoryId), isNotNull(questions.imageFileId)));
  await tx.delete(questionCategories).where(eq(questionCategories.id, categoryId));
  return images.map((r) => r.id!);
}

// ---------------------------------------------------------------- questions

/** `%`, `_` and `\` of a search as themselves. */
const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A page of a category's questions (oldest first), optionally those whose text holds `q`; two queries. */
export async function listQuestions(
  db: Db,
  categoryId: number,
  opts: { page: number; perPage: number; q?: string | undefined },
): Promise<{ items: QuestionWithUse[]; total: number }> {
  const words = opts.q?.trim() ?? '';
  const where = and(eq(questions.categoryId, categoryId), words ? ilike(questions.text, `%${likeEscaped(words)}%`) : undefined);
  const [items, [total]] = await Promise.all([
    db
      .select({ q: questions, used: usedInQuizzes })
      .from(questions)
      .where(where)
      .orderBy(asc(questions.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage),
    db.select({ n: count() }).from(questions).where(where),
  ]);
  return { items: items.map((r) => ({ ...r.q, usedInQuizzes: r.used })), total: total?.n ?? 0 };
}

/** Every question of a category, oldest first (the GIFT export). */
export async function allQuestions(db: Db, categoryId: number): Promise<QuestionRow[]> {
  return db.select().from(questions).where(eq(questions.categoryId, categoryId)).orderBy(asc(questions.id));
}

export async function questionWithUse(db: Executor, questionId: number): Promise<QuestionWithUse | null> {
  const [row] = await db.select({ q: questions, used: usedInQuizzes }).from(questions).where(eq(questions.id, questionId));
  return row ? { ...row.q, usedInQuizzes: row.used } : null;
}

export interface QuestionValues {
  text: string;
  points: number;
  key: QuestionKey;
  /** Issue 41: GIFT's `::title::` and `####` general feedback (null or absent: none). */
  title?: string | null | undefined;
  generalFeedback?: string | null | undefined;
}

export async function insertQuestions(
  db: Executor,
  categoryId: number,
  teacherId: number,
  values: QuestionValues[],
): Promise<QuestionRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(questions)
    .values(
      values.map((v) => ({
        ...{ categoryId, teacherId, type: v.key.type, text: v.text, points: v.points, data: v.key.data },
        ...{ title: v.title ?? null, generalFeedback: v.generalFeedback ?? null },
      })),
    )
    .returning();
}

/** Saves a question's text, points, key (and title and general feedback when given), and moves it to `categoryId`; null when it is gone. */
export async function updateQuestion(db: Executor, questionId: number, categoryId: number, v: QuestionValues): Promise<QuestionRow | null> {
  const [row] = await db
    .update(questions)
    .set({
      ...{ categoryId, type: v.key.type, text: v.text, points: v.points, data: v.key.data, updatedAt: new Date() },
      // Absent (an older client): kept as they are.
      ...(v.title === undefined ? {} : { title: v.title }),
      ...(v.generalFeedback === undefined ? {} : { generalFeedback: v.generalFeedback }),
    })
    .where(eq(questions.id, questionId))
    .returning();
  return row ?? null;
}

/** Whether a student has answered the question in any attempt. */
export async function hasAnswers(db: Executor, questionId: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(quizAnswers).where(eq(quizAnswers.questionId, questionId));
  return (row?.n ?? 0) > 0;
}

/** Deletes a question; the foreign keys of quiz slots and answers refuse it while it is used (the caller answers 409). */
export async function deleteQuestion(tx: Executor, questionId: number): Promise<QuestionRow | null> {
  const [row] = await tx.delete(questions).where(eq(questions.id, questionId)).returning();
  return row ?? null;
}

/** Points the question at `fileId` (or none); returns the image it had, or undefined when the question is gone. */
export async function setQuestionImage(tx: Executor, questionId: number, fileId: number | null): Promise<number | null | undefined> {
  const [old] = await tx.select({ imageFileId: questions.imageFileId }).from(questions).where(eq(questions.id, questionId)).for('update');
  if (!old) return undefined;
  await tx.update(questions).set({ imageFileId: fileId, updatedAt: new Date() }).where(eq(questions.id, questionId));
  return old.imageFileId;
}
