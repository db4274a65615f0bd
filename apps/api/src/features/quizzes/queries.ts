import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { QUIZ_MSG, type QuizBody } from '@kelasku/contract';
import type { Db, Executor } from '../../db/client.js';
import { userOf } from '../../db/lookups.js';
import { questionCategories, questions, quizAnswers, quizAttempts, quizSlots, quizzes, students, users } from '../../db/schema.js';
import type { Quiz, QuizAttempt } from '../../access/quizzes.js';
import type { FieldErrors } from '../../http/errors.js';
import { nextPosition } from '../lessons/queries.js';
import { layoutOf } from './layout.js';
import { recomputeDue } from './attempts.js';
import { newExamSecret } from '../exams/token.js';
import { slotTagsOf, tagsOf, writeTags, type WorkTags } from '../grade-scheme/tags.js';

// ---------------------------------------------------------------- the quiz and its slots

/** A slot as the body gives it (validated by the contract's quizBody). */
export type SlotValue =
  { questionId: number; categoryId?: undefined; count?: undefined } | { questionId?: undefined; categoryId: number; count: number };

export type QuizSettings = Omit<typeof quizzes.$inferInsert, 'id' | 'lessonId' | 'authorId' | 'position' | 'createdAt' | 'updatedAt'>;

type ParsedQuizBody = Omit<QuizBody, 'slots'> & { slots: Array<{ question_id?: number; category_id?: number; count?: number }> };

const at = (v: string | null | undefined) => (v ? new Date(v) : null);

/** The body's settings as columns, and its slots. */
export function valuesOf(b: ParsedQuizBody): { settings: QuizSettings; slots: SlotValue[] } {
  return {
    settings: {
      title: b.title as string,
      description: (b.description as string | undefined) ?? '',
      opensAt: at(b.opens_at as string | null | undefined),
      closesAt: at(b.closes_at as string | null | undefined),
      timeLimitMinutes: (b.time_limit_minutes as number | null | undefined) ?? null,
      attemptsAllowed: (b.attempts_allowed as number | undefined) ?? 1,
      gradingMethod: b.grading_method ?? 'highest',
      shuffleQuestions: b.shuffle_questions ?? false,
      shuffleOptions: b.shuffle_options ?? false,
      onePerPage: b.one_per_page ?? true,
      showResults: b.show_results ?? 'after_submit',
      showReview: b.show_review ?? false,
      hidden: b.hidden ?? false,
      publishAt: at(b.publish_at as string | null | undefined),
      examMode: b.exam_mode ?? false,
      examLeaveLimit: (b.exam_leave_limit as number | null | undefined) ?? null,
    },
    slots: b.slots.map((s) =>
      s.question_id !== undefined ? { questionId: s.question_id } : { categoryId: s.category_id!, count: s.count! },
    ),
  };
}

/**
 * The slots checked against the teacher's bank (two queries): a fixed question must be theirs and
 * in the quiz once; a category theirs, and its slots may not draw more questions than it holds
 * beside the quiz's fixed questions from it. Field errors by slot, or null.
 */
export async function slotErrors(db: Db, teacherId: number, slots: SlotValue[]): Promise<FieldErrors | null> {
  const fixedIds = slots.flatMap((s) => (s.questionId === undefined ? [] : [s.questionId]));
  const categoryIds = [...new Set(slots.flatMap((s) => (s.categoryId === undefined ? [] : [s.categoryId])))];
  const fixed = fixedIds.length
    ? await db
        .select({ id: questions.id, categoryId: questions.categoryId })
        .from(questions)
        .where(and(inArray(questions.id, fixedIds), eq(questions.teacherId, teacherId)))
    : [];
  const categories = categoryIds.length
    ? await db
        .select({
          id: questionCategories.id,
          // Spelt out: drizzle writes a single table's columns unqualified, which inside the subquery would mean questions.id.
          n: sql<number>`(select count(*)::int from questions q where q.category_id = "question_categories"."id")`,
        })
        .from(questionCategories)
        .where(and(inArray(questionCategories.id, categoryIds), eq(questionCategories.teacherId, teacherId)))
    : [];
  const categoryOf = new Map(fixed.map((q) => [q.id, q.categoryId]));
  const available = new Map(categories.map((c) => [c.id, c.n]));
  const wanted = new Map<number, number>();
  for (const s of slots) {
    if (s.categoryId !== undefined) wanted.set(s.categoryId, (wanted.get(s.categoryId) ?? 0) + s.count);
    else if (categoryOf.has(s.questionId)) {
      const c = categoryOf.get(s.questionId)!;
      wanted.set(c, (wanted.get(c) ?? 0) + 1);
    }
  }
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  slots.forEach((s, i) => {
    if (s.questionId !== undefined) {
      if (!categoryOf.has(s.questionId)) errors[`slots.${i}.question_id`] = [QUIZ_MSG.questionUnknown];
      else if (seen.has(s.questionId)) errors[`slots.${i}.question_id`] = [QUIZ_MSG.duplicateQuestion];
      seen.add(s.questionId);
    } else if (!available.has(s.categoryId)) errors[`slots.${i}.category_id`] = [QUIZ_MSG.categoryUnknown];
    else if ((wanted.get(s.categoryId) ?? 0) > available.get(s.categoryId)!) errors[`slots.${i}.count`] = [QUIZ_MSG.categoryTooFew];
  });
  return Object.keys(errors).length ? errors : null;
}

const slotRows = (quizId: number, slots: SlotValue[]) =>
  slots.map((s, i) => ({
    quizId,
    position: i + 1,
    questionId: s.questionId ?? null,
    categoryId: s.categoryId ?? null,
    pickCount: s.count ?? null,
  }));

/** Adds a quiz at the end of the content's quizzes, with its slots. */
export async function insertQuiz(
  db: Db,
  lessonId: number,
  authorId: number,
  v: ReturnType<typeof valuesOf>,
  tags: WorkTags = {},
): Promise<Quiz> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quizzes)
      .values({
        ...v.settings,
        lessonId,
        authorId,
        position: nextPosition(quizzes, lessonId),
        examSecret: v.settings.examMode ? newExamSecret() : null,
      })
      .returning();
    await tx.insert(quizSlots).values(slotRows(row!.id, v.slots));
    await writeTags(tx, 'quiz', row!.id, tags);
    return row!;
  });
}

/** The slots of quizzes, in order. */
export const slotsOf = (db: Executor, quizIds: number[]) =>
  quizIds.length
    ? db
        .select()
        .from(quizSlots)
        .where(inArray(quizSlots.quizId, quizIds))
        .orderBy(asc(quizSlots.quizId), asc(quizSlots.position), asc(quizSlots.id))
    : Promise.resolve([]);
export type SlotRow = typeof quizSlots.$inferSelect;

const sameSlots = (current: SlotRow[], next: SlotValue[]) =>
  current.length === next.length &&
  current.every(
    (c, i) =>
      c.questionId === (next[i]!.questionId ?? null) &&
      c.categoryId === (next[i]!.categoryId ?? null) &&
      c.pickCount === (next[i]!.count ?? null),
  );

/**
 * Edits a quiz: the settings any time; the slots only while no attempt exists ('hasAttempts'
 * otherwise; the same slots sent back are no change) and when they passed slotErrors
 * (`slotsInvalid`: 'invalidSlots' if they change). The quiz row is locked, so an attempt cannot
 * start on the old slots meanwhile. Open attempts get the new due time (time limit, closing time;
 * a student's override and the proctor's extra minutes kept) unless their time has already run out.
 * Null when the quiz is gone.
 */
export async function updateQuiz(
  db: Db,
  quizId: number,
  v: ReturnType<typeof valuesOf>,
  slotsInvalid: boolean,
  tags: WorkTags = {},
): Promise<Quiz | null | 'hasAttempts' | 'invalidSlots'> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, quizId)).for('update');
    if (!locked) return null;
    const current = await slotsOf(tx, [quizId]);
    if (!sameSlots(current, v.slots)) {
      const [used] = await tx.select({ n: count() }).from(quizAttempts).where(eq(quizAttempts.quizId, quizId));
      if (used!.n > 0) return 'hasAttempts';
      if (slotsInvalid) return 'invalidSlots';
      await tx.delete(quizSlots).where(eq(quizSlots.quizId, quizId));
      await tx.insert(quizSlots).values(slotRows(quizId, v.slots));
    }
    const [row] = await tx
      .update(quizzes)
      .set({
        ...v.settings,
        updatedAt: new Date(),
        // Issue 41: the token's secret is made when exam mode is first switched on, and kept.
        ...(v.settings.examMode ? { examSecret: sql`coalesce(${quizzes.examSecret}, ${newExamSecret()})` } : {}),
      })
      .where(eq(quizzes.id, quizId))
      .returning();
    await writeTags(tx, 'quiz', quizId, tags);
    await recomputeDue(tx, quizId);
    return row!;
  });
}

/** Deletes a quiz with its slots, attempts and answers; false when it is gone. */
export async function deleteQuiz(db: Db, lessonId: number, quizId: number): Promise<boolean> {
  const gone = await db
    .delete(quizzes)
    .where(and(eq(quizzes.id, quizId), eq(quizzes.lessonId, lessonId)))
    .returning({ id: quizzes.id });
  return gone.length > 0;
}

/** A question of the bank as the teacher's quiz pages show it (with its key). */
export const questionColumns = {
  id: questions.id,
  categoryId: questions.categoryId,
  type: questions.type,
  text: questions.text,
  title: questions.title,
  generalFeedback: questions.generalFeedback,
  points: questions.points,
  data: questions.data,
  imageFileId: questions.imageFileId,
  createdAt: questions.createdAt,
  updatedAt: questions.updatedAt,
  // Spelt out: drizzle writes a single table's columns unqualified, which inside the subquery would mean quiz_slots.id.
  usedInQuizzes: sql<number>`(select count(distinct s.quiz_id)::int from quiz_slots s where s.question_id = "questions"."id")`,
};

export async function questionsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select(questionColumns).from(questions).where(inArray(questions.id, ids));
}
export type QuestionRow = Awaited<ReturnType<typeof questionsByIds>>[number];

/** The categories the slots draw from: name, how many questions, and the lowest and highest points. */
export async function categoriesOf(db: Executor, slots: SlotRow[]) {
  const ids = [...new Set(slots.flatMap((s) => (s.categoryId === null ? [] : [s.categoryId])))];
  if (ids.length === 0) return [];
  return db
    .select({
      id: questionCategories.id,
      name: questionCategories.name,
      n: sql<number>`count(${questions.id})::int`,
      minPoints: sql<number | null>`min(${questions.points})::int`,
      maxPoints: sql<number | null>`max(${questions.points})::int`,
    })
    .from(questionCategories)
    .leftJoin(questions, eq(questions.categoryId, questionCategories.id))
    .where(inArray(questionCategories.id, ids))
    .groupBy(questionCategories.id);
}
export type CategoryRow = Awaited<ReturnType<typeof categoriesOf>>[number];

/** Everything the teacher's quiz page shows: the slots with their questions and categories, and the number of attempts. */
export async function quizDetailRows(db: Db, quiz: Quiz) {
  const slots = await slotsOf(db, [quiz.id]);
  const fixed = await questionsByIds(
    db,
    slots.flatMap((s) => (s.questionId === null ? [] : [s.questionId])),
  );
  const categories = await categoriesOf(db, slots);
  const [attempts] = await db.select({ n: count() }).from(quizAttempts).where(eq(quizAttempts.quizId, quiz.id));
  // Issue 39: the quiz's grade category and TPs, and each slot's TPs.
  const tags = (await tagsOf(db, 'quiz', [quiz.id])).get(quiz.id) ?? { category_id: quiz.categoryId, objective_ids: [] };
  const slotTags = await slotTagsOf(
    db,
    slots.map((s) => s.id),
  );
  return { slots, fixed, categories, attemptCount: attempts!.n, tags, slotTags };
}
export type QuizDetailRows = Awaited<ReturnType<typeof quizDetailRows>>;

/** What a student's quiz page counts: questions per attempt and their points (no question itself). */
export async function quizSizeRows(db: Db, quiz: Quiz) {
  const slots = await slotsOf(db, [quiz.id]);
  const fixedIds = slots.flatMap((s) => (s.questionId === null ? [] : [s.questionId]));
  const fixed = fixedIds.length
    ? await db.select({ id: questions.id, points: questions.points }).from(questions).where(inArray(questions.id, fixedIds))
    : [];
  return { slots, fixed, categories: await categoriesOf(db, slots) };
}

// ---------------------------------------------------------------- attempts

/** The student's attempts of a quiz, in order. */
export const attemptsOf = (db: Executor, quizId: number, studentId: number) =>
  db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.studentId, studentId)))
    .orderBy(asc(quizAttempts.number));

/** The questions of an attempt's layout (with their keys: the caller shapes what leaves). */
export async function attemptQuestions(db: Executor, attempt: Pick<QuizAttempt, 'layout'>) {
  return questionsByIds(
    db,
    layoutOf(attempt.layout).map((i) => i.question_id),
  );
}

/** The saved answers of attempts. */
export const answersOf = (db: Executor, attemptIds: number[]) =>
  attemptIds.length ? db.select().from(quizAnswers).where(inArray(quizAnswers.attemptId, attemptIds)) : Promise.resolve([]);
export type AnswerRow = typeof quizAnswers.$inferSelect;

/** A student as the results show them. */
export async function studentOf(db: Db, studentId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, nis: students.nis })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .where(eq(users.id, studentId));
  return row ?? { id: studentId, name: '', nis: null };
}

/**
 * The students of a quiz's results: those of the class's rombel by name, or, in an archived class
 * (its rombel holds another year now), those who made an attempt; and every attempt of the quiz.
 */
export async function resultRows(db: Db, quiz: Quiz, klass: { rombelClassId: number; archivedAt: Date | null }) {
  const attempts = await db
    .select()
    .from(quizAttempts)
    .where(eq(quizAttempts.quizId, quiz.id))
    .orderBy(asc(quizAttempts.studentId), asc(quizAttempts.number));
  const user = userOf(db, 'u', students.userId);
  const roster = await db
    .select({ id: students.userId, name: user.name, nis: students.nis })
    .from(students)
    .innerJoinLateral(user, sql`true`)
    .where(
      klass.archivedAt === null
        ? eq(students.rombelClassId, klass.rombelClassId)
        : inArray(
            students.userId,
            db.selectDistinct({ id: quizAttempts.studentId }).from(quizAttempts).where(eq(quizAttempts.quizId, quiz.id)),
          ),
    )
    .orderBy(asc(sql`lower(${user.name})`), asc(students.userId));
  return { roster, attempts };
}

/** The finished attempts of a quiz with their answers and questions (statistics). */
export async function statisticsRows(db: Db, quizId: number) {
  const attempts = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), sql`${quizAttempts.finishedAt} is not null`))
    .orderBy(asc(quizAttempts.id));
  const answers = await answersOf(
    db,
    attempts.map((a) => a.id),
  );
  const ids = [...new Set(attempts.flatMap((a) => layoutOf(a.layout).map((i) => i.question_id)))];
  const qs = ids.length
    ? await db
        .select({ id: questions.id, type: questions.type, text: questions.text, points: questions.points, data: questions.data })
        .from(questions)
        .where(inArray(questions.id, ids))
    : [];
  return { attempts, answers, questions: qs };
}
