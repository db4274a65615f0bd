/**
 * Exam mode (issue 41, docs/features/exams.md): the proctor's rotating token (claimed once per
 * student and window, in the start's transaction), the attempt bound to the session that started
 * it, leaves logged and debounced (and the leave limit), the proctor board and its actions, the
 * per-student overrides, and the live events of the board. Non-exam quizzes are untouched
 * (quiz-attempts.test.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EXAM_LIMITS, EXAM_MSG, EXAM_TOKEN_GRACE_SECONDS, EXAM_TOKEN_PERIOD_SECONDS, QUIZ_MSG } from '@kelasku/contract';
import { auditLog, liveEvents, quizAttemptLeaves, quizAttempts, quizTokenClaims, quizzes } from '../src/db/schema.js';
import { issueToken } from '../src/auth/tokens.js';
import { examTokenOf, judgeToken, windowOf } from '../src/features/exams/token.js';
import { useTestApp, type TestContext } from './helpers.js';
import { createQuiz, quizScene, studentPaths, type QuizScene } from './quiz-scene.js';

const t = useTestApp();

/** An exam-mode quiz of the scene; its teacher's paths and its token for a window (the database's clock). */
async function examScene(students = 2, over: Record<string, unknown> = {}) {
  const s = await quizScene(t, { students });
  const quizId = await createQuiz(t, s, { exam_mode: true, ...over } as never);
  const teacher = `${s.teacherBase}/${quizId}`;
  return { s, quizId, p: studentPaths(s, quizId), teacher, ...(await tokens(t, quizId)) };
}

async function tokens(ctx: TestContext, quizId: number) {
  const [q] = await ctx.db.select({ secret: quizzes.examSecret }).from(quizzes).where(eq(quizzes.id, quizId));
  const dbNow = async () => new Date(((await ctx.db.execute(sql`select now() as now`)) as any).rows[0].now);
  const windowNow = async () => windowOf(await dbNow());
  return {
    secret: q!.secret!,
    tokenAt: (w: number) => examTokenOf(q!.secret!, quizId, w),
    current: async () => examTokenOf(q!.secret!, quizId, await windowNow()),
    windowNow,
    dbNow,
  };
}

const start = (ctx: TestContext, token: string, path: string, body: unknown) => ctx.as(token).post(path, body);

describe('the token', () => {
  it('is six digits of HMAC(secret, quiz:window); the previous window only within the grace seconds; older: expired', () => {
    const secret = 'a'.repeat(64);
    const w = 5_000_000;
    const tok = examTokenOf(secret, 7, w);
    expect(tok).toMatch(/^\d{6}$/);
    expect(examTokenOf(secret, 8, w)).not.toBe(tok);
    const at = (secondsIntoWindow: number) => new Date(((w + 1) * EXAM_TOKEN_PERIOD_SECONDS + secondsIntoWindow) * 1000);
    expect(judgeToken(secret, 7, examTokenOf(secret, 7, w + 1), at(10))).toEqual({ window: w + 1 });
    expect(judgeToken(secret, 7, tok, at(EXAM_TOKEN_GRACE_SECONDS - 1))).toEqual({ window: w });
    expect(judgeToken(secret, 7, tok, at(EXAM_TOKEN_GRACE_SECONDS + 1))).toBe('expired');
    expect(judgeToken(secret, 7, examTokenOf(secret, 7, w - 3), at(1))).toBe('expired');
    expect(judgeToken(secret, 8, tok, at(1))).toBe('wrong');
    expect(judgeToken(null, 7, tok, at(1))).toBe('wrong');
    expect(judgeToken(secret, 7, 'abcdef', at(1))).toBe('wrong');
  });

  it('the proctor reads it (409 out of exam mode, 404 for another teacher); a secret is made on first ask', async () => {
    const { s, quizId, teacher, current } = await examScene(1);
    const res = await t.as(s.teacher.token).get(`${teacher}/exam-token`);
    expect(res.status).toBe(200);
    expect(res.body.data.token).toBe(await current());
    expect(res.body.data.period_seconds).toBe(EXAM_TOKEN_PERIOD_SECONDS);
    expect(new Date(res.body.data.valid_until).getTime()).toBeGreaterThan(new Date(res.body.data.server_now).getTime());
    expect((await t.as(s.otherTeacher.token).get(`${teacher}/exam-token`)).status).toBe(404);

    const plain = await createQuiz(t, s);
    const no = await t.as(s.teacher.token).get(`${s.teacherBase}/${plain}/exam-token`);
    expect(no.status).toBe(409);
    expect(no.body.message).toBe(EXAM_MSG.notExamMode);
    // A quiz without a secret (a copy) gets one when the token is first asked for.
    await t.db.update(quizzes).set({ examSecret: null }).where(eq(quizzes.id, quizId));
    const again = await t.as(s.teacher.token).get(`${teacher}/exam-token`);
    expect(again.status).toBe(200);
    const [row] = await t.db.select({ secret: quizzes.examSecret }).from(quizzes).where(eq(quizzes.id, quizId));
    expect(row!.secret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('saves exam_mode and exam_leave_limit on the quiz form and returns them', async () => {
    const { s, quizId, teacher } = await examScene(1, { exam_leave_limit: 3 });
    const got = await t.as(s.teacher.token).get(teacher);
    expect(got.body.data.exam_mode).toBe(true);
    expect(got.body.data.exam_leave_limit).toBe(3);
    const view = await t.as(s.student.token).get(studentPaths(s, quizId).quiz);
    expect(view.body.data.quiz.exam_mode).toBe(true);
    expect(view.body.data.quiz.exam_leave_limit).toBe(3);
  });
});

describe('starting an exam', () => {
  it('needs a token (422), refuses a wrong one, another quiz’s and a stale one (403), and binds the attempt', async () => {
    const { s, quizId, p, tokenAt, windowNow, current } = await examScene(1);
    const none = await start(t, s.student.token, p.attempts, {});
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(EXAM_MSG.tokenRequired);
    expect((await t.as(s.student.token).request('POST', p.attempts)).status).toBe(422);
    const wrong = await start(t, s.student.token, p.attempts, { token: '000000' === (await current()) ? '000001' : '000000' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(EXAM_MSG.tokenWrong);

    const other = await createQuiz(t, s, { exam_mode: true } as never);
    const otherToken = await (await tokens(t, other)).current();
    const foreign = await start(t, s.student.token, p.attempts, { token: otherToken });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe(otherToken === (await current()) ? EXAM_MSG.tokenUsed : EXAM_MSG.tokenWrong);

    const stale = await start(t, s.student.token, p.attempts, { token: tokenAt((await windowNow()) - 2) });
    expect(stale.status).toBe(403);
    expect(stale.body.message).toBe(EXAM_MSG.tokenExpired);
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, quizId))).toHaveLength(0);

    const ok = await start(t, s.student.token, p.attempts, { token: ` ${await current()} ` });
    expect(ok.status).toBe(201);
    expect(ok.body.data.exam).toEqual({ leave_count: 0, leave_limit: null });
    const [row] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, ok.body.data.id));
    expect(row!.sessionId).not.toBeNull();
    const claims = await t.db.select().from(quizTokenClaims).where(eq(quizTokenClaims.quizId, quizId));
    expect(claims.map((c) => c.attemptId)).toEqual([ok.body.data.id]);
  });

  it('a student guessing the six digits gets 429 after 10 wrong tokens; the right token then waits too', async () => {
    const { s, p, current } = await examScene(2);
    const right = await current();
    const guesses = ['111111', '222222', '333333', '444444', '555555', '666666', '777777', '888888', '999999', '123456', '654321']
      .filter((g) => g !== right)
      .slice(0, EXAM_LIMITS.wrongTokens + 1);
    const codes: number[] = [];
    for (const g of guesses) codes.push((await start(t, s.student.token, p.attempts, { token: g })).status);
    expect(codes.slice(0, EXAM_LIMITS.wrongTokens)).toEqual(Array(EXAM_LIMITS.wrongTokens).fill(403));
    const limited = await start(t, s.student.token, p.attempts, { token: guesses[0]! });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(EXAM_MSG.tokenTooMany);
    // Another student of the rombel is not held back by it.
    const other = await start(t, s.students[1]!.token, p.attempts, { token: right });
    expect(other.status).toBe(201);
  });

  it('the previous window’s token: taken only within the grace seconds after the rotation', async () => {
    const { s, p, tokenAt, dbNow } = await examScene(1);
    const now = await dbNow();
    const w = windowOf(now);
    const sinceRotation = now.getTime() / 1000 - w * EXAM_TOKEN_PERIOD_SECONDS;
    const res = await start(t, s.student.token, p.attempts, { token: tokenAt(w - 1) });
    if (sinceRotation <= EXAM_TOKEN_GRACE_SECONDS - 1) expect(res.status).toBe(201);
    else if (sinceRotation > EXAM_TOKEN_GRACE_SECONDS + 1) expect(res.body.message).toBe(EXAM_MSG.tokenExpired);
  });

  it('a replayed token: tokenUsed, nothing started; two devices with one token at once: exactly one starts', async () => {
    const { s, quizId, p, current } = await examScene(2, { attempts_allowed: 3 });
    const token = await current();
    const first = await start(t, s.student.token, p.attempts, { token });
    expect(first.status).toBe(201);
    const submit = await t.as(s.student.token).post(p.submit(first.body.data.id));
    expect(submit.status).toBe(200);
    const replay = await start(t, s.student.token, p.attempts, { token });
    expect(replay.status).toBe(403);
    expect(replay.body.message).toBe(EXAM_MSG.tokenUsed);
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.studentId, s.student.id))).toHaveLength(1);

    // The other student signed in on two phones, both typing the token at the same moment.
    const student = s.students[1]!;
    const phoneB = await issueToken(t.db, student.id);
    const both = await Promise.all([start(t, student.token, p.attempts, { token }), start(t, phoneB, p.attempts, { token })]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 403]);
    expect(both.find((r) => r.status === 403)!.body.message).toBe(EXAM_MSG.tokenUsed);
    const rows = await t.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.studentId, student.id)));
    expect(rows).toHaveLength(1);
  });

  it('two tabs of the same session with one token at once: one attempt, the second tab gets it back (200)', async () => {
    const { s, quizId, p, current } = await examScene(1);
    const token = await current();
    const tabs = await Promise.all([1, 2, 3].map(() => start(t, s.student.token, p.attempts, { token })));
    expect(tabs.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(tabs.map((r) => r.body.data.id)).size).toBe(1);
    expect(await t.db.select().from(quizTokenClaims).where(eq(quizTokenClaims.quizId, quizId))).toHaveLength(1);
  });
});

describe('the attempt is bound to its session', () => {
  it('another device: 403 on read, save, submit, events; after the proctor’s reset, a new token moves it (answers kept)', async () => {
    const { s, quizId, p, teacher, windowNow, current } = await examScene(1);
    const started = await start(t, s.student.token, p.attempts, { token: await current() });
    const id = started.body.data.id;
    const q = started.body.data.questions.find((x: any) => x.type === 'true_false');
    expect((await t.as(s.student.token).put(p.answer(id, q.id), { answer: { value: true } })).status).toBe(200);

    const phone = await issueToken(t.db, s.student.id);
    for (const res of [
      await t.as(phone).get(p.attempt(id)),
      await t.as(phone).put(p.answer(id, q.id), { answer: { value: false } }),
      await t.as(phone).post(p.submit(id)),
      await t.as(phone).post(`${p.attempt(id)}/events`, { kind: 'leave' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(EXAM_MSG.otherDevice);
    }
    // Another token (the proctor's next one) does not move it either while it is bound.
    await t.db.delete(quizTokenClaims).where(eq(quizTokenClaims.quizId, quizId));
    const moved = await start(t, phone, p.attempts, { token: await current() });
    expect(moved.status).toBe(403);
    expect(moved.body.message).toBe(EXAM_MSG.otherDevice);
    // …and the same token typed on the other device: used.
    await t.db.insert(quizTokenClaims).values({ quizId, studentId: s.student.id, window: await windowNow(), attemptId: id });
    const used = await start(t, phone, p.attempts, { token: await current() });
    expect(used.body.message).toBe(EXAM_MSG.tokenUsed);

    const reset = await t.as(s.teacher.token).post(`${teacher}/proctor/${s.student.id}/reset-login`);
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(EXAM_MSG.loginReset);
    expect(reset.body.data.bound).toBe(false);
    // The old device is out too now, until a start binds the attempt again.
    expect((await t.as(s.student.token).get(p.attempt(id))).status).toBe(403);
    // The token already used is spent.
    const usedAgain = await start(t, phone, p.attempts, { token: await current() });
    expect(usedAgain.status).toBe(403);
    expect(usedAgain.body.message).toBe(EXAM_MSG.tokenUsed);
    // The proctor's next token (a new window): simulated by removing this window's claim.
    await t.db.delete(quizTokenClaims).where(eq(quizTokenClaims.quizId, quizId));
    const resumed = await start(t, phone, p.attempts, { token: await current() });
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.id).toBe(id);
    expect(resumed.body.data.answers[String(q.id)]).toEqual({ value: true });
    expect((await t.as(phone).get(p.attempt(id))).status).toBe(200);
    expect((await t.as(s.student.token).get(p.attempt(id))).status).toBe(403);
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, quizId))).toHaveLength(1);
    // Finished: the review may be read anywhere.
    expect((await t.as(phone).post(p.submit(id))).status).toBe(200);
    expect((await t.as(s.student.token).get(p.review(id))).status).toBe(200);
  });
});

describe('leaving the exam page', () => {
  it('50 leaves in a second count once, stay fast, log one row; back closes it; the limit submits', async () => {
    const { s, quizId, p, teacher, current } = await examScene(1, { exam_leave_limit: 2 });
    const id = (await start(t, s.student.token, p.attempts, { token: await current() })).body.data.id;
    const began = Date.now();
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => t.as(s.student.token).post(`${p.attempt(id)}/events`, { kind: 'leave' })),
    );
    expect(Date.now() - began).toBeLessThan(15_000);
    expect(burst.every((r) => r.status === 200)).toBe(true);
    expect(burst.every((r) => r.body.data.leave_count === 1 && r.body.data.submitted === false)).toBe(true);
    expect(await t.db.select().from(quizAttemptLeaves).where(eq(quizAttemptLeaves.attemptId, id))).toHaveLength(1);

    let board = await t.as(s.teacher.token).get(`${teacher}/proctor`);
    let row = board.body.data.rows.find((r: any) => r.student.id === s.student.id);
    expect(row).toMatchObject({ state: 'working', leave_count: 1, away: true, bound: true });
    const back = await t.as(s.student.token).post(`${p.attempt(id)}/events`, { kind: 'back' });
    expect(back.body.data).toEqual({ leave_count: 1, submitted: false });
    board = await t.as(s.teacher.token).get(`${teacher}/proctor`);
    row = board.body.data.rows.find((r: any) => r.student.id === s.student.id);
    expect(row.away).toBe(false);
    const leaves = await t.as(s.teacher.token).get(`${teacher}/proctor/${s.student.id}/leaves`);
    expect(leaves.body.data).toHaveLength(1);
    expect(leaves.body.data[0].back_at).not.toBeNull();

    // The second leave (after the debounce) reaches the limit: submitted.
    await t.db
      .update(quizAttempts)
      .set({ lastLeftAt: new Date(Date.now() - 60_000) })
      .where(eq(quizAttempts.id, id));
    const second = await t.as(s.student.token).post(`${p.attempt(id)}/events`, { kind: 'leave' });
    expect(second.body.data).toEqual({ leave_count: 2, submitted: true });
    expect(second.body.message).toBe(EXAM_MSG.autoSubmitted);
    const [closed] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, id));
    expect(closed!.finishedAt).not.toBeNull();
    const events = await t.db
      .select()
      .from(liveEvents)
      .where(eq(liveEvents.topic, `exam:${quizId}`));
    expect(events.length).toBeGreaterThanOrEqual(4); // start, leave, back, leave+submit
    expect((events[0]!.data as any).data).toEqual({ quiz_id: quizId, student_id: s.student.id });
  });

  it('the board’s live stream: only a teacher of the quiz’s class may subscribe (404 otherwise)', async () => {
    const { s, quizId } = await examScene(1);
    const q = `quiz=${quizId}&class=${s.klass.id}&content=${s.content.id}`;
    expect((await t.as(s.otherTeacher.token).get(`/api/live?${q}`)).status).toBe(404);
    expect((await t.as(s.student.token).get(`/api/live?${q}`)).status).toBe(404);
    expect((await t.as(s.teacher.token).get(`/api/live?quiz=${quizId}&class=${s.klass.id}`)).status).toBe(404);
    expect((await t.as(s.teacher.token).get(`/api/live?quiz=${quizId}&class=${s.otherClass.id}&content=${s.content.id}`)).status).toBe(404);
  });

  it('events of a quiz not in exam mode: 409', async () => {
    const s = await quizScene(t);
    const quizId = await createQuiz(t, s);
    const p = studentPaths(s, quizId);
    const id = (await t.as(s.student.token).post(p.attempts)).body.data.id;
    const res = await t.as(s.student.token).post(`${p.attempt(id)}/events`, { kind: 'leave' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(EXAM_MSG.notExamMode);
  });
});

describe('the proctor board and actions', () => {
  const boardOf = async (s: QuizScene, teacher: string) => (await t.as(s.teacher.token).get(`${teacher}/proctor`)).body.data;

  it('lists every student of the rombel by name; add time (past the close), force submit, each audited; 409 when nothing is open', async () => {
    const closesAt = new Date(Date.now() + 10 * 60_000).toISOString();
    const { s, quizId, p, teacher, current } = await examScene(3, { time_limit_minutes: 30, closes_at: closesAt });
    const started = await start(t, s.student.token, p.attempts, { token: await current() });
    const id = started.body.data.id;
    const q = started.body.data.questions.find((x: any) => x.type === 'true_false');
    await t.as(s.student.token).put(p.answer(id, q.id), { answer: { value: true } });

    const board = await boardOf(s, teacher);
    expect(board.quiz).toMatchObject({ id: quizId, exam_mode: true });
    expect(board.rows.map((r: any) => r.student.name)).toEqual(['Siswa 00', 'Siswa 01', 'Siswa 02']);
    expect(board.rows[0]).toMatchObject({ state: 'working', answered: 1, question_count: 6, leave_count: 0, extra_minutes: 0 });
    expect(board.rows[1]).toMatchObject({ state: 'not_started', attempt_id: null, answered: 0 });

    const added = await t.as(s.teacher.token).post(`${teacher}/proctor/${s.student.id}/add-time`, { minutes: 15 });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe(EXAM_MSG.timeAdded(15));
    expect(added.body.data.extra_minutes).toBe(15);
    expect(new Date(added.body.data.due_at).getTime()).toBe(new Date(closesAt).getTime() + 15 * 60_000);
    const bad = await t.as(s.teacher.token).post(`${teacher}/proctor/${s.student.id}/add-time`, { minutes: 0 });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(EXAM_MSG.addMinutesRange);

    // Past the quiz's closing time, within the extra minutes, the student still saves.
    await t.db
      .update(quizzes)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(quizzes.id, quizId));
    expect((await t.as(s.student.token).put(p.answer(id, q.id), { answer: { value: false } })).status).toBe(200);

    const forced = await t.as(s.teacher.token).post(`${teacher}/proctor/${s.student.id}/force-submit`);
    expect(forced.status).toBe(200);
    expect(forced.body.message).toBe(EXAM_MSG.forceSubmitted);
    expect(forced.body.data.state).toBe('submitted');
    const none = await t.as(s.teacher.token).post(`${teacher}/proctor/${s.student.id}/force-submit`);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(EXAM_MSG.noOpenAttempt);
    const notStarted = await t.as(s.teacher.token).post(`${teacher}/proctor/${s.students[1]!.id}/reset-login`);
    expect(notStarted.status).toBe(409);

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, quizId));
    expect(audit.filter((a) => a.targetType === 'quiz').map((a) => a.action)).toEqual(
      expect.arrayContaining(['exam.add_time', 'exam.force_submit']),
    );
  });

  it('another teacher’s quiz and a student of another rombel: 404', async () => {
    const { s, teacher, p, current } = await examScene(1);
    await start(t, s.student.token, p.attempts, { token: await current() });
    for (const action of ['reset-login', 'force-submit']) {
      expect((await t.as(s.otherTeacher.token).post(`${teacher}/proctor/${s.student.id}/${action}`)).status).toBe(404);
      expect((await t.as(s.teacher.token).post(`${teacher}/proctor/${s.outsider.id}/${action}`)).status).toBe(404);
    }
    expect((await t.as(s.otherTeacher.token).post(`${teacher}/proctor/${s.student.id}/add-time`, { minutes: 5 })).status).toBe(404);
    expect((await t.as(s.otherTeacher.token).get(`${teacher}/proctor`)).status).toBe(404);
    expect((await t.as(s.teacher.token).get(`${teacher}/proctor/${s.outsider.id}/leaves`)).status).toBe(404);
    const [attempt] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.studentId, s.student.id));
    expect(attempt!.finishedAt).toBeNull();
    expect(attempt!.sessionId).not.toBeNull();
  });

  it('a board of a big class is read in the same number of statements as a small one', async () => {
    const { s, teacher, p, current } = await examScene(2);
    await start(t, s.student.token, p.attempts, { token: await current() });
    const small = await countStatements(() => t.as(s.teacher.token).get(`${teacher}/proctor`));
    for (let i = 0; i < 12; i++) await t.factory.student({ rombelId: s.rombel.id, name: `Tambahan ${i}` });
    const big = await countStatements(() => t.as(s.teacher.token).get(`${teacher}/proctor`));
    expect(big.rows).toBe(14);
    expect(big.n).toBe(small.n);
  });
});

/** Runs a request, counting the statements the app sent (the test database's pg_stat counters are not per-request: count via a wrapper). */
async function countStatements(run: () => Promise<{ body: any }>) {
  const db = t.db as unknown as { execute: (...a: unknown[]) => unknown; $client?: unknown };
  const app = t.app as unknown as { db: Record<string, any> };
  let n = 0;
  const originals = new Map<string, any>();
  for (const k of ['execute', 'select', 'insert', 'update', 'delete', 'transaction']) {
    originals.set(k, app.db[k]);
    const orig = app.db[k];
    app.db[k] = (...a: unknown[]) => {
      n++;
      return orig.apply(app.db, a);
    };
  }
  void db;
  try {
    const res = await run();
    return { n, rows: res.body.data.rows.length };
  } finally {
    for (const [k, v] of originals) app.db[k] = v;
  }
}

describe('per-student overrides', () => {
  it('sets, lists, replaces and deletes an override (audited); the student’s view, start and due time use it', async () => {
    const closed = new Date(Date.now() - 60_000).toISOString();
    const { s, quizId, teacher, p, current } = await examScene(2, { closes_at: closed, time_limit_minutes: 20 });
    const refused = await t.as(s.student.token).get(p.quiz);
    expect(refused.body.data.can_start).toBe(false);
    expect(refused.body.data.reason_if_not).toBe(QUIZ_MSG.closed);

    const later = new Date(Date.now() + 2 * 3600_000).toISOString();
    const put = await t.as(s.teacher.token).put(`${teacher}/overrides/${s.student.id}`, { closes_at: later, time_limit_minutes: 45 });
    expect(put.status).toBe(200);
    expect(put.body.message).toBe(EXAM_MSG.overrideSaved);
    expect(put.body.data).toMatchObject({ student: { id: s.student.id, name: 'Siswa 00' }, time_limit_minutes: 45, extra_attempts: 0 });
    const view = await t.as(s.student.token).get(p.quiz);
    expect(view.body.data.can_start).toBe(true);
    expect(view.body.data.quiz.time_limit_minutes).toBe(45);
    expect(view.body.data.quiz.closes_at).toBe(new Date(later).toISOString());
    const other = await t.as(s.students[1]!.token).get(p.quiz);
    expect(other.body.data.can_start).toBe(false);

    const started = await start(t, s.student.token, p.attempts, { token: await current() });
    expect(started.status).toBe(201);
    const due = new Date(started.body.data.due_at).getTime() - new Date(started.body.data.started_at).getTime();
    expect(due).toBe(45 * 60_000);
    await t.as(s.student.token).post(p.submit(started.body.data.id));

    // An extra attempt raises attempts_allowed for them.
    await t.db.delete(quizTokenClaims).where(eq(quizTokenClaims.quizId, quizId));
    const noMore = await start(t, s.student.token, p.attempts, { token: await current() });
    expect(noMore.status).toBe(409);
    expect(noMore.body.message).toBe(QUIZ_MSG.attemptsUsed);
    await t.as(s.teacher.token).put(`${teacher}/overrides/${s.student.id}`, { closes_at: later, extra_attempts: 1 });
    const second = await start(t, s.student.token, p.attempts, { token: await current() });
    expect(second.status).toBe(201);
    expect(second.body.data.number).toBe(2);

    const list = await t.as(s.teacher.token).get(`${teacher}/overrides`);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].extra_attempts).toBe(1);
    const board = await t.as(s.teacher.token).get(`${teacher}/proctor`);
    expect(board.body.data.rows.map((r: any) => r.has_override)).toEqual([true, false]);

    const del = await t.as(s.teacher.token).delete(`${teacher}/overrides/${s.student.id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(EXAM_MSG.overrideDeleted);
    expect((await t.as(s.teacher.token).delete(`${teacher}/overrides/${s.student.id}`)).status).toBe(404);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, quizId), eq(auditLog.targetType, 'quiz')));
    expect(audit.map((a) => a.action)).toEqual(['quiz.override', 'quiz.override', 'quiz.override_delete']);
  });

  it('an override for a student of another rombel, or on another teacher’s quiz: 404; an empty one: 422', async () => {
    const { s, teacher } = await examScene(1);
    const body = { extra_attempts: 1 };
    expect((await t.as(s.teacher.token).put(`${teacher}/overrides/${s.outsider.id}`, body)).status).toBe(404);
    expect((await t.as(s.otherTeacher.token).put(`${teacher}/overrides/${s.student.id}`, body)).status).toBe(404);
    expect((await t.as(s.otherTeacher.token).get(`${teacher}/overrides`)).status).toBe(404);
    expect((await t.as(s.teacher.token).delete(`${teacher}/overrides/${s.outsider.id}`)).status).toBe(404);
    const empty = await t.as(s.teacher.token).put(`${teacher}/overrides/${s.student.id}`, {});
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(EXAM_MSG.overrideEmpty);
  });
});
