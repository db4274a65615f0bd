/**
 * Issue 41 in the demo school: guru's "Ulangan Harian" is in exam mode. Andi (`siswa`) starts it with
 * the proctor's token, leaves the page twice (the board shows it), guru adds ten minutes, Andi
 * finishes and reads the general feedback with a formula in it.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAM_MSG } from '@kelasku/contract';
import { seedDemo } from '../src/seed/demo.js';
import { DEMO_EXAM_TITLE } from '../src/seed/exams.js';
import { useTestApp } from './helpers.js';

const t = useTestApp();

const login = async (username: string, password: string) => {
  const res = await t.as(null).post('/api/login', { username, password });
  expect(res.status).toBe(200);
  return res.body.data.token as string;
};

describe('the demo school’s exam', () => {
  let where: { class_id: number; lesson_id: number; quiz_id: number };

  beforeAll(async () => {
    expect(await seedDemo(t.db, t.app.files)).toBe(true);
    const found = await t.db.execute(sql`
      select l.online_class_id as class_id, q.content_id as lesson_id, q.id as quiz_id from quizzes q join contents l on l.id = q.content_id
       where q.title = ${DEMO_EXAM_TITLE}`);
    where = (found as any).rows[0];
  });

  it('runs from the token to the review with a formula', async () => {
    const guru = await login('guru', 'guru123');
    const siswa = await login('siswa', 'siswa123');
    const teacher = `/api/teacher/online-classes/${where.class_id}/contents/${where.lesson_id}/quizzes/${where.quiz_id}`;
    const student = `/api/student/my-classes/${where.class_id}/contents/${where.lesson_id}/quizzes/${where.quiz_id}`;

    const token = (await t.as(guru).get(`${teacher}/exam-token`)).body.data.token;
    const view = await t.as(siswa).get(student);
    expect(view.status).toBe(200);
    expect(view.body.data.quiz).toMatchObject({ title: DEMO_EXAM_TITLE, exam_mode: true, exam_leave_limit: 5 });
    expect((await t.as(siswa).post(`${student}/attempts`, {})).body.message).toBe(EXAM_MSG.tokenRequired);
    const started = await t.as(siswa).post(`${student}/attempts`, { token });
    expect(started.status).toBe(201);
    const attempt = started.body.data;
    const formula = attempt.questions.find((q: any) => q.text.includes('\\(x^2\\)'));
    expect(formula).toBeDefined();
    const right = formula.options.find((o: any) => o.text === '\\(2x\\)');
    expect(
      (await t.as(siswa).put(`${student}/attempts/${attempt.id}/answers/${formula.id}`, { answer: { option: right.id } })).status,
    ).toBe(200);

    const events = `${student}/attempts/${attempt.id}/events`;
    expect((await t.as(siswa).post(events, { kind: 'leave' })).body.data.leave_count).toBe(1);
    await t.as(siswa).post(events, { kind: 'back' });
    // The second leave comes later than the debounce.
    await t.db.execute(sql`update quiz_attempts set last_left_at = now() - interval '1 minute' where id = ${attempt.id}`);
    expect((await t.as(siswa).post(events, { kind: 'leave' })).body.data).toEqual({ leave_count: 2, submitted: false });

    const board = await t.as(guru).get(`${teacher}/proctor`);
    const andi = board.body.data.rows.find((r: any) => r.attempt_id === attempt.id);
    expect(andi).toMatchObject({ state: 'working', leave_count: 2, away: true, answered: 1 });

    const added = await t.as(guru).post(`${teacher}/proctor/${andi.student.id}/add-time`, { minutes: 10 });
    expect(added.body.data.extra_minutes).toBe(10);
    expect(new Date(added.body.data.due_at).getTime() - new Date(attempt.due_at).getTime()).toBe(10 * 60_000);

    await t.as(siswa).post(events, { kind: 'back' });
    expect((await t.as(siswa).post(`${student}/attempts/${attempt.id}/submit`)).status).toBe(200);
    const review = await t.as(siswa).get(`${student}/attempts/${attempt.id}/review`);
    expect(review.status).toBe(200);
    const reviewed = review.body.data.questions.find((q: any) => q.id === formula.id);
    expect(reviewed.general_feedback).toContain('\\(\\frac{d}{dx}x^2 = 2x\\)');
  });
});
