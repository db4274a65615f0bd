#!/usr/bin/env node
/**
 * Load without loss (issue 8): 200 concurrent students of one rombel use the real server (a child
 * process) for 60 s, each in a loop of reads (class list, contents, forum thread, submission,
 * upcoming assignments), forum comments and submission uploads (hand in, then replace). Passes when
 * no answer is a 5xx or a network error and every acknowledged write is in the database afterwards:
 * every comment answered 201 exists with its text, and each student's submission row holds the file
 * of the last upload answered 200/201, whose bytes are on disk; nothing is left pending.
 *
 *   node bench/load-mixed.mjs                 # PostgreSQL scratch database, writes bench/RESULTS-load.md
 *   LOAD_DB=embedded node bench/load-mixed.mjs  # the embedded database
 *   LOAD_CLIENTS=200 LOAD_SECONDS=60 LOAD_FILE_BYTES=20000 BENCH_PG_URL=postgres://postgres@127.0.0.1:5432
 *   LOAD_RESULTS=-                            # print only
 *
 * Exits 1 when the run fails. Exports run(opts) → { ok, lines } for bench/run.mjs.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ROOT, freePort, serverArgs, sleep } from './lib.mjs';

const log = (...a) => console.error('[load]', ...a);

async function startServer(env) {
  const child = spawn(process.execPath, serverArgs(), { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const base = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, output: () => output };
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  child.kill('SIGTERM');
  throw new Error(`server did not start within 60 s:\n${output}`);
}

async function stopServer(child) {
  if (child.exitCode !== null) return child.exitCode;
  child.kill('SIGTERM');
  await Promise.race([new Promise((r) => child.once('exit', r)), sleep(30_000)]);
  return child.exitCode;
}

/** A rombel of `n` students, their teacher's class with two contents, forums and two assignments; tokens issued directly. */
async function seed(q, n) {
  const tag = randomBytes(4).toString('hex');
  const one = async (text, params) => (await q(text, params))[0];
  const dept = (await one(`select id from departments order by id limit 1`)).id;
  const rombel = (
    await one(`insert into rombel_classes (department_id, name, grade) values ($1, $2, 11) returning id`, [dept, `XI LOAD ${tag}`])
  ).id;
  const teacher = (
    await one(`insert into users (role_id, name, username, password_hash) values (2, 'Guru Beban', $1, '!') returning id`, [
      `guru_load_${tag}`,
    ])
  ).id;
  await q(`insert into teachers (user_id) values ($1)`, [teacher]);
  const klass = (
    await one(`insert into online_classes (name, rombel_class_id, teacher_id) values ('Kelas Beban', $1, $2) returning id`, [
      rombel,
      teacher,
    ])
  ).id;
  const contents = [];
  for (const [i, title] of ['Pertemuan 1', 'Pertemuan 2'].entries())
    contents.push(
      (
        await one(`insert into contents (online_class_id, number, position, title) values ($1, $2, $2, $3) returning id`, [
          klass,
          i + 1,
          title,
        ])
      ).id,
    );
  // A forum per group of about ten students, so a thread grows as a class's would.
  const forums = [];
  for (let i = 0; i < Math.max(1, Math.ceil(n / 10)); i++) {
    forums.push(
      (
        await one(`insert into forums (content_id, author_id, topic, description) values ($1, $2, $3, 'Tanya di sini') returning id`, [
          contents[0],
          teacher,
          `Diskusi kelompok ${i + 1}`,
        ])
      ).id,
    );
  }
  const assignments = [];
  for (const [i, c] of contents.entries()) {
    assignments.push(
      (
        await one(
          `insert into assignments (content_id, online_class_id, author_id, title, description, deadline)
           select $1, online_class_id, $2, $3, 'Kerjakan', now() + interval '1 day' from contents where id = $1 returning id`,
          [c, teacher, `Tugas ${i + 1}`],
        )
      ).id,
    );
  }
  const students = [];
  for (let i = 1; i <= n; i++) {
    const id = (
      await one(`insert into users (role_id, name, username, password_hash) values (3, $1, $2, '!') returning id`, [
        `Siswa Beban ${i}`,
        `siswa_load_${tag}_${i}`,
      ])
    ).id;
    await q(`insert into students (user_id, rombel_class_id, nis) values ($1, $2, '1')`, [id, rombel]);
    const token = randomBytes(32).toString('base64url');
    await q(`insert into auth_tokens (user_id, token_hash) values ($1, $2)`, [id, createHash('sha256').update(token).digest('hex')]);
    students.push({ id, token });
  }
  return { klass, contents, forums, assignments, students };
}

function multipart(bytes, name) {
  const boundary = `----load${randomBytes(8).toString('hex')}`;
  const data = Buffer.alloc(bytes, 0x20);
  Buffer.from('%PDF-1.4\n%load\n').copy(data);
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);
const fileIdOf = (link) => Number(/\/api\/files\/(\d+)/.exec(link ?? '')?.[1]);

export async function run(opts = {}) {
  const env = process.env;
  const kind = opts.db ?? env.LOAD_DB ?? 'postgres';
  const clients = Number(opts.clients ?? env.LOAD_CLIENTS ?? 200);
  const seconds = Number(opts.seconds ?? env.LOAD_SECONDS ?? 60);
  const fileBytes = Number(opts.fileBytes ?? env.LOAD_FILE_BYTES ?? 20_000);
  const pgUrl = (opts.pgUrl ?? env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-load-'));
  const storageDir = path.join(dataDir, 'storage');
  const dbName = `kelasku_bench_load_${process.pid}_${randomBytes(3).toString('hex')}`;
  const port = await freePort();
  const serverEnv = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIR: '', LOG_LEVEL: 'warn', SEED_DEMO: '0' };
  let admin = null;
  if (kind === 'postgres') {
    admin = new pg.Client({ connectionString: `${pgUrl}/postgres` });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    serverEnv.DATABASE_URL = `${pgUrl}/${dbName}`;
  }

  let server;
  // Both set at the end of the try block; an exception propagates after the cleanup.
  let lines;
  let ok;
  // The seeding connection; closed before the scratch database is dropped, also when seeding failed.
  let closeDb = async () => {};
  try {
    let q;
    // Either way a real PostgreSQL server: the scratch database, or the embedded server through its socket.
    server = await startServer(serverEnv);
    const dbUrl = () =>
      kind === 'postgres'
        ? serverEnv.DATABASE_URL
        : `postgres://postgres@localhost/kelasku?host=${encodeURIComponent(path.join(dataDir, 'postgres'))}`;
    const open = async () => {
      const db = new pg.Client({ connectionString: dbUrl() });
      await db.connect();
      q = async (text, params) => (await db.query(text, params)).rows;
      closeDb = async () => {
        closeDb = async () => {};
        await db.end();
      };
    };
    await open();
    log(`seeding ${clients} students on ${kind}`);
    const scene = await seed(q, clients);
    await closeDb();

    const base = server.base;
    const statuses = {};
    const failures = [];
    const latencies = { read: [], comment: [], submission: [] };
    const comments = []; // { id, text }
    const lastUpload = new Map(); // `${student}:${assignment}` → file id
    const until = Date.now() + seconds * 1000;
    const payloads = [multipart(fileBytes, 'jawaban.pdf'), multipart(fileBytes, 'jawaban-revisi.pdf')];
    const c = scene.contents;
    const reads = [
      '/api/student/my-classes',
      `/api/student/my-classes/${scene.klass}`,
      `/api/student/my-classes/${scene.klass}/contents`,
      `/api/student/my-classes/${scene.klass}/contents/${c[0]}`,
      `/api/student/submissions/${scene.assignments[0]}`,
      '/api/student/upcoming-assignments',
      '/api/me',
    ];

    async function call(kindOf, url, init) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}${url}`, init);
        const text = await res.text();
        latencies[kindOf].push(performance.now() - t0);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status >= 300 && failures.length < 20) failures.push(`${init?.method ?? 'GET'} ${url} ${res.status} ${text.slice(0, 120)}`);
        return { status: res.status, json: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
      } catch (err) {
        statuses.network = (statuses.network ?? 0) + 1;
        if (failures.length < 20) failures.push(`${url} ${err.cause?.code ?? err.message}`);
        return { status: 0, json: null };
      }
    }

    async function client(student, n) {
      const auth = { authorization: `Bearer ${student.token}` };
      const thread = `/api/student/my-classes/${scene.klass}/contents/${c[0]}/forums/${scene.forums[n % scene.forums.length]}`;
      const mine = [...reads, thread];
      for (let i = 0; Date.now() < until; i++) {
        const roll = (i * 7 + n) % 20;
        if (roll < 12) {
          await call('read', mine[(i + n) % mine.length], { headers: auth });
        } else if (roll < 17) {
          const text = `Komentar beban ${student.id}-${i}-${randomBytes(3).toString('hex')}`;
          const r = await call('comment', `${thread}/comments`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: JSON.stringify({ comment: text }),
          });
          if (r.status === 201) comments.push({ id: r.json.data.id, text });
        } else {
          const assignment = scene.assignments[i % scene.assignments.length];
          const p = payloads[i % 2];
          const r = await call('submission', `/api/student/submissions/${assignment}`, {
            method: 'POST',
            headers: { ...auth, 'content-type': p.contentType },
            body: p.body,
          });
          if (r.status === 200 || r.status === 201)
            lastUpload.set(`${student.id}:${assignment}`, fileIdOf(r.json.data.submission.files[0].file));
        }
      }
    }

    log(`${clients} clients for ${seconds} s against ${base}`);
    const started = performance.now();
    await Promise.all(scene.students.map((s, n) => client(s, n)));
    const elapsed = (performance.now() - started) / 1000;
    const exitCode = await stopServer(server.child);

    // Every acknowledged write is there. The embedded database stopped with the server: start it again to read it.
    if (kind !== 'postgres') server = await startServer(serverEnv);
    await open();
    const stored = new Map(
      (await q(`select id, body from comments where forum_id = any($1::int[])`, [scene.forums])).map((r) => [Number(r.id), r.body]),
    );
    const lostComments = comments.filter((cm) => stored.get(Number(cm.id)) !== cm.text);
    const rows = await q(
      `select s.student_id, s.assignment_id, sf.file_id from submissions s
        join submission_files sf on sf.submission_id = s.id and sf.version = s.version where s.assignment_id = any($1::int[])`,
      [scene.assignments],
    );
    const rowOf = new Map(rows.map((r) => [`${r.student_id}:${r.assignment_id}`, Number(r.file_id)]));
    const lostSubmissions = [...lastUpload].filter(([k, fileId]) => rowOf.get(k) !== fileId);
    const keys = new Set((await q(`select storage_key from stored_files`)).map((r) => r.storage_key));
    let onDisk = 0;
    let pending = 0;
    for (const e of await fs.readdir(storageDir, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      const names = await fs.readdir(path.join(storageDir, e.name));
      if (e.name === '.tmp') pending += names.length;
      else onDisk += names.filter((nm) => keys.has(`${e.name}/${nm}`)).length;
    }
    await closeDb();

    const fivexx = Object.entries(statuses)
      .filter(([s]) => s === 'network' || Number(s) >= 500)
      .reduce((a, [, v]) => a + v, 0);
    const total = Object.values(statuses).reduce((a, b) => a + b, 0);
    ok =
      fivexx === 0 && lostComments.length === 0 && lostSubmissions.length === 0 && pending === 0 && onDisk === keys.size && exitCode === 0;
    const lat = (k) => {
      const s = latencies[k].sort((a, b) => a - b);
      return `${s.length} | ${percentile(s, 50).toFixed(0)} | ${percentile(s, 99).toFixed(0)}`;
    };
    lines = [
      `## Load without loss (${kind}): ${clients} clients, ${seconds} s — ${ok ? 'PASS' : 'FAIL'}`,
      '',
      `${total} requests in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)}/s); statuses ${JSON.stringify(statuses)}; 5xx or network errors: ${fivexx}.`,
      '',
      '| kind | requests | p50 ms | p99 ms |',
      '| --- | ---: | ---: | ---: |',
      `| reads | ${lat('read')} |`,
      `| comments | ${lat('comment')} |`,
      `| submissions (${fileBytes} B) | ${lat('submission')} |`,
      '',
      `Acknowledged comments: ${comments.length}, missing or changed afterwards: ${lostComments.length}. ` +
        `Acknowledged uploads: ${latencies.submission.length - (statuses.network ?? 0)} (final per student and assignment: ${lastUpload.size}), ` +
        `rows not holding the last acknowledged file: ${lostSubmissions.length}. Stored files: ${keys.size} rows, ${onDisk} on disk, ${pending} pending. Server exit code after SIGTERM: ${exitCode}.`,
      ...(failures.length ? ['', 'First refusals:', ...failures.map((f) => `- ${f}`)] : []),
      '',
    ];
  } finally {
    await closeDb().catch(() => {});
    if (server) await stopServer(server.child);
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await admin.end();
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  return { ok, lines };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { ok, lines } = await run();
  const out = process.env.LOAD_RESULTS ?? path.join(ROOT, 'bench/RESULTS-load.md');
  console.log(lines.join('\n'));
  if (out !== '-') await fs.writeFile(out, `# Load without loss\n\n${lines.join('\n')}`);
  process.exit(ok ? 0 : 1);
}
