#!/usr/bin/env node
/**
 * A school day (issue 26), with Artillery: how many students and teachers using Kelasku at once one
 * server serves on this machine, with the server, its database and the load generator sharing it.
 *
 * The virtual users (bench/school-day/scenario.yml, pages in flows.mjs) are accounts of the large
 * school: students log in, open the dashboard, a class, a lesson, a forum thread with its live
 * stream held open (5 % write a comment) or, 10 % of the time, an assignment with a 1 MB hand-in;
 * teachers open grading columns, grade, post materials, and the wali kelas among them (guru001…guru006)
 * their Kelas Perwalian (page teacher-homeroom). 5–20 s of thinking between pages.
 *
 * Capacity: users arrive in steps (1,000, 1,500, 2,000, … concurrent, at most BENCH_SCHOOL_LOGIN_RATE
 * logins a second) and stay; after each step the load is held for BENCH_SCHOOL_HOLD seconds and
 * judged on its full 10-second periods: a level passes when every period's page time has p95 under
 * 300 ms and p99 under 1 s and nothing failed. The first failing level ends the run. Then the
 * deadline minute: 300 students hand in a 1 MB file within 60 s on top of a lesson.
 *
 *   node bench/school-day.mjs             (npm run bench runs it and adds its tables to bench/RESULTS.md)
 *
 * Settings (environment):
 *   BENCH_SCHOOL_RUNS=postgres:1,embedded:1   engine:server workers (WEB_CONCURRENCY) per ladder
 *                               (postgres:2 adds a ladder of two workers: on 2 cores it gains nothing)
 *   BENCH_SCHOOL_LEVELS=1000,1500,…,8000      concurrent users of the steps (lower ones for a slower machine)
 *   BENCH_SCHOOL_HOLD=40        seconds each level is held (four 10-second periods)
 *   BENCH_SCHOOL_LOGIN_RATE=25  logins a second while users arrive (each costs ~16 ms of argon2)
 *   BENCH_SCHOOL_DEADLINE=1     the deadline minute (0: skip); BENCH_SCHOOL_DEADLINE_LESSON=n users in the lesson under it (half the capacity)
 *   BENCH_PG_URL, BENCH_PG_DB, BENCH_EMBEDDED_DIR as for bench/run.mjs
 *   BENCH_SCHOOL_CHART=bench/school-day.svg
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT, cpuMs, prepareSchool, processTree, runWhenMain, sleep, startServer, stopServer } from './lib.mjs';

const env = process.env;
const DIR = path.join(ROOT, 'bench/school-day');
const LEVELS = (env.BENCH_SCHOOL_LEVELS ?? '1000,1500,2000,2500,3000,3500,4000,5000,6000,8000').split(',').map(Number);
const HOLD = Number(env.BENCH_SCHOOL_HOLD ?? 40);
const LOGIN_RATE = Number(env.BENCH_SCHOOL_LOGIN_RATE ?? 25);
const PERIOD = 10_000;
const GOAL = { p95: 300, p99: 1000, handInP95: 2000 };
const CHART = env.BENCH_SCHOOL_CHART ?? path.join(ROOT, 'bench/school-day.svg');

const log = (...a) => console.error('[school-day]', ...a);
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '–');

/** Starts Artillery on the scenario with these phases; its periods arrive as lines of `periods`. */
function artillery(base, phases, { periods, stopFile, scenario, report, extraEnv = {} }) {
  const args = [
    path.join(ROOT, 'node_modules/artillery/bin/run'),
    'run',
    '--target',
    base,
    '--overrides',
    JSON.stringify({ config: { phases } }),
    ...(scenario ? ['--scenario-name', scenario] : []),
    ...(report ? ['--output', report] : []),
    path.join(DIR, 'scenario.yml'),
  ];
  const child = spawn(process.execPath, args, {
    cwd: DIR,
    env: {
      ...env,
      ARTILLERY_DISABLE_TELEMETRY: '1',
      ARTILLERY_PLUGIN_PATH: DIR,
      SCHOOL_DAY_PERIODS: periods,
      SCHOOL_DAY_STOP_FILE: stopFile,
      // One load generator process: the machine's other core is the server's and the database's.
      WORKERS: '1',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output = (output + c).slice(-20_000)));
  child.stderr.on('data', (c) => (output = (output + c).slice(-20_000)));
  const exited = new Promise((r) => child.once('exit', r));
  return { child, exited, output: () => output };
}

/** Asks the users to leave, stops Artillery (its report is not needed: the periods are) and removes the run's folder. */
async function endArtillery(run, stopFile, work) {
  await fs.writeFile(stopFile, '');
  run.child.kill('SIGINT');
  await Promise.race([run.exited, sleep(30_000)]);
  if (run.child.exitCode === null) run.child.kill('SIGKILL');
  await fs.rm(work, { recursive: true, force: true });
}

/** The lines Artillery's plugin has written so far (phases and periods). */
function readPeriods(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** CPU used so far by the server (all its processes), the database backends and the load generator. */
async function cpuNow(server, school, loadPid) {
  // The machine as a whole (/proc/stat, in clock ticks): everything, the kernel's network work included.
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return {
    at: performance.now(),
    machineBusy: sum(ticks) - ticks[3] - ticks[4],
    machineAll: sum(ticks),
    server: sum(processTree(server.child.pid).map(cpuMs)),
    db: new Map((await school.dbPids()).map((pid) => [pid, cpuMs(pid)])),
    load: loadPid ? sum(processTree(loadPid).map(cpuMs)) : 0,
  };
}

/** Cores used between two snapshots by the server, the database backends (those opened meanwhile too) and the load generator. */
function coresUsed(start, end) {
  const ms = end.at - start.at;
  const db = sum([...end.db].map(([pid, used]) => used - (start.db.get(pid) ?? 0)));
  return {
    server: (end.server - start.server) / ms,
    db: db / ms,
    load: (end.load - start.load) / ms,
    machine: (end.machineBusy - start.machineBusy) / (end.machineAll - start.machineAll),
  };
}

/** What the periods of one held level say: page times, requests, errors, per endpoint. */
function judge(periods, from, to) {
  const inside = periods.filter((p) => p.period !== undefined && p.period >= from && p.period + PERIOD <= to);
  const metric = (name) => inside.map((p) => p.summaries[name]).filter(Boolean);
  const worst = (name, q) => Math.max(0, ...metric(name).map((s) => s[q]));
  const counted = (name) => sum(metric(name).map((s) => s.count));
  const errors = {};
  for (const p of inside) {
    for (const [k, v] of Object.entries(p.counters)) {
      if (k.startsWith('errors.') || k === 'vusers.failed') errors[k] = (errors[k] ?? 0) + v;
    }
  }
  const names = [...new Set(inside.flatMap((p) => Object.keys(p.summaries)))].filter((n) => n.startsWith('api.') || n.startsWith('page.'));
  const seconds = (inside.length * PERIOD) / 1000;
  return {
    periods: inside.length,
    seconds,
    pages: counted('pages'),
    requests: sum(names.filter((n) => n.startsWith('api.')).map(counted)),
    p50: Math.max(0, ...metric('pages').map((s) => s.p50)),
    p95: worst('pages', 'p95'),
    p99: worst('pages', 'p99'),
    errors,
    errorCount: sum(Object.values(errors)),
    endpoints: names.sort().map((n) => ({ name: n, count: counted(n), p50: worst(n, 'p50'), p95: worst(n, 'p95'), p99: worst(n, 'p99') })),
  };
}

/** Users on the server at `time`: arrived minus left, from Artillery's counters. */
function usersAt(periods, time) {
  let created = 0;
  let gone = 0;
  for (const p of periods) {
    if (p.period === undefined || p.period >= time) continue;
    created += p.counters['vusers.created'] ?? 0;
    gone += (p.counters['vusers.completed'] ?? 0) + (p.counters['vusers.failed'] ?? 0);
  }
  return created - gone;
}

/** The ladder on one running server: each level ramped, held and judged; stops at the first that fails. */
async function ladder(server, school, label) {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-school-day-'));
  const periodsFile = path.join(work, 'periods.jsonl');
  const stopFile = path.join(work, 'stop');
  const phases = [];
  let before = 0;
  for (const users of LEVELS) {
    const arrive = users - before;
    phases.push({ name: `ramp ${users}`, duration: Math.max(20, Math.ceil(arrive / LOGIN_RATE)), arrivalCount: arrive });
    phases.push({ name: `hold ${users}`, pause: HOLD });
    before = users;
  }
  const run = artillery(server.base, phases, { periods: periodsFile, stopFile });
  const levels = [];
  try {
    for (const users of LEVELS) {
      const hold = await waitFor(() => readPeriods(periodsFile).find((l) => l.phase === `hold ${users}`), run, 3600_000);
      const cpuStart = await cpuNow(server, school, run.child.pid);
      // Judge from the first full period of the hold; the periods end where the hold does.
      const from = Math.ceil(hold.at / PERIOD) * PERIOD;
      const to = Math.floor((hold.at + HOLD * 1000) / PERIOD) * PERIOD;
      await sleep(Math.max(0, to - Date.now()));
      const cpuEnd = await cpuNow(server, school, run.child.pid);
      // The periods up to `to` are written shortly after it.
      const periods = await waitFor(
        () => {
          const all = readPeriods(periodsFile);
          return all.some((p) => p.period !== undefined && p.period >= to - PERIOD) ? all : null;
        },
        run,
        30_000,
      );
      const j = judge(periods, from, to);
      const cores = coresUsed(cpuStart, cpuEnd);
      const level = {
        users,
        active: usersAt(periods, to),
        ...j,
        serverCore: cores.server,
        dbCore: cores.db,
        loadCore: cores.load,
        machine: cores.machine,
      };
      level.passed = j.periods > 0 && j.p95 < GOAL.p95 && j.p99 < GOAL.p99 && j.errorCount === 0;
      levels.push(level);
      log(
        `${label}: ${users} users (${level.active} active): ${fmt(j.requests / j.seconds)} req/s, page p95 ${fmt(j.p95)} ms, p99 ${fmt(j.p99)} ms, ` +
          `errors ${j.errorCount}; CPU server ${fmt(level.serverCore * 100)} %, db ${fmt(level.dbCore * 100)} %, load generator ${fmt(level.loadCore * 100)} %, machine busy ${fmt(level.machine * 100)} % → ${level.passed ? 'pass' : 'FAIL'}`,
      );
      if (!level.passed) break;
    }
  } finally {
    await endArtillery(run, stopFile, work);
  }
  return levels;
}

/** Polls `find` every second until it returns something; fails when Artillery exits first or time runs out. */
async function waitFor(find, run, timeoutMs) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (run.child.exitCode !== null) throw new Error(`Artillery exited (${run.child.exitCode}):\n${run.output()}`);
    if (Date.now() > until) throw new Error(`timed out waiting on Artillery:\n${run.output()}`);
    await sleep(1000);
  }
}

/**
 * The deadline minute: a lesson of `lessonUsers` is under way when 300 students hand in a 1 MB
 * file within 60 s. Hand-in times come from the deadline run's own periods.
 */
async function deadlineMinute(server, lessonUsers) {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-deadline-'));
  const lessonFile = path.join(work, 'lesson.jsonl');
  const rushFile = path.join(work, 'rush.jsonl');
  const stopFile = path.join(work, 'stop');
  const lesson = artillery(
    server.base,
    [
      { name: 'ramp', duration: Math.max(20, Math.ceil(lessonUsers / LOGIN_RATE)), arrivalCount: lessonUsers },
      { name: 'hold', pause: 600 },
    ],
    { periods: lessonFile, stopFile },
  );
  try {
    const hold = await waitFor(() => readPeriods(lessonFile).find((l) => l.phase === 'hold'), lesson, 3600_000);
    await sleep(Math.max(0, Math.ceil(hold.at / PERIOD) * PERIOD + 1000 - Date.now()));
    const start = Date.now();
    // Students of the later rombels: accounts from 1001 on.
    const rush = artillery(server.base, [{ name: 'deadline', duration: 60, arrivalCount: 300 }], {
      periods: rushFile,
      stopFile,
      scenario: 'tenggat',
      extraEnv: { SCHOOL_DAY_DEADLINE_FIRST: '1001' },
    });
    const code = await rush.exited;
    if (code !== 0) throw new Error(`the deadline run failed (${code}):\n${rush.output()}`);
    const end = Date.now();
    await sleep(12_000);
    const rushJudged = judge(readPeriods(rushFile), 0, Infinity);
    const lessonJudged = judge(readPeriods(lessonFile), Math.floor(start / PERIOD) * PERIOD, Math.ceil(end / PERIOD) * PERIOD);
    const counters = {};
    for (const p of readPeriods(rushFile)) for (const [k, v] of Object.entries(p.counters ?? {})) counters[k] = (counters[k] ?? 0) + v;
    return { lessonUsers, rush: rushJudged, lesson: lessonJudged, counters, seconds: (end - start) / 1000 };
  } finally {
    await endArtillery(lesson, stopFile, work);
  }
}

/** One engine with `workers` server processes: its ladder, and (once per engine) the deadline minute. */
async function benchRun(school, workers, { deadline }) {
  const label = `${school.kind}, ${workers} worker${workers > 1 ? 's' : ''}`;
  const server = await startServer({ ...school.serverEnv, WEB_CONCURRENCY: String(workers) });
  try {
    const levels = await ladder(server, school, label);
    const passed = levels.filter((l) => l.passed);
    const capacity = passed.at(-1)?.users ?? 0;
    let minute = null;
    if (deadline) {
      // A lesson well inside the capacity: the rush comes on top of it (250 when no level passed).
      const lessonUsers = Number(env.BENCH_SCHOOL_DEADLINE_LESSON ?? Math.max(250, Math.round(capacity / 2 / 50) * 50));
      log(`${label}: deadline minute on a lesson of ${lessonUsers} …`);
      minute = await deadlineMinute(server, lessonUsers);
      const h = minute.rush.endpoints.find((e) => e.name === 'page.hand-in');
      log(`${label}: deadline minute: ${h?.count ?? 0} hand-ins, p95 ${fmt(h?.p95)} ms, errors ${minute.rush.errorCount}`);
    }
    return { label, kind: school.kind, workers, levels, capacity, minute, version: await school.version(), seed: school.seed };
  } finally {
    await stopServer(server.child);
  }
}

// ------------------------------------------------------------------ report

function chart(runs) {
  const W = 720;
  const H = 420;
  const m = { l: 64, r: 20, t: 40, b: 56 };
  const maxX = Math.max(...runs.flatMap((r) => r.levels.map((l) => l.users)), 1000);
  const maxY = Math.min(2000, Math.max(400, ...runs.flatMap((r) => r.levels.map((l) => l.p95))));
  const x = (v) => m.l + (v / maxX) * (W - m.l - m.r);
  const y = (v) => H - m.b - (Math.min(v, maxY) / maxY) * (H - m.t - m.b);
  const colors = ['#1c7ed6', '#e8590c', '#2f9e44', '#9c36b5'];
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${W / 2}" y="22" text-anchor="middle" font-size="15">Kelasku school day: page time p95 against concurrent users</text>`,
  ];
  for (let i = 0; i <= 5; i++) {
    const v = (maxY / 5) * i;
    out.push(
      `<line x1="${m.l}" x2="${W - m.r}" y1="${y(v)}" y2="${y(v)}" stroke="#eee"/>`,
      `<text x="${m.l - 6}" y="${y(v) + 4}" text-anchor="end">${fmt(v)}</text>`,
    );
  }
  for (let i = 0; i <= 5; i++) {
    const v = (maxX / 5) * i;
    out.push(`<text x="${x(v)}" y="${H - m.b + 18}" text-anchor="middle">${fmt(v)}</text>`);
  }
  out.push(
    `<line x1="${m.l}" x2="${W - m.r}" y1="${y(GOAL.p95)}" y2="${y(GOAL.p95)}" stroke="#c92a2a" stroke-dasharray="6 4"/>`,
    `<text x="${W - m.r}" y="${y(GOAL.p95) - 6}" text-anchor="end" fill="#c92a2a">goal: p95 &lt; 300 ms</text>`,
    `<line x1="${m.l}" x2="${m.l}" y1="${m.t}" y2="${H - m.b}" stroke="#333"/>`,
    `<line x1="${m.l}" x2="${W - m.r}" y1="${H - m.b}" y2="${H - m.b}" stroke="#333"/>`,
    `<text x="${W / 2}" y="${H - 14}" text-anchor="middle">concurrent users (students and teachers, 5–20 s between pages)</text>`,
    `<text x="16" y="${H / 2}" text-anchor="middle" transform="rotate(-90 16 ${H / 2})">page time p95 (ms)</text>`,
  );
  runs.forEach((r, i) => {
    const c = colors[i % colors.length];
    const pts = r.levels.map((l) => `${x(l.users).toFixed(1)},${y(l.p95).toFixed(1)}`);
    out.push(`<polyline fill="none" stroke="${c}" stroke-width="2" points="${pts.join(' ')}"/>`);
    for (const l of r.levels) {
      out.push(`<circle cx="${x(l.users)}" cy="${y(l.p95)}" r="3.5" fill="${l.passed ? c : '#fff'}" stroke="${c}" stroke-width="2"/>`);
      // A failed level's p95 may lie above the axis: its value is written beside it.
      if (!l.passed)
        out.push(`<text x="${x(l.users) - 6}" y="${y(l.p95) + 14 + i * 14}" text-anchor="end" fill="${c}">${fmt(l.p95)} ms</text>`);
    }
    out.push(
      `<rect x="${m.l + 14}" y="${m.t + 8 + i * 18}" width="14" height="3" fill="${c}"/>`,
      `<text x="${m.l + 34}" y="${m.t + 13 + i * 18}">${r.label}: ${r.capacity.toLocaleString('en-US')} users</text>`,
    );
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

function report(runs, command) {
  const lines = [
    '## A school day (Artillery)',
    '',
    `Command: \`${command}\`. Server, database and load generator (Artillery 2, one worker) share the machine's ${os.cpus().length} cores. ` +
      `Users arrive in steps (at most ${LOGIN_RATE} logins a second, each a different account of the large school while there are enough: 2,000 students, 120 teachers) and stay; ` +
      `each level is held ${HOLD} s and judged on its full 10-second periods. A level passes when in every period the page time (all the requests of a screen, sent together) ` +
      `has p95 < ${GOAL.p95} ms and p99 < ${GOAL.p99} ms, and no request failed. Students: dashboard → class → lesson → forum with its live stream (5 % comment) ` +
      'or, 10 % of the time, an assignment and a 1 MB hand-in → dashboard; teachers (6 %): dashboard → class → grading columns → grade → 20 % post a material → ' +
      'the wali kelas (guru001…guru006, rombels of 36 students with 15 subjects) their Kelas Perwalian (teacher-homeroom) → dashboard. 5–20 s between pages.',
    '',
    `Chart: \`${path.relative(ROOT, CHART)}\` (p95 page time against concurrent users; hollow points failed).`,
    '',
    '| run | capacity (users) | at capacity: req/s | page p95 | page p99 | server CPU | database CPU | load generator CPU |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of runs) {
    const at = r.levels.filter((l) => l.passed).at(-1);
    lines.push(
      `| ${r.label} (${r.version}) | **${r.capacity.toLocaleString('en-US')}** | ${at ? fmt(at.requests / at.seconds) : '–'} | ${at ? `${fmt(at.p95)} ms` : '–'} | ${at ? `${fmt(at.p99)} ms` : '–'} | ` +
        `${at ? `${fmt(at.serverCore * 100)} %` : '–'} | ${at ? `${fmt(at.dbCore * 100)} %` : '–'} | ${at ? `${fmt(at.loadCore * 100)} %` : '–'} |`,
    );
  }
  for (const r of runs) {
    lines.push(
      '',
      `### ${r.label}: every level`,
      '',
      '| users | active | pages/s | req/s | page p50 | p95 | p99 | errors | server CPU | db CPU | load gen CPU | machine busy | server CPU/req | db CPU/req | |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    );
    for (const l of r.levels) {
      const errs = Object.entries(l.errors)
        .map(([k, v]) => `${k.replace(/^errors\./, '')}: ${v}`)
        .join('; ');
      lines.push(
        `| ${l.users} | ${l.active} | ${fmt(l.pages / l.seconds, 1)} | ${fmt(l.requests / l.seconds)} | ${fmt(l.p50)} ms | ${fmt(l.p95)} ms | ${fmt(l.p99)} ms | ${l.errorCount}${errs ? ` (${errs})` : ''} | ` +
          `${fmt(l.serverCore * 100)} % | ${fmt(l.dbCore * 100)} % | ${fmt(l.loadCore * 100)} % | ${fmt(l.machine * 100)} % | ` +
          `${fmt((l.serverCore * l.seconds * 1000) / (l.requests || 1), 2)} ms | ${fmt((l.dbCore * l.seconds * 1000) / (l.requests || 1), 2)} ms | ${l.passed ? 'pass' : '**fail**'} |`,
      );
    }
    const at = r.levels.filter((l) => l.passed).at(-1) ?? r.levels[0];
    if (at) {
      lines.push(
        '',
        `Per page and endpoint at ${at.users} users (worst 10-second period):`,
        '',
        '| page or request | per second | p50 | p95 | p99 |',
        '| --- | ---: | ---: | ---: | ---: |',
      );
      for (const e of at.endpoints)
        lines.push(`| ${e.name} | ${fmt(e.count / at.seconds, 1)} | ${fmt(e.p50)} ms | ${fmt(e.p95)} ms | ${fmt(e.p99)} ms |`);
    }
    if (r.minute) {
      const { rush, lesson, counters } = r.minute;
      const h = rush.endpoints.find((e) => e.name === 'page.hand-in');
      const nothing = counters['deadline.nothing_to_hand_in'] ?? 0;
      lines.push(
        '',
        `Deadline minute on ${r.label}: 300 students arrive within 60 s during a lesson of ${r.minute.lessonUsers} users, log in, open their nearest assignment and hand in a 1 MB PDF. ` +
          `${h?.count ?? 0} hand-ins${nothing ? ` (${nothing} had nothing left to hand in)` : ''}: p50 ${fmt(h?.p50)} ms, **p95 ${fmt(h?.p95)} ms**, p99 ${fmt(h?.p99)} ms ` +
          `(goal p95 < ${GOAL.handInP95} ms: ${h && h.p95 < GOAL.handInP95 && rush.errorCount === 0 ? 'met' : '**missed**'}); errors ${rush.errorCount}. ` +
          `The lesson meanwhile: page p95 ${fmt(lesson.p95)} ms, p99 ${fmt(lesson.p99)} ms, errors ${lesson.errorCount}.`,
      );
    }
  }
  return lines;
}

export async function run({
  pgUrl = (env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, ''),
  command = 'node bench/school-day.mjs',
} = {}) {
  const plan = (env.BENCH_SCHOOL_RUNS ?? 'postgres:1,embedded:1').split(',').map((s) => {
    const [kind, workers = '1'] = s.trim().split(':');
    return { kind, workers: Number(workers) };
  });
  const runs = [];
  const schools = new Map();
  try {
    for (const p of plan) {
      if (!schools.has(p.kind)) schools.set(p.kind, await prepareSchool(p.kind, { pgUrl, log }));
      const first = !runs.some((r) => r.kind === p.kind);
      runs.push(await benchRun(schools.get(p.kind), p.workers, { deadline: first && env.BENCH_SCHOOL_DEADLINE !== '0' }));
    }
  } finally {
    for (const s of schools.values()) await s.cleanup();
  }
  await fs.writeFile(CHART, chart(runs));
  return { runs, lines: report(runs, command) };
}

runWhenMain(import.meta.url, async () => (await run()).lines);
