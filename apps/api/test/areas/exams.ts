/**
 * Issue 41: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts). Every route of the area has exactly one matrix row;
 * every POST/PUT/PATCH route is in `fuzz.endpoints` (JSON) or `fuzz.notJson` (no body).
 *
 * Exam mode: the proctor's token, board, actions and overrides (a teacher of the quiz's class; the
 * foreign variant puts another class's quiz or another rombel's student under the owner's chain),
 * the student's leave events. A granted cell switches the chain's quiz to exam mode first; the
 * proctor's actions get an open attempt of the chain's student to act on. (The class's question
 * category for "Tambah soal" has its rows in areas/question-category.ts.)
 */
import { eq } from 'drizzle-orm';
import { json, studentChain, teacherChain, type CallContext, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';
import type { Db } from '../../src/db/client.js';
import { quizAttempts, quizOverrides, quizzes, students } from '../../src/db/schema.js';
import { newExamSecret } from '../../src/features/exams/token.js';

const T = '/api/teacher/online-classes/:classId/contents/:lessonId/quizzes/:quizId';
const S = '/api/student/my-classes/:classId/contents/:lessonId/quizzes/:quizId';

const examMode = (db: Db, quizId: number) =>
  db.update(quizzes).set({ examMode: true, examSecret: newExamSecret() }).where(eq(quizzes.id, quizId));

/** An open attempt of a student on one question. */
const openAttempt = async (db: Db, quizId: number, studentId: number, questionId: number, number: number) => {
  const [a] = await db
    .insert(quizAttempts)
    .values({ quizId, studentId, number, layout: [{ question_id: questionId, order: ['o1', 'o2', 'o3', 'o4'] }], maxScore: 1 })
    .returning();
  return a!;
};

/** The chain's quiz in exam mode. */
const inExamMode = async (c: CallContext) => {
  await examMode(c.scene.app.db, c.own.quizId);
};

/** The chain's quiz in exam mode, and an open (second) attempt of its student for the proctor to act on. */
const withOpenAttempt = async (c: CallContext) => {
  await inExamMode(c);
  await openAttempt(c.scene.app.db, c.own.quizId, c.target.studentId, c.own.questionId, 2);
};

const proctorRow = (prepare: (c: CallContext) => Promise<void>, extra: Partial<Row> = {}): Row => ({
  expect: teacherChain(200),
  noMarker: true,
  prepare,
  ...extra,
});

export const matrixRows: Record<string, Row> = {
  [`GET ${T}/exam-token`]: proctorRow(inExamMode),
  // The board names the quiz (its title carries the chain's marker).
  [`GET ${T}/proctor`]: { expect: teacherChain(200), prepare: inExamMode },
  [`GET ${T}/proctor/:studentId/leaves`]: proctorRow(inExamMode),
  [`POST ${T}/proctor/:studentId/reset-login`]: proctorRow(withOpenAttempt),
  [`POST ${T}/proctor/:studentId/add-time`]: proctorRow(withOpenAttempt, { body: () => json({ minutes: 10 }) }),
  [`POST ${T}/proctor/:studentId/force-submit`]: proctorRow(withOpenAttempt),
  [`GET ${T}/overrides`]: proctorRow(inExamMode),
  [`PUT ${T}/overrides/:studentId`]: proctorRow(inExamMode, { body: () => json({ extra_attempts: 1, time_limit_minutes: 30 }) }),
  [`DELETE ${T}/overrides/:studentId`]: proctorRow(async (c) => {
    await c.scene.app.db.insert(quizOverrides).values({ quizId: c.own.quizId, studentId: c.target.studentId, extraAttempts: 1 });
  }),
  // The chain's attempt is finished: the event answers { submitted: true } (an open one needs its own session).
  [`POST ${S}/attempts/:attemptId/events`]: {
    expect: studentChain(200),
    noMarker: true,
    prepare: inExamMode,
    body: () => json({ kind: 'leave' }),
  },
};

/** Its scene: a class of the fuzzer's teacher for the fuzzer's student's rombel, an exam-mode quiz and the student's open attempt. */
export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async (ctx) => {
    const [me] = await ctx.db.select({ rombelId: students.rombelClassId }).from(students).where(eq(students.userId, ctx.student.id));
    const klass = await ctx.factory.onlineClass(ctx.teacher.id, { rombelId: me?.rombelId ?? undefined, name: 'Kelas Ujian Fuzz' });
    const content = await ctx.factory.content(klass.id);
    const category = await ctx.factory.questionCategory(ctx.teacher.id);
    const question = await ctx.factory.question(category.id, ctx.teacher.id, { type: 'true_false', points: 1 });
    const quiz = await ctx.factory.quiz(content.id, ctx.teacher.id, [question.id], { attemptsAllowed: 0 });
    await examMode(ctx.db, quiz.id);
    const attempt = await openAttempt(ctx.db, quiz.id, ctx.student.id, question.id, 1);
    return { classId: klass.id, lessonId: content.id, quizId: quiz.id, attemptId: attempt.id, studentId: ctx.student.id };
  },
  endpoints: {
    [`POST ${T}/proctor/:studentId/add-time`]: {
      as: 'teacher',
      ids: (x) => ({ classId: x.classId!, lessonId: x.lessonId!, quizId: x.quizId!, studentId: x.studentId! }),
      valid: () => ({ minutes: 10 }),
    },
    [`PUT ${T}/overrides/:studentId`]: {
      as: 'teacher',
      ids: (x) => ({ classId: x.classId!, lessonId: x.lessonId!, quizId: x.quizId!, studentId: x.studentId! }),
      valid: () => ({ opens_at: null, closes_at: '2030-01-01T10:00:00+07:00', time_limit_minutes: 60, extra_attempts: 1 }),
    },
    [`POST ${S}/attempts/:attemptId/events`]: {
      as: 'student',
      ids: (x) => ({ classId: x.classId!, lessonId: x.lessonId!, quizId: x.quizId!, attemptId: x.attemptId! }),
      valid: () => ({ kind: 'back' }),
    },
  },
  notJson: [`POST ${T}/proctor/:studentId/reset-login`, `POST ${T}/proctor/:studentId/force-submit`],
};
