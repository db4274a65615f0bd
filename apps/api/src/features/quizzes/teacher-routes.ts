import {
  QUIZ_MSG,
  attemptReview,
  errorEnvelope,
  myQuizAnswerParams,
  myQuizAttemptParams,
  myQuizParams,
  ok,
  okMessage,
  quiz,
  quizAnswerBody,
  quizAnswerParams,
  quizAttemptDetail,
  quizAttemptParams,
  quizBody,
  quizGradeBody,
  quizParams,
  quizRegrade,
  quizResultRow,
  quizStatistics,
  quizzesParams,
  savedAnswer,
  studentAttempt,
  studentQuizView,
  submittedAttempt,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { contentFor } from '../../access/index.js';
import { attemptForStudent, attemptOfQuiz, quizForStudent, quizForTeacher, type Quiz, type QuizAttempt } from '../../access/quizzes.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { conflict, invalid, invalidField, notFound } from '../../http/errors.js';
import { itemsShown } from '../notifications/events.js';
import {
  closeAttempt,
  closeOverdueOfQuiz,
  closedIfOverdue,
  gradeAnswer,
  refusalOf,
  regradeQuiz,
  saveAnswer,
  startAttempt,
} from './attempts.js';
import { layoutOf, storedAnswer } from './layout.js';
import {
  answersOf,
  attemptQuestions,
  attemptsOf,
  deleteQuiz,
  insertQuiz,
  quizDetailRows,
  quizSizeRows,
  resultRows,
  slotErrors,
  statisticsRows,
  studentOf,
  updateQuiz,
  valuesOf,
} from './queries.js';
import {
  resultsVisible,
  sizeOf,
  toAttemptDetail,
  toAttemptSummary,
  toQuiz,
  toResultRow,
  toReview,
  toStudentAttempt,
  toStudentQuiz,
  toSubmitted,
} from './present.js';
import { resultOf } from './grading.js';
import { statisticsOf } from './statistics.js';

/** /api/teacher/online-classes/:classId/contents/:contentId/quizzes: the teacher's quizzes, their results, grading and statistics. */
export default async function quizzesRoutes(app: App): Promise<void> {
  const tags = ['teacher: quizzes'];
  const base = '/online-classes/:classId/contents/:contentId/quizzes';
  const one = `${base}/:quizId`;

  const detail = async (q: Quiz, userId: number) => toQuiz(app.files.forUser(userId), q, await quizDetailRows(app.db, q));

  app.post(
    base,
    {
      schema: {
        tags,
        summary:
          'Add a quiz to a content: settings and slots ([{ question_id } | { category_id, count }]); a fixed question must be ' +
          "the teacher's own, a category slot may not draw more questions than the category holds (422 per slot)",
        params: quizzesParams,
        body: quizBody,
        response: { 201: ok(quiz), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { content } = await contentFor(app.db, request.user, request.params.classId, request.params.contentId, 'write');
      const v = valuesOf(request.body);
      const errors = await slotErrors(app.db, request.user.id, v.slots);
      if (errors) throw invalid(errors);
      let row;
      try {
        row = await insertQuiz(app.db, content.id, request.user.id, v);
      } catch (err) {
        // The content (or a question of a slot) was deleted meanwhile.
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
      await itemsShown(app, 'quizzes', [row.id]);
      reply.code(201);
      return { success: true as const, message: QUIZ_MSG.created, data: await detail(row, request.user.id) };
    },
  );

  app.get(
    one,
    {
      schema: {
        tags,
        summary: 'One quiz with its slots (each fixed question in full, with its key; each category slot with its name and size)',
        params: quizParams,
        response: { 200: ok(quiz), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { quiz: row } = await quizForTeacher(app.db, request.user, request.params, 'read');
      return { success: true as const, data: await detail(row, request.user.id) };
    },
  );

  app.put(
    one,
    {
      schema: {
        tags,
        summary:
          'Edit a quiz (same body as the create). The slots can change only while no attempt exists (409 otherwise; the same ' +
          'slots sent back are no change); the rest any time. Open attempts follow a new time limit or closing time',
        params: quizParams,
        body: quizBody,
        response: { 200: ok(quiz), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { quiz: current } = await quizForTeacher(app.db, request.user, request.params, 'write');
      const v = valuesOf(request.body);
      const errors = await slotErrors(app.db, request.user.id, v.slots);
      let row;
      try {
        row = await updateQuiz(app.db, current.id, v, errors !== null);
      } catch (err) {
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
      if (row === 'hasAttempts') throw conflict(QUIZ_MSG.hasAttempts, 'slots');
      if (row === 'invalidSlots') throw invalid(errors!);
      if (!row) throw notFound();
      await itemsShown(app, 'quizzes', [row.id]);
      return { success: true as const, message: QUIZ_MSG.updated, data: await detail(row, request.user.id) };
    },
  );

  app.delete(
    one,
    {
      schema: {
        tags,
        summary: 'Delete a quiz with its attempts and answers',
        params: quizParams,
        response: { 200: okMessage, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { content, quiz: target } = await quizForTeacher(app.db, request.user, request.params, 'write');
      if (!(await deleteQuiz(app.db, content.id, target.id))) throw notFound();
      return { success: true as const, message: QUIZ_MSG.deleted };
    },
  );

  app.get(
    `${one}/results`,
    {
      schema: {
        tags,
        summary:
          "One row per student of the class's rombel (an archived class: those who made an attempt), by name: their attempts, " +
          'the grade (0–100) of the counting attempt by the grading method (null when none is finished and graded), needs_grading',
        params: quizParams,
        response: { 200: ok(quizResultRow.array()), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, quiz: row } = await quizForTeacher(app.db, request.user, request.params, 'read');
      await closeOverdueOfQuiz(app.db, row.id);
      const { roster, attempts } = await resultRows(app.db, row, klass);
      const byStudent = new Map<number, QuizAttempt[]>();
      for (const a of attempts) byStudent.set(a.studentId, [...(byStudent.get(a.studentId) ?? []), a]);
      return { success: true as const, data: roster.map((s) => toResultRow(s, byStudent.get(s.id) ?? [], row.gradingMethod)) };
    },
  );

  app.get(
    `${one}/attempts/:attemptId`,
    {
      schema: {
        tags,
        summary: 'One attempt in full: each question with its key, the answer, automatic and hand points, feedback; time taken',
        params: quizAttemptParams,
        response: { 200: ok(quizAttemptDetail), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { quiz: row } = await quizForTeacher(app.db, request.user, request.params, 'read');
      const found = await attemptOfQuiz(app.db, row, request.params.attemptId);
      const now = new Date();
      const attempt = await closedIfOverdue(app.db, found, now);
      const [questions, answers, student] = [
        await attemptQuestions(app.db, attempt),
        await answersOf(app.db, [attempt.id]),
        await studentOf(app.db, attempt.studentId),
      ];
      return {
        success: true as const,
        data: toAttemptDetail(app.files.forUser(request.user.id), attempt, student, questions, answers, now),
      };
    },
  );

  app.put(
    `${one}/attempts/:attemptId/answers/:questionId/grade`,
    {
      schema: {
        tags,
        summary:
          'Hand grade of one question of a finished attempt (essays; also overrides an automatic score): points 0 to the ' +
          "question's points, optional feedback. The attempt's score is summed again; 409 while the attempt is still open",
        params: quizAnswerParams,
        body: quizGradeBody,
        response: { 200: ok(quizAttemptDetail), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { quiz: row } = await quizForTeacher(app.db, request.user, request.params, 'write');
      const found = await closedIfOverdue(app.db, await attemptOfQuiz(app.db, row, request.params.attemptId), new Date());
      const questions = await attemptQuestions(app.db, found);
      const question = questions.find((q) => q.id === request.params.questionId);
      if (!question || !layoutOf(found.layout).some((i) => i.question_id === question.id)) throw notFound();
      if (request.body.points > question.points) throw invalidField('points', QUIZ_MSG.pointsRange(question.points));
      const result = await gradeAnswer(app.db, found.id, question.id, request.body.points, request.body.feedback ?? null, request);
      if (result === 'open') throw conflict(QUIZ_MSG.notGradable);
      const attempt = await attemptOfQuiz(app.db, row, found.id);
      const [answers, student] = [await answersOf(app.db, [attempt.id]), await studentOf(app.db, attempt.studentId)];
      return {
        success: true as const,
        message: QUIZ_MSG.graded,
        data: toAttemptDetail(app.files.forUser(request.user.id), attempt, student, questions, answers, new Date()),
      };
    },
  );

  app.post(
    `${one}/regrade`,
    {
      schema: {
        tags,
        summary:
          "Grades every saved answer of the quiz's finished attempts again by the current keys (hand grades stay); { regraded: attempts }",
        params: quizParams,
        response: { 200: ok(quizRegrade), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { quiz: row } = await quizForTeacher(app.db, request.user, request.params, 'write');
      await closeOverdueOfQuiz(app.db, row.id);
      const regraded = await regradeQuiz(app.db, row.id, request);
      return { success: true as const, message: QUIZ_MSG.regraded(regraded), data: { regraded } };
    },
  );

  app.get(
    `${one}/statistics`,
    {
      schema: {
        tags,
        summary:
          'Per question over the finished attempts: facility (0–100), discrimination (Kelley 27 %, −1…1; null under 10 ' +
          'students) and, for choice and true/false questions, how often each choice was chosen',
        params: quizParams,
        response: { 200: ok(quizStatistics), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { quiz: row } = await quizForTeacher(app.db, request.user, request.params, 'read');
      await closeOverdueOfQuiz(app.db, row.id);
      const rows = await statisticsRows(app.db, row.id);
      return { success: true as const, data: statisticsOf(rows.attempts, rows.answers, rows.questions, row.gradingMethod) };
    },
  );
}

/**
 * /api/student/my-classes/:classId/contents/:contentId/quizzes/:quizId: taking a quiz. Only a quiz
 * of a class of the student's rombel that is shown now (404 otherwise), only the student's own
 * attempts; the server keeps the clock (the database's), and no key leaves before the review allows.
 */
export async function studentQuizRoutes(app: App): Promise<void> {
  const tags = ['student: quizzes'];
  const one = '/my-classes/:classId/contents/:contentId/quizzes/:quizId';
  const attemptPath = `${one}/attempts/:attemptId`;

  /** The attempt page's data (the attempt as it is now). */
  const attemptView = async (quizRow: Quiz, attempt: QuizAttempt, now: Date) =>
    toStudentAttempt(
      app.files.forUser(attempt.studentId),
      quizRow,
      attempt,
      await attemptQuestions(app.db, attempt),
      await answersOf(app.db, [attempt.id]),
      now,
    );

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
      const reason = stillOpen
        ? null
        : (refusalOf(row, attempts.length, now) ?? (counts.question_count === 0 ? QUIZ_MSG.noQuestions : null));
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
          'the quiz is not open yet or closed, or the attempts are used up',
        params: myQuizParams,
        response: { 200: ok(studentAttempt), 201: ok(studentAttempt), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { quiz: row } = await quizForStudent(app.db, request.user, request.params);
      const started = await startAttempt(app.db, row.id, request.user.id);
      if ('refused' in started) throw conflict(started.refused);
      if (started.created) reply.code(201);
      return { success: true as const, data: await attemptView(row, started.attempt, new Date()) };
    },
  );

  app.get(
    attemptPath,
    {
      schema: {
        tags,
        summary:
          "The attempt page: questions in this attempt's order (options in its order; matching as a left list and a shuffled " +
          'right list), the answers saved so far, due_at and the server’s clock — never a key. An attempt past its time is closed first',
        params: myQuizAttemptParams,
        response: { 200: ok(studentAttempt), 404: errorEnvelope },
      },
    },
    async (request) => {
      const found = await attemptForStudent(app.db, request.user, request.params);
      const attempt = await closedIfOverdue(app.db, found.attempt, found.now);
      return { success: true as const, data: await attemptView(found.quiz, attempt, found.now) };
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
        response: { 200: ok(savedAnswer), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { attempt, question } = await attemptForStudent(app.db, request.user, request.params, request.params.questionId);
      const item = question ? layoutOf(attempt.layout).find((i) => i.question_id === question.id) : undefined;
      if (!question || !item) throw notFound();
      const answer = storedAnswer(question, item, request.body.answer);
      if (answer === null) throw invalidField('answer', QUIZ_MSG.answerInvalid);
      const savedAt = attempt.finishedAt === null ? await saveAnswer(app.db, attempt.id, question.id, answer) : null;
      if (savedAt === null) {
        // Over: the time ran out, the quiz closed or it was handed in. Graded with what was saved.
        await closeAttempt(app.db, attempt.id);
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
        response: { 200: ok(submittedAttempt), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const found = await attemptForStudent(app.db, request.user, request.params);
      const closed = (await closeAttempt(app.db, found.attempt.id)) ?? found.attempt;
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
