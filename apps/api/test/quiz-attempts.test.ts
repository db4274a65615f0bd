/**
 * Taking a quiz (issue 25, docs/features/quizzes.md "Student"): starting (one attempt for two tabs, never
 * past the attempts allowed), the layout fixed at the start, answers saved at once and checked
 * against the question, the server's clock (saves and submits after the time are refused and the
 * attempt closed with what was saved; the job closes what no browser comes back to), keys never in
 * a student's reply before the review allows, and only the student's own quizzes and attempts.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { QUIZ_MSG } from '@kelasku/contract';
import { quizAnswers, quizAttempts, quizzes } from '../src/db/schema.js';
import { runQuizClose } from '../src/features/quizzes/job.js';
import { useTestApp } from './helpers.js';
import { createQuiz, expire, keyLeaks, quizScene, rightAnswer, startAttempt, studentPaths } from './quiz-scene.js';

const t = useTestApp();

const keyOf = async (questionId: number) => {
  const res = await t.db.query.questions.findFirst({ where: (q, { eq: is }) => is(q.id, questionId) });
  return res!.data as any;
};

describe('starting an attempt', () => {
  it('starts once (201), gives the open attempt back (200), and two tabs at once get one attempt', async () => {
    const s = await quizScene(t, { students: 2 });
    const quizId = await createQuiz(t, s);
    const p = studentPaths(s, quizId);
    const first = await t.as(s.student.token).post(p.attempts);
    expect(first.status).toBe(201);
    expect(first.body.data.number).toBe(1);
    expect(first.body.data.questions).toHaveLength(6);
    const again = await t.as(s.student.token).post(p.attempts);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);

    // Ten tabs of another student at the same moment: one attempt.
    const other = s.students[1]!;
    const tabs = await Promise.all(Array.from({ length: 10 }, () => t.as(other.token).post(p.attempts)));
    expect(tabs.filter((r) => r.status === 201)).toHaveLength(1);
    expect(tabs.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(new Set(tabs.map((r) => r.body.data.id)).size).toBe(1);
    const rows = await t.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.studentId, other.id)));
    expect(rows).toHaveLength(1);

    const view = await t.as(s.student.token).get(p.quiz);
    expect(view.status).toBe(200);
    expect(view.body.data.open_attempt_id).toBe(first.body.data.id);
    expect(view.body.data.quiz.question_count).toBe(6);
    expect(view.body.data.quiz.total_points).toBe(14);
  });

  it('refuses an attempt beyond attempts_allowed (409), and allows as many as asked (0: unlimited)', async () => {
    const s = await quizScene(t);
    const once = await createQuiz(t, s, { attempts_allowed: 1 });
    const a = await startAttempt(t, s, once);
    expect((await t.as(s.student.token).post(studentPaths(s, once).submit(a.id))).status).toBe(200);
    const more = await t.as(s.student.token).post(studentPaths(s, once).attempts);
    expect(more.status).toBe(409);
    expect(more.body.message).toBe(QUIZ_MSG.attemptsUsed);
    const view = await t.as(s.student.token).get(studentPaths(s, once).quiz);
    expect(view.body.data).toMatchObject({ can_start: false, reason_if_not: QUIZ_MSG.attemptsUsed, open_attempt_id: null });

    const unlimited = await createQuiz(t, s, { attempts_allowed: 0 });
    for (let n = 1; n <= 4; n++) {
      const x = await startAttempt(t, s, unlimited);
      expect(x.number).toBe(n);
      expect((await t.as(s.student.token).post(studentPaths(s, unlimited).submit(x.id))).status).toBe(200);
    }
    // Two tabs racing for the last attempt of three: one gets it.
    const three = await createQuiz(t, s, { attempts_allowed: 3 });
    for (let n = 1; n <= 2; n++) {
      const x = await startAttempt(t, s, three);
      await t.as(s.student.token).post(studentPaths(s, three).submit(x.id));
    }
    const race = await Promise.all(Array.from({ length: 6 }, () => t.as(s.student.token).post(studentPaths(s, three).attempts)));
    expect(race.filter((r) => r.status === 201)).toHaveLength(1);
    const attempt3 = race.find((r) => r.status === 201)!.body.data.id;
    await t.as(s.student.token).post(studentPaths(s, three).submit(attempt3));
    const after = await Promise.all(Array.from({ length: 4 }, () => t.as(s.student.token).post(studentPaths(s, three).attempts)));
    expect(after.map((r) => r.status)).toEqual([409, 409, 409, 409]);
    const rows = await t.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, three));
    expect(rows).toHaveLength(3);
  });

  it('a quiz not open yet or closed: 409 and can_start false; a hidden or scheduled one (or its content): 404 everywhere', async () => {
    const s = await quizScene(t);
    const later = await createQuiz(t, s, { opens_at: new Date(Date.now() + 3600_000).toISOString() });
    const res = await t.as(s.student.token).post(studentPaths(s, later).attempts);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(QUIZ_MSG.notOpen);
    expect((await t.as(s.student.token).get(studentPaths(s, later).quiz)).body.data).toMatchObject({
      can_start: false,
      reason_if_not: QUIZ_MSG.notOpen,
    });

    const closed = await createQuiz(t, s, {
      opens_at: new Date(Date.now() - 7200_000).toISOString(),
      closes_at: new Date(Date.now() - 3600_000).toISOString(),
    });
    const res2 = await t.as(s.student.token).post(studentPaths(s, closed).attempts);
    expect(res2.status).toBe(409);
    expect(res2.body.message).toBe(QUIZ_MSG.closed);

    // Started while open, then hidden: the attempt is out of reach too.
    const open = await createQuiz(t, s);
    const a = await startAttempt(t, s, open);
    const p = studentPaths(s, open);
    const routes: Array<[string, string, unknown?]> = [
      ['GET', p.quiz],
      ['POST', p.attempts],
      ['GET', p.attempt(a.id)],
      ['PUT', p.answer(a.id, s.q.tf.id), { answer: { value: true } }],
      ['POST', p.submit(a.id)],
      ['GET', p.review(a.id)],
    ];
    const hiddenOnes = [{ hidden: true }, { hidden: false, publish_at: new Date(Date.now() + 3600_000).toISOString() }];
    for (const v of hiddenOnes) {
      const set = await t
        .as(s.teacher.token)
        .put(`/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}/quizzes/${open}/visibility`, v);
      expect(set.status).toBe(200);
      for (const [method, url, body] of routes) {
        const r = await t.as(s.student.token).request(method as 'GET', url, body);
        expect(r.status, `${method} ${url} with ${JSON.stringify(v)}`).toBe(404);
      }
    }
    await t
      .as(s.teacher.token)
      .put(`/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}/quizzes/${open}/visibility`, { hidden: false });
    // The content hidden: the same.
    await t.as(s.teacher.token).put(`/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}/visibility`, { hidden: true });
    for (const [method, url, body] of routes) {
      expect((await t.as(s.student.token).request(method as 'GET', url, body)).status, `${method} ${url} (content hidden)`).toBe(404);
    }
    await t.as(s.teacher.token).put(`/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}/visibility`, { hidden: false });
    expect((await t.as(s.student.token).get(p.attempt(a.id))).status).toBe(200);
  });

  it("a student of another rombel gets 404 on every student route, with the quiz's ids and with their own attempt's", async () => {
    const s = await quizScene(t);
    const quizId = await createQuiz(t, s);
    const a = await startAttempt(t, s, quizId);
    const p = studentPaths(s, quizId);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', p.quiz],
      ['POST', p.attempts],
      ['GET', p.attempt(a.id)],
      ['PUT', p.answer(a.id, s.q.tf.id), { answer: { value: true } }],
      ['POST', p.submit(a.id)],
      ['GET', p.review(a.id)],
    ];
    for (const [method, url, body] of calls) {
      const r = await t.as(s.outsider.token).request(method as 'GET', url, body);
      expect(r.status, `${method} ${url}`).toBe(404);
    }
    // A classmate reaches the quiz but not another student's attempt.
    const mate = await t.factory.student({ rombelId: s.rombel.id });
    for (const [method, url, body] of calls.slice(2)) {
      expect((await t.as(mate.token).request(method as 'GET', url, body)).status, `${method} ${url} (classmate)`).toBe(404);
    }
    // Nothing was written by any of them.
    expect(await t.db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, a.id))).toEqual([]);
    const [row] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, a.id));
    expect(row!.finishedAt).toBeNull();
  });
});

describe('the attempt page and its answers', () => {
  it('keeps the layout of the start: the same order on every read, options and questions shuffled when asked', async () => {
    const s = await quizScene(t);
    const extra = [];
    for (let i = 0; i < 12; i++) extra.push(await t.factory.question(s.category.id, s.teacher.id, { type: 'multiple_choice' }));
    const quizId = await createQuiz(t, s, {
      shuffle_questions: true,
      shuffle_options: true,
      slots: extra.map((q) => ({ question_id: q.id })),
    });
    const a = await startAttempt(t, s, quizId);
    const read = await t.as(s.student.token).get(studentPaths(s, quizId).attempt(a.id));
    expect(read.body.data.questions).toEqual(a.questions);
    const again = await startAttempt(t, s, quizId);
    expect(again.questions).toEqual(a.questions);
    // 12 questions, 4 options each: the chance that nothing moved is negligible.
    const order = a.questions.map((q: any) => q.id);
    const optionOrders = a.questions.map((q: any) => q.options.map((o: any) => o.id).join());
    expect(order.join() !== extra.map((q) => q.id).join() || optionOrders.some((o: string) => o !== 'o1,o2,o3,o4')).toBe(true);
  });

  it('checks each answer against the question and the attempt: 422 for a wrong shape or a choice not in the question, 404 for a question not in the attempt', async () => {
    const s = await quizScene(t);
    const quizId = await createQuiz(t, s);
    const a = await startAttempt(t, s, quizId);
    const p = studentPaths(s, quizId);
    const bad: Array<[number, unknown]> = [
      [s.q.mc.id, { option: 'zz' }],
      [s.q.mc.id, { value: true }],
      [s.q.ma.id, { options: ['o1', 'nope'] }],
      [s.q.tf.id, { text: 'benar' }],
      [s.q.match.id, { matches: { p1: 'p1' } }],
      [s.q.match.id, { matches: { nope: a.questions.find((q: any) => q.type === 'matching').right[0].id } }],
      [s.q.essay.id, { option: 'o1' }],
      [s.q.sa.id, { text: 'x'.repeat(5000) }],
    ];
    for (const [qid, answer] of bad) {
      const r = await t.as(s.student.token).put(p.answer(a.id, qid), { answer });
      expect(r.status, JSON.stringify(answer)).toBe(422);
    }
    const notInAttempt = await t.factory.question(s.category.id, s.teacher.id);
    expect((await t.as(s.student.token).put(p.answer(a.id, notInAttempt.id), { answer: { option: 'o1' } })).status).toBe(404);
    expect((await t.as(s.student.token).put(p.answer(a.id, s.foreignQuestion.id), { answer: { option: 'o1' } })).status).toBe(404);
    expect(await t.db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, a.id))).toEqual([]);
  });

  it('saves every answer at once, shows them back, grades them on submit', async () => {
    const s = await quizScene(t);
    const quizId = await createQuiz(t, s, { show_review: true });
    const a = await startAttempt(t, s, quizId);
    const p = studentPaths(s, quizId);
    for (const q of a.questions) {
      const res = await t.as(s.student.token).put(p.answer(a.id, q.id), { answer: rightAnswer(q, await keyOf(q.id)) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Date.parse(res.body.data.saved_at)).not.toBeNaN();
    }
    const page = (await t.as(s.student.token).get(p.attempt(a.id))).body.data;
    for (const q of a.questions) expect(page.answers[String(q.id)]).toEqual(rightAnswer(q, await keyOf(q.id)));
    const done = await t.as(s.student.token).post(p.submit(a.id));
    expect(done.status).toBe(200);
    // Everything right but the essay, which waits for the teacher: no score yet.
    expect(done.body.data).toMatchObject({ timed_out: false, score: null, needs_grading: true, results_visible: true });
    const rows = await t.db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, a.id));
    const byQ = new Map(rows.map((r) => [r.questionId, r.autoPoints]));
    expect(byQ.get(s.q.mc.id)).toBe(2);
    expect(byQ.get(s.q.ma.id)).toBe(2);
    expect(byQ.get(s.q.tf.id)).toBe(1);
    expect(byQ.get(s.q.sa.id)).toBe(1);
    expect(byQ.get(s.q.match.id)).toBe(3);
    expect(byQ.get(s.q.essay.id)).toBeNull();
    // A second submit answers as the first; a save after it is refused.
    expect((await t.as(s.student.token).post(p.submit(a.id))).status).toBe(200);
    const late = await t.as(s.student.token).put(p.answer(a.id, s.q.tf.id), { answer: { value: false } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(QUIZ_MSG.attemptClosed);
  });
});

describe('the clock', () => {
  it('an answer after the time limit is refused (409) and the attempt closed with the saved answers, its score computed', async () => {
    const s = await quizScene(t);
    const quizId = await createQuiz(t, s, {
      time_limit_minutes: 30,
      slots: [s.q.mc, s.q.tf, s.q.sa].map((q) => ({ question_id: q.id })),
    });
    const a = await startAttempt(t, s, quizId);
    expect(Date.parse(a.due_at) - Date.parse(a.started_at)).toBe(30 * 60_000);
    const p = studentPaths(s, quizId);
    expect((await t.as(s.student.token).put(p.answer(a.id, s.q.mc.id), { answer: { option: 'o1' } })).status).toBe(200);
    expect((await t.as(s.student.token).put(p.answer(a.id, s.q.tf.id), { answer: { value: false } })).status).toBe(200);
    await expire(t, a.id);
    const late = await t.as(s.student.token).put(p.answer(a.id, s.q.sa.id), { answer: { text: 'jaringan' } });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(QUIZ_MSG.attemptClosed);
    const [row] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, a.id));
    expect(row!.finishedAt).not.toBeNull();
    expect(row!.timedOut).toBe(true);
    expect(row!.finishedAt!.getTime()).toBe(row!.dueAt!.getTime());
    // mc right (2 points), tf wrong, sa never saved: 2 of 4.
    expect(row!.score).toBe(2);
    expect(row!.maxScore).toBe(4);
    const saved = await t.db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, a.id));
    expect(saved.map((r) => r.questionId).sort()).toEqual([s.q.mc.id, s.q.tf.id].sort());
    // A submit after the time: 409 too.
    expect((await t.as(s.student.token).post(p.submit(a.id))).status).toBe(409);
  });

  it('a submit after the time is refused and closes the attempt; the due time is the closing time when sooner', async () => {
    const s = await quizScene(t);
    const closes = new Date(Date.now() + 10 * 60_000);
    const quizId = await createQuiz(t, s, { time_limit_minutes: 60, closes_at: closes.toISOString() });
    const a = await startAttempt(t, s, quizId);
    expect(Date.parse(a.due_at)).toBe(closes.getTime());
    await expire(t, a.id);
    const res = await t.as(s.student.token).post(studentPaths(s, quizId).submit(a.id));
    expect(res.status).toBe(409);
    const [row] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, a.id));
    expect(row).toMatchObject({ timedOut: true, score: 0 });
  });

  it('the job closes overdue attempts that no browser comes back to; reads close them too', async () => {
    const s = await quizScene(t, { students: 2 });
    const quizId = await createQuiz(t, s, { time_limit_minutes: 5, slots: [{ question_id: s.q.tf.id }] });
    const [a, b] = [await startAttempt(t, s, quizId, s.students[0]), await startAttempt(t, s, quizId, s.students[1])];
    await t.as(s.students[0]!.token).put(studentPaths(s, quizId).answer(a.id, s.q.tf.id), { answer: { value: true } });
    await expire(t, a.id);
    expect(await runQuizClose(t.app as any)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, a.id));
    expect(row).toMatchObject({ timedOut: true, score: 1 });
    // The other is still running.
    const [other] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, b.id));
    expect(other!.finishedAt).toBeNull();
    // A read closes an overdue attempt at once.
    await expire(t, b.id);
    const page = await t.as(s.students[1]!.token).get(studentPaths(s, quizId).attempt(b.id));
    expect(page.status).toBe(200);
    expect(page.body.data.finished_at).not.toBeNull();
  });

  it('the teacher moving the closing time moves the due time of attempts still running', async () => {
    const s = await quizScene(t);
    const quizId = await createQuiz(t, s, { time_limit_minutes: 60 });
    const a = await startAttempt(t, s, quizId);
    const soon = new Date(Date.now() + 5 * 60_000);
    const res = await t.as(s.teacher.token).put(`${s.teacherBase}/${quizId}`, {
      ...(await t.as(s.teacher.token).get(`${s.teacherBase}/${quizId}`)).body.data,
      closes_at: soon.toISOString(),
      slots: Object.values(s.q).map((q) => ({ question_id: q.id })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, a.id));
    expect(row!.dueAt!.getTime()).toBe(soon.getTime());
  });
});

describe('two tabs saving one attempt', () => {
  it('50 parallel saves on different questions, and overlapping ones: every acknowledged answer is kept, the last write per question wins', async () => {
    const s = await quizScene(t);
    const bank = [];
    for (let i = 0; i < 50; i++) bank.push(await t.factory.question(s.category.id, s.teacher.id, { type: 'short_answer' }));
    const quizId = await createQuiz(t, s, { slots: bank.map((q) => ({ question_id: q.id })) });
    const a = await startAttempt(t, s, quizId);
    const p = studentPaths(s, quizId);
    // Tab A and tab B together: 50 different questions at once.
    const results = await Promise.all(
      bank.map((q, i) => t.as(s.student.token).put(p.answer(a.id, q.id), { answer: { text: `jawaban ${i}` } })),
    );
    expect(results.map((r) => r.status)).toEqual(bank.map(() => 200));
    // Then both tabs save the same 25 questions at the same moment, each with its own text.
    const overlap = bank.slice(0, 25);
    const both = await Promise.all(
      overlap.flatMap((q) => ['A', 'B'].map((tab) => t.as(s.student.token).put(p.answer(a.id, q.id), { answer: { text: `tab ${tab}` } }))),
    );
    expect(both.every((r) => r.status === 200)).toBe(true);
    let rows = await t.db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, a.id));
    expect(rows).toHaveLength(50);
    const text = (qid: number) => (rows.find((r) => r.questionId === qid)!.answer as { text: string }).text;
    for (const [i, q] of bank.entries()) {
      if (i < 25) expect(['tab A', 'tab B']).toContain(text(q.id));
      else expect(text(q.id)).toBe(`jawaban ${i}`);
    }
    // One after the other: the later write wins, whichever tab it came from.
    for (const q of overlap.slice(0, 5)) {
      await t.as(s.student.token).put(p.answer(a.id, q.id), { answer: { text: 'dulu' } });
      await t.as(s.student.token).put(p.answer(a.id, q.id), { answer: { text: 'terakhir' } });
    }
    rows = await t.db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, a.id));
    for (const q of overlap.slice(0, 5)) expect(text(q.id)).toBe('terakhir');
    const page = (await t.as(s.student.token).get(p.attempt(a.id))).body.data;
    expect(Object.keys(page.answers)).toHaveLength(50);
  });

  it('saves racing the submit: each save is either kept and graded, or refused; none is lost', async () => {
    const s = await quizScene(t);
    const bank = [];
    for (let i = 0; i < 40; i++) bank.push(await t.factory.question(s.category.id, s.teacher.id, { type: 'true_false' }));
    const quizId = await createQuiz(t, s, { slots: bank.map((q) => ({ question_id: q.id })) });
    const a = await startAttempt(t, s, quizId);
    const p = studentPaths(s, quizId);
    const saves = bank.map((q) => t.as(s.student.token).put(p.answer(a.id, q.id), { answer: { value: true } }));
    const submit = t.as(s.student.token).post(p.submit(a.id));
    const [results, done] = [await Promise.all(saves), await submit];
    expect(done.status).toBe(200);
    const acknowledged = bank.filter((_, i) => results[i]!.status === 200).map((q) => q.id);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const rows = await t.db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, a.id));
    expect(rows.map((r) => r.questionId).sort()).toEqual(acknowledged.sort());
    // Every saved answer is graded (each is right: 1 point).
    expect(rows.every((r) => r.autoPoints === 1)).toBe(true);
    const [row] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, a.id));
    expect(row!.score).toBe(acknowledged.length);
  });
});

describe('keys', () => {
  it('no student reply holds a key before the review allows it; the review shows them only with show_review', async () => {
    const s = await quizScene(t);
    for (const showReview of [false, true]) {
      const quizId = await createQuiz(t, s, { show_review: showReview, attempts_allowed: 2 });
      const p = studentPaths(s, quizId);
      const bodies: Array<[string, unknown]> = [];
      const keep = (what: string, r: { status: number; body: unknown }) => {
        expect(r.status, what).toBeLessThan(300);
        bodies.push([what, r.body]);
      };
      keep('quiz', await t.as(s.student.token).get(p.quiz));
      const started = await t.as(s.student.token).post(p.attempts);
      keep('start', started);
      const a = started.body.data;
      keep('resume', await t.as(s.student.token).post(p.attempts));
      for (const q of a.questions)
        keep(`save ${q.type}`, await t.as(s.student.token).put(p.answer(a.id, q.id), { answer: rightAnswer(q, await keyOf(q.id)) }));
      keep('attempt', await t.as(s.student.token).get(p.attempt(a.id)));
      keep('contents', await t.as(s.student.token).get(`/api/student/my-classes/${s.klass.id}/contents`));
      keep('content', await t.as(s.student.token).get(`/api/student/my-classes/${s.klass.id}/contents/${s.content.id}`));
      keep('submit', await t.as(s.student.token).post(p.submit(a.id)));
      keep('quiz after', await t.as(s.student.token).get(p.quiz));
      const review = await t.as(s.student.token).get(p.review(a.id));
      expect(review.status).toBe(200);
      for (const [what, body] of bodies) {
        expect(keyLeaks(body), `${what} (show_review ${showReview})`).toEqual([]);
        // The accepted short answer "network" was never typed by the student: it is nowhere.
        expect(JSON.stringify(body), what).not.toContain('network');
      }
      // The matching question's right list never uses the left ids.
      const m = a.questions.find((q: any) => q.type === 'matching');
      expect(m.right.map((r: any) => r.id).some((id: string) => m.left.some((l: any) => l.id === id))).toBe(false);
      if (showReview) {
        expect(review.body.data.review_visible).toBe(true);
        const sa = review.body.data.questions.find((q: any) => q.type === 'short_answer');
        expect(sa.key.answers).toEqual(['jaringan', 'network']);
        const mc = review.body.data.questions.find((q: any) => q.type === 'multiple_choice');
        expect(mc.key.options).toEqual(['o1']);
        expect(mc.points_awarded).toBe(2);
      } else {
        expect(review.body.data.review_visible).toBe(false);
        expect(keyLeaks(review.body), 'review without show_review').toEqual([]);
        expect(JSON.stringify(review.body)).not.toContain('network');
      }
    }
  });

  it('show_results: never shows no score; after_close only once the quiz has closed', async () => {
    const s = await quizScene(t);
    const slots = [{ question_id: s.q.mc.id }];
    const never = await createQuiz(t, s, { show_results: 'never', show_review: true, slots });
    const a = await startAttempt(t, s, never);
    await t.as(s.student.token).put(studentPaths(s, never).answer(a.id, s.q.mc.id), { answer: { option: 'o1' } });
    const done = await t.as(s.student.token).post(studentPaths(s, never).submit(a.id));
    expect(done.body.data).toMatchObject({ results_visible: false, score: null, grade: null });
    const review = await t.as(s.student.token).get(studentPaths(s, never).review(a.id));
    expect(review.body.data).toMatchObject({ results_visible: false, review_visible: false, score: null });
    expect(keyLeaks(review.body)).toEqual([]);
    const view = await t.as(s.student.token).get(studentPaths(s, never).quiz);
    expect(view.body.data.grade).toBeNull();
    expect(view.body.data.attempts[0].score).toBeNull();

    const closes = new Date(Date.now() + 3600_000);
    const afterClose = await createQuiz(t, s, { show_results: 'after_close', show_review: true, closes_at: closes.toISOString(), slots });
    const b = await startAttempt(t, s, afterClose);
    await t.as(s.student.token).put(studentPaths(s, afterClose).answer(b.id, s.q.mc.id), { answer: { option: 'o1' } });
    await t.as(s.student.token).post(studentPaths(s, afterClose).submit(b.id));
    const before = await t.as(s.student.token).get(studentPaths(s, afterClose).review(b.id));
    expect(before.body.data).toMatchObject({ results_visible: false, score: null });
    expect(keyLeaks(before.body)).toEqual([]);
    await t.db
      .update(quizzes)
      .set({ opensAt: new Date(Date.now() - 7200_000), closesAt: new Date(Date.now() - 1000) })
      .where(eq(quizzes.id, afterClose));
    const after = await t.as(s.student.token).get(studentPaths(s, afterClose).review(b.id));
    expect(after.body.data).toMatchObject({ results_visible: true, review_visible: true, score: 2, grade: 100 });
  });

  it('the review of an attempt still running is a 409', async () => {
    const s = await quizScene(t);
    const quizId = await createQuiz(t, s);
    const a = await startAttempt(t, s, quizId);
    const res = await t.as(s.student.token).get(studentPaths(s, quizId).review(a.id));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(QUIZ_MSG.notFinished);
  });
});
