import {
  EXAM_LIMITS,
  EXAM_MSG,
  QUIZ_MSG,
  attemptReview,
  errorEnvelope,
  myQuizAnswerParams,
  myQuizAttemptParams,
  myQuizParams,
  ok,
  quizAnswerBody,
  quizStartBody,
  savedAnswer,
  studentAttempt,
  studentQuizView,
  submittedAttempt,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { assertOwnSession, attemptForStudent, quizForStudent, type Quiz, type QuizAttempt } from '../../access/quizzes.js';
import { conflict, forbidden, invalidField, notFound, tooManyRequests } from '../../http/errors.js';
import { takeSlot } from '../../auth/login-limits.js';
import type { AuthUser } from '../../auth/guards.js';
import { closeAttempt, closeAttemptOf, closedIfOverdue, refusalOf, saveAnswer, startAttempt, type ExamStart } from './attempts.js';
import { judgeToken } from '../exams/token.js';
import { layoutOf, storedAnswer } from './layout.js';
import { answersOf, attemptQuestions, attemptsOf, quizSizeRows } from './queries.js';
import { resultsVisible, sizeOf, toAttemptSummary, toReview, toStudentAttempt, toStudentQuiz, toSubmitted } from './present.js';
import { resultOf } from './grading.js';

/** The attempt page's data (the attempt as it is now). */
const attemptView = async (app: App, quizRow: Quiz, attempt: QuizAttempt, now: Date) =>
  toStudentAttempt(
    app.files.forUser(attempt.studentId),
    quizRow,
    attempt,
    await attemptQuestions(app.db, attempt),
    await answersOf(app.db, [attempt.id]),
    now,
  );

/**
 * Issue 41: an exam-mode start's token, judged on the database's clock: 422 without one, 403 when
 * it is wrong or stale; its window and the request's session otherwise (undefined: not exam mode).
 * Wrong tokens are counted per student and quiz: a student guessing the six digits gets 429 after
 * EXAM_LIMITS.wrongTokens of them in EXAM_LIMITS.wrongTokenMinutes.
 */
async function examStartOf(app: App, quiz: Quiz, token: string | undefined, now: Date, user: AuthUser): Promise<ExamStart | undefined> {
  if (!quiz.examMode) return undefined;
  if (!token?.trim()) throw invalidField('token', EXAM_MSG.tokenRequired);
  const judged = judgeToken(quiz.examSecret, quiz.id, token, now);
  if (judged === 'wrong') {
    const counted = await takeSlot(app.db, `exam:${quiz.id}:${user.id}`, EXAM_LIMITS.wrongTokens, EXAM_LIMITS.wrongTokenMinutes);
    throw counted ? forbidden(EXAM_MSG.tokenWrong) : tooManyRequests(EXAM_MSG.tokenTooMany);
  }
  if (judged === 'expired') throw forbidden(EXAM_MSG.tokenExpired);
  return { sessionId: user.tokenId, window: judged.window };
}

/** Under `one` (…/quizzes/:quizId): the quiz page and starting an attempt. */
function quizPageRoutes(app: App, tags: string[], one: string): void {
  app.get(
    one,
    {
      schema: {
        tags,
        summary:
          'The quiz (no slots, no keys; question_count and total points), the student’s attempts (scores where show_results ' +
          'allows), whether they may start one now (and why not), the open attempt, and the server’s clock',
        params: myQuizParams,
        response: { 200: ok(studentQuizView), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { quiz: row, now } = await quizForStudent(app.db, request.user, request.params);
      let attempts = await attemptsOf(app.db, row.id, request.user.id);
      const open = attempts.find((a) => a.finishedAt === null);
      if (open && open.dueAt && open.dueAt.getTime() <= now.getTime()) {
        await closeAttempt(app.db, open.id);
        attempts = await attemptsOf(app.db, row.id, request.user.id);
      }
      const stillOpen = attempts.find((a) => a.finishedAt === null) ?? null;
      const size = await quizSizeRows(app.db, row);
      const counts = sizeOf(size.slots, size.fixed, size.categories);
      const reason = stillOpen ? null : refusalOf(row, attempts.length, now, counts.question_count);
      const scores = resultsVisible(row, now);
      return {
        success: true as const,
        data: {
          quiz: toStudentQuiz(row, counts),
          attempts: attempts.map((a) => toAttemptSummary(a, scores)),
          grade: scores ? resultOf(attempts, row.gradingMethod).grade : null,
          can_start: reason === null,
          reason_if_not: reason,
          open_attempt_id: stillOpen?.id ?? null,
          server_now: now.toISOString(),
        },
      };
    },
  );

  app.post(
    `${one}/attempts`,
    {
      schema: {
        tags,
        summary:
          'Start an attempt (201 with the attempt page), or get the open one (200). Two tabs at once get one attempt. 409 when ' +
          'the quiz is not open yet or closed, or the attempts are used up. Exam mode: the proctor’s token (422 without; 403 ' +
          'wrong, stale, used before, or the open attempt is bound to another session; 429 after 10 wrong tokens in 15 minutes); ' +
          'the attempt is bound to this session',
        params: myQuizParams,
        body: quizStartBody,
        response: {
          200: ok(studentAttempt),
          201: ok(studentAttempt),
          403: errorEnvelope,
          404: errorEnvelope,
          409: errorEnvelope,
          422: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { quiz: row, now } = await quizForStudent(app.db, request.user, request.params);
      const exam = await examStartOf(app, row, request.body?.token, now, request.user);
      const started = await startAttempt(app.db, row.id, request.user.id, exam);
      if ('refused' in started) throw conflict(started.refused);
      if (started.created) reply.code(201);
      return { success: true as const, data: await attemptView(app, row, started.attempt, new Date()) };
    },
  );
}

/** Under `attemptPath` (…/quizzes/:quizId/attempts/:attemptId): the attempt page, saving answers, handing in and the review. */
function attemptRoutes(app: App, tags: string[], attemptPath: string): void {
  app.get(
    attemptPath,
    {
      schema: {
        tags,
        summary:
          "The attempt page: questions in this attempt's order (options in its order; matching as a left list and a shuffled " +
          'right list), the answers saved so far, due_at and the server’s clock — never a key. An attempt past its time is closed first',
        params: myQuizAttemptParams,
        response: { 200: ok(studentAttempt), 403: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const found = await attemptForStudent(app.db, request.user, request.params);
      assertOwnSession(found.quiz, found.attempt, request.user);
      const attempt = await closedIfOverdue(app.db, found.attempt, found.now);
      return { success: true as const, data: await attemptView(app, found.quiz, attempt, found.now) };
    },
  );

  app.put(
    `${attemptPath}/answers/:questionId`,
    {
      schema: {
        tags,
        summary:
          'Save one answer ({ option } | { options } | { value } | { text } | { matches }, checked against the question: 422 ' +
          'when it does not fit). The last write of a question wins. After due_at, the quiz closed, or the attempt finished: ' +
          '409, and the attempt is closed with what was saved',
        params: myQuizAnswerParams,
        body: quizAnswerBody,
        response: { 200: ok(savedAnswer), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { quiz, attempt, question } = await attemptForStudent(app.db, request.user, request.params, request.params.questionId);
      assertOwnSession(quiz, attempt, request.user);
      const item = question ? layoutOf(attempt.layout).find((i) => i.question_id === question.id) : undefined;
      if (!question || !item) throw notFound();
      const answer = storedAnswer(question, item, request.body.answer);
      if (answer === null) throw invalidField('answer', QUIZ_MSG.answerInvalid);
      const savedAt = attempt.finishedAt === null ? await saveAnswer(app.db, attempt.id, question.id, answer) : null;
      if (savedAt === null) {
        // Over: the time ran out, the quiz closed or it was handed in. Graded with what was saved.
        await closeAttemptOf(app.db, quiz, attempt);
        throw conflict(QUIZ_MSG.attemptClosed);
      }
      return { success: true as const, message: QUIZ_MSG.answerSaved, data: { saved_at: savedAt.toISOString() } };
    },
  );

  app.post(
    `${attemptPath}/submit`,
    {
      schema: {
        tags,
        summary:
          'Hand the attempt in: it is finished and graded; 200 with the score where show_results allows. After its time ' +
          '(it is then closed with what was saved): 409. A second submit of a handed-in attempt answers as the first',
        params: myQuizAttemptParams,
        response: { 200: ok(submittedAttempt), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const found = await attemptForStudent(app.db, request.user, request.params);
      assertOwnSession(found.quiz, found.attempt, request.user);
      const closed = (await closeAttemptOf(app.db, found.quiz, found.attempt)) ?? found.attempt;
      if (closed.timedOut) throw conflict(QUIZ_MSG.attemptClosed);
      return { success: true as const, message: QUIZ_MSG.submitted, data: toSubmitted(found.quiz, closed, found.now) };
    },
  );

  app.get(
    `${attemptPath}/review`,
    {
      schema: {
        tags,
        summary:
          'A finished attempt: each question with the student’s answer; the score where show_results allows; the correct ' +
          'answers and points only with show_review (else the fields are absent). 409 while the attempt is open',
        params: myQuizAttemptParams,
        response: { 200: ok(attemptReview), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const found = await attemptForStudent(app.db, request.user, request.params);
      const attempt = await closedIfOverdue(app.db, found.attempt, found.now);
      if (attempt.finishedAt === null) throw conflict(QUIZ_MSG.notFinished);
      const [questions, answers] = [await attemptQuestions(app.db, attempt), await answersOf(app.db, [attempt.id])];
      return {
        success: true as const,
        data: toReview(app.files.forUser(request.user.id), found.quiz, attempt, questions, answers, found.now),
      };
    },
  );
}

/**
 * /api/student/my-classes/:classId/contents/:lessonId/quizzes/:quizId: taking a quiz. Only a quiz
 * of a class of the student's rombel that is shown now (404 otherwise), only the student's own
 * attempts; the server keeps the clock (the database's), and no key leaves before the review allows.
 */
export async function studentQuizRoutes(app: App): Promise<void> {
  const tags = ['student: quizzes'];
  const one = '/my-classes/:classId/contents/:lessonId/quizzes/:quizId';
  quizPageRoutes(app, tags, one);
  attemptRoutes(app, tags, `${one}/attempts/:attemptId`);
}
