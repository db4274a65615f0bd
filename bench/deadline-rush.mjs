#!/usr/bin/env node
/**
 * Deadline rush: a class of N students (300) all hand in a 1 MB file within a few seconds,
 * against the real server (a child process) on a scratch PostgreSQL database; then all of them
 * replace their file at once. Reports throughput, p50/p99 latency and errors, and checks that
 * every submission is stored exactly once (N rows, N stored files, N files on disk, nothing pending).
 *
 *   node bench/deadline-rush.mjs            # writes bench/RESULTS-deadline.md
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432 STUDENTS=300 CONCURRENCY=50 node bench/deadline-rush.mjs
 *
 * Exports run(opts) → markdown lines, for bench/run.mjs.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT, freePort, runWhenMain, serverArgs, sleep } from './lib.mjs';

const MB = 1024 * 1024;

const serverCommand = () => [process.execPath, serverArgs()];

async function startServer(env) {
  const [cmd, args] = serverCommand();
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const base = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return { child, base, output: () => output };
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  child.kill('SIGTERM');
  throw new Error(`server did not start within 30 s:\n${output}`);
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await Promise.race([new Promise((r) => child.once('exit', r)), sleep(30_000)]);
}

/** A class of `n` students of a fresh rombel with one assignment due in an hour; tokens issued directly. */
async function seedClass(db, n) {
  const tag = randomBytes(4).toString('hex');
  const dept = (await db.query(`select id from departments order by id limit 1`)).rows[0].id;
  const rombel = (
    await db.query(`insert into rombel_classes (department_id, name, grade) values ($1, $2, 12) returning id`, [dept, `XII RUSH ${tag}`])
  ).rows[0].id;
  const teacher = (
    await db.query(`insert into users (role_id, name, username, password_hash) values (2, 'Guru Rush', $1, '!') returning id`, [
      `guru_${tag}`,
    ])
  ).rows[0].id;
  await db.query(`insert into teachers (user_id) values ($1)`, [teacher]);
  const klass = (
    await db.query(`insert into online_classes (name, rombel_class_id, teacher_id) values ('Kelas Rush', $1, $2) returning id`, [
      rombel,
      teacher,
    ])
  ).rows[0].id;
  const content = (
    await db.query(`insert into contents (online_class_id, number, position, title) values ($1, 1, 1, 'Pertemuan 1') returning id`, [klass])
  ).rows[0].id;
  const assignment = (
    await db.query(
      `insert into assignments (content_id, online_class_id, author_id, title, description, deadline) values ($1, $2, $3, 'Tugas Akhir', 'Kumpulkan sebelum tenggat', now() + interval '1 hour') returning id`,
      [content, klass, teacher],
    )
  ).rows[0].id;
  const { rows: students } = await db.query(
    `insert into users (role_id, name, username, password_hash)
     select 3, 'Siswa ' || lpad(i::text, 4, '0'), $1 || i, '!' from generate_series(1, $2::int) i returning id`,
    [`siswa_${tag}_`, n],
  );
  const ids = students.map((r) => r.id);
  await db.query(`insert into students (user_id, rombel_class_id, nis) select unnest($1::int[]), $2, '0000'`, [ids, rombel]);
  const tokens = ids.map(() => randomBytes(32).toString('base64url'));
  const teacherToken = randomBytes(32).toString('base64url');
  const hash = (tk) => createHash('sha256').update(tk).digest('hex');
  await db.query(`insert into auth_tokens (user_id, token_hash) select unnest($1::int[]), unnest($2::text[])`, [
    [teacher, ...ids],
    [teacherToken, ...tokens].map(hash),
  ]);
  return { assignment, klass, content, tokens, teacherToken };
}

/** One multipart body with a `file` of `bytes` bytes (a PDF header, then filler). */
function multipart(bytes, name) {
  const boundary = `----rush${randomBytes(8).toString('hex')}`;
  const data = Buffer.alloc(bytes, 0x20);
  Buffer.from('%PDF-1.4\n%rush\n').copy(data);
  Buffer.from('\n%%EOF\n').copy(data, bytes - 7);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="_method"\r\n\r\nPUT\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/** Every student uploads once, at most `concurrency` at a time. */
async function rush(base, assignment, tokens, payload, concurrency) {
  const latencies = [];
  const statuses = {};
  const errors = [];
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < tokens.length) {
      const token = tokens[next++];
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}/api/student/submissions/${assignment}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': payload.contentType },
          body: payload.body,
        });
        const text = await res.text();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status >= 300) errors.push(`${res.status} ${text.slice(0, 120)}`);
      } catch (err) {
        statuses.network = (statuses.network ?? 0) + 1;
        errors.push(String(err.cause ?? err));
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { seconds, latencies, statuses, errors };
}

async function countFiles(storageDir) {
  let stored = 0;
  let pending = 0;
  for (const entry of await fs.readdir(storageDir, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory()) continue;
    const n = (await fs.readdir(path.join(storageDir, entry.name))).length;
    if (entry.name === '.tmp') pending += n;
    else if (/^[0-9a-f]{2}$/.test(entry.name)) stored += n;
  }
  return { stored, pending };
}

/**
 * A scratch PostgreSQL database and data folder, the real server on them, and a seeded class of
 * `students` (seedClass); runs `work`, then stops the server and removes the database and the folder.
 */
export async function withSeededClass({ pgUrl, tag, students }, work) {
  const dbName = `kelasku_bench_${tag}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${pgUrl.replace(/\/$/, '')}/postgres` });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = `${pgUrl.replace(/\/$/, '')}/${dbName}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `kelasku-${tag}-`));
  const storageDir = path.join(dataDir, 'storage');
  let server;
  let db;
  try {
    const port = await freePort();
    server = await startServer({
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
    });
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const scene = await seedClass(db, students);
    return await work({ server, db, dataDir, storageDir, scene });
  } finally {
    await db?.end().catch(() => {});
    if (server) await stopServer(server.child);
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

export async function run(opts = {}) {
  const pgUrl = opts.pgUrl ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const students = Number(opts.students ?? process.env.STUDENTS ?? 300);
  const concurrency = Number(opts.concurrency ?? process.env.CONCURRENCY ?? 50);
  const fileBytes = Number(opts.fileBytes ?? MB);
  const resultsFile = opts.resultsFile === undefined ? path.join(ROOT, 'bench/RESULTS-deadline.md') : opts.resultsFile;

  return withSeededClass({ pgUrl, tag: 'rush', students }, async ({ server, db, storageDir, scene }) => {
    const first = multipart(fileBytes, 'jawaban.pdf');
    const second = multipart(fileBytes, 'jawaban-revisi.pdf');

    const handIn = await rush(server.base, scene.assignment, scene.tokens, first, concurrency);
    const afterHandIn = await verify(db, storageDir, scene.assignment, fileBytes);
    const replace = await rush(server.base, scene.assignment, scene.tokens, second, concurrency);
    const afterReplace = await verify(db, storageDir, scene.assignment, fileBytes);
    const list = await gradingList(server.base, scene, 20);

    const ok = (v) =>
      v.rows === students && v.students === students && v.storedRows === students && v.onDisk === students && v.pending === 0;
    const row = (label, r) => {
      const total = r.latencies.length;
      const failed = total - (r.statuses[200] ?? 0) - (r.statuses[201] ?? 0);
      return `| ${label} | ${total} | ${r.seconds.toFixed(2)} s | ${(total / r.seconds).toFixed(1)} req/s | ${((total * fileBytes) / MB / r.seconds).toFixed(1)} MB/s | ${percentile(r.latencies, 50).toFixed(0)} ms | ${percentile(r.latencies, 99).toFixed(0)} ms | ${percentile(r.latencies, 100).toFixed(0)} ms | ${failed} |`;
    };
    const check = (label, v) =>
      `| ${label} | ${v.rows} | ${v.students} | ${v.storedRows} | ${v.onDisk} | ${v.pending} | ${v.wrongSize} | ${ok(v) && v.wrongSize === 0 ? 'yes' : '**NO**'} |`;
    const lines = [
      '## Deadline rush',
      '',
      `${students} students of one class hand in a ${(fileBytes / MB).toFixed(0)} MB file each, ${concurrency} uploads at a time, ` +
        `against the real server (child process, ${path.basename(serverCommand()[1].at(-1))}) on PostgreSQL ` +
        `(scratch database); then every student replaces the file at once. Machine: ${os.cpus().length} cores, Node ${process.version}. ` +
        `Run ${new Date().toISOString()}.`,
      '',
      '| round | requests | wall time | throughput | upload rate | p50 | p99 | max | errors |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      row('hand in (201)', handIn),
      row('replace (200)', replace),
      '',
      'Stored exactly once:',
      '',
      '| after | submission rows | distinct students | stored_files rows | files on disk | unfinished uploads | wrong size | exactly once |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      check('hand in', afterHandIn),
      check('replace', afterReplace),
    ];
    lines.push(
      '',
      `Then the teacher opens the Diserahkan column (GET …/assignments/{id}/ungrading, ${list.entries} students; a fixed number of queries): ` +
        `p50 ${percentile(list.latencies, 50).toFixed(0)} ms, max ${percentile(list.latencies, 100).toFixed(0)} ms over ${list.latencies.length} calls.`,
    );
    const errors = [...handIn.errors, ...replace.errors];
    if (errors.length) lines.push('', `Errors (first 5 of ${errors.length}):`, '', ...errors.slice(0, 5).map((e) => `- ${e}`));
    lines.push('', `Status codes: hand in ${JSON.stringify(handIn.statuses)}, replace ${JSON.stringify(replace.statuses)}.`, '');
    if (resultsFile) await fs.writeFile(resultsFile, `# Kelasku benchmark: deadline rush\n\n${lines.join('\n')}`);
    return lines;
  });
}

/** The teacher's grading column with every student in it, timed. */
async function gradingList(base, scene, times) {
  const url = `${base}/api/teacher/online-classes/${scene.klass}/contents/${scene.content}/assignments/${scene.assignment}/ungrading`;
  const latencies = [];
  let entries = 0;
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${scene.teacherToken}` } });
    const body = await res.json();
    latencies.push(performance.now() - t0);
    if (!res.ok) throw new Error(`grading list answered ${res.status}: ${JSON.stringify(body)}`);
    entries = body.data.length;
  }
  latencies.sort((a, b) => a - b);
  return { latencies, entries };
}

async function verify(db, storageDir, assignment, fileBytes) {
  const { rows } = await db.query(
    `select count(*)::int as rows, count(distinct s.student_id)::int as students,
            count(*) filter (where f.size <> $2)::int as wrong_size
       from submissions s join submission_files sf on sf.submission_id = s.id and sf.version = s.version
       join stored_files f on f.id = sf.file_id where s.assignment_id = $1`,
    [assignment, fileBytes],
  );
  const storedRows = (await db.query(`select count(*)::int as n from stored_files`)).rows[0].n;
  const disk = await countFiles(storageDir);
  return {
    rows: rows[0].rows,
    students: rows[0].students,
    wrongSize: rows[0].wrong_size,
    storedRows,
    onDisk: disk.stored,
    pending: disk.pending,
  };
}

runWhenMain(import.meta.url, run);
