#!/usr/bin/env node
/**
 * The benchmark of `npm run bench`; writes bench/RESULTS.md (with bench/school-day.svg):
 *
 * 1. A school day (bench/school-day.mjs, issue 26): Artillery's students and teachers on the large
 *    school, for the capacity of one server on this machine, on the machine's PostgreSQL and on the
 *    embedded default, and the deadline minute. About 10 to 30 minutes, by how far the levels go.
 * 2. Single endpoints, for regressions (issue 7): the large school (npm run seed:large) in a
 *    scratch PostgreSQL database and a fresh embedded one; every endpoint below driven with
 *    autocannon after a warm-up, beside the server's no-op GET /api/health as the baseline, with
 *    the SQL statements one request runs.
 * 3. The slow phone's first visit (bench/slow-phone.mjs, issue 23).
 * 4. One teacher hammering the expensive calls during a lesson, with the per-user limits and
 *    without (bench/hammer.mjs, issue 35; also writes bench/RESULTS-hammer.md). About 10 minutes.
 * 5. The check-in minute: 720 students of 20 rombels check in within 2 minutes while the school
 *    day runs (bench/checkin-minute.mjs, issue 38; also writes bench/RESULTS-checkin.md). About 10 minutes.
 * 6. A returning student's phone: the browser's own CPU per page, with the service worker in the
 *    path and without (bench/phone-reads.mjs; also writes bench/RESULTS-phone-reads.md). About 2 minutes.
 *
 *   npm run bench
 *
 * Settings (environment):
 *   BENCH_SCHOOL=0           skip the school day (its own settings: bench/school-day.mjs)
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
 *   BENCH_HAMMER=0           skip the hammering teacher (its own settings: bench/hammer.mjs)
 *   BENCH_CHECKIN=0          skip the check-in minute (its own settings: bench/checkin-minute.mjs)
 *   BENCH_PHONE_READS=0      skip the returning phone (its own settings: bench/phone-reads.mjs)
 *
 * Every read is computed (the server keeps no replies): these numbers are what each read costs.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT, cpuMs, prepareSchool, serverArgs, sleep, startServer, stopServer } from './lib.mjs';

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

const log = (...a) => console.error('[bench]', ...a);

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

/**
 * The rombel the bench teacher is wali kelas of this semester: in the large school guru001's X TKJ 3
 * (36 students, 15 subjects through teaching assignments, this month's meetings with marks, a parent
 * per student; seed/large.ts). When none (a school seeded before that), the admin names them wali
 * kelas of the measured class's rombel, whose classes have no subjects: the grades part is then empty.
 */
async function homeroomOfTeacher(base, admin, teacher, klass) {
  const mine = (await api(base, 'GET', '/api/teacher/homerooms', { token: teacher })).body.data;
  const found = mine.find((h) => h.rombel.id === klass.rombel.id) ?? mine[0];
  if (found) return found.rombel.id;
  const [username, password] = ACCOUNTS.teacher;
  const me = (await api(base, 'POST', '/api/login', { json: { username, password } })).body.data.user;
  await api(base, 'PUT', `/api/admin/homerooms/${klass.rombel.id}`, { token: admin, json: { teacher_id: me.id } });
  return klass.rombel.id;
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
  const homeroom = await homeroomOfTeacher(base, admin, teacher, klass);
  const loginBody = JSON.stringify({ username: ACCOUNTS.loginStudent[0], password: ACCOUNTS.loginStudent[1] });
  return {
    klass,
    endpoints: [
      { name: 'student: my classes', url: '/api/student/my-classes', token: student },
      { name: 'student: upcoming assignments', url: '/api/student/upcoming-assignments', token: student },
      // Every page's bell: the unread count among the student's 300 notifications of the last 90 days.
      { name: 'student: bell (unread count)', url: '/api/notifications/unread-count', token: student },
      { name: 'student: class detail (36 students)', url: `/api/student/my-classes/${klass.id}`, token: student },
      { name: 'student: class contents', url: `/api/student/my-classes/${klass.id}/contents`, token: student },
      { name: 'student: content detail', url: sc, token: student },
      // The whole 100-comment thread in one page (100 is the largest page; the screen asks for 20).
      { name: 'student: forum thread (100 comments)', url: `${sc}/forums/${target.forum}?per_page=100`, token: student },
      // The teacher's classes with each one's work waiting for a score (the dashboard and Kelas Saya).
      { name: 'teacher: my classes', url: '/api/teacher/online-classes', token: teacher },
      { name: 'teacher: grading Ditugaskan (36 students)', url: `${grading}/unsubmitted`, token: teacher },
      { name: 'teacher: grading Diserahkan', url: `${grading}/ungrading`, token: teacher },
      { name: 'teacher: grading Dinilai', url: `${grading}/graded`, token: teacher },
      // Issue 39: the class's Nilai Akhir (36 students × its work, with the breakdown) and the student's report part.
      { name: 'teacher: gradebook (36 students)', url: `/api/teacher/online-classes/${klass.id}/gradebook`, token: teacher },
      { name: 'teacher: Nilai Akhir of a class', url: `/api/teacher/online-classes/${klass.id}/report-grades`, token: teacher },
      { name: 'student: Nilai Saya (report grades)', url: '/api/student/report-grades', token: student },
      // Issue 40: Kelas Perwalian of the teacher's rombel (36 students, 15 subjects: attendance, work and grades of every class, risks, parents).
      { name: 'teacher: Kelas Perwalian (36 students, 15 subjects)', url: `/api/teacher/homerooms/${homeroom}/overview`, token: teacher },
      {
        name: `admin: user list, page of 50 (of ${users})`,
        url: '/api/admin/resources/users?page=1&per_page=50',
        token: admin,
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

/**
 * SQL statements one request of `ep` runs, read from the server's own counter (/metrics,
 * kelasku_db_statements_total) around a second call (the first warms up); the least of three tries,
 * since a background job may send statements meanwhile.
 */
async function statementsOf(base, ep, metricsToken) {
  const counter = async () => {
    const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    return Number(/^kelasku_db_statements_total (\S+)$/m.exec(text)?.[1] ?? NaN);
  };
  const once = () =>
    fetch(`${base}${ep.url}`, {
      method: ep.method ?? 'GET',
      headers: { ...(ep.token ? { authorization: `Bearer ${ep.token}` } : {}), ...(ep.body ? { 'content-type': 'application/json' } : {}) },
      body: ep.body,
    }).then((r) => r.arrayBuffer());
  await once();
  let least = Infinity;
  for (let i = 0; i < 3; i++) {
    const before = await counter();
    await once();
    least = Math.min(least, (await counter()) - before);
  }
  return least;
}

async function benchDatabase(kind) {
  const started = Date.now();
  const school = await prepareSchool(kind, { pgUrl: PG_URL, log });
  try {
    const metricsToken = randomBytes(16).toString('hex');
    const server = await startServer({ ...school.serverEnv, METRICS_TOKEN: metricsToken });
    try {
      const found = await discover(server.base);
      log(`${kind}: class ${found.klass.id} (${found.klass.rombel.name}, ${found.klass.students.total} students)`);
      const target = { base: server.base, pid: server.child.pid, dbPids: school.dbPids };
      const health = { name: 'GET /api/health (baseline)', url: '/api/health' };
      const load = os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(', ');
      const wanted = found.endpoints.filter((e) => !ONLY || ONLY.test(e.name));
      const rows = [{ ep: health, statements: 0, ...(await measure(target, health)) }];
      log(`${kind}: health ${rows[0].rps.toFixed(0)} req/s`);
      for (const ep of wanted) {
        await settle(server.base);
        const statements = ep.login ? NaN : await statementsOf(server.base, ep, metricsToken);
        const m = await measure(target, ep);
        rows.push({ ep, statements, ...m });
        log(
          `${kind}: ${ep.name}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, errors ${m.errors}, ${statements} statements`,
        );
      }
      await settle(server.base);
      const healthAgain = await measure(target, health);
      let storm = null;
      const loginEp = wanted.find((e) => e.login);
      if (loginEp) {
        await settle(server.base);
        storm = await loginStorm(server.base, loginEp);
      }
      return {
        kind,
        found,
        rows,
        healthAgain,
        storm,
        load,
        seed: school.seed,
        version: await school.version(),
        minutes: (Date.now() - started) / 60000,
      };
    } finally {
      await stopServer(server.child);
    }
  } finally {
    await school.cleanup();
  }
}

const fmt = (n, d = 0) => (Number.isFinite(n) ? Math.max(0, n).toFixed(d) : '–');

function table(result) {
  const health = result.rows[0].rps;
  const lines = [
    `### ${result.version}`,
    '',
    `Large school seeded in ${result.seed}. Health baseline ${fmt(health)} req/s at the start, ${fmt(result.healthAgain.rps)} req/s after the endpoints. ` +
      `Load average of the machine before the run: ${result.load}. Run took ${fmt(result.minutes, 1)} min.`,
    '',
    '| endpoint | SQL statements | req/s | p50 | p99 | errors | response | server CPU/req | db CPU/req |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of result.rows) {
    lines.push(
      `| ${r.ep.name} | ${r.ep.login ? '–' : r.statements} | ${fmt(r.rps)} | ${fmt(r.p50)} ms | ${fmt(r.p99)} ms | ${r.errors} | ${fmt(r.bytes / 1024, 1)} KB | ${fmt(r.serverCpu, 2)} ms | ${fmt(r.dbCpu, 2)} ms |`,
    );
  }
  if (result.storm) {
    const { storm, health: h } = result.storm;
    lines.push(
      '',
      `Login storm (${CONNECTIONS} connections on POST /api/login for ${DURATION} s, ${fmt(storm.requests.average)} logins/s, p99 ${fmt(storm.latency.p99)} ms) ` +
        `with GET /api/health probed beside it on 2 connections: ${fmt(h.requests.average)} req/s, p50 ${fmt(h.latency.p50)} ms, p99 ${fmt(h.latency.p99)} ms, ` +
        `errors ${h.errors + h.timeouts + h.non2xx} — ` +
        (h.latency.p99 < 50 && h.errors + h.timeouts + h.non2xx === 0
          ? 'other requests keep being served (argon2 runs off the event loop, at most cores − 1 hashes at once).'
          : '**other requests are slowed down by the storm**.'),
    );
  }
  return lines;
}

async function main() {
  const cpu = os.cpus();
  const lines = [
    '# Kelasku benchmark',
    '',
    `Run ${new Date().toISOString()} on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}, ` +
      `command \`${[
        ...Object.entries(env)
          .filter(([k]) => k.startsWith('BENCH_'))
          .map(([k, v]) => `${k}=${v}`),
        'npm run bench',
      ].join(
        ' ',
      )}\` (bench/run.mjs). The server is the real one (child process, ${path.relative(ROOT, serverArgs().at(-1))}) on the large school of \`npm run seed:large\` ` +
      '(2,000 students in 54 rombels, 120 teachers, 600 classes, 12,000 contents, 12,000 assignments, ~400,000 submissions, 60,000 comments, 600,000 notifications (300 per student, 90 days); ' +
      "6 rombels with a wali kelas, 15 subjects each (23 classes more), this month's meetings and a parent per student), seeded afresh for each engine; " +
      'it logs at LOG_LEVEL=warn (request lines off) and keeps no replies: every read is computed. Server, database and load generator share the machine.',
    '',
  ];
  if (env.BENCH_SCHOOL !== '0') {
    const schoolDay = await import('./school-day.mjs');
    lines.push(...(await schoolDay.run({ pgUrl: PG_URL, command: 'npm run bench' })).lines, '');
  }
  const results = [];
  for (const kind of DATABASES) results.push(await benchDatabase(kind));
  lines.push(
    '## Single endpoints (autocannon)',
    '',
    `For regressions: each computed read alone, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s, one user's token (the student siswa0001 of rombel X TKJ 1, ` +
      '36 students, 12 classes; the teacher guru001 on one of those classes; the admin). "SQL statements" is what one request runs (the server\'s ' +
      'kelasku_db_statements_total around one call); the query-count test of `npm test` holds these counts fixed whatever the size of the school. ' +
      'What was changed earlier, with before/after numbers: `bench/FINDINGS.md`.',
    '',
  );
  for (const r of results) lines.push(...table(r), '');
  if (env.BENCH_HAMMER !== '0') {
    // No user stalls the school (issue 35): the lesson's page time while one teacher hammers, limits on and off.
    const hammer = await import('./hammer.mjs');
    lines.push(...(await hammer.run({ pgUrl: PG_URL, command: 'npm run bench' })), '');
  }
  if (env.BENCH_CHECKIN !== '0') {
    // The check-in minute (issue 38): 720 self check-ins in 2 minutes during the school day, bench/RESULTS-checkin.md.
    const checkin = await import('./checkin-minute.mjs');
    lines.push(...(await checkin.run({ pgUrl: PG_URL, command: 'npm run bench' })), '');
  }
  // The two phones need the built web app.
  const web = path.join(ROOT, 'apps/web/dist');
  const notBuilt = (title) => [`## ${title}`, '', 'Not measured: apps/web/dist holds no built web app (npm run build).', ''];
  const built = existsSync(path.join(web, 'index.html'));
  if (env.BENCH_SLOW_PHONE !== '0') {
    // The first visit of a phone on mobile data (issue 23): login page and student dashboard, bench/RESULTS-slow-phone.md.
    const slowPhone = await import('./slow-phone.mjs');
    if (built) lines.push(...(await slowPhone.run({ builds: [{ label: 'apps/web/dist', dir: web }], command: 'npm run bench' })), '');
    else lines.push(...notBuilt('Slow phone, first visit'));
  }
  if (env.BENCH_PHONE_READS !== '0') {
    // A returning student's phone: the browser's CPU per page with the service worker and without, bench/RESULTS-phone-reads.md.
    const phoneReads = await import('./phone-reads.mjs');
    if (built) lines.push(...(await phoneReads.run()), '');
    else lines.push(...notBuilt("A returning student's phone"));
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
