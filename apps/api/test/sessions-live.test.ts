/**
 * Sessions end everywhere at once (issue 35): a live stream belongs to the session that opened it
 * and is closed within a second, on every instance, when that session ends — logout, a password
 * change, deactivation, an admin's reset, expiry — and gets nothing of its user's after that. A
 * user holds at most 5 streams on an instance: the sixth ends the oldest.
 *
 * Two real server processes (src/main.ts through tsx) on one database, as live.test.ts.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client.js';
import { issueToken } from '../src/auth/tokens.js';
import { Factory, type TestUser } from './factory.js';
import { dbKind, freshDatabaseUrl } from './helpers.js';
import { callHttp, readLiveStream, startProcess, stopProcess } from './processes.js';
import { ROLE_IDS } from '@kelasku/contract';

interface Proc {
  base: string;
  child: ChildProcess;
}
type Stream = Awaited<ReturnType<typeof readLiveStream>>;

let url: string;
let drop: () => Promise<void>;
let root: string;
let database: Database;
let factory: Factory;
let a: Proc;
let b: Proc;
let admin: TestUser;
let teacher: TestUser;
let rombelId: number;
let lessonBase: string;
let linkNo = 0;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-sessions-'));
  ({ url, drop } = await freshDatabaseUrl());
  database = await openDatabase({ databaseUrl: url, dataDir: root, poolSize: 2 });
  factory = new Factory(database.db, null as unknown as FastifyInstance);
  const start = (n: string) => startProcess({ DATABASE_URL: url, DATA_DIR: path.join(root, n), STORAGE_DIR: path.join(root, 'storage') });
  [a, b] = await Promise.all([start('a'), start('b')]);
  admin = await factory.admin();
  teacher = await factory.teacher();
  rombelId = (await factory.rombel()).id;
  const klass = await factory.onlineClass(teacher.id, { rombelId });
  const content = await factory.content(klass.id);
  lessonBase = `/api/teacher/online-classes/${klass.id}/contents/${content.id}`;
}, 180_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((p) => stopProcess(p.child)));
  await database?.close();
  await drop?.();
  await fs.rm(root, { recursive: true, force: true });
});

const until = async (check: () => boolean, what: string, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

/** The teacher adds a link: every student of the rombel is notified (a `notification` event). */
async function notifyClass(): Promise<string> {
  const title = `Tautan ${++linkNo}`;
  const res = await callHttp(a.base, 'POST', `${lessonBase}/links`, {
    token: teacher.token,
    json: { title, url: `https://contoh.sch.id/${linkNo}` },
  });
  expect(res.status).toBe(201);
  return title;
}

const notified = (s: Stream) => s.events.filter((e) => e.event === 'notification').length;

async function open(base: string, token: string): Promise<Stream> {
  const s = await readLiveStream(base, token);
  expect(s.status).toBe(200);
  return s;
}

/** Streams of `token` on both instances, and a classmate's stream that stays (the control). */
async function streamsOf(token: string) {
  const onA = await open(a.base, token);
  const onB = await open(b.base, token);
  const classmate = await factory.student({ rombelId });
  const control = await open(b.base, classmate.token);
  // Both streams are live: a notification reaches them.
  await notifyClass();
  await until(() => [onA, onB, control].every((s) => notified(s) === 1), 'the first notification on every stream');
  return { onA, onB, control };
}

/** The session's streams end within a second of `since`; a later notification reaches the control only. */
async function expectEnded(streams: { onA: Stream; onB: Stream; control: Stream }, since: number, what: string) {
  await until(() => streams.onA.ended() && streams.onB.ended(), `both streams to end after ${what}`, 5_000);
  const took = Date.now() - since;
  console.log(`${what}: both streams (instance A and B) ended ${took} ms after the answer`);
  expect(took).toBeLessThan(1_000);
  await notifyClass();
  await until(() => notified(streams.control) === 2, 'the notification after the end on the control stream');
  expect(notified(streams.onA)).toBe(1);
  expect(notified(streams.onB)).toBe(1);
  expect(streams.control.ended()).toBe(false);
  await Promise.all(Object.values(streams).map((s) => s.close()));
}

describe(`live streams end with their session (${dbKind})`, () => {
  it('a sixth stream of one user ends the oldest; the five newest keep receiving', async () => {
    const student = await factory.student({ rombelId });
    const streams: Stream[] = [];
    for (let i = 0; i < 5; i++) streams.push(await open(a.base, student.token));
    await notifyClass();
    await until(() => streams.every((s) => notified(s) === 1), 'the notification on five streams');
    expect(streams.some((s) => s.ended())).toBe(false);

    const sent = Date.now();
    streams.push(await open(a.base, student.token));
    await until(() => streams[0]!.ended(), 'the oldest stream to end', 5_000);
    expect(Date.now() - sent).toBeLessThan(1_000);
    expect(streams.slice(1).some((s) => s.ended())).toBe(false);
    // A seventh ends the second; another user's streams are not counted with them.
    const other = await factory.student({ rombelId });
    const others = [await open(a.base, other.token), await open(a.base, other.token)];
    streams.push(await open(a.base, student.token));
    await until(() => streams[1]!.ended(), 'the second stream to end', 5_000);
    const before = streams.map(notified);
    await notifyClass();
    await until(() => streams.slice(2).every((s, i) => notified(s) === before[i + 2]! + 1), 'the notification on the five newest');
    await until(() => others.every((s) => notified(s) === 1), 'the notification on the other user’s streams');
    expect(streams.map(notified)).toEqual([1, 1, 2, 2, 2, 1, 1]);
    expect(streams.slice(2).some((s) => s.ended())).toBe(false);
    await Promise.all([...streams, ...others].map((s) => s.close()));
  });

  it('the stream ended for a sixth is told to wait 30 s before reconnecting (SSE retry)', async () => {
    const student = await factory.student({ rombelId });
    const first = await fetch(`${b.base}/api/live`, { headers: { authorization: `Bearer ${student.token}` } });
    expect(first.status).toBe(200);
    const whole = first.text();
    const rest: Stream[] = [];
    for (let i = 0; i < 5; i++) rest.push(await open(b.base, student.token));
    const text = await whole;
    expect(text.startsWith('retry: 2000\n\n')).toBe(true);
    expect(text.endsWith('retry: 30000\n\n')).toBe(true);
    expect(rest.some((s) => s.ended())).toBe(false);
    await Promise.all(rest.map((s) => s.close()));
  });

  it('logout (on either instance) ends that session’s streams on both, and only that session’s', async () => {
    for (const via of [a, b]) {
      const student = await factory.student({ rombelId });
      const streams = await streamsOf(student.token);
      const otherSession = await issueToken(database.db, student.id);
      const kept = await open(via === a ? b.base : a.base, otherSession);
      const res = await callHttp(via.base, 'POST', '/api/logout', { token: student.token });
      expect(res.status).toBe(200);
      await expectEnded(streams, Date.now(), `logout through ${via === a ? 'A' : 'B'}`);
      // The same user's other session still streams.
      await notifyClass();
      await until(() => notified(kept) >= 1, 'the notification on the other session’s stream');
      expect(kept.ended()).toBe(false);
      await kept.close();
    }
  });

  it('a password change (own, in the profile) ends every stream of the user on both instances', async () => {
    const student = await factory.student({ rombelId });
    const streams = await streamsOf(student.token);
    const res = await callHttp(b.base, 'PATCH', '/api/profile/update-password', {
      token: student.token,
      json: { password: student.password, new_password: 'gantibaru1', new_password_confirmation: 'gantibaru1' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await expectEnded(streams, Date.now(), 'password change');
    // The browser's reconnect is refused: the session has ended.
    expect((await readLiveStream(a.base, student.token)).status).toBe(401);
  });

  /** The admin's edit of one user (the user form): the same fields back, with `change` on top. */
  const editUser = (base: string, user: TestUser, change: Record<string, unknown>) =>
    callHttp(base, 'PUT', `/api/admin/resources/users/${user.id}`, {
      token: admin.token,
      json: {
        name: user.name,
        username: user.username,
        email: user.email,
        gender: 'L',
        role: ROLE_IDS.student,
        rombel_id: rombelId,
        ...change,
      },
    });

  it('deactivation by an admin (the user form, or several at once) ends the user’s streams on both instances', async () => {
    const one = await factory.student({ rombelId });
    const streams = await streamsOf(one.token);
    const res = await editUser(b.base, one, { status: 0 });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await expectEnded(streams, Date.now(), 'deactivation (user form)');

    const student = await factory.student({ rombelId });
    const more = await streamsOf(student.token);
    const bulk = await callHttp(a.base, 'POST', '/api/admin/resources/users/bulk', {
      token: admin.token,
      json: { action: 'deactivate', ids: [student.id] },
    });
    expect(bulk.status, JSON.stringify(bulk.json)).toBe(200);
    await expectEnded(more, Date.now(), 'deactivation (bulk)');
  });

  it('an admin’s password reset (the user form, or new slips) ends the user’s streams on both instances', async () => {
    const one = await factory.student({ rombelId });
    const streams = await streamsOf(one.token);
    const res = await editUser(a.base, one, { password: 'dariadmin1', confirm_password: 'dariadmin1' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await expectEnded(streams, Date.now(), 'admin reset (user form)');

    const student = await factory.student({ rombelId });
    const more = await streamsOf(student.token);
    const bulk = await callHttp(b.base, 'POST', '/api/admin/resources/users/bulk', {
      token: admin.token,
      json: { action: 'reset_password', ids: [student.id] },
    });
    expect(bulk.status, JSON.stringify(bulk.json)).toBe(200);
    await expectEnded(more, Date.now(), 'admin reset (bulk)');
  });

  it('deleting a user ends their streams on both instances', async () => {
    const student = await factory.student({ rombelId });
    const streams = await streamsOf(student.token);
    const res = await callHttp(a.base, 'DELETE', `/api/admin/resources/users/${student.id}`, { token: admin.token });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await expectEnded(streams, Date.now(), 'user deleted');
  });

  it('a stream whose session idles out (30 days without use) ends when it expires, on both instances', async () => {
    const student = await factory.student({ rombelId });
    const streams = await streamsOf(student.token);
    // Thirty days pass without use: the last use is moved back so that 3 s are left. (It cannot be
    // set before the streams open: opening one is a use, which writes a stale last use afresh.) No
    // trigger announces this write, and the app never moves a last use back, so nothing is sent.
    await database.db.execute(
      sql`update auth_tokens set last_used_at = now() - interval '30 days' + interval '3 seconds' where user_id = ${student.id}`,
    );
    const expires = Date.now() + 3_000;
    // Each instance looks at the student's streams again when another session of the student ends
    // (logout): the idle one is still live then, so its streams stay, timed to its expiry.
    const other = await issueToken(database.db, student.id);
    expect((await callHttp(b.base, 'POST', '/api/logout', { token: other })).status).toBe(200);
    await new Promise((r) => setTimeout(r, expires - 600 - Date.now()));
    expect(streams.onA.ended() || streams.onB.ended()).toBe(false);
    await expectEnded(streams, expires, 'expiry');
  });
});
