/**
 * The life of an attempt, in SQL: start (one per student at a time, never past the attempts
 * allowed), answer saves (one guarded upsert each, judged on the database's clock), closing
 * (grading what was saved) and the job that closes overdue attempts.
 *
 * Closing and saving exclude each other through the attempt's row: a save locks it FOR SHARE in
 * its own statement, closing locks it FOR UPDATE. A save that commits first is graded by the close;
 * a save that comes after finds the attempt finished and writes nothing. So every acknowledged
 * answer is in the graded attempt, and nothing is written into a finished one.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { EXAM_MSG, QUIZ_MSG } from '@kelasku/contract';
import type { Db, Executor } from '../../db/client.js';
import { questions, quizAnswers, quizAttempts, quizOverrides, quizSlots, quizTokenClaims, quizzes } from '../../db/schema.js';
import { ownOverride, withOverride, type Quiz, type QuizAttempt } from '../../access/quizzes.js';
import { forbidden, invalidField, notFound } from '../../http/errors.js';
import { publishExam } from '../exams/live.js';
import { autoPoints, scoreOf } from './grading.js';
import { layoutItem, layoutOf, shuffled, type Layout } from './layout.js';
import type { AuditSource } from '../../audit/record.js';
import { auditQuizScores } from '../../audit/changes.js';

/** The advisory lock of one student's attempts of one quiz (hashed into PostgreSQL's 64-bit lock space). */
const attemptLock = (quizId: number, studentId: number) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`kelasku:quiz-attempt:${quizId}:${studentId}`}::text, 0))`;

/**
 * Why a student may not start an attempt now (null: they may), judged at the database's `now`; given
 * the number of questions an attempt would hold, also a quiz without any. The one statement of the
 * rule: startAttempt's 409 and the quiz page's `can_start` / `reason_if_not` both come from it.
 */
export function refusalOf(quiz: Quiz, finishedCount: number, now: Date, questionCount?: number): string | null {
  if (quiz.opensAt && quiz.opensAt.getTime() > now.getTime()) return QUIZ_MSG.notOpen;
  if (quiz.closesAt && quiz.closesAt.getTime() <= now.getTime()) return QUIZ_MSG.closed;
  if (quiz.attemptsAllowed > 0 && finishedCount >= quiz.attemptsAllowed) return QUIZ_MSG.attemptsUsed;
  if (questionCount === 0) return QUIZ_MSG.noQuestions;
  return null;
}

const isOverdue = (a: Pick<QuizAttempt, 'finishedAt' | 'dueAt'>, now: Date) =>
  a.finishedAt === null && a.dueAt !== null && a.dueAt.getTime() <= now.getTime();

export type StartResult = { attempt: QuizAttempt; created: boolean } | { refused: string };

/** Issue 41: an exam-mode start's session (auth token id) and the window of the token it typed. */
export interface ExamStart {
  sessionId: number;
  window: number;
}

/** Claims the student's token of one window (one INSERT): false when it was claimed before. */
async function claimToken(tx: Executor, quizId: number, studentId: number, window: number, attemptId: number): Promise<boolean> {
  const rows = await tx
    .insert(quizTokenClaims)
    .values({ quizId, studentId, window, attemptId })
    .onConflictDoNothing()
    .returning({ window: quizTokenClaims.window });
  return rows.length > 0;
}

/**
 * Exam mode, an open attempt: the session that started it gets it back (no new claim: a reload or
 * a second tab of the same browser); one freed by the proctor's "reset login" is bound to this
 * session with a fresh token; one bound to another session is refused (tokenUsed when this token
 * was already claimed there, otherDevice otherwise).
 */
async function resumeExam(tx: Executor, open: QuizAttempt, exam: ExamStart): Promise<QuizAttempt> {
  if (open.sessionId === exam.sessionId) return open;
  if (open.sessionId !== null) {
    const [claimed] = await tx
      .select({ window: quizTokenClaims.window })
      .from(quizTokenClaims)
      .where(
        and(
          eq(quizTokenClaims.quizId, open.quizId),
          eq(quizTokenClaims.studentId, open.studentId),
          eq(quizTokenClaims.window, exam.window),
        ),
      );
    throw forbidden(claimed ? EXAM_MSG.tokenUsed : EXAM_MSG.otherDevice);
  }
  if (!(await claimToken(tx, open.quizId, open.studentId, exam.window, open.id))) throw forbidden(EXAM_MSG.tokenUsed);
  const [bound] = await tx.update(quizAttempts).set({ sessionId: exam.sessionId }).where(eq(quizAttempts.id, open.id)).returning();
  await publishExam(tx, open.quizId, open.studentId);
  return bound!;
}

/**
 * Starts the student's next attempt, or returns the one still open. In one transaction under the
 * student's lock for this quiz (two tabs, two phones: one attempt), with the quiz row shared-locked
 * (its slots cannot change meanwhile): an open attempt past its time is closed first; the quiz must
 * be open and attempts left (the student's override applied); the questions are drawn (category
 * slots: at random, never one already in the quiz), shuffled if asked, and fixed in the layout with
 * the due time. Exam mode (`exam` given; 403 when it is missing): the token's window is claimed in
 * the same transaction (a replay: 403 tokenUsed, nothing started), the attempt bound to the session;
 * without `exam` a quiz switched to exam mode meanwhile is refused (422 tokenRequired).
 */
export async function startAttempt(db: Db, quizId: number, studentId: number, exam?: ExamStart): Promise<StartResult> {
  return db.transaction(async (tx) => {
    await tx.execute(attemptLock(quizId, studentId));
    const [row] = await tx
      .select({ quiz: quizzes, override: quizOverrides, now: sql<Date>`now()`.mapWith((v: string | Date) => new Date(v)) })
      .from(quizzes)
      .leftJoin(quizOverrides, ownOverride({ id: studentId }))
      .where(eq(quizzes.id, quizId))
      .for('share', { of: quizzes });
    if (!row) throw notFound();
    const { now } = row;
    const quiz = withOverride(row.quiz, row.override);
    if (quiz.examMode && !exam) throw invalidField('token', EXAM_MSG.tokenRequired);
    const mine = await tx
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.studentId, studentId)))
      .orderBy(asc(quizAttempts.number));
    const open = mine.find((a) => a.finishedAt === null);
    if (open && !isOverdue(open, now)) return { attempt: quiz.examMode && exam ? await resumeExam(tx, open, exam) : open, created: false };
    if (open) await closeAttemptIn(tx, open.id);
    const refused = refusalOf(quiz, mine.length, now);
    if (refused) return { refused };

    const drawn = await drawQuestions(tx, quiz);
    const empty = refusalOf(quiz, mine.length, now, drawn.length);
    if (empty) return { refused: empty };
    const ordered = quiz.shuffleQuestions ? shuffled(drawn) : drawn;
    const layout: Layout = ordered.map((q) => layoutItem(q, quiz.shuffleOptions));
    const [attempt] = await tx
      .insert(quizAttempts)
      .values({
        quizId,
        studentId,
        number: (mine.at(-1)?.number ?? 0) + 1,
        layout,
        startedAt: sql`now()`,
        dueAt: sql`least(now() + make_interval(mins => ${quiz.timeLimitMinutes}::int), ${quiz.closesAt?.toISOString() ?? null}::timestamptz)`,
        maxScore: ordered.reduce((s, q) => s + q.points, 0),
        sessionId: quiz.examMode && exam ? exam.sessionId : null,
      })
      .returning();
    if (quiz.examMode && exam) {
      // A replay of a used token (or another tab's claim that won): the whole start rolls back.
      if (!(await claimToken(tx, quizId, studentId, exam.window, attempt!.id))) throw forbidden(EXAM_MSG.tokenUsed);
      await publishExam(tx, quizId, studentId);
    }
    return { attempt: attempt!, created: true };
  });
}

/** The quiz's questions for a new attempt, in slot order: fixed ones, and each category slot's random draw. */
async function drawQuestions(tx: Executor, quiz: Quiz) {
  const slots = await tx.select().from(quizSlots).where(eq(quizSlots.quizId, quiz.id)).orderBy(asc(quizSlots.position), asc(quizSlots.id));
  const fixedIds = slots.flatMap((s) => (s.questionId === null ? [] : [s.questionId]));
  const categoryIds = [...new Set(slots.flatMap((s) => (s.categoryId === null ? [] : [s.categoryId])))];
  const pool = await tx
    .select({ id: questions.id, categoryId: questions.categoryId, type: questions.type, points: questions.points, data: questions.data })
    .from(questions)
    .where(
      or(
        fixedIds.length ? inArray(questions.id, fixedIds) : sql`false`,
        categoryIds.length ? inArray(questions.categoryId, categoryIds) : sql`false`,
      ),
    )
    .orderBy(asc(questions.id));
  const byId = new Map(pool.map((q) => [q.id, q]));
  const taken = new Set(fixedIds);
  const out: typeof pool = [];
  for (const s of slots) {
    if (s.questionId !== null) {
      const q = byId.get(s.questionId);
      if (q) out.push(q);
      continue;
    }
    const candidates = shuffled(pool.filter((q) => q.categoryId === s.categoryId && !taken.has(q.id)));
    for (const q of candidates.slice(0, s.pickCount ?? 0)) {
      taken.add(q.id);
      out.push(q);
    }
  }
  return out;
}

/**
 * Saves one answer (already checked against the question) in one statement, on the database's
 * clock: written only while the attempt is unfinished and before its due time (which holds the
 * quiz's or the student's own closing time, and the proctor's extra time); an attempt without a due
 * time only before the quiz closes. The last write of a question wins. Returns when it was saved,
 * or null when nothing was written (the attempt is over).
 */
export async function saveAnswer(db: Executor, attemptId: number, questionId: number, answer: unknown): Promise<Date | null> {
  const result = (await db.execute(sql`
    insert into quiz_answers (attempt_id, question_id, answer, saved_at)
    select a.id, ${questionId}::int, ${JSON.stringify(answer)}::jsonb, now()
      from quiz_attempts a join quizzes q on q.id = a.quiz_id
     where a.id = ${attemptId} and a.finished_at is null
       and (a.due_at > now() or (a.due_at is null and (q.closes_at is null or q.closes_at > now())))
       for share of a
    on conflict (attempt_id, question_id) do update set answer = excluded.answer, saved_at = excluded.saved_at, auto_points = null
    returning saved_at`)) as unknown as { rows: Array<{ saved_at: Date | string }> };
  const saved = result.rows[0]?.saved_at;
  return saved === undefined ? null : new Date(saved);
}

/** The answers of attempts with their questions' keys (what grading reads). */
async function answersWithKeys(tx: Executor, attemptIds: number[]) {
  if (attemptIds.length === 0) return [];
  return tx
    .select({
      attemptId: quizAnswers.attemptId,
      questionId: quizAnswers.questionId,
      answer: quizAnswers.answer,
      autoPoints: quizAnswers.autoPoints,
      manualPoints: quizAnswers.manualPoints,
      type: questions.type,
      points: questions.points,
      data: questions.data,
    })
    .from(quizAnswers)
    .innerJoin(questions, eq(questions.id, quizAnswers.questionId))
    .where(inArray(quizAnswers.attemptId, attemptIds));
}

/** Writes new automatic points of answers (one statement). */
async function writeAutoPoints(tx: Executor, rows: Array<{ attemptId: number; questionId: number; points: number | null }>) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update quiz_answers qa set auto_points = v.p
      from unnest(${`{${rows.map((r) => r.attemptId).join(',')}}`}::int[], ${`{${rows.map((r) => r.questionId).join(',')}}`}::int[],
                  ${`{${rows.map((r) => (r.points === null ? 'NULL' : r.points)).join(',')}}`}::float8[]) as v(a, q, p)
     where qa.attempt_id = v.a and qa.question_id = v.q`);
}

/**
 * Closes an attempt inside a transaction: locks it, grades every saved answer by the key and sums
 * the score (null while an essay waits), and marks it finished. An attempt past its due time is
 * marked timed out and finished at its due time. Returns the attempt (as it is, when already finished).
 */
export async function closeAttemptIn(tx: Executor, attemptId: number): Promise<QuizAttempt | null> {
  const [locked] = await tx.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId)).for('update');
  if (!locked || locked.finishedAt !== null) return locked ?? null;
  const answers = await answersWithKeys(tx, [attemptId]);
  const graded = answers.map((a) => ({ ...a, autoPoints: autoPoints(a, a.answer) }));
  await writeAutoPoints(
    tx,
    graded.map((a) => ({ attemptId, questionId: a.questionId, points: a.autoPoints })),
  );
  const score = scoreOf(
    layoutOf(locked.layout).map((i) => i.question_id),
    graded,
  );
  const [closed] = await tx
    .update(quizAttempts)
    .set({
      finishedAt: sql`case when ${quizAttempts.dueAt} <= now() then ${quizAttempts.dueAt} else now() end`,
      timedOut: sql`coalesce(${quizAttempts.dueAt} <= now(), false)`,
      score,
    })
    .where(eq(quizAttempts.id, attemptId))
    .returning();
  return closed!;
}

/**
 * The due time of open attempts again (issue 41) after the quiz's or a student's time limit or
 * closing time changed: the earlier of the start plus the time limit and the closing time (each the
 * student's override where set), plus the proctor's extra minutes. Attempts whose time has run out
 * keep it. One statement.
 */
export async function recomputeDue(tx: Executor, quizId: number, studentId?: number): Promise<void> {
  const own = (column: string) =>
    sql.raw(`(select o.${column} from quiz_overrides o where o.quiz_id = a.quiz_id and o.student_id = a.student_id)`);
  await tx.execute(sql`
    update quiz_attempts a
       set due_at = least(
             a.started_at + make_interval(mins => coalesce(${own('time_limit_minutes')}, q.time_limit_minutes)::int),
             coalesce(${own('closes_at')}, q.closes_at)) + make_interval(mins => a.extra_minutes::int)
      from quizzes q
     where q.id = a.quiz_id and a.quiz_id = ${quizId} and a.finished_at is null
       and (a.due_at is null or a.due_at > now())
       and (${studentId ?? null}::int is null or a.student_id = ${studentId ?? null}::int)`);
}

/** Closes an attempt in a transaction of its own. */
export const closeAttempt = (db: Db, attemptId: number) => db.transaction((tx) => closeAttemptIn(tx, attemptId));

/** Closes an attempt; of an exam-mode quiz, with the proctor board's event in the same transaction. */
export const closeAttemptOf = (db: Db, quiz: Pick<Quiz, 'id' | 'examMode'>, attempt: Pick<QuizAttempt, 'id' | 'studentId'>) =>
  quiz.examMode
    ? db.transaction(async (tx) => {
        const closed = await closeAttemptIn(tx, attempt.id);
        await publishExam(tx, quiz.id, attempt.studentId);
        return closed;
      })
    : closeAttempt(db, attempt.id);

/** The attempt, closed first when its time has run out (reads close lazily; the job does the rest). */
export async function closedIfOverdue(db: Db, attempt: QuizAttempt, now: Date): Promise<QuizAttempt> {
  return isOverdue(attempt, now) ? ((await closeAttempt(db, attempt.id)) ?? attempt) : attempt;
}

/** Closes the overdue attempts of one quiz (a teacher's reads of it); returns how many. */
export async function closeOverdueOfQuiz(db: Db, quizId: number): Promise<number> {
  const due = await db
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), isNull(quizAttempts.finishedAt), lte(quizAttempts.dueAt, sql`now()`)));
  for (const a of due) await closeAttempt(db, a.id);
  return due.length;
}

/**
 * Closes every attempt whose time has run out, oldest due first, in batches; each in its own
 * transaction (a crash leaves the rest for the next run). Returns how many it closed.
 */
export async function closeOverdue(db: Db, batch = 200): Promise<number> {
  let closed = 0;
  for (;;) {
    const due = await db
      .select({ id: quizAttempts.id })
      .from(quizAttempts)
      .where(and(isNull(quizAttempts.finishedAt), lte(quizAttempts.dueAt, sql`now()`)))
      .orderBy(asc(quizAttempts.dueAt))
      .limit(batch);
    for (const a of due) await closeAttempt(db, a.id);
    closed += due.length;
    if (due.length < batch) return closed;
  }
}

/**
 * Sums again the score of finished attempts from their answers' points (after a hand grade or a
 * regrade), and their max score from the questions' current points. One statement.
 */
export async function rescore(tx: Executor, attemptIds: number[]): Promise<void> {
  if (attemptIds.length === 0) return;
  const attempts = await tx
    .select({ id: quizAttempts.id, layout: quizAttempts.layout })
    .from(quizAttempts)
    .where(inArray(quizAttempts.id, attemptIds));
  const answers = await tx
    .select({
      attemptId: quizAnswers.attemptId,
      questionId: quizAnswers.questionId,
      autoPoints: quizAnswers.autoPoints,
      manualPoints: quizAnswers.manualPoints,
    })
    .from(quizAnswers)
    .where(inArray(quizAnswers.attemptId, attemptIds));
  const allIds = [...new Set(attempts.flatMap((a) => layoutOf(a.layout).map((i) => i.question_id)))];
  const points = new Map(
    (allIds.length
      ? await tx.select({ id: questions.id, points: questions.points }).from(questions).where(inArray(questions.id, allIds))
      : []
    ).map((q) => [q.id, q.points]),
  );
  const rows = attempts.map((a) => {
    const ids = layoutOf(a.layout).map((i) => i.question_id);
    return {
      id: a.id,
      score: scoreOf(
        ids,
        answers.filter((x) => x.attemptId === a.id),
      ),
      max: ids.reduce((s, id) => s + (points.get(id) ?? 0), 0),
    };
  });
  await tx.execute(sql`
    update quiz_attempts qa set score = v.s, max_score = v.m
      from unnest(${`{${rows.map((r) => r.id).join(',')}}`}::int[], ${`{${rows.map((r) => (r.score === null ? 'NULL' : r.score)).join(',')}}`}::float8[],
                  ${`{${rows.map((r) => r.max).join(',')}}`}::int[]) as v(id, s, m)
     where qa.id = v.id and qa.finished_at is not null`);
}

/**
 * Grades every saved answer of the quiz's finished attempts again by the current keys (a key was
 * fixed) and sums their scores again; hand grades stay. Returns the number of attempts regraded.
 */
export async function regradeQuiz(db: Db, quizId: number, source?: AuditSource): Promise<number> {
  return db.transaction(async (tx) => {
    const finished = await tx
      .select({ id: quizAttempts.id, score: quizAttempts.score, maxScore: quizAttempts.maxScore })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quizId), sql`${quizAttempts.finishedAt} is not null`))
      .for('update');
    const ids = finished.map((a) => a.id);
    const answers = await answersWithKeys(tx, ids);
    await writeAutoPoints(
      tx,
      answers.map((a) => ({ attemptId: a.attemptId, questionId: a.questionId, points: autoPoints(a, a.answer) })),
    );
    await rescore(tx, ids);
    // The audit log keeps the attempts whose score the regrade changed (before → after).
    if (source) await auditQuizScores(tx, source, 'grade.regrade', finished);
    return ids.length;
  });
}

/** Saves a hand grade of one question of a finished attempt (an answer row is made for an unanswered one) and sums the score again. */
export async function gradeAnswer(
  db: Db,
  attemptId: number,
  questionId: number,
  points: number,
  feedback: string | null,
  source?: AuditSource,
): Promise<'ok' | 'open'> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId)).for('update');
    if (!locked) throw notFound();
    if (locked.finishedAt === null) return 'open';
    const [was] = await tx
      .select({ autoPoints: quizAnswers.autoPoints, manualPoints: quizAnswers.manualPoints, feedback: quizAnswers.feedback })
      .from(quizAnswers)
      .where(and(eq(quizAnswers.attemptId, attemptId), eq(quizAnswers.questionId, questionId)));
    await tx
      .insert(quizAnswers)
      .values({ attemptId, questionId, answer: sql`'null'::jsonb`, manualPoints: points, feedback, autoPoints: 0 })
      .onConflictDoUpdate({ target: [quizAnswers.attemptId, quizAnswers.questionId], set: { manualPoints: points, feedback } });
    await rescore(tx, [attemptId]);
    if (source) {
      // A hand grade of an essay (or an unanswered question) is "grade.quiz"; over the key's points, "grade.override".
      const action = was && was.autoPoints !== null ? 'grade.override' : 'grade.quiz';
      await auditQuizScores(tx, source, action, [locked], {
        id: questionId,
        before: { points: was ? (was.manualPoints ?? was.autoPoints) : null, feedback: was?.feedback ?? null },
        after: { points, feedback },
      });
    }
    return 'ok';
  });
}
