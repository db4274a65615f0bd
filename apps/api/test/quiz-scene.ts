/**
 * A class with a quiz for the quiz tests: its own rombel (other tests' students never show up),
 * the teacher's bank with one question of every type, the class's students, and an outsider of
 * each kind (another teacher with a class of another rombel, a student of that rombel).
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { QuizBody } from '@kelasku/contract';
import { quizAttempts } from '../src/db/schema.js';
import type { TestContext } from './helpers.js';
import type { TestUser } from './factory.js';

export const TYPES = ['multiple_choice', 'multiple_answer', 'true_false', 'short_answer', 'matching', 'essay'] as const;

export async function quizScene(t: TestContext, opts: { students?: number } = {}) {
  const f = t.factory;
  const { rombel, otherRombel, teacher, otherTeacher, klass, otherClass, content, otherLesson } = await f.classPair();
  const category = await f.questionCategory(teacher.id);
  const otherCategory = await f.questionCategory(otherTeacher.id);
  const q = {
    mc: await f.question(category.id, teacher.id, { type: 'multiple_choice', points: 2 }),
    ma: await f.question(category.id, teacher.id, { type: 'multiple_answer', points: 2 }),
    tf: await f.question(category.id, teacher.id, { type: 'true_false', points: 1 }),
    sa: await f.question(category.id, teacher.id, { type: 'short_answer', points: 1 }),
    match: await f.question(category.id, teacher.id, { type: 'matching', points: 3 }),
    essay: await f.question(category.id, teacher.id, { type: 'essay', points: 5 }),
  };
  const foreignQuestion = await f.question(otherCategory.id, otherTeacher.id);
  const students: TestUser[] = [];
  for (let i = 0; i < (opts.students ?? 1); i++)
    students.push(await f.student({ rombelId: rombel.id, name: `Siswa ${String(i).padStart(2, '0')}` }));
  const outsider = await f.student({ rombelId: otherRombel.id });
  const admin = await f.admin();
  const teacherBase = `/api/teacher/online-classes/${klass.id}/contents/${content.id}/quizzes`;
  const studentBase = `/api/student/my-classes/${klass.id}/contents/${content.id}/quizzes`;
  return {
    rombel,
    otherRombel,
    teacher,
    otherTeacher,
    klass,
    otherClass,
    content,
    otherLesson,
    category,
    otherCategory,
    q,
    foreignQuestion,
    student: students[0]!,
    students,
    outsider,
    admin,
    teacherBase,
    studentBase,
  };
}
export type QuizScene = Awaited<ReturnType<typeof quizScene>>;

/** A quiz body with the six questions as fixed slots, open now, untimed, one attempt. */
export const quizBody = (s: QuizScene, over: Partial<QuizBody> = {}): QuizBody => ({
  title: 'Ulangan Harian 1',
  description: 'Kerjakan dengan jujur.',
  slots: Object.values(s.q).map((x) => ({ question_id: x.id })),
  ...over,
});

/** Creates a quiz through the API; returns its id. */
export async function createQuiz(t: TestContext, s: QuizScene, over: Partial<QuizBody> = {}): Promise<number> {
  const res = await t.as(s.teacher.token).post(s.teacherBase, quizBody(s, over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

/** The student's paths of one quiz. */
export const studentPaths = (s: QuizScene, quizId: number) => {
  const quiz = `${s.studentBase}/${quizId}`;
  return {
    quiz,
    attempts: `${quiz}/attempts`,
    attempt: (id: number) => `${quiz}/attempts/${id}`,
    answer: (id: number, questionId: number) => `${quiz}/attempts/${id}/answers/${questionId}`,
    submit: (id: number) => `${quiz}/attempts/${id}/submit`,
    review: (id: number) => `${quiz}/attempts/${id}/review`,
  };
};

/** Starts (or resumes) the student's attempt; returns the attempt page. */
export async function startAttempt(t: TestContext, s: QuizScene, quizId: number, student: TestUser = s.student) {
  const res = await t.as(student.token).post(studentPaths(s, quizId).attempts);
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return res.body.data;
}

/** The right answer to a question as the attempt page shows it (for factory keys). */
export function rightAnswer(question: { id: number; type: string; right?: Array<{ id: string; text: string }> }, key: any): unknown {
  switch (question.type) {
    case 'multiple_choice':
      return { option: key.options.find((o: any) => o.correct).id };
    case 'multiple_answer':
      return { options: key.options.filter((o: any) => o.correct).map((o: any) => o.id) };
    case 'true_false':
      return { value: key.answer };
    case 'short_answer':
      return { text: key.answers[0] };
    case 'matching': {
      // The right list shows each pair's right text under an id of the attempt.
      const byText = new Map(question.right!.map((r) => [r.text, r.id]));
      return { matches: Object.fromEntries(key.pairs.map((p: any) => [p.id, byText.get(p.right)])) };
    }
    default:
      return { text: 'Jawaban uraian yang panjang.' };
  }
}

/** Moves an attempt's due time into the past (the clock has run out). */
export async function expire(t: TestContext, attemptId: number): Promise<void> {
  await t.db
    .update(quizAttempts)
    .set({ dueAt: new Date(Date.now() - 1000) })
    .where(eq(quizAttempts.id, attemptId));
}

/**
 * Where a key shows in a reply: `correct` flags, a true/false `answer`, accepted `answers` lists,
 * `tolerance`, a question's `data`, a review's `key` and points, and pairings (an object with both `left` and `right` text, or a
 * right-list id that is also a left id). Returns the JSON paths found.
 */
export function keyLeaks(body: unknown): string[] {
  const found: string[] = [];
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}[${i}]`));
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    for (const k of ['correct', 'tolerance', 'key', 'points_awarded']) if (k in o) found.push(`${path}.${k}`);
    // A question with its bank data (the envelope's own `data` is not one).
    if ('data' in o && 'type' in o) found.push(`${path}.data`);
    if ('answer' in o && typeof o.answer === 'boolean') found.push(`${path}.answer`);
    if ('answers' in o && Array.isArray(o.answers)) found.push(`${path}.answers`);
    if (typeof o.left === 'string' && typeof o.right === 'string') found.push(`${path} (pair)`);
    if (Array.isArray(o.left) && Array.isArray(o.right)) {
      const left = new Set((o.left as Array<{ id: string }>).map((x) => x.id));
      if ((o.right as Array<{ id: string }>).some((x) => left.has(x.id))) found.push(`${path}.right (pair ids)`);
    }
    for (const [k, x] of Object.entries(o)) walk(x, `${path}.${k}`);
  };
  walk(body, '$');
  return found;
}
