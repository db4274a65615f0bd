#!/usr/bin/env node
/**
 * A school-wide ulangan (issue 41; the single class of issue 25 with EXAM_ROMBELS=1). EXAM_STUDENTS
 * (1,500) students of EXAM_ROMBELS (40) rombels sit a CBT exam: each rombel its own online class and
 * quiz in exam mode, EXAM_TEACHERS (8) subject teachers sharing their bank category between their
 * classes. Before the bell every student's session is ready (one student per room logs in for
 * real, the others' sessions are issued directly) and every room's proctor (the class's teacher,
 * logged in on the room's computer) reads the exam token. At the bell (within EXAM_START_SECONDS,
 * 60) every student opens the quiz page, types the token the proctor shows and starts; then saves an
 * answer every ~EXAM_THINK_SECONDS (20 s, ±50 % jitter; now and then changing an earlier one) for
 * EXAM_MINUTES (10) after the bell; EXAM_LEAVE_SHARE (5 %) of them leave the exam page once (the
 * leave and back events); and hands in. Meanwhile each room's proctor board is read every
 * ~EXAM_BOARD_SECONDS (15 s) and the token screen every 30 s. Against the real server (a child
 * process, the built apps/api/dist/main.js when there is one) on a scratch PostgreSQL database.
 *
 * Reports p50/p95/p99 of the start, the saves, the board and the rest, the errors, and checks that
 * nothing was lost: for every (attempt, question) the database holds the answer of the last save
 * the server acknowledged; every student has exactly one attempt, of their own rombel's quiz, bound
 * to their session, handed in; every acknowledged leave is counted.
 *
 *   node bench/exam-start.mjs                                   # writes bench/RESULTS-exam.md
 *   EXAM_MINUTES=4 node bench/exam-start.mjs                    # shorter, at the same pace
 *   EXAM_ROMBELS=1 EXAM_STUDENTS=600 EXAM_TEACHERS=1 EXAM_MODE=0 EXAM_THINK_SECONDS=16 …   # issue 25's single class, no token
 *   EXAM_THINK_SECONDS=2 …                                      # a faster pace than a real exam's
 *   EXAM_SERVER_ENV='{"WEB_CONCURRENCY":"2"}' …                 # more server environment
 *   EXAM_PROFILE=1 …                                            # also time SQL per route inside the server (bench/exam-profile.mjs)
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432 EXAM_RESULTS=- node bench/exam-start.mjs   # print only
 *
 * Exports run(opts) → markdown lines, for bench/run.mjs (BENCH_EXTRA=1).
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs/promises';
import { ROOT, cpuMs, runWhenMain, serverArgs, sleep } from './lib.mjs';
import { EXAM_PASSWORD, withExamSchool } from './exam-school.mjs';
import { asStored, answerFor, makeClient, percentile, pick, verifyExam } from './exam-steps.mjs';

const log = (...a) => console.error('[exam]', ...a);
const jitter = (ms, spread = 0.5) => ms * (1 - spread + Math.random() * 2 * spread);

/** The exam routes' prefixes (contract: schemas/exams.ts); found by asking the server which it answers. */
const TEACHER_PREFIXES = ['/api/teacher/online-classes', '/api/teacher/classes'];

/** Creates each room's quiz through the API, as its teacher would: 12 fixed questions, 18 drawn from the bank, exam mode. */
async function createQuizzes(client, rooms, { minutes, examMode }) {
  for (const room of rooms) {
    const qs = room.bank.questions;
    const fixed = [...qs.filter((q) => q.type !== 'essay').slice(0, 10), ...qs.filter((q) => q.type === 'essay')];
    const body = {
      title: 'Penilaian Akhir Semester',
      description: 'Kerjakan dengan jujur.',
      time_limit_minutes: Math.ceil(minutes) + 5,
      attempts_allowed: 1,
      shuffle_questions: true,
      shuffle_options: true,
      show_results: 'after_close',
      exam_mode: examMode,
      exam_leave_limit: examMode ? 5 : null,
      slots: [...fixed.map((q) => ({ question_id: q.id })), { category_id: room.bank.category, count: 18 }],
    };
    const res = await client.call(
      'setup',
      room.proctorToken,
      'POST',
      `/api/teacher/online-classes/${room.klass}/contents/${room.content}/quizzes`,
      body,
    );
    if (res.status !== 201 && res.status !== 200) throw new Error(`quiz of room ${room.index}: ${res.status} ${JSON.stringify(res.json)}`);
    room.quiz = res.json.data.id;
    room.questionCount = fixed.length + 18;
  }
}

/** Which prefix the exam-token route answers under; null when the server has no exam routes yet. */
async function findTeacherPrefix(client, room) {
  for (const prefix of TEACHER_PREFIXES) {
    const res = await client.call(
      'setup',
      room.proctorToken,
      'GET',
      `${prefix}/${room.klass}/contents/${room.content}/quizzes/${room.quiz}/exam-token`,
    );
    if (res.status !== 404) return prefix; // 200, or 409 for a quiz not in exam mode
  }
  return null;
}

/** The proctor of one room: shows the token (read every 30 s) and reads the board every ~boardMs until the room is done. */
async function proctor(client, room, prefix, { boardMs, examMode }, done) {
  const base = `${prefix}/${room.klass}/contents/${room.content}/quizzes/${room.quiz}`;
  let nextToken = 0;
  while (!done.value) {
    if (examMode && performance.now() >= nextToken) {
      const res = await client.call('token', room.proctorToken, 'GET', `${base}/exam-token`);
      if (res.status === 200) room.examToken = res.json.data.token;
      nextToken = performance.now() + 30_000;
    }
    if (prefix) {
      const board = await client.call('board', room.proctorToken, 'GET', `${base}/proctor`);
      if (board.status === 200) room.lastBoard = board.json.data;
    }
    await sleep(jitter(boardMs, 0.3));
  }
  if (prefix) {
    const board = await client.call('board', room.proctorToken, 'GET', `${base}/proctor`);
    if (board.status === 200) room.lastBoard = board.json.data;
  }
}

/**
 * A student's request, tried again as the page lets them ("Coba lagi", or the attempt page resending
 * an unsaved answer) when the server is busy (503) or the network failed: up to `tries` times, 2–5 s
 * apart. Every failed try is still counted as an error.
 */
async function tryAgain(client, tries, ...args) {
  let res;
  for (let i = 0; i < tries; i++) {
    res = await client.call(...args);
    if (res.status !== 503 && res.status !== 0) return res;
    await sleep(2_000 + Math.random() * 3_000);
  }
  return res;
}

/** One student's exam: open the quiz page, type the token, start, answer with think time until the end, maybe leave once, hand in. */
async function sitExam(client, room, student, plan, stats) {
  await sleep(plan.startDelayMs);
  const url = `/api/student/my-classes/${room.klass}/contents/${room.content}/quizzes/${room.quiz}`;
  const view = await tryAgain(client, 5, 'view', student.token, 'GET', url);
  if (view.status !== 200) return;
  await sleep(jitter(plan.typeMs));
  const started = await tryAgain(
    client,
    5,
    'start',
    student.token,
    'POST',
    `${url}/attempts`,
    plan.examMode ? { token: room.examToken } : {},
  );
  if (started.status !== 201 && started.status !== 200) return;
  const page = await tryAgain(client, 5, 'page', student.token, 'GET', `${url}/attempts/${started.json.data.id}`);
  if (page.status !== 200) return;
  const attempt = page.json.data;
  const acked = new Map();
  stats.attempts.set(attempt.id, { student: student.id, quiz: room.quiz, acked, leaves: 0 });
  const end = plan.endAt;
  const leaveAt = plan.leaves ? performance.now() + Math.random() * Math.max(0, end - performance.now() - 60_000) : Infinity;
  const events = `${plan.studentPrefix(room)}/attempts/${attempt.id}/events`;
  let next = 0;
  while (performance.now() < end) {
    await sleep(jitter(plan.thinkMs));
    if (performance.now() >= end) break;
    if (performance.now() >= leaveAt && stats.attempts.get(attempt.id).leaves === 0) {
      const left = await tryAgain(client, 3, 'event', student.token, 'POST', events, { kind: 'leave' });
      await sleep(3_000 + Math.random() * 15_000);
      const back = await tryAgain(client, 3, 'event', student.token, 'POST', events, { kind: 'back' });
      if (left.status === 200) stats.attempts.get(attempt.id).leaves = 1;
      if (back.status !== 200) continue;
      continue;
    }
    // Mostly the next question; now and then back to change an earlier answer.
    const q = next < attempt.questions.length && Math.random() > 0.15 ? attempt.questions[next++] : pick(attempt.questions);
    const answer = answerFor(q);
    const saved = await tryAgain(client, 3, 'save', student.token, 'PUT', `${url}/attempts/${attempt.id}/answers/${q.id}`, { answer });
    if (saved.status === 200) acked.set(q.id, asStored(q, answer));
  }
  await tryAgain(client, 5, 'submit', student.token, 'POST', `${url}/attempts/${attempt.id}/submit`, {});
}

/** Logs the room's teacher in on the room's computer, and one student per room on their phone (the rest: sessions issued directly). */
async function logIns(client, rooms) {
  const login = async (username) => {
    const res = await client.call('login', null, 'POST', '/api/login', { username, password: EXAM_PASSWORD });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.data.token;
  };
  for (const room of rooms) {
    room.proctorToken = await login(room.teacherUsername);
    room.students[0].token = await login(room.students[0].username);
  }
}

function settingsOf(opts) {
  const num = (key, env, dflt) => Number(opts[key] ?? process.env[env] ?? dflt);
  return {
    pgUrl: opts.pgUrl ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432',
    students: num('students', 'EXAM_STUDENTS', 1500),
    rombels: num('rombels', 'EXAM_ROMBELS', 40),
    teachers: num('teachers', 'EXAM_TEACHERS', 8),
    minutes: num('minutes', 'EXAM_MINUTES', 10),
    startMs: num('startSeconds', 'EXAM_START_SECONDS', 60) * 1000,
    thinkMs: num('thinkSeconds', 'EXAM_THINK_SECONDS', 20) * 1000,
    boardMs: num('boardSeconds', 'EXAM_BOARD_SECONDS', 15) * 1000,
    leaveShare: num('leaveShare', 'EXAM_LEAVE_SHARE', 0.05),
    profile: (opts.profile ?? process.env.EXAM_PROFILE ?? '0') !== '0',
    examMode: (opts.examMode ?? process.env.EXAM_MODE ?? '1') !== '0' && opts.examMode !== false,
    serverEnv: opts.serverEnv ?? JSON.parse(process.env.EXAM_SERVER_ENV ?? '{}'),
    resultsFile:
      opts.resultsFile ??
      (process.env.EXAM_RESULTS === '-' ? null : (process.env.EXAM_RESULTS ?? path.join(ROOT, 'bench/RESULTS-exam.md'))),
  };
}

export async function run(opts = {}) {
  const s = settingsOf(opts);
  const serverEnv = { ...s.serverEnv };
  const profileOut = s.profile ? path.join(os.tmpdir(), `kelasku-exam-profile-${process.pid}.json`) : null;
  if (profileOut)
    Object.assign(serverEnv, {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${path.join(ROOT, 'bench/exam-profile.mjs')}`.trim(),
      EXAM_PROFILE_OUT: profileOut,
    });
  const lines = await withExamSchool({ ...s, serverEnv, log }, async ({ server, db, school, seedSeconds }) => {
    const client = makeClient(server.base);
    const { rooms } = school;
    await logIns(client, rooms);
    await createQuizzes(client, rooms, s);
    const prefix = await findTeacherPrefix(client, rooms[0]);
    if (s.examMode && !prefix)
      throw new Error('the server has no exam-token route yet (GET …/quizzes/:quizId/exam-token): build the API with exam mode first');
    // The student's exam routes (the events) sit beside the attempts, under the same words as the teacher's.
    const studentPrefix = (room) =>
      `${prefix === '/api/teacher/classes' ? '/api/student/classes' : '/api/student/my-classes'}/${room.klass}/contents/${room.content}/quizzes/${room.quiz}`;
    client.reset();

    const done = { value: false };
    const load = { samples: [os.loadavg()[0]], before: os.loadavg() };
    const cpu0 = { server: cpuMs(server.child.pid), bench: process.cpuUsage() };
    const t0 = performance.now();
    // The proctors read the token and open the board a few seconds before the bell.
    const proctors = rooms.map((room) => proctor(client, room, prefix, s, done));
    await sleep(5_000);
    const bell = performance.now();
    const endAt = bell + s.minutes * 60_000;
    log(
      `${s.students} students in ${rooms.length} rooms, ${rooms[0].questionCount} questions, ${s.minutes} min, exam mode ${s.examMode ? 'on' : 'off'} ` +
        `(start within ${s.startMs / 1000} s, think ~${s.thinkMs / 1000} s, boards every ~${s.boardMs / 1000} s)`,
    );
    // PostgreSQL's CPU: the backends serving the scratch database (the pool keeps them while busy), most seen per backend.
    const pgCpu = new Map();
    const samplePg = async () => {
      const { rows } = await db.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      for (const { pid } of rows) pgCpu.set(pid, Math.max(pgCpu.get(pid) ?? 0, cpuMs(pid)));
    };
    const pgCpu0 = new Map();
    for (const { pid } of (await db.query('select pid from pg_stat_activity where datname = current_database()')).rows)
      pgCpu0.set(pid, cpuMs(pid));
    const ticker = setInterval(() => {
      samplePg().catch(() => {});
      load.samples.push(os.loadavg()[0]);
      log(`${((performance.now() - bell) / 1000).toFixed(0)} s: ${client.summary()} · load ${os.loadavg()[0].toFixed(2)}`);
    }, 15_000);
    const stats = { attempts: new Map() };
    const sitting = rooms.flatMap((room) =>
      room.students.map((student) =>
        sitExam(
          client,
          room,
          student,
          {
            startDelayMs: Math.random() * s.startMs,
            typeMs: 4_000,
            endAt: endAt - Math.random() * 30_000,
            thinkMs: s.thinkMs,
            leaves: s.examMode && Math.random() < s.leaveShare,
            examMode: s.examMode,
            studentPrefix,
          },
          stats,
        ),
      ),
    );
    await Promise.all(sitting);
    done.value = true;
    await Promise.all(proctors);
    clearInterval(ticker);
    const seconds = (performance.now() - t0) / 1000;
    const serverCpu = (cpuMs(server.child.pid) - cpu0.server) / 1000;
    const benchCpuUsage = process.cpuUsage(cpu0.bench);
    const benchCpu = (benchCpuUsage.user + benchCpuUsage.system) / 1e6;
    load.after = os.loadavg();
    await samplePg();
    const dbCpu = [...pgCpu].reduce((a, [pid, ms]) => a + ms - (pgCpu0.get(pid) ?? 0), 0) / 1000;
    const v = await verifyExam(db, { rooms, attempts: stats.attempts, examMode: s.examMode, students: s.students });
    return report({ s, client, v, seconds, seedSeconds, load, serverCpu, dbCpu, benchCpu, rooms, prefix });
  });
  if (profileOut) lines.push(...profileLines(JSON.parse(await fs.readFile(profileOut, 'utf8'))));
  if (s.resultsFile) await fs.writeFile(s.resultsFile, `# Kelasku benchmark: exam start\n\n${lines.join('\n')}`);
  return lines;
}

/** The server's own view (EXAM_PROFILE=1, bench/exam-profile.mjs): time, SQL statements and pool wait per route. */
function profileLines(profile) {
  const lines = [
    '### Inside the server (EXAM_PROFILE=1)',
    '',
    `Event loop delay: p50 ${profile.eventLoopDelayMs.p50.toFixed(1)} ms, p99 ${profile.eventLoopDelayMs.p99.toFixed(1)} ms, max ${profile.eventLoopDelayMs.max.toFixed(0)} ms.`,
    '',
    '| route | requests | p50 in server | p95 in server | statements / request | SQL ms / request | pool wait ms / request |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  const routes = profile.routes.filter((r) => r.requests >= 10).sort((a, b) => b.requests - a.requests);
  for (const r of routes)
    lines.push(
      `| ${r.route} | ${r.requests} | ${r.p50.toFixed(0)} ms | ${r.p95.toFixed(0)} ms | ${r.statementsPerRequest.toFixed(1)} | ${r.sqlMsPerRequest.toFixed(1)} | ${r.poolWaitMsPerRequest.toFixed(1)} |`,
    );
  for (const r of routes.filter((x) => /attempts( |$)|answers|proctor$|events/.test(x.route))) {
    lines.push(
      '',
      `${r.route}: statements by time spent (per request × average ms)`,
      '',
      '| statement | per request | avg ms | max ms |',
      '| --- | --- | --- | --- |',
    );
    for (const st of r.statements.slice(0, 12))
      lines.push(
        `| \`${st.text.replace(/\|/g, '\\|')}\` | ${st.perRequest.toFixed(2)} | ${st.avgMs.toFixed(1)} | ${st.maxMs.toFixed(0)} |`,
      );
  }
  lines.push('');
  return lines;
}

function report({ s, client, v, seconds, seedSeconds, load, serverCpu, dbCpu, benchCpu, rooms, prefix }) {
  const buckets = [
    ['view', 'quiz page (GET)'],
    ['start', `**start attempt (POST${s.examMode ? ' with token' : ''})**`],
    ['page', 'attempt page (GET)'],
    ['save', '**answer save (PUT)**'],
    ['event', 'leave / back (POST events)'],
    ['submit', 'hand in (POST submit)'],
    ['board', '**proctor board (GET proctor)**'],
    ['token', 'token screen (GET exam-token)'],
  ];
  const row = (label, list) =>
    `| ${label} | ${list.length} | ${percentile(list, 50).toFixed(0)} ms | ${percentile(list, 95).toFixed(0)} ms | ${percentile(list, 99).toFixed(0)} ms | ${percentile(list, 100).toFixed(0)} ms |`;
  const sorted = Object.fromEntries(buckets.map(([k]) => [k, client.sorted(k)]));
  const failed = client.errors.length;
  const requests = Object.values(sorted).reduce((a, l) => a + l.length, 0);
  const p95 = (k) => percentile(sorted[k], 95);
  const meets = p95('start') < 300 && p95('save') < 300;
  const mean = (l) => l.reduce((a, b) => a + b, 0) / l.length;
  const lines = [
    '## A school-wide ulangan',
    '',
    `${s.students} students of ${s.rombels} rombels (${Math.min(...rooms.map((r) => r.students.length))}–${Math.max(...rooms.map((r) => r.students.length))} a rombel), ` +
      `each rombel its own online class and quiz${s.examMode ? ' in exam mode' : ''} (${rooms[0].questionCount} questions an attempt: 12 fixed, 18 drawn from the ` +
      `subject's bank; shuffled), ${s.teachers} subject teachers. ${s.examMode ? 'Each room’s proctor reads the token; every' : 'Every'} student opens the quiz page and ` +
      `starts within ${s.startMs / 1000} s of the bell${s.examMode ? ' with the token' : ''}, saves an answer every ~${s.thinkMs / 1000} s (±50 %, ~15 % of them ` +
      `changing an earlier answer) for ${s.minutes} min${s.examMode ? `, ${(s.leaveShare * 100).toFixed(0)} % leave the page once (leave, back 3–18 s later)` : ''}, ` +
      `and hands in; each proctor board is read every ~${s.boardMs / 1000} s${prefix ? '' : ' (no board: the server has no exam routes)'}. ` +
      `Real server (child process, ${path.basename(serverArgs().at(-1))}${Object.keys(s.serverEnv).length ? `, ${JSON.stringify(s.serverEnv)}` : ''}) on ` +
      `PostgreSQL (scratch database, seeded in ${seedSeconds.toFixed(1)} s); load generator on the same machine (${os.cpus().length} cores, Node ${process.version}). ` +
      `Wall time ${seconds.toFixed(0)} s, ${(sorted.save.length / seconds).toFixed(1)} saves/s on average. CPU: server ${serverCpu.toFixed(0)} s ` +
      `(${((serverCpu / seconds) * 100).toFixed(0)} % of a core), PostgreSQL's backends ${dbCpu.toFixed(0)} s (${((dbCpu / seconds) * 100).toFixed(0)} %), ` +
      `${(((serverCpu + dbCpu) * 1000) / requests).toFixed(1)} ms of CPU per request; load generator ${benchCpu.toFixed(0)} s. Machine load (1-min average, all users): ` +
      `${load.before[0].toFixed(2)} before, ${mean(load.samples).toFixed(2)} mean during, ${Math.max(...load.samples).toFixed(2)} max. Run ${new Date().toISOString()}.`,
    '',
    '| request | count | p50 | p95 | p99 | max |',
    '| --- | --- | --- | --- | --- | --- |',
    ...buckets.filter(([k]) => sorted[k].length).map(([k, label]) => row(label, sorted[k])),
    '',
    ...(prefix
      ? [
          `The last read of every proctor board shows ${rooms.reduce((a, r) => a + (r.lastBoard?.rows.filter((x) => x.state === 'submitted').length ?? 0), 0)} of ${s.students} students submitted, ` +
            `${rooms.reduce((a, r) => a + (r.lastBoard?.rows.filter((x) => x.leave_count > 0).length ?? 0), 0)} with a leave.`,
          '',
        ]
      : []),
    `Start and save p95 under 300 ms: ${meets ? 'yes' : '**NO**'} (start ${p95('start').toFixed(0)} ms, save ${p95('save').toFixed(0)} ms).`,
    '',
    `Errors (non-2xx or network): ${failed}. Status codes: ${JSON.stringify(client.statuses)}.`,
    '',
    'Nothing lost (the database against what the server acknowledged):',
    '',
    '| (attempt, question) acknowledged | held the last acknowledged answer | lost | students | with exactly one attempt | of their own rombel’s quiz | bound to their session | handed in | token claims | leaves acknowledged / counted | passed |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    `| ${v.checked} | ${v.checked - v.lost} | ${v.lost} | ${v.expectedStudents} | ${v.oneAttempt} | ${v.ownQuiz} | ${s.examMode ? v.bound : 'n/a'} | ${v.finished} | ${s.examMode ? v.claims : 'n/a'} | ${v.leavesAcked} / ${v.leavesCounted} | ${v.ok && failed === 0 ? 'yes' : '**NO**'} |`,
  ];
  if (failed) {
    const byText = new Map();
    for (const e of client.errors) byText.set(e, (byText.get(e) ?? 0) + 1);
    const top = [...byText].sort((a, b) => b[1] - a[1]).slice(0, 8);
    lines.push('', `Errors (${failed}), the most frequent:`, '', ...top.map(([e, n]) => `- ${n}× ${e}`));
  }
  lines.push('');
  return lines;
}

runWhenMain(import.meta.url, run);
