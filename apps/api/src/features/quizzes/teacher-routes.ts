import {
  QUIZ_MSG,
  errorEnvelope,
  ok,
  okMessage,
  quiz,
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
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { assertGradesOpen, lessonFor } from '../../access/index.js';
import { attemptOfQuiz, quizForTeacher, type Quiz } from '../../access/quizzes.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { conflict, invalid, invalidField, notFound } from '../../http/errors.js';
import { itemsShown } from '../notifications/events.js';
import { closeOverdueOfQuiz, closedIfOverdue, gradeAnswer, regradeQuiz } from './attempts.js';
import { layoutOf } from './layout.js';
import {
  answersOf,
  attemptQuestions,
  deleteQuiz,
  insertQuiz,
  quizDetailRows,
  resultRows,
  slotErrors,
  statisticsRows,
  studentOf,
  updateQuiz,
  valuesOf,
} from './queries.js';
import { toAttemptDetail, toQuiz, toResultRow } from './present.js';
import { statisticsOf } from './statistics.js';
import { assertTagsOpen, checkTags, tagsOf, type WorkTags } from '../grade-scheme/tags.js';

/** The grade category and TPs a quiz body carries (issue 39; absent: unchanged). */
const tagsOfBody = (b: WorkTags): WorkTags => ({ category_id: b.category_id, objective_ids: b.objective_ids });

/** A quiz as the teacher's form shows it: its slots in full, with their keys. */
const detail = async (app: App, q: Quiz, userId: number) => toQuiz(app.files.forUser(userId), q, await quizDetailRows(app.db, q));

/** Adding, reading, editing and deleting a quiz under `base` (…/contents/:lessonId/quizzes). */
function quizRoutes(app: App, tags: string[], base: string): void {
  const one = `${base}/:quizId`;

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
        response: { 201: ok(quiz), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { klass, content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'write');
      const v = valuesOf(request.body);
      const errors = await slotErrors(app.db, request.user.id, v.slots);
      if (errors) throw invalid(errors);
      const tags = tagsOfBody(request.body);
      await checkTags(app.db, klass.id, tags);
      await assertTagsOpen(app.db, klass.id, { category_id: null, objective_ids: [] }, tags);
      let row;
      try {
        row = await insertQuiz(app.db, content.id, request.user.id, v, tags);
      } catch (err) {
        // The content (or a question of a slot) was deleted meanwhile.
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
      await itemsShown(app, 'quizzes', [row.id]);
      reply.code(201);
      return { success: true as const, message: QUIZ_MSG.created, data: await detail(app, row, request.user.id) };
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
      return { success: true as const, data: await detail(app, row, request.user.id) };
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
      const { klass, quiz: current } = await quizForTeacher(app.db, request.user, request.params, 'write');
      const v = valuesOf(request.body);
      const errors = await slotErrors(app.db, request.user.id, v.slots);
      const tags = tagsOfBody(request.body);
      await checkTags(app.db, klass.id, tags);
      const now = (await tagsOf(app.db, 'quiz', [current.id])).get(current.id);
      if (now) await assertTagsOpen(app.db, klass.id, now, tags);
      let row;
      try {
        row = await updateQuiz(app.db, current.id, v, errors !== null, tags);
      } catch (err) {
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
      if (row === 'hasAttempts') throw conflict(QUIZ_MSG.hasAttempts, 'slots');
      if (row === 'invalidSlots') throw invalid(errors!);
      if (!row) throw notFound();
      await itemsShown(app, 'quizzes', [row.id]);
      return { success: true as const, message: QUIZ_MSG.updated, data: await detail(app, row, request.user.id) };
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
}

/** Under `one` (…/quizzes/:quizId): the results, one attempt, hand grading, regrading and the statistics. */
function resultRoutes(app: App, tags: string[], one: string): void {
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
      const byStudent = Map.groupBy(attempts, (a) => a.studentId);
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
      const { klass, quiz: row } = await quizForTeacher(app.db, request.user, request.params, 'write');
      const found = await closedIfOverdue(app.db, await attemptOfQuiz(app.db, row, request.params.attemptId), new Date());
      // Issue 39: no hand grade while the semester's grades are locked.
      await assertGradesOpen(app.db, klass.id);
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
        response: { 200: ok(quizRegrade), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, quiz: row } = await quizForTeacher(app.db, request.user, request.params, 'write');
      await assertGradesOpen(app.db, klass.id);
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

/** /api/teacher/online-classes/:classId/contents/:lessonId/quizzes: the teacher's quizzes, their results, grading and statistics. */
export default async function quizzesRoutes(app: App): Promise<void> {
  const tags = ['teacher: quizzes'];
  const base = '/online-classes/:classId/contents/:lessonId/quizzes';
  quizRoutes(app, tags, base);
  resultRoutes(app, tags, `${base}/:quizId`);
}
