/**
 * The school of bench/exam-start.mjs (issue 41): a scratch PostgreSQL database, the real server on
 * it, and `rombels` rombels of about `students / rombels` students each, taught by `teachers`
 * subject teachers (rombel i by teacher i mod teachers). Each rombel has its own online class with
 * one lesson; each teacher has one question category (the subject's bank) of 40 questions of every
 * type and two essays, shared by the quizzes of all their classes.
 *
 * Seeded directly in SQL, like deadline-rush.mjs and seed/large.ts: one set-based statement per
 * table. Every account has the same password, hashed once (argon2id with the server's settings),
 * so the accounts can log in for real; the students' sessions (auth tokens) are issued directly
 * (1,500 logins are a benchmark of their own), the proctors log in through POST /api/login.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { startServer, stopServer } from './lib.mjs';

export const EXAM_PASSWORD = 'ujian123';

const tokenHash = (token) => createHash('sha256').update(token).digest('hex');

/** The question bank of one subject: 40 questions of every auto-graded type and two essays. */
export function bankRows(n) {
  const opts = (correct) => ({
    options: ['a', 'b', 'c', 'd', 'e'].map((id, i) => ({ id: `opt${id}000`, text: `Pilihan ${'ABCDE'[i]}`, correct: correct.includes(i) })),
  });
  const rows = [];
  for (let i = 0; i < n; i++) {
    const kind = i % 8;
    if (kind < 4) rows.push(['multiple_choice', 2, opts([i % 5])]);
    else if (kind === 4) rows.push(['multiple_answer', 2, opts([0, 2])]);
    else if (kind === 5) rows.push(['true_false', 1, { answer: i % 2 === 0 }]);
    else if (kind === 6) rows.push(['short_answer', 1, { answers: ['router', 'gateway'], tolerance: null }]);
    else
      rows.push([
        'matching',
        3,
        { pairs: ['Router', 'Switch', 'Hub'].map((l, j) => ({ id: `pair${j}000`, left: l, right: `Fungsi ${l}` })) },
      ]);
  }
  rows.push(['essay', 5, {}], ['essay', 5, {}]);
  return rows;
}

/** Inserts users of `role` named by `prefix` + number; returns their ids in order. */
async function insertUsers(db, role, prefix, names, passwordHash) {
  const { rows } = await db.query(
    `insert into users (role_id, name, username, password_hash)
     select $1, n, $2 || lpad(i::text, 4, '0'), $3 from unnest($4::text[]) with ordinality as x(n, i) order by i returning id`,
    [role, prefix, passwordHash, names],
  );
  return rows.map((r) => r.id);
}

/** Seeds the school (see the file's header); returns its rooms, each with its teacher and its students' sessions. */
export async function seedSchool(db, { rombels, students, teachers, tag }) {
  const passwordHash = await hash(EXAM_PASSWORD, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const dept = (await db.query(`select id from departments order by id limit 1`)).rows[0].id;
  const { rows: rombelRows } = await db.query(
    `insert into rombel_classes (department_id, name, grade)
     select $1, 'XII UJIAN ' || $2 || ' ' || i, 12 from generate_series(1, $3::int) i order by i returning id`,
    [dept, tag, rombels],
  );
  const rombelIds = rombelRows.map((r) => r.id);
  const teacherIds = await insertUsers(
    db,
    2,
    `guru_${tag}_`,
    Array.from({ length: teachers }, (_, i) => `Guru Mapel ${i + 1}`),
    passwordHash,
  );
  await db.query(`insert into teachers (user_id) select unnest($1::int[])`, [teacherIds]);
  const studentIds = await insertUsers(
    db,
    3,
    `siswa_${tag}_`,
    Array.from({ length: students }, (_, i) => `Siswa Ujian ${String(i + 1).padStart(4, '0')}`),
    passwordHash,
  );
  // Student i sits in rombel i mod rombels: 1,500 in 40 rombels are 20 of 38 and 20 of 37.
  const rombelOf = (i) => rombelIds[i % rombels];
  await db.query(
    `insert into students (user_id, rombel_class_id, nis) select u, r, lpad(n::text, 6, '0') from unnest($1::int[], $2::int[]) with ordinality as x(u, r, n)`,
    [studentIds, studentIds.map((_, i) => rombelOf(i))],
  );
  const { rows: classRows } = await db.query(
    `insert into online_classes (name, rombel_class_id, teacher_id)
     select 'Ulangan ' || n, r, t from unnest($1::int[], $2::int[]) with ordinality as x(r, t, n) order by n returning id`,
    [rombelIds, rombelIds.map((_, i) => teacherIds[i % teachers])],
  );
  const { rows: contentRows } = await db.query(
    `insert into contents (online_class_id, number, position, title)
     select c, 1, 1, 'Penilaian Akhir Semester' from unnest($1::int[]) with ordinality as x(c, n) order by n returning id`,
    [classRows.map((r) => r.id)],
  );
  // One bank category per teacher (the subject), the same 42 questions in each.
  const { rows: categoryRows } = await db.query(
    `insert into question_categories (teacher_id, name) select t, 'Bank Soal Mapel ' || n from unnest($1::int[]) with ordinality as x(t, n) order by n returning id`,
    [teacherIds],
  );
  const bank = bankRows(40);
  const banks = [];
  for (let t = 0; t < teachers; t++) {
    const { rows } = await db.query(
      `insert into questions (category_id, teacher_id, type, text, points, data)
       select $1, $2, t, 'Soal nomor ' || n || ': jelaskan atau pilih jawaban yang paling tepat.', p, d
         from unnest($3::text[], $4::int[], $5::jsonb[]) with ordinality as x(t, p, d, n) order by n
       returning id, type`,
      [categoryRows[t].id, teacherIds[t], bank.map((b) => b[0]), bank.map((b) => b[1]), bank.map((b) => JSON.stringify(b[2]))],
    );
    banks.push({ category: categoryRows[t].id, questions: rows });
  }
  // The students' sessions, as a login on each one's phone would have made them.
  const tokens = studentIds.map(() => randomBytes(32).toString('base64url'));
  await db.query(`insert into auth_tokens (user_id, token_hash) select unnest($1::int[]), unnest($2::text[])`, [
    studentIds,
    tokens.map(tokenHash),
  ]);
  const rooms = rombelIds.map((rombel, r) => ({
    index: r,
    rombel,
    klass: classRows[r].id,
    content: contentRows[r].id,
    teacher: teacherIds[r % teachers],
    teacherIndex: r % teachers,
    teacherUsername: `guru_${tag}_${String((r % teachers) + 1).padStart(4, '0')}`,
    bank: banks[r % teachers],
    students: [],
  }));
  studentIds.forEach((id, i) =>
    rooms[i % rombels].students.push({ id, token: tokens[i], username: `siswa_${tag}_${String(i + 1).padStart(4, '0')}` }),
  );
  return { rooms, teacherIds, studentIds };
}

/**
 * A scratch PostgreSQL database and data folder, the real server on them (`serverEnv` added to its
 * environment), and the seeded school; runs `work({ server, db, school, dbUrl, seedSeconds })`, then
 * stops the server and drops the database and the folder.
 */
export async function withExamSchool({ pgUrl, rombels, students, teachers, serverEnv = {}, log = () => {} }, work) {
  const tag = randomBytes(3).toString('hex');
  const dbName = `kelasku_bench_exam_${process.pid}_${tag}`;
  const root = pgUrl.replace(/\/$/, '');
  const admin = new pg.Client({ connectionString: `${root}/postgres` });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = `${root}/${dbName}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-exam-'));
  let server;
  let db;
  try {
    server = await startServer({ DATABASE_URL: dbUrl, DATA_DIR: dataDir, ...serverEnv });
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const t0 = performance.now();
    const school = await seedSchool(db, { rombels, students, teachers, tag });
    const seedSeconds = (performance.now() - t0) / 1000;
    log(`seeded ${students} students in ${rombels} rombels, ${teachers} teachers in ${seedSeconds.toFixed(1)} s`);
    return await work({ server, db, school, dbUrl, seedSeconds });
  } finally {
    await db?.end().catch(() => {});
    if (server) await stopServer(server.child);
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
