/**
 * Metrics and readiness (issue 24): `/metrics` in the Prometheus text format behind METRICS_TOKEN
 * (off: an unknown path), with requests by route pattern, the database pool, uploads, the job
 * queues and the open live streams; `/api/ready` 503 until the start-up has finished and while the
 * database does not answer; a real server process answers both.
 */
import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { register as globalRegistry, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LIMITS, MSG } from '@kelasku/contract';
import { createTestApp, dbKind, freshDatabaseUrl, samples, useTestApp, type TestContext } from './helpers.js';
import { startProcess, stopProcess } from './processes.js';
import { IMPORT_QUEUE } from '../src/features/imports/job.js';
import { REMINDER_QUEUE } from '../src/features/notifications/jobs.js';
import { LANES } from '../src/db/client.js';
import type { TestUser } from './factory.js';

const TOKEN = `uji-metrik-${randomBytes(12).toString('hex')}`;
const HISTOGRAM = 'kelasku_http_request_duration_seconds';

// ---------------------------------------------------------------- the text format

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';

/**
 * Parses the Prometheus text format (0.0.4) strictly: every line is a HELP, a TYPE or a sample; every
 * sample belongs to a family with a TYPE and a HELP; label values are quoted and escaped.
 */
function parseExposition(text: string): Sample[] {
  const types = new Map<string, string>();
  const helps = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    let m = new RegExp(`^# HELP (${NAME}) (.+)$`).exec(line);
    if (m) {
      helps.add(m[1]!);
      continue;
    }
    m = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (m) {
      expect(types.has(m[1]!), `TYPE of ${m[1]} twice`).toBe(false);
      types.set(m[1]!, m[2]!);
      continue;
    }
    m = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)$`).exec(line);
    if (!m) throw new Error(`not a line of the text format: ${line}`);
    const [, name, rawLabels = '', rawValue] = m;
    const labels: Record<string, string> = {};
    const rest = rawLabels.replace(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)",?/g, (_, k: string, v: string) => {
      labels[k] = v.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c));
      return '';
    });
    if (rest !== '') throw new Error(`malformed labels: ${line}`);
    // As Prometheus reads a value (Go's ParseFloat): NaN and Inf in any case (prom-client writes "Nan").
    const special: Record<string, number> = { nan: NaN, inf: Infinity, '+inf': Infinity, '-inf': -Infinity };
    const value = special[rawValue!.toLowerCase()] ?? Number(rawValue);
    if (!(rawValue!.toLowerCase() in special) && (Number.isNaN(value) || !/^[-+]?[0-9.]+(e[-+]?\d+)?$/i.test(rawValue!))) {
      throw new Error(`not a number: ${line}`);
    }
    const family = types.has(name!) ? name! : name!.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(family)) throw new Error(`sample without TYPE: ${line}`);
    if (!helps.has(family)) throw new Error(`sample without HELP: ${line}`);
    if (family !== name && !['histogram', 'summary'].includes(types.get(family)!))
      throw new Error(`suffix on a ${types.get(family)}: ${line}`);
    samples.push({ name: name!, labels, value });
  }
  return samples;
}

/** The samples of `name` whose labels include `labels`. */
const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

/** The one sample of `name` with exactly these labels; 0 when there is none yet. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const hits = samples.filter(
    (s) => s.name === name && Object.keys(s.labels).length === Object.keys(labels).length && find([s], name, labels).length === 1,
  );
  expect(hits.length, `${name}${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return hits[0]?.value ?? 0;
}

const waitFor = async (check: () => Promise<boolean>, what: string, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

// ---------------------------------------------------------------- metrics off

describe('without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('GET /metrics is an unknown path (404 envelope), with or without a token', async () => {
    for (const token of [null, TOKEN]) {
      const res = await t.as(token).get('/metrics');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: MSG.routeNotFound });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

// ---------------------------------------------------------------- metrics on

describe('with METRICS_TOKEN', () => {
  const t = useTestApp({ METRICS_TOKEN: TOKEN });
  let teacher: TestUser;
  let admin: TestUser;
  let materials: string;
  let otherClassId: number;

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    return parseExposition(res.body);
  };
  const form = (field: string, name: string, data: Buffer, fields: Record<string, string> = {}) => ({
    fields,
    files: { [field]: { name, data } },
  });
  const upload = (url: string, f: ReturnType<typeof form>, token = teacher.token) => t.as(token).upload('POST', url, f.fields, f.files);

  beforeAll(async () => {
    teacher = await t.factory.teacher();
    admin = await t.factory.admin();
    const klass = await t.factory.onlineClass(teacher.id);
    const content = await t.factory.content(klass.id);
    materials = `/api/teacher/online-classes/${klass.id}/contents/${content.id}/materials`;
    otherClassId = (await t.factory.onlineClass((await t.factory.teacher()).id)).id;
  });

  it('refuses a scrape without the bearer token, with a wrong one, or with a session token: 401 envelope', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: 'Bearer salah' },
      { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` },
      { authorization: `Bearer ${admin.token}` },
      { authorization: TOKEN },
    ];
    for (const headers of cases) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ success: false, message: MSG.unauthenticated });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('kelasku_');
    }
  });

  it('answers a scrape in the text format, not kept by anyone, with prefixed process metrics; /metrics is not in the API docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `bearer   ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(Registry.PROMETHEUS_CONTENT_TYPE);
    expect(res.headers['cache-control']).toBe('no-store');
    const samples = parseExposition(res.body);
    // Every family is Kelasku's, the process ones included.
    expect(samples.filter((s) => !s.name.startsWith('kelasku_')).map((s) => s.name)).toEqual([]);
    for (const name of [
      'kelasku_process_cpu_user_seconds_total',
      'kelasku_process_resident_memory_bytes',
      'kelasku_nodejs_eventloop_lag_seconds',
      'kelasku_nodejs_heap_size_used_bytes',
    ]) {
      expect(find(samples, name).length, name).toBeGreaterThan(0);
    }
    // The app's own registry: nothing of it in prom-client's global one.
    expect(await globalRegistry.metrics()).not.toContain('kelasku_');
    const docs = (await t.as().get('/api/docs/json')).body;
    expect(Object.keys(docs.paths)).toContain('/api/ready');
    expect(Object.keys(docs.paths)).not.toContain('/metrics');
  });

  it('counts requests by route pattern and status, exactly; unknown paths share one label; scrapes are not counted', async () => {
    const before = await scrape();
    const list = { method: 'GET', route: '/api/teacher/online-classes', status_code: '200' };
    const foreign = { method: 'GET', route: '/api/teacher/online-classes/:id', status_code: '404' };
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    const refused = { method: 'GET', route: '/api/teacher/online-classes', status_code: '401' };
    for (let i = 0; i < 3; i++) expect((await t.as(teacher.token).get('/api/teacher/online-classes')).status).toBe(200);
    expect((await t.as(teacher.token).get(`/api/teacher/online-classes/${otherClassId}`)).status).toBe(404);
    expect((await t.as().get('/api/teacher/online-classes')).status).toBe(401);
    for (const url of ['/tidak-ada-sama-sekali', '/api/tidak-ada/123456', '/lain/lagi?x=1'])
      expect((await t.as().get(url)).status).toBe(404);
    await scrape();
    const after = await scrape();

    const increase = (labels: Record<string, string>) =>
      valueOf(after, `${HISTOGRAM}_count`, labels) - valueOf(before, `${HISTOGRAM}_count`, labels);
    expect(increase(list)).toBe(3);
    expect(increase(foreign)).toBe(1);
    expect(increase(refused)).toBe(1);
    expect(increase(unmatched)).toBe(3);
    // A histogram: +Inf bucket equals the count, the buckets only grow, the sum is time spent.
    const buckets = find(after, `${HISTOGRAM}_bucket`, list);
    expect(buckets.length).toBeGreaterThan(5);
    expect(buckets.find((b) => b.labels.le === '+Inf')!.value).toBe(valueOf(after, `${HISTOGRAM}_count`, list));
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]!.value).toBeGreaterThanOrEqual(buckets[i - 1]!.value);
    expect(valueOf(after, `${HISTOGRAM}_sum`, list)).toBeGreaterThan(0);
    // No raw URL ever becomes a label, and the scrapes themselves are not counted.
    const routes = new Set(find(after, `${HISTOGRAM}_count`).map((s) => s.labels.route));
    expect([...routes].filter((r) => /tidak-ada|lain|\d/.test(r!))).toEqual([]);
    expect(routes.has('/metrics')).toBe(false);
  });

  it('counts stored upload bytes and refused uploads by reason', async () => {
    const before = await scrape();
    const pdf = samples.pdf('metrik');
    const stored = await upload(materials, form('file', 'materi.pdf', pdf, { title: 'Materi metrik' }));
    expect(stored.status).toBe(201);
    expect((await upload(materials, form('file', 'program.pdf', samples.exe(), { title: 'Bukan PDF' }))).status).toBe(415);
    expect((await upload(materials, form('file', 'kosong.pdf', Buffer.alloc(0), { title: 'Kosong' }))).status).toBe(422);
    const bigAvatar = Buffer.concat([samples.png(), Buffer.alloc(LIMITS.avatarBytes + 1024)]);
    expect((await upload('/api/profile/update-avatar', form('avatar', 'besar.png', bigAvatar))).status).toBe(413);
    // A storage folder that fails (its upload folder is a file now): 500, counted as other.
    const tmp = path.join(t.config.storageDir, '.tmp');
    await fs.rename(tmp, `${tmp}-weg`);
    await fs.writeFile(tmp, '');
    try {
      expect((await upload(materials, form('file', 'gagal.pdf', samples.pdf(), { title: 'Gagal' }))).status).toBe(500);
    } finally {
      await fs.rm(tmp);
      await fs.rename(`${tmp}-weg`, tmp);
    }
    const after = await scrape();

    expect(valueOf(after, 'kelasku_upload_bytes_total') - valueOf(before, 'kelasku_upload_bytes_total')).toBe(pdf.length);
    const failures = (reason: string) =>
      valueOf(after, 'kelasku_upload_failures_total', { reason }) - valueOf(before, 'kelasku_upload_failures_total', { reason });
    expect({ too_large: failures('too_large'), type: failures('type'), empty: failures('empty'), other: failures('other') }).toEqual({
      too_large: 1,
      type: 1,
      empty: 1,
      other: 1,
    });
    expect(failures('aborted')).toBe(0);
    // Every reason has its series from the start.
    expect(
      find(after, 'kelasku_upload_failures_total')
        .map((s) => s.labels.reason)
        .sort(),
    ).toEqual(['aborted', 'empty', 'other', 'storage_full', 'too_large', 'type']);
    const route = { method: 'POST', route: '/api/teacher/online-classes/:classId/contents/:lessonId/materials' };
    const count = (status_code: string, s: Sample[]) => valueOf(s, `${HISTOGRAM}_count`, { ...route, status_code });
    expect(count('201', after) - count('201', before)).toBe(1);
    expect(count('415', after) - count('415', before)).toBe(1);
  });

  it('reads the database pool and the job queues when scraped', async () => {
    const samples = await scrape();
    const pool = t.database.pool;
    expect(valueOf(samples, 'kelasku_db_pool_max_connections')).toBe(pool.options.max);
    expect(valueOf(samples, 'kelasku_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, 'kelasku_db_pool_connections')).toBeLessThanOrEqual(pool.options.max!);
    expect(valueOf(samples, 'kelasku_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(find(samples, 'kelasku_db_pool_waiting_clients')).toHaveLength(1);
    for (const queue of [IMPORT_QUEUE, REMINDER_QUEUE]) {
      for (const state of ['queued', 'active']) {
        const series = find(samples, 'kelasku_job_queue_depth', { queue, state });
        expect(series, `${queue} ${state}`).toHaveLength(1);
        expect(series[0]!.value).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('shows statements waiting on the lanes and those that went round them', async () => {
    const overflow = async () => valueOf(await scrape(), 'kelasku_db_lane_overflow_total');
    const before = await overflow();
    // A slow report on every lane: a scrape sees them in flight, and the next statement goes round.
    // (Promise.all sends them: a drizzle query runs when awaited.)
    const slow = Promise.all(Array.from({ length: LANES }, () => t.database.db.execute(sql`select pg_sleep(1)`)));
    await new Promise((r) => setTimeout(r, 100));
    expect(valueOf(await scrape(), 'kelasku_db_lane_statements_in_flight')).toBeGreaterThanOrEqual(LANES);
    await t.database.db.execute(sql`select 1`);
    expect((await overflow()) - before).toBeGreaterThanOrEqual(1);
    await slow;
  });

  it('counts the SQL statements sent: a request adds exactly the statements it ran', async () => {
    const url = `/api/teacher/online-classes/${(await t.factory.onlineClass(teacher.id)).id}`;
    await t.as(teacher.token).get(url);
    // A background job (the minute's reminders) may send statements meanwhile: one of three tries is alone.
    const tries: Array<{ ran: number; counted: number }> = [];
    for (let i = 0; i < 3; i++) {
      const before = valueOf(await scrape(), 'kelasku_db_statements_total');
      const start = t.database.statements.count;
      expect((await t.as(teacher.token).get(url)).status).toBe(200);
      const ran = t.database.statements.count - start;
      const counted = valueOf(await scrape(), 'kelasku_db_statements_total') - before;
      tries.push({ ran, counted });
      if (ran > 0 && counted === ran) break;
    }
    expect(
      tries.some((x) => x.ran > 0 && x.counted === x.ran),
      JSON.stringify(tries),
    ).toBe(true);
  });

  describe('over a real connection', () => {
    let base: string;
    beforeAll(async () => {
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    const liveStreams = async () => valueOf(await scrape(), 'kelasku_live_streams');

    it('counts an open live stream while it is open', async () => {
      expect(await liveStreams()).toBe(0);
      const ctrl = new AbortController();
      const res = await fetch(`${base}/api/live`, { headers: { authorization: `Bearer ${teacher.token}` }, signal: ctrl.signal });
      expect(res.status).toBe(200);
      await waitFor(async () => (await liveStreams()) === 1, 'the stream to be counted');
      ctrl.abort();
      await waitFor(async () => (await liveStreams()) === 0, 'the stream to be gone');
    });

    it('counts an upload whose connection is cut as aborted, and stores none of its bytes', async () => {
      const before = await scrape();
      const { port } = t.app.server.address() as AddressInfo;
      const boundary = `----kelasku${randomBytes(8).toString('hex')}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nPutus\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="putus.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      );
      const aborted = async () => valueOf(await scrape(), 'kelasku_upload_failures_total', { reason: 'aborted' });
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.on('error', () => {});
      socket.write(
        `POST ${materials} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${teacher.token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + 4 * 1024 * 1024}\r\n\r\n`,
      );
      // A megabyte of the file has left (the server is receiving it), then the connection is cut.
      await new Promise((r) => socket.write(Buffer.concat([head, Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024, 0x20)]), r));
      await new Promise((r) => setTimeout(r, 200));
      socket.destroy();
      const was = valueOf(before, 'kelasku_upload_failures_total', { reason: 'aborted' });
      await waitFor(async () => (await aborted()) === was + 1, 'the cut upload to be counted');
      const after = await scrape();
      expect(valueOf(after, 'kelasku_upload_failures_total', { reason: 'aborted' })).toBe(
        valueOf(before, 'kelasku_upload_failures_total', { reason: 'aborted' }) + 1,
      );
      expect(valueOf(after, 'kelasku_upload_bytes_total')).toBe(valueOf(before, 'kelasku_upload_bytes_total'));
      for (const reason of ['too_large', 'type', 'empty', 'other']) {
        expect(valueOf(after, 'kelasku_upload_failures_total', { reason }), reason).toBe(
          valueOf(before, 'kelasku_upload_failures_total', { reason }),
        );
      }
    });
  });
});

// ---------------------------------------------------------------- readiness

describe('GET /api/ready', () => {
  let t: TestContext;
  beforeAll(async () => {
    // Built as the tests build every app: without server.ts's start-up, so not marked ready; metrics on too.
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  const ready = () => t.as().get('/api/ready');

  it('is 503 until the start-up has finished, while /api/health (liveness) is 200; then 200', async () => {
    const early = await ready();
    expect(early.status).toBe(503);
    expect(early.body).toEqual({ success: false, message: MSG.unavailable });
    expect(early.headers['cache-control']).toBe('no-store');
    expect((await t.as().get('/api/health')).status).toBe(200);

    t.app.markReady();
    const res = await ready();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { status: 'ready' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is 503 within about 2 s when the database does not answer (every connection busy), and 200 once it does', async () => {
    t.app.markReady();
    const pool = t.database.pool;
    // Take every connection of the pool, and queue for one more: the probe waits behind it.
    const held: pg.PoolClient[] = [];
    let queued: Promise<pg.PoolClient>;
    for (;;) {
      queued = pool.connect();
      const got = await Promise.race([queued, new Promise<null>((r) => setTimeout(() => r(null), 300))]);
      if (!got) break;
      held.push(got);
    }
    try {
      const started = Date.now();
      const res = await ready();
      const took = Date.now() - started;
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, message: MSG.unavailable });
      expect(took).toBeGreaterThanOrEqual(1_900);
      expect(took).toBeLessThan(5_000);
    } finally {
      for (const c of held) c.release();
      (await queued).release();
    }
    await waitFor(async () => (await ready()).status === 200, 'ready again');
  });

  it('is 503 at once when the database refuses connections, and 200 once it takes them again', async () => {
    t.app.markReady();
    const { rows } = await t.database.pool.query<{ name: string }>('select current_database() as name');
    const name = rows[0]!.name;
    const admin = new pg.Client({ connectionString: inject(`db:${dbKind}`) });
    await admin.connect();
    try {
      await admin.query(`alter database ${admin.escapeIdentifier(name)} with allow_connections false`);
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
      const started = Date.now();
      const res = await ready();
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ success: false, message: MSG.unavailable });
      expect(Date.now() - started).toBeLessThan(3_000);
      // Liveness does not depend on the database.
      expect((await t.as().get('/api/health')).status).toBe(200);
    } finally {
      await admin.query(`alter database ${admin.escapeIdentifier(name)} with allow_connections true`);
      await admin.end();
    }
    await waitFor(async () => (await ready()).status === 200, 'ready again');
    expect(t.logs.some((l) => l.includes('not ready: the database does not answer'))).toBe(true);
  });

  it('is 503 while the app closes (a request that arrives on an open connection during the close)', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(base);
    const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
    socket.on('error', () => {});
    let received = '';
    socket.on('data', (c: Buffer) => (received += c.toString('latin1')));
    // A login whose body has not all arrived keeps the connection busy (not idle) while the app begins to close.
    const body = JSON.stringify({ username: 'tidak-ada', password: 'salah123' });
    socket.write(
      `POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((r) => setTimeout(r, 200));
    const closing = t.app.close();
    // The listener closes once Fastify has begun to close (requests from then on are refused).
    await waitFor(async () => !t.app.server.listening, 'the close to begin');
    // The rest of the login, and right behind it on the same connection, a readiness probe.
    socket.write(`${body.slice(5)}GET /api/ready HTTP/1.1\r\nHost: x\r\n\r\n`);
    await waitFor(async () => (received.match(/HTTP\/1\.1 \d{3}/g) ?? []).length === 2, 'both answers');
    socket.destroy();
    await closing;
    const statuses = (received.match(/HTTP\/1\.1 (\d{3})/g) ?? []).map((s) => Number(s.slice(9)));
    expect(statuses).toHaveLength(2);
    expect(statuses[1]).toBe(503);
  });
});

describe('a real server process', () => {
  let url: string;
  let drop: () => Promise<void>;
  let dataDir: string;
  beforeAll(async () => {
    ({ url, drop } = await freshDatabaseUrl());
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-metrics-'));
  });
  afterAll(async () => {
    await drop?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('answers /api/ready 200 once listening, and /metrics with its token', async () => {
    const { base, child } = await startProcess({ DATABASE_URL: url, DATA_DIR: dataDir, METRICS_TOKEN: TOKEN });
    try {
      const res = await fetch(`${base}/api/ready`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, data: { status: 'ready' } });
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      const scraped = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}`, 'accept-encoding': 'gzip' } });
      expect(scraped.status).toBe(200);
      const samples = parseExposition(await scraped.text());
      expect(valueOf(samples, `${HISTOGRAM}_count`, { method: 'GET', route: '/api/ready', status_code: '200' })).toBe(1);
      expect(valueOf(samples, `${HISTOGRAM}_count`, { method: 'GET', route: '/api/health', status_code: '200' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'kelasku_process_start_time_seconds')).toBeGreaterThan(0);
      expect(valueOf(samples, 'kelasku_db_pool_connections')).toBeGreaterThanOrEqual(1);
    } finally {
      await stopProcess(child);
    }
  }, 90_000);
});
