/**
 * Live updates across real server processes (issue 22): two instances (src/main.ts through tsx)
 * on one database. A stream on one instance hears what is done through the other (PostgreSQL
 * LISTEN/NOTIFY); a stream that drops resumes from its last event id on either instance without
 * losing or repeating an event, also when its instance is killed; one instance holds 1,000 open
 * streams; and the reminder job, killed with SIGKILL while it runs, sends each reminder once.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { openDatabase, type Database } from '../src/db/client.js';
import { issueToken } from '../src/auth/tokens.js';
import { onlineClasses } from '../src/db/schema.js';
import { REMINDER_QUEUE } from '../src/features/notifications/jobs.js';
import { Factory, type TestUser } from './factory.js';
import { dbKind, freshDatabaseUrl } from './helpers.js';
import { readLiveStream, startProcess, stopProcess, type LiveEvent } from './processes.js';

interface Proc {
  base: string;
  child: ChildProcess;
}

let url: string;
let drop: () => Promise<void>;
let root: string;
let database: Database;
let factory: Factory;
const procs: Proc[] = [];

async function start(name: string): Promise<Proc> {
  const p = await startProcess({ DATABASE_URL: url, DATA_DIR: path.join(root, name), STORAGE_DIR: path.join(root, 'storage') });
  procs.push(p);
  return p;
}

const kill = (p: Proc, signal: NodeJS.Signals = 'SIGKILL') => stopProcess(p.child, signal);

type Received = LiveEvent;

/** A live stream read over HTTP, the way a browser's EventSource reads it. */
const stream = readLiveStream;

async function call(base: string, method: string, url: string, token: string, json?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

const until = async (check: () => boolean | Promise<boolean>, what: string, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

let a: Proc;
let b: Proc;
let teacher: TestUser;
let student: TestUser;
let classId: number;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-live-'));
  ({ url, drop } = await freshDatabaseUrl());
  database = await openDatabase({ databaseUrl: url, dataDir: root, poolSize: 3 });
  factory = new Factory(database.db, null as unknown as FastifyInstance);
  [a, b] = await Promise.all([start('a'), start('b')]);
  const rombel = await factory.rombel();
  teacher = await factory.teacher();
  student = await factory.student({ rombelId: rombel.id });
  const klass = await factory.onlineClass(teacher.id, { rombelId: rombel.id });
  classId = klass.id;
}, 180_000);

afterAll(async () => {
  await Promise.all(procs.map((p) => kill(p, 'SIGTERM')));
  await database?.close();
  await drop?.();
  await fs.rm(root, { recursive: true, force: true });
});

/** A link in a content of its own: one "Materi baru" notification each (materials of one content are summed, issue 42). */
const addLink = async (base: string, title: string) => {
  const content = await factory.content(classId);
  const url = `/api/teacher/online-classes/${classId}/contents/${content.id}/links`;
  return call(base, 'POST', url, teacher.token, { title, url: `https://contoh.sch.id/${encodeURIComponent(title)}` });
};

const titles = (events: Received[]) => events.filter((e) => e.event === 'notification').map((e) => e.data.notification.text as string);

describe(`live updates across instances (${dbKind})`, () => {
  it('a notification made through one instance reaches a stream on the other', async () => {
    const s = await stream(b.base, student.token);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const latencies: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const sent = Date.now();
      expect((await addLink(a.base, `Lintas ${i}`)).status).toBe(201);
      await until(() => titles(s.events).length === i, `notification ${i}`);
      latencies.push(s.events.at(-1)!.at - sent);
    }
    expect(titles(s.events).map((x) => x.split('"')[1])).toEqual(['Lintas 1', 'Lintas 2', 'Lintas 3', 'Lintas 4', 'Lintas 5']);
    expect(s.events.at(-1)!.data.unread).toBe(5);
    console.log(`cross-instance delivery (request sent → event read), ms: ${latencies.join(', ')}`);
    await s.close();
  });

  it('a stream that drops resumes from its last event id on the other instance: nothing lost, nothing repeated', async () => {
    const first = await stream(a.base, student.token);
    await addLink(b.base, 'Sebelum putus');
    await until(() => titles(first.events).length === 1, 'the first event');
    const last = first.events.at(-1)!.id;
    await first.close();
    for (const n of ['Saat putus 1', 'Saat putus 2', 'Saat putus 3']) await addLink(a.base, n);
    const again = await stream(b.base, student.token, { lastId: last });
    await addLink(a.base, 'Sesudah sambung');
    await until(() => titles(again.events).length === 4, 'the missed events and the new one');
    expect(titles(again.events).map((x) => x.split('"')[1])).toEqual(['Saat putus 1', 'Saat putus 2', 'Saat putus 3', 'Sesudah sambung']);
    const ids = again.events.map((e) => e.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(ids[0]).toBeGreaterThan(last);
    await again.close();
  });

  it('a stream whose instance is killed reconnects to another and gets what was sent meanwhile', async () => {
    const c = await start('c');
    const s = await stream(c.base, student.token);
    await addLink(a.base, 'Sebelum mati');
    await until(() => titles(s.events).length === 1, 'the event before the kill');
    await kill(c);
    await until(() => s.ended(), 'the stream to end with its instance');
    await addLink(a.base, 'Selama mati');
    const resumed = await stream(b.base, student.token, { lastId: s.events.at(-1)!.id });
    await until(() => titles(resumed.events).length === 1, 'the event sent while reconnecting');
    expect(titles(resumed.events)[0]).toContain('Selama mati');
    await resumed.close();
  });

  it('holds 1,000 open streams on one instance and delivers to every one of them', async () => {
    const rss = async () => {
      const status = await fs.readFile(`/proc/${b.child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024;
    };
    // A user holds at most 5 streams (live/sessions.ts): 200 students of the class's rombel, 5 each.
    const rombelId = (
      await database.db.select({ r: onlineClasses.rombelClassId }).from(onlineClasses).where(eq(onlineClasses.id, classId))
    )[0]!.r!;
    const { rows: made } = (await database.db.execute(sql`
      with u as (
        insert into users (role_id, name, username, email, password_hash)
        select 3, 'Penonton ' || g, 'pn' || g || '_' || ${classId}, 'pn' || g || '_' || ${classId} || '@test.sch.id', 'x'
          from generate_series(1, 200) g
        returning id)
      insert into students (user_id, rombel_class_id) select id, ${rombelId} from u returning user_id as id`)) as unknown as {
      rows: Array<{ id: number }>;
    };
    const tokens = await Promise.all(made.map((u) => issueToken(database.db, u.id)));
    const before = await rss();
    const streams: Array<Awaited<ReturnType<typeof stream>>> = [];
    for (let i = 0; i < 1000; i += 50)
      streams.push(...(await Promise.all(Array.from({ length: 50 }, (_, j) => stream(b.base, tokens[Math.floor((i + j) / 5)]!)))));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    const held = await rss();
    await addLink(a.base, 'Untuk seribu');
    await until(() => streams.every((s) => titles(s.events).length === 1), 'the event on every stream', 30_000);
    console.log(
      `1,000 streams on one instance: RSS ${(before / 1e6).toFixed(1)} MB → ${(held / 1e6).toFixed(1)} MB, ` +
        `${((held - before) / 1000 / 1024).toFixed(1)} KiB per stream`,
    );
    await Promise.all(streams.map((s) => s.close()));
    // The instance carries on.
    expect((await call(b.base, 'GET', '/api/notifications/unread-count', student.token)).status).toBe(200);
  }, 120_000);

  it('another user’s topic cannot be opened: a forum or assignment out of reach is a 404', async () => {
    const other = await factory.teacher();
    const res = await fetch(`${a.base}/api/live?class=${classId}&content=1&assignment=1`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(res.status).toBe(404);
    const bad = await fetch(`${a.base}/api/live?forum=1`, { headers: { authorization: `Bearer ${student.token}` } });
    expect(bad.status).toBe(404);
  });
});

describe('reminders killed mid-job', () => {
  it('a reminder job killed by SIGKILL while it runs is sent exactly once after a restart', async () => {
    // A class of 300 students with an assignment due in 12 hours, none handed in.
    const rombel = await factory.rombel();
    const t2 = await factory.teacher();
    const klass = await factory.onlineClass(t2.id, { rombelId: rombel.id });
    const content = await factory.content(klass.id);
    const a1 = await factory.assignment(content.id, t2.id, { title: 'Ujian Praktik', deadline: new Date(Date.now() + 12 * 3600 * 1000) });
    await database.db.execute(sql`
      insert into users (role_id, name, username, email, password_hash)
      select 3, 'Siswa ' || g, 'sk' || g || '_' || ${rombel.id}, 'sk' || g || '_' || ${rombel.id} || '@test.sch.id', 'x'
        from generate_series(1, 300) g`);
    await database.db.execute(sql`
      insert into students (user_id, rombel_class_id)
      select id, ${rombel.id} from users where username like ${`sk%\\_${rombel.id}`}`);
    const remindedCount = async () =>
      Number(
        (
          (await database.db.execute(
            sql`select count(*)::int as n from notifications where dedupe_key = ${`due:${a1.id}`}`,
          )) as unknown as {
            rows: Array<{ n: number }>;
          }
        ).rows[0]!.n,
      );
    const perStudent = async () =>
      (
        (await database.db.execute(
          sql`select max(n)::int as most from (select count(*) as n from notifications where dedupe_key = ${`due:${a1.id}`} group by user_id) x`,
        )) as unknown as { rows: Array<{ most: number | null }> }
      ).rows[0]!.most;

    // The other instances stop, so the job goes to the one that is killed.
    await kill(a, 'SIGTERM');
    await kill(b, 'SIGTERM');
    const victim = await start('victim');
    const boss = new PgBoss({ connectionString: url, schema: 'pgboss', schedule: false, supervise: false });
    await boss.start();
    try {
      await boss.send(REMINDER_QUEUE, {});
      // Killed the moment the job is taken.
      await until(
        async () => {
          const r = (await database.db.execute(
            sql`select count(*)::int as n from pgboss.job where name = ${REMINDER_QUEUE} and state = 'active'`,
          )) as unknown as { rows: Array<{ n: number }> };
          return r.rows[0]!.n > 0;
        },
        'the job to start',
        60_000,
      );
      await kill(victim);
      const afterKill = await remindedCount();
      // A fresh instance; the job is sent again (the next minute's job or the retry would do the same).
      const next = await start('next');
      await boss.send(REMINDER_QUEUE, {});
      await until(async () => (await remindedCount()) === 300, 'every student reminded', 60_000);
      await boss.send(REMINDER_QUEUE, {});
      await new Promise((r) => setTimeout(r, 2_000));
      expect(await remindedCount()).toBe(300);
      expect(await perStudent()).toBe(1);
      console.log(`reminders: ${afterKill} of 300 committed when the job was killed; 300 after the restart, each once`);
      await kill(next, 'SIGTERM');
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
  }, 180_000);
});
