/**
 * Issue 41, exam mode (schemas/exams.ts lists the routes; docs/features/exams.md): the proctor's
 * token, board, actions and per-student overrides (teacher), the leave log (student). The class's
 * question category for "Tambah soal" lives in features/question-bank.
 */
import {
  EXAM_LEAVE_DEBOUNCE_SECONDS,
  EXAM_MSG,
  EXAM_TOKEN_PERIOD_SECONDS,
  addTimeBody,
  errorEnvelope,
  examEventBody,
  examEventResult,
  examLeave,
  examToken,
  myQuizAttemptParams,
  ok,
  okMessage,
  proctorBoard,
  proctorParams,
  proctorRow,
  quizOverride,
  quizOverrideBody,
  quizParams,
} from '@kelasku/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { App } from '../../types.js';
import type { FastifyRequest } from 'fastify';
import { assertOwnSession, attemptForStudent, quizForTeacher, type QuizPath } from '../../access/quizzes.js';
import { recordAudit } from '../../audit/record.js';
import { conflict, notFound } from '../../http/errors.js';
import { closeAttemptIn, closeOverdueOfQuiz, recomputeDue } from '../quizzes/attempts.js';
import { publishExam } from './live.js';
import {
  applyAction,
  boardRows,
  deleteOverride,
  examSecretOf,
  inRombel,
  leavesOf,
  lockOpenAttempt,
  overrideValues,
  overridesOf,
  recordEvent,
  toOverride,
  upsertOverride,
  type ProctorAction,
} from './queries.js';
import { examTokenOf, windowOf } from './token.js';

const base = '/online-classes/:classId/contents/:lessonId/quizzes/:quizId';
const tags = ['teacher: exam mode'];

/** The quiz of a teacher's class and a student of its rombel (404 for either outside). */
async function studentOfQuiz(app: App, request: FastifyRequest, path: QuizPath & { studentId: number }, intent: 'read' | 'write') {
  const found = await quizForTeacher(app.db, request.user, path, intent);
  const student = await inRombel(app.db, path.studentId, found.klass.rombelClassId);
  if (!student) throw notFound();
  return { ...found, student };
}

const ACTION_MSG = {
  reset_login: () => EXAM_MSG.loginReset,
  add_time: (m: number) => EXAM_MSG.timeAdded(m),
  force_submit: () => EXAM_MSG.forceSubmitted,
} as const;
const ACTION_SUMMARY = {
  reset_login: 'Atur ulang login ujian',
  add_time: 'Tambah waktu ujian',
  force_submit: 'Kumpulkan paksa ujian',
} as const;

/** The proctor's token and board. */
function boardRoutes(app: App): void {
  app.get(
    `${base}/exam-token`,
    {
      schema: {
        tags,
        summary: 'The token the proctor shows now (6 digits, changes every period; 409 when the quiz is not in exam mode)',
        params: quizParams,
        response: { 200: ok(examToken), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const { quiz } = await quizForTeacher(app.db, request.user, request.params, 'read');
      if (!quiz.examMode) throw conflict(EXAM_MSG.notExamMode);
      const secret = await examSecretOf(app.db, quiz);
      // The database's clock, as the start judges the token.
      const clock = (await app.db.execute(sql`select now() as now`)) as unknown as { rows: Array<{ now: Date | string }> };
      const now = new Date(clock.rows[0]!.now);
      const window = windowOf(now);
      return {
        success: true as const,
        data: {
          token: examTokenOf(secret, quiz.id, window),
          valid_until: new Date((window + 1) * EXAM_TOKEN_PERIOD_SECONDS * 1000).toISOString(),
          period_seconds: EXAM_TOKEN_PERIOD_SECONDS,
          server_now: now.toISOString(),
        },
      };
    },
  );

  app.get(
    `${base}/proctor`,
    {
      schema: {
        tags,
        summary:
          'The proctor board: every student of the rombel by name with their open (else last) attempt: state, answered of ' +
          'question_count, due time, leaves, away, bound, extra minutes, override',
        params: quizParams,
        response: { 200: ok(proctorBoard), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, quiz } = await quizForTeacher(app.db, request.user, request.params, 'read');
      await closeOverdueOfQuiz(app.db, quiz.id);
      const rows = await boardRows(app.db, quiz.id, klass.rombelClassId);
      return {
        success: true as const,
        data: {
          quiz: { id: quiz.id, title: quiz.title, exam_mode: quiz.examMode, exam_leave_limit: quiz.examLeaveLimit },
          server_now: new Date().toISOString(),
          rows,
        },
      };
    },
  );

  app.get(
    `${base}/proctor/:studentId/leaves`,
    {
      schema: {
        tags,
        summary: 'When the student left the exam page and came back (their open or last attempt), oldest first',
        params: proctorParams,
        response: { 200: ok(z.array(examLeave)), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { quiz } = await studentOfQuiz(app, request, request.params, 'read');
      return { success: true as const, data: await leavesOf(app.db, quiz.id, request.params.studentId) };
    },
  );
}

/** "reset login", "tambah waktu", "kumpulkan paksa": each on the student's open attempt, audited, announced. */
function actionRoutes(app: App): void {
  const act = async (request: FastifyRequest<{ Params: QuizPath & { studentId: number } }>, action: ProctorAction, minutes = 0) => {
    const { klass, quiz, student } = await studentOfQuiz(app, request, request.params, 'write');
    const studentId = request.params.studentId;
    const done = await app.db.transaction(async (tx) => {
      const open = await lockOpenAttempt(tx, quiz.id, studentId);
      if (!open) return null;
      await applyAction(tx, open, action, minutes);
      await recordAudit(tx, request, {
        action: `exam.${action}`,
        targetType: 'quiz',
        targetId: quiz.id,
        summary: `${ACTION_SUMMARY[action]}: ${quiz.title}, ${student.name}`,
        before: { attempt_id: open.id, due_at: open.dueAt?.toISOString() ?? null, extra_minutes: open.extraMinutes },
        after: action === 'add_time' ? { student_id: studentId, minutes } : { student_id: studentId },
      });
      await publishExam(tx, quiz.id, studentId);
      return open;
    });
    if (!done) throw conflict(EXAM_MSG.noOpenAttempt);
    const [row] = await boardRows(app.db, quiz.id, klass.rombelClassId, studentId);
    return { success: true as const, message: ACTION_MSG[action](minutes), data: row! };
  };
  const schema = (summary: string, body?: typeof addTimeBody) => ({
    tags,
    summary,
    params: proctorParams,
    ...(body ? { body } : {}),
    response: { 200: ok(proctorRow), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
  });
  app.post(
    `${base}/proctor/:studentId/reset-login`,
    { schema: schema('Free the open attempt from its session: the student continues on any device with a new token') },
    (request) => act(request, 'reset_login'),
  );
  app.post(
    `${base}/proctor/:studentId/add-time`,
    { schema: { ...schema('Move the open attempt’s due time by `minutes` (past the quiz’s closing time too)'), body: addTimeBody } },
    (request) => act(request, 'add_time', (request.body as { minutes: number }).minutes),
  );
  app.post(
    `${base}/proctor/:studentId/force-submit`,
    { schema: schema('Submit the open attempt as it stands (graded with what was saved)') },
    (request) => act(request, 'force_submit'),
  );
}

/** Per-student overrides: other dates, another time limit, extra attempts. */
function overrideRoutes(app: App): void {
  app.get(
    `${base}/overrides`,
    {
      schema: {
        tags,
        summary: 'The quiz’s per-student overrides, by name',
        params: quizParams,
        response: { 200: ok(z.array(quizOverride)), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { quiz } = await quizForTeacher(app.db, request.user, request.params, 'read');
      return { success: true as const, data: (await overridesOf(app.db, quiz.id)).map(toOverride) };
    },
  );

  app.put(
    `${base}/overrides/:studentId`,
    {
      schema: {
        tags,
        summary:
          'Set a student’s own opening/closing time, time limit and extra attempts (404 for a student not of the rombel); ' +
          'their open attempt gets the new due time',
        params: proctorParams,
        body: quizOverrideBody,
        response: { 200: ok(quizOverride), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { quiz } = await studentOfQuiz(app, request, request.params, 'write');
      const studentId = request.params.studentId;
      const v = overrideValues(request.body);
      const saved = await app.db.transaction(async (tx) => {
        const [before] = await overridesOf(tx, quiz.id, studentId);
        await upsertOverride(tx, quiz.id, studentId, request.user.id, v);
        await recomputeDue(tx, quiz.id, studentId);
        const [after] = await overridesOf(tx, quiz.id, studentId);
        const view = toOverride(after!);
        await recordAudit(tx, request, {
          action: 'quiz.override',
          targetType: 'quiz',
          targetId: quiz.id,
          summary: `Pengecualian kuis ${quiz.title}: ${after!.name}`,
          before: before ? { ...toOverride(before), updated_at: undefined } : null,
          after: { ...view, updated_at: undefined },
        });
        if (quiz.examMode) await publishExam(tx, quiz.id, studentId);
        return view;
      });
      return { success: true as const, message: EXAM_MSG.overrideSaved, data: saved };
    },
  );

  app.delete(
    `${base}/overrides/:studentId`,
    {
      schema: {
        tags,
        summary: 'Remove a student’s override (404 when there is none); their open attempt gets the quiz’s due time again',
        params: proctorParams,
        response: { 200: okMessage, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const { quiz } = await studentOfQuiz(app, request, request.params, 'write');
      const studentId = request.params.studentId;
      await app.db.transaction(async (tx) => {
        const [before] = await overridesOf(tx, quiz.id, studentId);
        if (!before || !(await deleteOverride(tx, quiz.id, studentId))) throw notFound();
        await recomputeDue(tx, quiz.id, studentId);
        await recordAudit(tx, request, {
          action: 'quiz.override_delete',
          targetType: 'quiz',
          targetId: quiz.id,
          summary: `Pengecualian kuis ${quiz.title}: ${before.name}`,
          before: { ...toOverride(before), updated_at: undefined },
        });
        if (quiz.examMode) await publishExam(tx, quiz.id, studentId);
      });
      return { success: true as const, message: EXAM_MSG.overrideDeleted };
    },
  );
}

/** /api/teacher: the proctor's token, board and actions; the overrides. */
export async function teacherRoutes(app: App): Promise<void> {
  boardRoutes(app);
  actionRoutes(app);
  overrideRoutes(app);
}

/** /api/student: leaving and coming back to the exam page. */
export async function studentRoutes(app: App): Promise<void> {
  app.post(
    '/my-classes/:classId/contents/:lessonId/quizzes/:quizId/attempts/:attemptId/events',
    {
      schema: {
        tags: ['student: quizzes'],
        summary:
          'Exam mode: the student left the exam page (`leave`) or came back (`back`). Leaves closer together than the ' +
          'debounce count once; after the quiz’s leave limit the attempt is submitted (`submitted: true`). 409 when the ' +
          'quiz is not in exam mode; 403 from another session',
        params: myQuizAttemptParams,
        body: examEventBody,
        response: { 200: ok(examEventResult), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const { quiz, attempt } = await attemptForStudent(app.db, request.user, request.params);
      if (!quiz.examMode) throw conflict(EXAM_MSG.notExamMode);
      assertOwnSession(quiz, attempt, request.user);
      if (attempt.finishedAt !== null) return { success: true as const, data: { leave_count: attempt.leaveCount, submitted: true } };
      const kind = request.body.kind;
      const result = await app.db.transaction(async (tx) => {
        const r = await recordEvent(tx, attempt.id, kind, EXAM_LEAVE_DEBOUNCE_SECONDS);
        const over = kind === 'leave' && r.changed && quiz.examLeaveLimit !== null && r.leaveCount >= quiz.examLeaveLimit;
        if (over) await closeAttemptIn(tx, attempt.id);
        if (r.changed) await publishExam(tx, quiz.id, attempt.studentId);
        return { leave_count: r.leaveCount, submitted: over };
      });
      return {
        success: true as const,
        ...(result.submitted ? { message: EXAM_MSG.autoSubmitted } : {}),
        data: result,
      };
    },
  );
}
