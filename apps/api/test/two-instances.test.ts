/**
 * More than one machine: two server instances on two ports, one database and one shared storage
 * folder behave as one app. A token issued by one works on the other, a file uploaded through one
 * downloads through the other (the link signed by either), and failed logins count across both.
 *
 * These are two real server processes (src/main.ts through tsx) on one database of this project's
 * server: the embedded one of the test run, or the machine's (TEST_DATABASE_URL).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, ROLE_IDS } from '@kelasku/contract';
import { openDatabase } from '../src/db/client.js';
import { LOGIN_LIMITS } from '../src/auth/login-limits.js';
import { Factory } from './factory.js';
import { dbKind, freshDatabaseUrl, multipartBody, samples } from './helpers.js';
import { callHttp, startProcess, stopProcess } from './processes.js';

interface Pair {
  a: string;
  b: string;
  factory: Factory;
  stop(): Promise<void>;
}

/** Two instances over one database and one storage folder. */
async function startPair(): Promise<Pair> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-two-'));
  const storageDir = path.join(root, 'storage');
  const { url, drop } = await freshDatabaseUrl();
  // The factory only writes rows; the servers below do every upload.
  const database = await openDatabase({ databaseUrl: url, dataDir: root, poolSize: 2 });
  const factory = new Factory(database.db, null as unknown as FastifyInstance);
  const servers = await Promise.all(
    ['a', 'b'].map((n) => startProcess({ DATABASE_URL: url, DATA_DIR: path.join(root, n), STORAGE_DIR: storageDir })),
  );
  return {
    a: servers[0]!.base,
    b: servers[1]!.base,
    factory,
    stop: async () => {
      await Promise.all(servers.map((s) => stopProcess(s.child)));
      await database.close();
      await drop();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

const call = callHttp;

const login = (base: string, username: string, password: string) => call(base, 'POST', '/api/login', { json: { username, password } });

let pair: Pair;
beforeAll(async () => {
  pair = await startPair();
}, 120_000);
afterAll(async () => {
  await pair?.stop();
});

describe(`two server processes on one database (${dbKind})`, () => {
  it('a token issued by one works on the other, and a logout on one ends it on both', async () => {
    const user = await pair.factory.student();
    const res = await login(pair.a, user.username, user.password);
    expect(res.status).toBe(200);
    const token = res.json.data.token as string;

    const me = await call(pair.b, 'GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.json.data).toMatchObject({ id: user.id, username: user.username });

    expect((await call(pair.a, 'GET', '/api/me', { token })).status).toBe(200);
    expect((await call(pair.b, 'POST', '/api/logout', { token })).status).toBe(200);
    expect((await call(pair.b, 'GET', '/api/me', { token })).status).toBe(401);
    expect((await call(pair.a, 'GET', '/api/me', { token })).status).toBe(401);
  });

  it('a user deactivated through one instance loses the session the other holds', async () => {
    const admin = await pair.factory.admin();
    const user = await pair.factory.student();
    expect((await call(pair.b, 'GET', '/api/student/my-classes', { token: user.token })).status).toBe(200);
    const off = await call(pair.a, 'PUT', `/api/admin/resources/users/${user.id}`, {
      token: admin.token,
      json: { name: user.name, username: user.username, email: user.email, gender: 'L', role: ROLE_IDS.student, status: 0 },
    });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    // Nothing is kept per instance: the very next request through the other instance is refused.
    expect((await call(pair.b, 'GET', '/api/student/my-classes', { token: user.token })).status).toBe(401);
  });

  it('a file uploaded through one downloads through the other, whichever signed the link', async () => {
    const teacher = await pair.factory.teacher();
    const klass = await pair.factory.onlineClass(teacher.id);
    const content = await pair.factory.content(klass.id);
    const pdf = samples.pdf(`dua instance ${Date.now()}`);
    const form = multipartBody({ title: 'Modul bersama' }, { file: { name: 'modul.pdf', data: pdf, type: 'application/pdf' } });
    const lessonUrl = `/api/teacher/online-classes/${klass.id}/contents/${content.id}`;

    const up = await call(pair.a, 'POST', `${lessonUrl}/materials`, { token: teacher.token, body: form.payload, type: form.contentType });
    expect(up.status).toBe(201);
    // The link A signed opens on B.
    const viaB = await call(pair.b, 'GET', up.json.data.file);
    expect(viaB.status).toBe(200);
    expect(viaB.bytes.equals(pdf)).toBe(true);

    // B lists the material and signs its own link; it opens on A and on B.
    const detail = await call(pair.b, 'GET', lessonUrl, { token: teacher.token });
    expect(detail.status).toBe(200);
    const link = detail.json.data.materials.find((m: any) => m.title === 'Modul bersama').file as string;
    for (const base of [pair.a, pair.b]) {
      const got = await call(base, 'GET', link);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(pdf)).toBe(true);
    }
  });

  it('a comment posted through one shows at once in the thread read through the other, for its author and everyone else', async () => {
    const teacher = await pair.factory.teacher();
    const klass = await pair.factory.onlineClass(teacher.id);
    const content = await pair.factory.content(klass.id);
    const forum = await pair.factory.forum(content.id, teacher.id);
    const [student, classmate] = [await pair.factory.student(), await pair.factory.student()];
    const thread = `/api/student/my-classes/${klass.id}/contents/${content.id}/forums/${forum.id}`;
    const comments = async (base: string, token: string) =>
      (await call(base, 'GET', thread, { token })).json.data.comments.map((c: any) => c.comment);
    for (const u of [student, classmate]) expect(await comments(pair.b, u.token)).toEqual([]);
    const posted = await call(pair.a, 'POST', `${thread}/comments`, { token: student.token, json: { comment: 'Dari instance A' } });
    expect(posted.status).toBe(201);
    expect(await comments(pair.a, classmate.token)).toEqual(['Dari instance A']);
    for (const u of [student, classmate]) expect(await comments(pair.b, u.token)).toEqual(['Dari instance A']);
  });

  it('failed logins count across both instances', async () => {
    const user = await pair.factory.student();
    // Alternate: neither instance alone sees the limit.
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) {
      const res = await login(i % 2 === 0 ? pair.a : pair.b, user.username, 'salah123');
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    for (const base of [pair.a, pair.b]) {
      const res = await login(base, user.username, user.password);
      expect(res.status).toBe(429);
      expect(res.json).toEqual({ success: false, message: MSG.loginRateLimited });
    }
    // Another user is not affected.
    const other = await pair.factory.student();
    expect((await login(pair.b, other.username, other.password)).status).toBe(200);
  });
});
