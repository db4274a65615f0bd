#!/usr/bin/env node
/**
 * One teacher hammering the expensive calls while a lesson runs (issue 35, "No user stalls the
 * school"): the real server (a child process, one worker) on the large school of
 * `npm run seed:large` (embedded database by default).
 *
 * - The lesson: the 36 students of rombel X TKJ 1 (siswa0001 … siswa0036) and their teacher
 *   (guru001) in one of that rombel's classes, with the pages of the school day
 *   (bench/school-day/flows.mjs): class, lesson, forum with its live stream, 10 % hand in 1 MB,
 *   the teacher's grading columns, grades and materials; 3–10 s of thinking between pages.
 * - After HAMMER_QUIET seconds of the lesson alone (the baseline), for HAMMER_SECONDS, one other
 *   teacher (guru002) sends, as fast as a script can and ignoring Retry-After, question-bank
 *   import previews four GIFT at a time (two loops of 10,000 questions, two of 1,000) and one
 *   XLSX of 300,000 rows, the gradebook export of all their classes and a submissions ZIP; and
 *   one admin sends user-import previews of a 100,000-row CSV. Each loop stops after
 *   HAMMER_MAX_PER_LOOP requests. The hammer runs in a worker thread, so its loops cannot delay the
 *   lesson's clock.
 * - Measured: the lesson's page time (all the requests of a screen, sent together) p50/p95/p99,
 *   quiet and under the hammer; its failed requests; the server's resident memory (VmRSS every
 *   100 ms, the kernel's peak VmHWM); the event-loop delay (prom-client's
 *   kelasku_nodejs_eventloop_lag_max_seconds from /metrics, each second); the hammer's answers by
 *   status (429s, served).
 *
 * Each measurement runs with the limits (default) and with KELASKU_LIMITS=off, HAMMER_RUNS times,
 * alternating; the report gives each run and the median.
 *
 *   node bench/hammer.mjs               # writes bench/RESULTS-hammer.md (npm run bench runs it too)
 *
 * Settings (environment):
 *   HAMMER_MODES=limits,off    HAMMER_RUNS=2    HAMMER_SECONDS=75    HAMMER_QUIET=30
 *   HAMMER_COMPARE=<another build>/main.js   adds the mode "compare": that build (an older commit's) on the same school
 *   HAMMER_MAX_PER_LOOP=3000   HAMMER_PORT=3209 (the server's loopback port)
 *   HAMMER_DB=embedded|postgres; BENCH_PG_URL, BENCH_PG_DB, BENCH_EMBEDDED_DIR as for bench/run.mjs
 *   HAMMER_RESULTS=bench/RESULTS-hammer.md ("-" prints only); the runs already in it stay below the new one
 *
 * The built server (apps/api/dist) is copied aside first (under a shared hold of the build lock,
 * /tmp/kelasku-build.lock), so a rebuild meanwhile cannot change the server being measured.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import JSZip from 'jszip';
import { ROOT, cpuMs, median, prepareSchool, runWhenMain, sleep, startServer, stopServer } from './lib.mjs';

const env = process.env;
const SECONDS = Number(env.HAMMER_SECONDS ?? 75);
const QUIET = Number(env.HAMMER_QUIET ?? 30);
const RAMP = 10;
const MAX_PER_LOOP = Number(env.HAMMER_MAX_PER_LOOP ?? 3000);
const PORT = Number(env.HAMMER_PORT ?? 3209);
const GOAL_P95 = 300;
const LESSON_STUDENTS = 36;
const log = (...a) => console.error('[hammer]', ...a);
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '–');
const mb = (bytes) => `${fmt(bytes / 2 ** 20)} MB`;

function quantile(values, q) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

// ------------------------------------------------------------------ the hostile files

/** GIFT of `n` multiple-choice questions. */
function giftFile(n) {
  const lines = [];
  for (let i = 1; i <= n; i++)
    lines.push(`::Soal ${i}:: Perangkat yang menghubungkan dua jaringan yang berbeda adalah … (${i}) {~Switch =Router ~Hub ~Repeater}`, '');
  return Buffer.from(lines.join('\n'));
}

/**
 * The question template's sheet "Soal" with `rows` rows under its header, each holding one cell:
 * the smallest rows exceljs reads (a row and its cell need their numbers), deflated at level 9.
 */
async function bigSheet(rows) {
  const x = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const ct = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  const parts = [
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Jenis</t></is></c><c r="B1" t="inlineStr"><is><t>Pertanyaan</t></is></c></row>',
  ];
  for (let n = 2; n <= rows + 1; n++) parts.push(`<row r="${n}"><c r="B${n}"><v>1</v></c></row>`);
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `${x}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${ct}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${ct}.worksheet+xml"/></Types>`,
  );
  zip.file(
    '_rels/.rels',
    `${x}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  zip.file(
    'xl/workbook.xml',
    `${x}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${rel}"><sheets><sheet name="Soal" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `${x}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  );
  zip.file(
    'xl/worksheets/sheet1.xml',
    `${x}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${parts.join('')}</sheetData></worksheet>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** A Dapodik-like student list of `rows` rows as CSV (";", UTF-8). */
function studentCsv(rows) {
  const lines = ['No;Nama;NIPD;NISN;JK;Tanggal Lahir;Agama;Rombel Saat Ini'];
  for (let i = 1; i <= rows; i++) {
    const n = String(i).padStart(6, '0');
    lines.push(`${i};Peserta Didik ${n};27${n};0082${n};${i % 2 ? 'P' : 'L'};2010-0${(i % 9) + 1}-1${i % 10};Islam;X TKJ 1`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

async function hostileFiles() {
  const t0 = performance.now();
  const files = {
    giftBig: giftFile(10_000),
    giftCap: giftFile(1_000),
    xlsx: await bigSheet(300_000),
    csv: studentCsv(100_000),
  };
  log(
    `files: GIFT ${fmt(files.giftBig.length / 1024)} kB (10,000 questions) and ${fmt(files.giftCap.length / 1024)} kB (1,000), ` +
      `XLSX ${fmt(files.xlsx.length / 1024)} kB (300,000 rows), CSV ${fmt(files.csv.length / 1024)} kB (100,000 rows), in ${fmt((performance.now() - t0) / 1000, 1)} s`,
  );
  return files;
}

// ------------------------------------------------------------------ the hammer (worker thread)

/** The hammer's loops: what each sends, and how many of it run side by side. */
function loopsOf({ files, urls }) {
  const form = (bytes, name, type) => () => {
    const f = new FormData();
    f.append('file', new Blob([bytes], { type }), name);
    return { method: 'POST', body: f };
  };
  return [
    {
      kind: 'teacher: GIFT preview, 10,000 questions',
      copies: 2,
      url: urls.questionImport,
      who: 'teacher',
      init: form(files.giftBig, 'soal.gift', 'text/plain'),
    },
    {
      kind: 'teacher: GIFT preview, 1,000 questions',
      copies: 2,
      url: urls.questionImport,
      who: 'teacher',
      init: form(files.giftCap, 'soal.gift', 'text/plain'),
    },
    {
      kind: 'teacher: XLSX preview, 300,000 rows',
      copies: 1,
      url: urls.questionImport,
      who: 'teacher',
      init: form(files.xlsx, 'soal.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    },
    { kind: 'teacher: gradebook export, all classes (XLSX)', copies: 1, url: urls.gradebook, who: 'teacher', init: () => ({}) },
    { kind: 'teacher: submissions ZIP', copies: 1, url: urls.zip, who: 'teacher', init: () => ({}) },
    {
      kind: 'admin: user-import preview, 100,000-row CSV',
      copies: 1,
      url: urls.userImport,
      who: 'admin',
      init: form(files.csv, 'siswa.csv', 'text/csv'),
    },
  ];
}

async function hammerLoop(loop, { base, tokens, until, maxPerLoop }, stat) {
  for (let i = 0; i < maxPerLoop && Date.now() < until; i++) {
    const t0 = performance.now();
    let status;
    try {
      const res = await fetch(`${base}${loop.url}`, {
        ...loop.init(),
        headers: { authorization: `Bearer ${tokens[loop.who]}` },
        signal: AbortSignal.timeout(120_000),
      });
      await res.arrayBuffer();
      status = String(res.status);
      if (res.status === 429) stat.retryAfter ??= res.headers.get('retry-after');
    } catch (err) {
      status = err.name === 'TimeoutError' ? 'timeout' : (err.cause?.code ?? err.name);
    }
    stat.statuses[status] = (stat.statuses[status] ?? 0) + 1;
    if (status !== '429') stat.servedMs.push(performance.now() - t0);
  }
}

async function hammerWorker() {
  const data = workerData;
  const until = Date.now() + data.seconds * 1000;
  const stats = [];
  const running = [];
  for (const loop of loopsOf(data)) {
    const stat = { kind: loop.kind, copies: loop.copies, statuses: {}, servedMs: [], retryAfter: null };
    stats.push(stat);
    for (let c = 0; c < loop.copies; c++) running.push(hammerLoop(loop, { ...data, until }, stat));
  }
  await Promise.all(running);
  parentPort.postMessage(stats);
}

function hammer(base, tokens, urls, files) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(fileURLToPath(import.meta.url), {
      workerData: { base, tokens, urls, files, seconds: SECONDS, maxPerLoop: MAX_PER_LOOP },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`the hammer's worker exited ${code}`)));
  });
}

// ------------------------------------------------------------------ the lesson (main thread)

async function api(base, method, url, { token, json } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** The lesson's class, the hammer's targets (in guru002's own classes) and the tokens. */
async function discover(base) {
  const login = async (username, password) => (await api(base, 'POST', '/api/login', { json: { username, password } })).data.token;
  const admin = await login('admin.sekolah', 'admin123');
  const lessonTeacher = await login('guru001', 'guru123');
  const student = await login('siswa0001', 'siswa123');
  const teacher = await login('guru002', 'guru123');
  const mine = new Set((await api(base, 'GET', '/api/student/my-classes', { token: student })).data.map((c) => c.id));
  const lessonClass = (await api(base, 'GET', '/api/teacher/online-classes', { token: lessonTeacher })).data.find((c) => mine.has(c.id));
  if (!lessonClass) throw new Error('guru001 teaches no class of siswa0001: is the school seeded with npm run seed:large?');
  const category = (await api(base, 'POST', '/api/teacher/question-categories', { token: teacher, json: { name: `Hammer ${Date.now()}` } }))
    .data;
  let zip = null;
  for (const c of (await api(base, 'GET', '/api/teacher/online-classes', { token: teacher })).data) {
    const tc = `/api/teacher/online-classes/${c.id}/contents`;
    for (const content of (await api(base, 'GET', tc, { token: teacher })).data) {
      const a = content.assignment[0];
      if (!a) continue;
      const grading = `${tc}/${content.id}/assignments/${a.id}`;
      const works = sum(
        await Promise.all(
          ['ungrading', 'graded'].map(async (col) => (await api(base, 'GET', `${grading}/${col}`, { token: teacher })).data.length),
        ),
      );
      if (works >= 20) zip = { url: `${grading}/submissions.zip`, works };
      if (zip) break;
    }
    if (zip) break;
  }
  if (!zip) throw new Error('no assignment of guru002 with handed-in work found');
  return {
    lessonClass,
    tokens: { teacher, admin },
    urls: {
      questionImport: `/api/teacher/question-categories/${category.id}/import?preview=1`,
      gradebook: '/api/teacher/gradebook.xlsx',
      zip: zip.url,
      userImport: '/api/admin/imports/users/preview',
    },
    zipWorks: zip.works,
  };
}

/** An Artillery-like sink for the flows' events: page times with when they ended, failed requests. */
function recorder() {
  const pages = [];
  const errors = {};
  return {
    pages,
    errors,
    events: {
      emit(type, name, value) {
        if (type === 'histogram' && name === 'pages') pages.push({ at: Date.now(), ms: value });
        else if (type === 'counter' && name.startsWith('errors.')) errors[name.slice(7)] = (errors[name.slice(7)] ?? 0) + value;
      },
    },
  };
}

/**
 * The lesson: its students and teacher arrive over RAMP seconds and go round the school day's
 * pages, all in the one class, until `stopped()`; resolves when all have left.
 */
async function lesson(base, flows, classId, rec, stopped) {
  const only = (ctx) => (ctx.vars.classes = [classId]);
  const user = async (i, teacher) => {
    await sleep((i / (LESSON_STUDENTS + 1)) * RAMP * 1000);
    const ctx = { vars: { target: base } };
    const ev = rec.events;
    const steps = teacher
      ? [flows.teacherClass, flows.teacherGrade, flows.teacherMaterial, flows.teacherDashboard]
      : [flows.studentClass, flows.studentContent, flows.studentActivity, flows.studentDashboard];
    try {
      await (teacher ? flows.teacherLogin : flows.studentLogin)(ctx, ev);
      await (teacher ? flows.teacherDashboard : flows.studentDashboard)(ctx, ev);
      only(ctx);
      while (!stopped()) {
        for (const step of steps) {
          await flows.think();
          if (stopped()) break;
          await step(ctx, ev);
          only(ctx);
        }
      }
    } catch (err) {
      rec.errors[`flow ${err.message}`] = (rec.errors[`flow ${err.message}`] ?? 0) + 1;
    } finally {
      await flows.closeLive(ctx);
    }
  };
  const users = Array.from({ length: LESSON_STUDENTS }, (_, i) => user(i, false));
  users.push(user(LESSON_STUDENTS, true));
  await Promise.all(users);
}

// ------------------------------------------------------------------ watching the server

function procStatus(pid, field) {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;
  } catch {
    return NaN;
  }
}

/** Samples the server's VmRSS every 100 ms and its event-loop delay (from /metrics) every second. */
function watch(base, pid, metricsToken) {
  const rss = [];
  const lag = [];
  const rssTimer = setInterval(() => rss.push({ at: Date.now(), bytes: procStatus(pid, 'VmRSS') }), 100);
  let scraping = false;
  const lagTimer = setInterval(async () => {
    if (scraping) return;
    scraping = true;
    try {
      const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
      const max = Number(/^kelasku_nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1]);
      if (Number.isFinite(max)) lag.push({ at: Date.now(), ms: max * 1000 });
    } catch {
      /* the server is busy or gone: the next scrape tells */
    } finally {
      scraping = false;
    }
  }, 1000);
  return {
    rss,
    lag,
    stop: () => {
      clearInterval(rssTimer);
      clearInterval(lagTimer);
    },
  };
}

// ------------------------------------------------------------------ one measurement

function windowOf(rec, watcher, from, to) {
  const ms = rec.pages.filter((p) => p.at >= from && p.at < to).map((p) => p.ms);
  const rss = watcher.rss.filter((s) => s.at >= from && s.at < to).map((s) => s.bytes);
  const lags = watcher.lag.filter((s) => s.at >= from && s.at < to + 1000).map((s) => s.ms);
  return {
    pages: ms.length,
    p50: quantile(ms, 0.5),
    p95: quantile(ms, 0.95),
    p99: quantile(ms, 0.99),
    max: Math.max(...ms),
    rssMedian: median(rss),
    rssMax: Math.max(...rss),
    lagMax: lags.length ? Math.max(...lags) : NaN,
  };
}

/** The server's own error lines (level 50, pino JSON): their distinct messages, most frequent first. */
function serverErrors(output) {
  const counts = new Map();
  for (const line of output.split('\n')) {
    if (!line.includes('"level":50')) continue;
    let msg;
    try {
      const j = JSON.parse(line);
      msg = `${j.err?.type ?? ''} ${j.err?.message ?? j.msg ?? ''}`.trim().slice(0, 160);
    } catch {
      msg = line.slice(0, 160);
    }
    counts.set(msg, (counts.get(msg) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

/** The lesson's failed requests by status, and what the server logged, per run. */
function errorLines(results, label) {
  const out = [];
  for (const r of results) {
    const byStatus = {};
    for (const [k, v] of Object.entries(r.errors)) {
      const status = k.split(' ').at(-1);
      byStatus[status] = (byStatus[status] ?? 0) + v;
    }
    if (!Object.keys(byStatus).length && !r.serverErrors.length) continue;
    const routes = Object.keys(r.errors).length;
    const logged = r.serverErrors
      .slice(0, 3)
      .map(([m, c]) => `"${m}" × ${c}`)
      .join(', ');
    out.push(
      `- ${label(r.mode)}, run ${r.n}: the lesson's failed requests ${Object.entries(byStatus)
        .map(([k, v]) => `${k} × ${v}`)
        .join(', ')} (on ${routes} routes)${logged ? `; the server logged ${logged}` : ''}.`,
    );
  }
  return out.length ? ['Errors:', '', ...out] : ['The lesson had no failed request in any run.'];
}

async function measure(school, files, mode, n, script) {
  env.BENCH_SERVER = mode === 'compare' ? path.resolve(env.HAMMER_COMPARE) : script;
  const metricsToken = randomBytes(16).toString('hex');
  const serverEnv = {
    ...school.serverEnv,
    METRICS_TOKEN: metricsToken,
    WEB_CONCURRENCY: '1',
    ...(mode === 'off' ? { KELASKU_LIMITS: 'off' } : {}),
  };
  const load = os.loadavg()[0];
  const server = await startServer(serverEnv, { port: PORT });
  try {
    const found = await discover(server.base);
    const flows = await import('./school-day/flows.mjs');
    const rec = recorder();
    const watcher = watch(server.base, server.child.pid, metricsToken);
    let stop = false;
    const t0 = Date.now();
    const running = lesson(server.base, flows, found.lessonClass.id, rec, () => stop);
    await sleep(RAMP * 1000);
    const cpuQuiet = cpuMs(server.child.pid);
    await sleep(QUIET * 1000);
    const hammerAt = Date.now();
    const cpuAt = cpuMs(server.child.pid);
    const stats = await hammer(server.base, found.tokens, found.urls, files);
    const hammerEnd = Date.now();
    const cpuEnd = cpuMs(server.child.pid);
    stop = true;
    await running;
    watcher.stop();
    const peak = procStatus(server.child.pid, 'VmHWM');
    const result = {
      mode,
      n,
      load,
      quiet: windowOf(rec, watcher, t0 + RAMP * 1000, hammerAt),
      hammered: windowOf(rec, watcher, hammerAt, hammerEnd),
      // The server's CPU, in cores: unlike wall times, it does not depend on what else the machine runs.
      cpu: { quiet: (cpuAt - cpuQuiet) / (QUIET * 1000), hammered: (cpuEnd - cpuAt) / (hammerEnd - hammerAt) },
      errors: rec.errors,
      peak,
      stats,
      found,
      hammerSeconds: (hammerEnd - hammerAt) / 1000,
      serverErrors: serverErrors(server.output()),
    };
    const h = result.hammered;
    log(
      `${mode} #${n}: lesson p95 ${fmt(result.quiet.p95)} ms quiet → ${fmt(h.p95)} ms hammered (p99 ${fmt(h.p99)} ms, ${h.pages} pages), ` +
        `errors ${sum(Object.values(rec.errors))}; RSS ${mb(result.quiet.rssMedian)} → ${mb(h.rssMax)}, VmHWM ${mb(peak)}; lag max ${fmt(h.lagMax)} ms; ` +
        stats.map((s) => `${s.kind.replace(/^.*?: /, '')} ${JSON.stringify(s.statuses)}`).join(', '),
    );
    return result;
  } finally {
    await stopServer(server.child);
  }
}

/** A copy of the built server beside node_modules (so its packages resolve), taken under a shared hold of the build lock. */
async function serverCopy() {
  const dist = path.join(ROOT, 'apps/api/dist');
  if (!existsSync(path.join(dist, 'main.js'))) throw new Error('apps/api/dist/main.js is missing: run npm run build first');
  const copy = path.join(ROOT, 'apps/api/node_modules', `.kelasku-hammer-${process.pid}`);
  execFileSync('flock', ['-s', '/tmp/kelasku-build.lock', 'cp', '-r', '--preserve=timestamps', dist, copy]);
  const builtAt = (await fs.stat(path.join(copy, 'main.js'))).mtime.toISOString().slice(0, 16).replace('T', ' ');
  return { script: path.join(copy, 'main.js'), builtAt, remove: () => fs.rm(copy, { recursive: true, force: true }) };
}

// ------------------------------------------------------------------ report

function report(results, files, { command, kind, version, builtAt }) {
  const cpu = os.cpus();
  const modes = [...new Set(results.map((r) => r.mode))];
  const label = (m) =>
    ({ off: 'KELASKU_LIMITS=off', compare: env.HAMMER_COMPARE_LABEL ?? `the build ${path.relative(ROOT, env.HAMMER_COMPARE ?? '')}` })[m] ??
    'limits on (default)';
  const first = results[0];
  const lines = [
    '## One teacher hammering the expensive calls during a lesson',
    '',
    `Run ${new Date().toISOString()} on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, ${fmt(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}; ` +
      `command \`${command}\` (bench/hammer.mjs). The real server (apps/api/dist built ${builtAt} UTC, one worker, LOG_LEVEL=warn) on the large school of \`npm run seed:large\` ` +
      `(${kind}: ${version}, seeded once for all runs, a fresh server for each run); server, database, lesson and hammer share the machine, which other engineers were also using.`,
    '',
    `The lesson: the 36 students of rombel X TKJ 1 and their teacher in class ${first?.found.lessonClass.id} (${first?.found.lessonClass.name ?? ''}), ` +
      `the school day's pages (bench/school-day/flows.mjs: class, lesson, forum with its live stream, 10 % hand in 1 MB; grading, grades, materials), ` +
      `3–10 s between pages. After ${QUIET} s of the lesson alone (the quiet column), for ${SECONDS} s one other teacher (guru002) sends as fast as a script can, ` +
      'ignoring Retry-After: question import previews four GIFT at a time (two loops of a 10,000-question file, ' +
      `${fmt(files.giftBig.length / 1024)} kB, two of a 1,000-question one, ${fmt(files.giftCap.length / 1024)} kB), one loop of a 300,000-row XLSX ` +
      `(${fmt(files.xlsx.length / 1024)} kB), one of the gradebook export of all their classes (XLSX), one of a submissions ZIP (${first?.found.zipWorks} works); ` +
      `and one admin sends user-import previews of a 100,000-row CSV (${fmt(files.csv.length / 1024)} kB). Page = all the requests of a screen, sent together.`,
    '',
    `| run | load avg before | lesson pages quiet: p95 | hammered: pages | p50 | **p95** | p99 | max | lesson errors | hammer lasted | RSS quiet | RSS peak sampled | VmHWM | event-loop lag max quiet → hammered | server CPU quiet → hammered | hammer requests | 429 | served |`,
    `| --- |${' ---: |'.repeat(17)}`,
  ];
  const row = (name, r) => {
    const total = sum(r.stats.map((s) => sum(Object.values(s.statuses))));
    const tooMany = sum(r.stats.map((s) => s.statuses['429'] ?? 0));
    return (
      `| ${name} | ${fmt(r.load, 1)} | ${fmt(r.quiet.p95)} ms | ${r.hammered.pages} | ${fmt(r.hammered.p50)} ms | **${fmt(r.hammered.p95)} ms** | ${fmt(r.hammered.p99)} ms | ` +
      `${fmt(r.hammered.max)} ms | ${sum(Object.values(r.errors))} | ${fmt(r.hammerSeconds)} s | ${mb(r.quiet.rssMedian)} | ${mb(r.hammered.rssMax)} | ${mb(r.peak)} | ${fmt(r.quiet.lagMax)} → ${fmt(r.hammered.lagMax)} ms | ${fmt(r.cpu.quiet * 100)} → ${fmt(r.cpu.hammered * 100)} % | ` +
      `${total} | ${tooMany} | ${total - tooMany} |`
    );
  };
  for (const r of results) lines.push(row(`${label(r.mode)}, run ${r.n}`, r));
  const medians = {};
  for (const m of modes) {
    const rs = results.filter((r) => r.mode === m);
    const pick = (f) => median(rs.map(f));
    medians[m] = {
      p95: pick((r) => r.hammered.p95),
      p99: pick((r) => r.hammered.p99),
      hwm: pick((r) => r.peak),
      rssQuiet: pick((r) => r.quiet.rssMedian),
      lag: pick((r) => r.hammered.lagMax),
      n: rs.length,
    };
    lines.push(
      `| **median, ${label(m)}** (${rs.length} runs) | | ${fmt(pick((r) => r.quiet.p95))} ms | | ${fmt(pick((r) => r.hammered.p50))} ms | **${fmt(medians[m].p95)} ms** | ` +
        `${fmt(medians[m].p99)} ms | | | | ${mb(medians[m].rssQuiet)} | ${mb(pick((r) => r.hammered.rssMax))} | ${mb(medians[m].hwm)} | ${fmt(pick((r) => r.quiet.lagMax))} → ${fmt(medians[m].lag)} ms | ${fmt(pick((r) => r.cpu.quiet) * 100)} → ${fmt(pick((r) => r.cpu.hammered) * 100)} % | | | |`,
    );
  }
  lines.push('', "The hammer's calls, summed over the runs of each mode (time of the answers that were not 429):", '');
  lines.push(
    '| mode | call | loops | requests | answers by status | served p50 | served p95 | Retry-After |',
    '| --- | --- | ---: | ---: | --- | ---: | ---: | ---: |',
  );
  for (const m of modes) {
    const rs = results.filter((r) => r.mode === m);
    for (const [i, s] of rs[0].stats.entries()) {
      const all = rs.map((r) => r.stats[i]);
      const statuses = {};
      for (const a of all) for (const [k, v] of Object.entries(a.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
      const ms = all.flatMap((a) => a.servedMs);
      const st = Object.entries(statuses)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ');
      lines.push(
        `| ${label(m)} | ${s.kind} | ${s.copies} | ${sum(Object.values(statuses))} | ${st} | ${fmt(quantile(ms, 0.5))} ms | ${fmt(quantile(ms, 0.95))} ms | ${all.find((a) => a.retryAfter)?.retryAfter ?? '–'} |`,
      );
    }
  }
  lines.push('', ...errorLines(results, label));
  lines.push(
    '',
    'How to read it: "quiet" is the same lesson before the hammer starts, the machine\'s own baseline (when it is already near 300 ms, ' +
      'the machine was busy with other work). "Hammered" counts the pages that ended between the hammer\'s start and the end of its last call. ' +
      '"Served" are the hammer\'s answers other than 429: work the server did (a 422 of a file over its row cap is read first). ' +
      'RSS is the server process (its worker threads included; the embedded PostgreSQL runs in processes of its own, not counted): the median ' +
      "while quiet, the highest 100 ms sample under the hammer, and VmHWM, the kernel's peak over the whole run. Event-loop lag is " +
      "prom-client's kelasku_nodejs_eventloop_lag_max_seconds, scraped from /metrics every second: the longest the server's loop was held. " +
      'Server CPU is the share of one core the server process used (100 % = one core of the two), the one number here that does not ' +
      'depend on how busy the rest of the machine is.',
  );
  lines.push('', ...verdict(medians, label));
  return lines;
}

function verdict(medians, label) {
  const out = [];
  for (const [m, v] of Object.entries(medians)) {
    out.push(
      `- ${label(m)}: the lesson's page p95 under the hammer ${fmt(v.p95)} ms (median of ${v.n}), ${v.p95 < GOAL_P95 ? 'under' : '**over**'} the ${GOAL_P95} ms goal; ` +
        `peak memory ${mb(v.hwm)} (VmHWM), ${mb(v.hwm - v.rssQuiet)} over the lesson alone; event-loop lag at most ${fmt(v.lag)} ms.`,
    );
  }
  return out;
}

// ------------------------------------------------------------------ run

export async function run({ pgUrl = (env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, ''), command } = {}) {
  if (process.platform !== 'linux') throw new Error("bench/hammer.mjs reads /proc for the server's memory: run it on Linux.");
  command ??= [
    ...Object.entries(env)
      .filter(([k]) => k.startsWith('HAMMER_'))
      .map(([k, v]) => `${k}=${v}`),
    'node bench/hammer.mjs',
  ].join(' ');
  const modes = (env.HAMMER_MODES ?? 'limits,off').split(',').map((s) => s.trim());
  if (env.HAMMER_COMPARE && !modes.includes('compare')) modes.push('compare');
  const runs = Number(env.HAMMER_RUNS ?? 2);
  // flows.mjs reads its settings once, when first imported: a lesson's pace.
  env.SCHOOL_DAY_THINK_MIN ??= '3';
  env.SCHOOL_DAY_THINK_MAX ??= '10';
  env.SCHOOL_DAY_STUDENTS = String(LESSON_STUDENTS);
  env.SCHOOL_DAY_TEACHERS = '1';
  // The limits are on unless a run turns them off; startServer hands the rest of this environment on.
  delete env.KELASKU_LIMITS;
  const files = await hostileFiles();
  const server = await serverCopy();
  const kind = env.HAMMER_DB ?? 'embedded';
  const school = await prepareSchool(kind, { pgUrl, log });
  const version = await school.version();
  const results = [];
  const before = env.BENCH_SERVER;
  try {
    for (let n = 1; n <= runs; n++) for (const mode of modes) results.push(await measure(school, files, mode, n, server.script));
  } finally {
    if (before === undefined) delete env.BENCH_SERVER;
    else env.BENCH_SERVER = before;
    await school.cleanup();
    await server.remove();
  }
  const lines = report(results, files, { command, kind, version, builtAt: server.builtAt });
  const out = env.HAMMER_RESULTS ?? path.join(ROOT, 'bench/RESULTS-hammer.md');
  if (out !== '-') {
    const previous = existsSync(out) ? readFileSync(out, 'utf8') : '';
    await fs.writeFile(out, `# Kelasku benchmark: no user stalls the school\n\n${lines.join('\n')}\n${history(previous)}`);
  }
  return lines;
}

/**
 * What the file kept below its latest run: that run becomes "Earlier: <its date>", the first of the
 * older runs, and the older runs and the hand-written reading ("What the numbers mean") stay as they were.
 */
export function history(previous) {
  const top = previous.indexOf('\n## One teacher hammering');
  if (top < 0) return '';
  const rest = previous.indexOf('\n### ', top);
  const latest = previous
    .slice(top + 1, rest < 0 ? undefined : rest)
    .split('\n')
    .slice(1)
    .join('\n')
    .trim();
  const when = /^Run (\d{4}-\d{2}-\d{2})/m.exec(latest)?.[1] ?? 'an earlier run';
  return `\n### Earlier: ${when}\n\n${latest}\n${rest < 0 ? '' : previous.slice(rest)}`;
}

if (isMainThread) runWhenMain(import.meta.url, run);
else await hammerWorker();
