/**
 * An exam survives a crash of the server (issue 25): 36 students answer a quiz through a real
 * server process (src/main.ts) on a database of this project's server; the process is killed with
 * SIGKILL in the middle, and started again on the same database. Every answer that got a 200 is
 * there with the text that was acknowledged, each student still has one attempt, and the students
 * carry on where they were: the same attempt, the rest of the answers, a hand-in graded over all of them.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { quizAnswers, quizAttempts } from '../src/db/schema.js';
import { Factory, type TestUser } from './factory.js';
import { freshDatabaseUrl } from './helpers.js';
import { startProcess, stopProcess } from './processes.js';

const STUDENTS = 36;
const QUESTIONS = 20;

let root: string;
let url: string;
let drop: () => Promise<void>;
let database: Database;
let factory: Factory;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-quiz-crash-'));
  ({ url, drop } = await freshDatabaseUrl());
  database = await openDatabase({ databaseUrl: url, dataDir: root, poolSize: 2 });
  // The factory only writes rows (and issues tokens); the server does every answer.
  factory = new Factory(database.db, null as unknown as FastifyInstance);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await drop?.();
  await fs.rm(root, { recursive: true, force: true });
});

async function call(base: string, method: string, url: string, token: string, json?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  return { status: res.status, json: (await res.json()) as any };
}

describe('SIGKILL during an exam', () => {
  it('keeps every acknowledged answer; after a restart the students carry on in the same attempt', async () => {
    const rombel = await factory.rombel();
    const teacher = await factory.teacher();
    const klass = await factory.onlineClass(teacher.id, { rombelId: rombel.id });
    const content = await factory.content(klass.id);
    const category = await factory.questionCategory(teacher.id);
    const questions: Array<{ id: number }> = [];
    for (let i = 0; i < QUESTIONS; i++) {
      questions.push(
        await factory.question(category.id, teacher.id, { type: 'short_answer', data: { answers: [`jawaban ${i}`], tolerance: null } }),
      );
    }
    const quiz = await factory.quiz(
      content.id,
      teacher.id,
      questions.map((q) => q.id),
    );
    const students: TestUser[] = [];
    for (let i = 0; i < STUDENTS; i++) students.push(await factory.student({ rombelId: rombel.id }));
    const base = `/api/student/my-classes/${klass.id}/contents/${content.id}/quizzes/${quiz.id}`;
    const env = { DATABASE_URL: url, DATA_DIR: path.join(root, 'data') };

    let server = await startProcess(env);
    const attemptOf = new Map<number, number>();
    for (const s of students) {
      const res = await call(server.base, 'POST', `${base}/attempts`, s.token);
      expect(res.status).toBe(201);
      attemptOf.set(s.id, res.json.data.id);
    }

    /** Acknowledged saves: attempt → question → the text the server said it saved. */
    const acked = new Map<number, Map<number, string>>();
    let ackCount = 0;
    let killed = false;
    // Each student answers the questions in order, each once, with a different text per student.
    const answerAll = (origin: string, from: (s: TestUser) => number) =>
      Promise.all(
        students.map(async (s) => {
          const attempt = attemptOf.get(s.id)!;
          for (let i = from(s); i < QUESTIONS && !killed; i++) {
            const text = `siswa ${s.id} soal ${i}`;
            let res;
            try {
              res = await call(origin, 'PUT', `${base}/attempts/${attempt}/answers/${questions[i]!.id}`, s.token, { answer: { text } });
            } catch {
              return; // the server is gone: this save was never acknowledged
            }
            if (res.status !== 200) throw new Error(`save refused: ${res.status} ${JSON.stringify(res.json)}`);
            const mine = acked.get(attempt) ?? new Map<number, string>();
            mine.set(questions[i]!.id, text);
            acked.set(attempt, mine);
            ackCount++;
            await new Promise((r) => setTimeout(r, Math.random() * 15));
          }
        }),
      );

    // Kill the server once about a third of all the answers are in, with saves still in flight.
    const running = answerAll(server.base, () => 0);
    while (ackCount < (STUDENTS * QUESTIONS) / 3) await new Promise((r) => setTimeout(r, 5));
    await stopProcess(server.child, 'SIGKILL');
    killed = true;
    await running;
    expect(ackCount).toBeGreaterThan(0);
    expect(ackCount).toBeLessThan(STUDENTS * QUESTIONS);

    // Every acknowledged answer is in the database with the text that was acknowledged.
    const rows = await database.db
      .select()
      .from(quizAnswers)
      .where(inArray(quizAnswers.attemptId, [...attemptOf.values()]));
    const stored = new Map(rows.map((r) => [`${r.attemptId}:${r.questionId}`, (r.answer as { text: string }).text]));
    const lost: string[] = [];
    for (const [attempt, answers] of acked) {
      for (const [q, text] of answers) if (stored.get(`${attempt}:${q}`) !== text) lost.push(`${attempt}:${q}`);
    }
    console.info(`quiz crash: ${ackCount} saves acknowledged, ${rows.length} answers stored when the server was killed`);
    expect(lost, 'acknowledged answers missing after the crash').toEqual([]);
    // Nothing but what was sent: a save that committed without its answer reaching the student holds that student's text.
    for (const r of rows) expect((r.answer as { text: string }).text).toMatch(/^siswa \d+ soal \d+$/);

    // Start again on the same database: the same attempts, the rest of the answers, the hand-ins.
    server = await startProcess(env);
    try {
      for (const s of students) {
        const res = await call(server.base, 'POST', `${base}/attempts`, s.token);
        expect(res.status, 'the open attempt is given back').toBe(200);
        expect(res.json.data.id).toBe(attemptOf.get(s.id));
        // The attempt page shows what was saved before the crash.
        for (const [q, text] of acked.get(attemptOf.get(s.id)!) ?? []) expect(res.json.data.answers[String(q)]).toEqual({ text });
      }
      killed = false;
      await answerAll(server.base, (s) => acked.get(attemptOf.get(s.id)!)?.size ?? 0);
      for (const s of students) {
        const res = await call(server.base, 'POST', `${base}/attempts/${attemptOf.get(s.id)}/submit`, s.token);
        expect(res.status).toBe(200);
      }
    } finally {
      await stopProcess(server.child);
    }
    const attempts = await database.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, quiz.id));
    expect(attempts).toHaveLength(STUDENTS);
    for (const a of attempts) {
      expect(a.finishedAt).not.toBeNull();
      // Every question answered (none right: the texts are not the keys), every answer graded.
      const mine = (await database.db.select().from(quizAnswers).where(eq(quizAnswers.attemptId, a.id))).filter((r) => r.autoPoints === 0);
      expect(mine).toHaveLength(QUESTIONS);
      expect(a.score).toBe(0);
    }
  }, 240_000);
});
