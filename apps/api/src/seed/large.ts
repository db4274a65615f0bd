/**
 * A generated school of the size of a large SMK, for benchmarks and scale tests:
 * 2,000 students in 54 rombels, 120 teachers, 600 online classes, 12,000 contents (each with a
 * material and an assignment), about 400,000 submissions and 60,000 forum comments. Stored file
 * rows point at a small pool of real small files, so every link downloads.
 *
 *   npm run seed:large            # the configured database: DATABASE_URL, else the embedded one in DATA_DIR
 *
 * Rows are written with multi-row inserts (one statement per batch of up to BATCH rows, the values
 * passed as arrays and expanded with unnest), so the whole school takes well under 3 minutes.
 * The same generator builds smaller schools for tests (seedSchool with other sizes and a tag).
 *
 * Kelas Perwalian (issue 40): guru001…guru006 are wali kelas this semester of X TKJ 3, X TKJ 7,
 * X TKJ 11, X TKJ 17, XI TKJ 3 and XI TKJ 9 (36 students each; not X TKJ 1, whose student siswa0001
 * and its 12 classes the single-endpoint benchmarks read). Each of these rombels has 15 subjects
 * through teaching assignments (its 11 or 12 classes, and 3 or 4 more classes with contents, work and
 * hand-ins like the others, taught by guru120, guru119, …), this month's meetings with every
 * student's mark (today's: those of the added classes), a parent per student (ortu0001…, password
 * ortu123) and two izin requests waiting. The rest of the school has no teaching assignments.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { hashPassword } from '../auth/passwords.js';
import { loadConfig } from '../config.js';
import { storageFromConfig } from '../files/storage.js';
import { FileService } from '../files/service.js';
import { openDatabase } from '../db/client.js';
import { demoPdf, seedReferenceData } from './demo.js';
import { ROLE_IDS } from '@kelasku/contract';

export interface SchoolSize {
  rombels: number;
  students: number;
  teachers: number;
  classes: number;
  /** Contents per class; each content has one material and one assignment. */
  lessonsPerClass: number;
  /** Of each class's contents, how many have their deadline still ahead (the rest are past). */
  upcomingPerClass: number;
  /** Forums per class (on its first contents); the first of them holds the class's comments. */
  forumsPerClass: number;
  commentsPerClass: number;
  /** Real small files in storage the file rows point at. */
  filePool: number;
  /**
   * Rombels with a wali kelas this semester (issue 40, "Kelas Perwalian"; none when left out): the
   * first teachers become wali kelas of a rombel they teach, which gets 15 subjects through teaching
   * assignments, this month's meetings with marks, a parent per student and izin requests.
   */
  homerooms?: number;
  /**
   * Notifications each student has had over the last 90 days (what the nightly clean-up keeps), all
   * read but the newest five; the school's rows interleaved by time, as a school writes them.
   */
  notificationsPerStudent?: number;
  /**
   * Live sessions each account has from earlier days (phone, the lab's computer), last used within
   * the idle lifetime. A school that has run a while has them; a session table that starts empty
   * gives the planner a tiny table to plan its lookups for.
   */
  sessionsPerUser?: number;
}

export const LARGE_SCHOOL: SchoolSize = {
  rombels: 54,
  students: 2000,
  teachers: 120,
  classes: 600,
  lessonsPerClass: 20,
  upcomingPerClass: 5,
  forumsPerClass: 2,
  commentsPerClass: 100,
  filePool: 24,
  homerooms: 6,
  // About 25 a week: each of 15 classes posts a material or an assignment, hand-ins are graded.
  notificationsPerStudent: 300,
  sessionsPerUser: 2,
};

export const LARGE_PASSWORDS = { admin: 'admin123', teacher: 'guru123', student: 'siswa123', parent: 'ortu123' } as const;

export interface SeedResult {
  tag: string;
  skipped: boolean;
  counts: Record<string, number>;
  /** Usernames of the first of each kind (password: LARGE_PASSWORDS). */
  accounts: { admin: string; teacher: string; student: string };
  rombelIds: number[];
  seconds: number;
}

const BATCH = 20_000;
const HOUR = 3600 * 1000;
const WEEK = 7 * 24 * HOUR;

const FIRST = [
  'Andi',
  'Budi',
  'Citra',
  'Dewi',
  'Eko',
  'Fajar',
  'Gita',
  'Hendra',
  'Indah',
  'Joko',
  'Kartika',
  'Lestari',
  'Made',
  'Nur',
  'Oktaviani',
  'Putri',
  'Rizky',
  'Sari',
  'Teguh',
  'Wahyu',
  'Yusuf',
  'Zahra',
  'Agus',
  'Bayu',
  'Dian',
  'Fitri',
  'Hadi',
  'Intan',
  'Rina',
  'Slamet',
];
const LAST = [
  'Pratama',
  'Santoso',
  'Lestari',
  'Nugroho',
  'Wibowo',
  'Saputra',
  'Rahmawati',
  'Hidayat',
  'Kusuma',
  'Setiawan',
  'Maharani',
  'Ramadhan',
  'Purnomo',
  'Susanti',
  'Wijaya',
  'Handayani',
  'Gunawan',
  'Firmansyah',
  'Utami',
  'Permana',
];
const SUBJECTS = [
  'Komputer dan Jaringan Dasar',
  'Sistem Komputer',
  'Pemrograman Dasar',
  'Administrasi Infrastruktur Jaringan',
  'Teknologi Layanan Jaringan',
  'Administrasi Sistem Jaringan',
  'Bahasa Indonesia',
  'Matematika',
  'Bahasa Inggris',
  'Pendidikan Pancasila',
  'Simulasi dan Komunikasi Digital',
  'Fisika',
];
/** The subjects a wali kelas's rombel has besides SUBJECTS (15 in all). */
const MORE_SUBJECTS = ['Pendidikan Agama dan Budi Pekerti', 'Pendidikan Jasmani, Olahraga, dan Kesehatan', 'Bahasa Jawa'];
const HOMEROOM_SUBJECTS = [...SUBJECTS, ...MORE_SUBJECTS];
const TOPICS = [
  'Pengenalan',
  'Konsep Dasar',
  'Praktikum',
  'Studi Kasus',
  'Latihan Soal',
  'Proyek Kelompok',
  'Evaluasi',
  'Pendalaman Materi',
  'Presentasi',
  'Rangkuman',
];
const COMMENTS = [
  'Pak, apakah tugas ini dikumpulkan dalam bentuk PDF?',
  'Menurut saya jawabannya adalah topologi star karena lebih mudah dirawat.',
  'Saya masih bingung di bagian kedua, bisa dijelaskan lagi?',
  'Terima kasih atas penjelasannya, sekarang saya paham.',
  'Contohnya jaringan Wi-Fi di rumah yang menghubungkan laptop dan HP.',
  'Apakah boleh dikerjakan berkelompok?',
  'Silakan baca lagi modul halaman 12, di sana ada contohnya.',
  'Betul, jawabanmu sudah tepat.',
];
const ROMAN: Record<number, string> = { 10: 'X', 11: 'XI', 12: 'XII' };

/** Deterministic pseudo-random number in [0, 1) from a few integers (so a school is the same every time). */
function rand(...n: number[]): number {
  let h = 2166136261;
  for (const v of n) {
    h = Math.imul(h ^ (v & 0xffff), 16777619);
    h = Math.imul(h ^ (v >>> 16), 16777619);
  }
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995);
  h ^= h >>> 15;
  return (h >>> 0) / 4294967296;
}

const pick = <T>(list: readonly T[], ...n: number[]) => list[Math.floor(rand(...n) * list.length)]!;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** How many students each rombel gets: alternately one under and one over the average (36 and 38 for the large school). */
export function rombelSizes(size: Pick<SchoolSize, 'rombels' | 'students'>): number[] {
  const base = Math.floor(size.students / size.rombels);
  const sizes = Array.from({ length: size.rombels }, (_, r) => (base > 1 && size.rombels > 1 ? base + (r % 2 === 0 ? -1 : 1) : base));
  if (size.rombels % 2 === 1 && base > 1) sizes[size.rombels - 1] = base;
  let left = size.students - sizes.reduce((a, b) => a + b, 0);
  for (let r = size.rombels - 1; left !== 0; r = (r - 1 + size.rombels) % size.rombels) {
    const step = Math.sign(left);
    sizes[r]! += step;
    left -= step;
  }
  return sizes;
}

type Column = [name: string, type: string, values: unknown[]];

/**
 * One multi-row INSERT per batch: every column travels as one array parameter and unnest turns
 * them back into rows. Returns the ids when asked (in insertion order).
 */
async function insertRows(db: Db, table: string, columns: Column[], returning = false): Promise<number[]> {
  const total = columns[0]![2].length;
  const ids: number[] = [];
  for (let from = 0; from < total; from += BATCH) {
    const to = Math.min(total, from + BATCH);
    const names = sql.raw(columns.map((c) => `"${c[0]}"`).join(', '));
    const arrays = sql.join(
      columns.map(([, type, values]) => sql`${sql.param(values.slice(from, to))}::${sql.raw(type)}[]`),
      sql`, `,
    );
    const query: SQL = sql`insert into ${sql.raw(`"${table}"`)} (${names}) select * from unnest(${arrays})${returning ? sql` returning id` : sql``}`;
    const res = (await db.execute(query)) as unknown as { rows: Array<{ id: number }> };
    if (returning) for (const r of res.rows) ids.push(Number(r.id));
  }
  return ids;
}

/**
 * Generates a school of the given size into the database. `tag` prefixes usernames and rombel
 * names so several schools can live in one database (tests); the large school uses no tag and
 * reuses the six reference rombels. Runs once per tag: a second run finds the first teacher
 * and does nothing.
 */
export async function seedSchool(
  db: Db,
  files: FileService,
  size: SchoolSize = LARGE_SCHOOL,
  opts: { tag?: string; log?: (line: string) => void } = {},
): Promise<SeedResult> {
  const started = performance.now();
  const tag = opts.tag ?? '';
  const log = opts.log ?? (() => {});
  const uname = {
    admin: `${tag}admin.sekolah`,
    teacher: (t: number) => `${tag}guru${pad(t + 1, 3)}`,
    student: (s: number) => `${tag}siswa${pad(s + 1, 4)}`,
  };
  const accounts = { admin: uname.admin, teacher: uname.teacher(0), student: uname.student(0) };
  const counts: Record<string, number> = {};
  const elapsed = () => (performance.now() - started) / 1000;

  const exists = (await db.execute(sql`select 1 from users where lower(username) = lower(${accounts.teacher}) limit 1`)) as unknown as {
    rows: unknown[];
  };
  if (exists.rows.length > 0) return { tag, skipped: true, counts, accounts, rombelIds: [], seconds: elapsed() };

  const run: Run = { db, size, tag, counts };
  const pool = await seedFilePool(run, files);
  const rombels = await seedRombels(run);
  const people = await seedPeople(run, uname, rombels.rombelIds);
  log(`users: ${counts.users} (${elapsed().toFixed(1)} s)`);

  const classes = await seedClasses(run, rombels, people.teacherIds);
  const work = await seedLessons(run, classes, pool.materialFiles);
  log(`classes, contents, materials, assignments (${elapsed().toFixed(1)} s)`);

  await seedSubmissions(run, classes, people.studentsOf, work, pool.submissionFiles);
  log(`submissions: ${counts.submissions} (${elapsed().toFixed(1)} s)`);

  await seedForums(run, classes, people.studentsOf, work);
  log(`forums and comments (${elapsed().toFixed(1)} s)`);

  if (size.homerooms) {
    await seedHomerooms(run, { rombels, people, classes, pool });
    log(`wali kelas, subjects, meetings and parents (${elapsed().toFixed(1)} s)`);
  }

  if (size.notificationsPerStudent) {
    await seedNotifications(run, people.studentsOf.flat());
    log(`notifications: ${counts.notifications} (${elapsed().toFixed(1)} s)`);
  }

  if (size.sessionsPerUser) {
    await seedSessions(run);
    log(`sessions: ${counts.sessions} (${elapsed().toFixed(1)} s)`);
  }

  // Fresh statistics, so the planner knows the tables are big now.
  await db.execute(sql`analyze`);
  return { tag, skipped: false, counts, accounts, rombelIds: rombels.rombelIds, seconds: elapsed() };
}

/** What every step of a seeding needs; each step adds its counts. */
interface Run {
  db: Db;
  size: SchoolSize;
  tag: string;
  counts: Record<string, number>;
}

interface Rombels {
  /** Each rombel's name (with the tag) and grade, in order. */
  rombelNames: Array<{ name: string; grade: number }>;
  rombelIds: number[];
}

interface Classes {
  classIds: number[];
  /** Each class's rombel, as an index into the rombels. */
  classRombel: number[];
  /** Each class's teacher (user id). */
  classTeacher: number[];
}

interface Work {
  /** Now, when the contents were written: deadlines, hand-ins and comments are placed around it. */
  now: number;
  /** Each content's class (index into the classes), number within the class (from 0) and title. */
  content: { klass: number[]; index: number[]; title: string[] };
  lessonIds: number[];
  assignmentIds: number[];
  deadlines: Date[];
  /** Of each class's contents, how many have their deadline behind. */
  past: number;
}

/** Each student's bell over the last 90 days (SchoolSize.notificationsPerStudent); one statement. */
async function seedNotifications({ db, size, counts }: Run, studentIds: number[]): Promise<void> {
  const perStudent = size.notificationsPerStudent!;
  await db.execute(sql`
    insert into notifications (user_id, kind, subject, context, link, read_at, created_at)
    select n.user_id, n.kind, n.subject, 'Kelas', '/my-classes', case when n.k <= ${perStudent} - 5 then n.at + interval '1 hour' end, n.at
    from (
      select s.user_id, k,
        (array['material', 'assignment', 'graded'])[1 + k % 3] as kind,
        'Pemberitahuan ' || k as subject,
        now() - make_interval(mins => ((${perStudent} - k) * 89 * 24 * 60 / ${perStudent}) + s.user_id % 60) as at
      from unnest(${sql.param(studentIds)}::int[]) as s(user_id), generate_series(1, ${perStudent}) as k
    ) n
    order by n.at`);
  counts.notifications = studentIds.length * perStudent;
}

/**
 * Sessions of earlier days for every account of the school (SchoolSize.sessionsPerUser), last used
 * within the last 30 days. Their tokens are random: nobody can use them, as nobody could use
 * another device's.
 */
async function seedSessions({ db, size, tag, counts }: Run): Promise<void> {
  const { rows } = await db.execute<{ n: number }>(sql`
    with added as (
      insert into auth_tokens (user_id, token_hash, created_at, last_used_at)
      select u.id, encode(sha256(convert_to(random()::text || clock_timestamp()::text || u.id || '.' || k, 'UTF8')), 'hex'),
        now() - make_interval(days => 30 + (u.id + k) % 60), now() - make_interval(mins => (u.id * 7 + k * 613) % (29 * 24 * 60))
      from users u, generate_series(1, ${size.sessionsPerUser!}) as k
      where starts_with(lower(u.username), ${tag.toLowerCase()})
      returning 1
    )
    select count(*)::int as n from added`);
  counts.sessions = Number(rows[0]?.n ?? 0);
}

/** A small pool of real files: the material and submission rows share them. */
async function seedFilePool(run: Run, files: FileService): Promise<{ materialFiles: number[]; submissionFiles: number[] }> {
  const poolIds: number[] = [];
  for (let i = 0; i < run.size.filePool; i++) {
    const name = i % 2 === 0 ? `Modul ${pick(TOPICS, i)} ${i + 1}.pdf` : `Jawaban Tugas ${i + 1}.pdf`;
    const received = await files.receiveBuffer(name, 'application/pdf', demoPdf(name));
    poolIds.push(await files.record(run.db, received));
  }
  run.counts.stored_files = poolIds.length;
  return {
    materialFiles: poolIds.filter((_, i) => i % 2 === 0),
    submissionFiles: poolIds.filter((_, i) => i % 2 === 1 || poolIds.length === 1),
  };
}

/** Rombels: 18 per grade for the large school; names that already exist (the reference rombels) are reused. */
async function seedRombels({ db, size, tag, counts }: Run): Promise<Rombels> {
  const perGrade = Math.ceil(size.rombels / 3);
  const rombelNames = Array.from({ length: size.rombels }, (_, r) => {
    const grade = 10 + Math.floor(r / perGrade);
    return { name: `${tag}${ROMAN[grade]} TKJ ${(r % perGrade) + 1}`, grade };
  });
  const known = (await db.execute(
    sql`select id, name from rombel_classes where name = any(${sql.param(rombelNames.map((r) => r.name))}::text[])`,
  )) as unknown as {
    rows: Array<{ id: number; name: string }>;
  };
  const idByName = new Map(known.rows.map((r) => [r.name, Number(r.id)]));
  const missing = rombelNames.filter((r) => !idByName.has(r.name));
  const newIds = await insertRows(
    db,
    'rombel_classes',
    [
      ['department_id', 'int', missing.map(() => 1)],
      ['name', 'text', missing.map((r) => r.name)],
      ['grade', 'smallint', missing.map((r) => r.grade)],
    ],
    true,
  );
  missing.forEach((r, i) => idByName.set(r.name, newIds[i]!));
  const rombelIds = rombelNames.map((r) => idByName.get(r.name)!);
  counts.rombels = rombelIds.length;
  return { rombelNames, rombelIds };
}

/** Users: the admin, the teachers, the students (with their teacher/student rows). */
async function seedPeople(
  { db, size, counts }: Run,
  uname: { admin: string; teacher: (t: number) => string; student: (s: number) => string },
  rombelIds: number[],
): Promise<{ teacherIds: number[]; studentsOf: number[][] }> {
  const [adminHash, teacherHash, studentHash] = await Promise.all(
    [LARGE_PASSWORDS.admin, LARGE_PASSWORDS.teacher, LARGE_PASSWORDS.student].map((p) => hashPassword(p)),
  );
  const people: Array<{ role: number; username: string; name: string; hash: string; gender: string }> = [
    { role: ROLE_IDS.admin, username: uname.admin, name: 'Admin Sekolah', hash: adminHash!, gender: 'L' },
  ];
  for (let t = 0; t < size.teachers; t++) {
    people.push({
      role: ROLE_IDS.teacher,
      username: uname.teacher(t),
      name: `${pick(FIRST, t, 1)} ${pick(LAST, t, 2)}`,
      hash: teacherHash!,
      gender: rand(t, 3) < 0.5 ? 'L' : 'P',
    });
  }
  for (let s = 0; s < size.students; s++) {
    people.push({
      role: ROLE_IDS.student,
      username: uname.student(s),
      name: `${pick(FIRST, s, 4)} ${pick(LAST, s, 5)}`,
      hash: studentHash!,
      gender: rand(s, 6) < 0.5 ? 'L' : 'P',
    });
  }
  const userIds = await insertRows(
    db,
    'users',
    [
      ['role_id', 'smallint', people.map((p) => p.role)],
      ['name', 'text', people.map((p) => p.name)],
      ['username', 'text', people.map((p) => p.username)],
      ['email', 'text', people.map((p) => `${p.username}@sekolah.kelasku.sch.id`)],
      ['password_hash', 'text', people.map((p) => p.hash)],
      ['gender', 'text', people.map((p) => p.gender)],
      ['religion', 'text', people.map(() => 'Islam')],
      [
        'birthday',
        'date',
        people.map((p, i) =>
          p.role === ROLE_IDS.student ? `2008-${pad((i % 12) + 1, 2)}-${pad((i % 28) + 1, 2)}` : `198${i % 10}-0${(i % 9) + 1}-15`,
        ),
      ],
      ['address', 'text', people.map((_, i) => `Jl. Pendidikan No. ${(i % 200) + 1}, Yogyakarta`)],
    ],
    true,
  );
  const teacherIds = userIds.slice(1, 1 + size.teachers);
  const studentIds = userIds.slice(1 + size.teachers);
  counts.users = userIds.length;
  counts.teachers = teacherIds.length;
  counts.students = studentIds.length;
  await insertRows(db, 'teachers', [
    ['user_id', 'int', teacherIds],
    ['nip', 'text', teacherIds.map((_, t) => `19800101200501${pad(t, 4)}`)],
    ['nik', 'text', teacherIds.map((_, t) => `347101010180${pad(t, 4)}`)],
  ]);
  const sizes = rombelSizes(size);
  const studentsOf: number[][] = rombelIds.map(() => []);
  const rombelOfStudent: number[] = [];
  for (let r = 0, s = 0; r < sizes.length; r++) {
    for (let k = 0; k < sizes[r]!; k++, s++) {
      studentsOf[r]!.push(studentIds[s]!);
      rombelOfStudent.push(rombelIds[r]!);
    }
  }
  await insertRows(db, 'students', [
    ['user_id', 'int', studentIds],
    ['rombel_class_id', 'int', rombelOfStudent],
    ['nis', 'text', studentIds.map((_, s) => pad(230000 + s, 7))],
    // NISN is unique in the school: from the user id, so a second seeding into one database never repeats one.
    ['nisn', 'text', studentIds.map((id) => `9${pad(id, 9)}`)],
  ]);
  return { teacherIds, studentsOf };
}

/** Online classes: class c belongs to rombel c mod R and to teacher ⌊c·T/C⌋ (5 classes each in the large school). */
async function seedClasses({ db, size, tag, counts }: Run, { rombelNames, rombelIds }: Rombels, teacherIds: number[]): Promise<Classes> {
  const classRombel = Array.from({ length: size.classes }, (_, c) => c % size.rombels);
  const classTeacher = Array.from({ length: size.classes }, (_, c) => teacherIds[Math.floor((c * size.teachers) / size.classes)]!);
  const classIds = await insertRows(
    db,
    'online_classes',
    [
      [
        'name',
        'text',
        classRombel.map((r, c) => `${SUBJECTS[Math.floor(c / size.rombels) % SUBJECTS.length]} ${rombelNames[r]!.name.slice(tag.length)}`),
      ],
      ['description', 'text', classRombel.map((r) => `Kelas daring untuk ${rombelNames[r]!.name.slice(tag.length)}.`)],
      ['rombel_class_id', 'int', classRombel.map((r) => rombelIds[r]!)],
      ['teacher_id', 'int', classTeacher],
    ],
    true,
  );
  counts.online_classes = classIds.length;
  return { classIds, classRombel, classTeacher };
}

/** Contents, each with one material and one assignment; deadlines a week apart, the last few still ahead. */
async function seedLessons({ db, size, counts }: Run, { classIds, classTeacher }: Classes, materialFiles: number[]): Promise<Work> {
  const now = Date.now();
  const content = { klass: [] as number[], index: [] as number[], title: [] as string[] };
  classIds.forEach((id, c) => {
    for (let k = 0; k < size.lessonsPerClass; k++) {
      content.klass.push(c);
      content.index.push(k);
      content.title.push(`Pertemuan ${k + 1}: ${pick(TOPICS, c, k)}`);
    }
  });
  const lessonIds = await insertRows(
    db,
    'contents',
    [
      ['online_class_id', 'int', content.klass.map((c) => classIds[c]!)],
      ['number', 'int', content.index.map((k) => k + 1)],
      ['position', 'int', content.index.map((k) => k + 1)],
      ['title', 'text', content.title],
      ['description', 'text', content.title.map((t) => `Materi dan tugas untuk ${t.toLowerCase()}.`)],
    ],
    true,
  );
  counts.lessons = lessonIds.length;
  await insertRows(db, 'materials', [
    ['content_id', 'int', lessonIds],
    ['title', 'text', content.title.map((t) => `Modul ${t}`)],
    ['file_id', 'int', lessonIds.map((_, i) => materialFiles[i % materialFiles.length]!)],
  ]);
  counts.materials = lessonIds.length;
  const past = size.lessonsPerClass - size.upcomingPerClass;
  const deadlines = content.index.map((k, i) => new Date(now + (k - past + 1) * WEEK - (content.klass[i]! % 24) * HOUR - 2 * HOUR));
  const assignmentIds = await insertRows(
    db,
    'assignments',
    [
      ['content_id', 'int', lessonIds],
      ['online_class_id', 'int', content.klass.map((c) => classIds[c]!)],
      ['author_id', 'int', content.klass.map((c) => classTeacher[c]!)],
      ['title', 'text', content.title.map((t) => `Tugas ${t.replace(/^Pertemuan \d+: /, '')}`)],
      ['description', 'text', content.title.map(() => 'Kerjakan soal pada modul dan kumpulkan jawabanmu dalam bentuk PDF.')],
      ['deadline', 'timestamptz', deadlines.map((d) => d.toISOString())],
    ],
    true,
  );
  counts.assignments = assignmentIds.length;
  return { now, content, lessonIds, assignmentIds, deadlines, past };
}

/** Submissions: almost everyone hands in past work (a few late), most of it graded; fewer for what is still open. */
async function seedSubmissions(
  { db, counts }: Run,
  { classRombel }: Classes,
  studentsOf: number[][],
  { now, content, assignmentIds, deadlines, past }: Work,
  submissionFiles: number[],
): Promise<void> {
  const sub = {
    a: [] as number[],
    s: [] as number[],
    f: [] as number[],
    at: [] as string[],
    score: [] as Array<number | null>,
    gradedAt: [] as Array<string | null>,
  };
  let written = 0;
  const flush = async (force: boolean) => {
    if (sub.a.length === 0 || (!force && sub.a.length < BATCH)) return;
    const ids = await insertRows(
      db,
      'submissions',
      [
        ['assignment_id', 'int', sub.a],
        ['student_id', 'int', sub.s],
        ['submitted_at', 'timestamptz', sub.at],
        ['score', 'smallint', sub.score],
        ['graded_at', 'timestamptz', sub.gradedAt],
      ],
      true,
    );
    // One file each, the first of version 1.
    await insertRows(db, 'submission_files', [
      ['submission_id', 'int', ids],
      ['version', 'int', ids.map(() => 1)],
      ['file_id', 'int', sub.f],
      ['position', 'smallint', ids.map(() => 0)],
    ]);
    written += sub.a.length;
    for (const list of Object.values(sub)) list.length = 0;
  };
  for (let i = 0; i < assignmentIds.length; i++) {
    const open = content.index[i]! >= past;
    const deadline = deadlines[i]!.getTime();
    const members = studentsOf[classRombel[content.klass[i]!]!]!;
    for (let m = 0; m < members.length; m++) {
      const r = rand(i, m, 7);
      if (r >= (open ? 0.7 : 0.97)) continue;
      const late = !open && r > 0.9;
      const at = open
        ? Math.min(now - HOUR, deadline - 3 * 24 * HOUR) - r * 24 * HOUR
        : deadline + (late ? 1 : -1) * (1 + 48 * rand(i, m, 8)) * HOUR;
      const graded = rand(i, m, 9) < (open ? 0.3 : 0.8);
      sub.a.push(assignmentIds[i]!);
      sub.s.push(members[m]!);
      sub.f.push(submissionFiles[(i + m) % submissionFiles.length]!);
      sub.at.push(new Date(at).toISOString());
      sub.score.push(graded ? 55 + Math.floor(rand(i, m, 10) * 46) : null);
      sub.gradedAt.push(graded ? new Date(Math.min(now, at + 2 * 24 * HOUR)).toISOString() : null);
    }
    await flush(false);
  }
  await flush(true);
  counts.submissions = written;
}

/** Forums on each class's first contents; the first holds the class's comments (a fifth of them replies). */
async function seedForums(
  { db, size, counts }: Run,
  { classIds, classRombel, classTeacher }: Classes,
  studentsOf: number[][],
  { now, lessonIds }: Work,
): Promise<void> {
  const forum = { content: [] as number[], author: [] as number[], topic: [] as string[] };
  classIds.forEach((_, c) => {
    for (let f = 0; f < Math.min(size.forumsPerClass, size.lessonsPerClass); f++) {
      forum.content.push(lessonIds[c * size.lessonsPerClass + f]!);
      forum.author.push(classTeacher[c]!);
      forum.topic.push(`Diskusi ${pick(TOPICS, c, f, 11)}`);
    }
  });
  const forumIds = await insertRows(
    db,
    'forums',
    [
      ['content_id', 'int', forum.content],
      ['author_id', 'int', forum.author],
      ['topic', 'text', forum.topic],
      ['description', 'text', forum.topic.map(() => 'Silakan sampaikan pendapat dan pertanyaanmu di sini.')],
    ],
    true,
  );
  counts.forums = forumIds.length;
  const threads = forumIds.filter((_, i) => i % Math.max(1, Math.min(size.forumsPerClass, size.lessonsPerClass)) === 0);
  const top = { forum: [] as number[], author: [] as number[], body: [] as string[], at: [] as string[] };
  const replies: Array<{ forum: number; author: number; body: string; at: string; parentIndex: number }> = [];
  threads.forEach((forumId, c) => {
    const members = studentsOf[classRombel[c]!]!;
    const firstTop = top.forum.length;
    for (let n = 0; n < size.commentsPerClass; n++) {
      const byTeacher = rand(c, n, 12) < 0.1 || members.length === 0;
      const author = byTeacher ? classTeacher[c]! : members[Math.floor(rand(c, n, 13) * members.length)]!;
      const body = pick(COMMENTS, c, n, 14);
      const at = new Date(now - (size.commentsPerClass - n) * HOUR).toISOString();
      if (n % 5 === 4 && top.forum.length > firstTop) {
        replies.push({
          forum: forumId,
          author,
          body,
          at,
          parentIndex: firstTop + Math.floor(rand(c, n, 15) * (top.forum.length - firstTop)),
        });
      } else {
        top.forum.push(forumId);
        top.author.push(author);
        top.body.push(body);
        top.at.push(at);
      }
    }
  });
  const topIds = await insertRows(
    db,
    'comments',
    [
      ['forum_id', 'int', top.forum],
      ['author_id', 'int', top.author],
      ['body', 'text', top.body],
      ['created_at', 'timestamptz', top.at],
    ],
    true,
  );
  await insertRows(db, 'comments', [
    ['forum_id', 'int', replies.map((r) => r.forum)],
    ['parent_id', 'int', replies.map((r) => topIds[r.parentIndex]!)],
    ['author_id', 'int', replies.map((r) => r.author)],
    ['body', 'text', replies.map((r) => r.body)],
    ['created_at', 'timestamptz', replies.map((r) => r.at)],
  ]);
  counts.comments = topIds.length + replies.length;
}

// ------------------------------------------------------------------ Kelas Perwalian (issue 40)

interface SchoolSoFar {
  rombels: Rombels;
  people: { teacherIds: number[]; studentsOf: number[][] };
  classes: Classes;
  pool: { materialFiles: number[]; submissionFiles: number[] };
}

/** A wali kelas (index into the teachers) and their rombel (index into the rombels): its classes (ids), their teachers (user ids) and subjects (into HOMEROOM_SUBJECTS). */
interface Homeroom {
  teacher: number;
  rombel: number;
  classes: Array<{ id: number; teacher: number; subject: number; added: boolean }>;
}

/**
 * Which rombel each of the first `homerooms` teachers is wali kelas of: the first rombel they teach
 * with the fewest students (36 in the large school), never the school's first rombel (whose student
 * and classes the single-endpoint benchmarks read) nor one taken already.
 */
function homeroomPlan(size: SchoolSize): Array<{ teacher: number; rombel: number }> {
  const sizes = rombelSizes(size);
  const smallest = Math.min(...sizes);
  const taken = new Set<number>();
  const plan: Array<{ teacher: number; rombel: number }> = [];
  for (let t = 0; t < Math.min(size.homerooms ?? 0, size.teachers); t++) {
    const mine: number[] = [];
    for (let c = 0; c < size.classes; c++) {
      const r = c % size.rombels;
      if (Math.floor((c * size.teachers) / size.classes) === t && r !== 0 && !taken.has(r) && !mine.includes(r)) mine.push(r);
    }
    const r = mine.find((x) => sizes[x] === smallest) ?? mine[0];
    if (r === undefined) continue;
    taken.add(r);
    plan.push({ teacher: t, rombel: r });
  }
  return plan;
}

/** The wali kelas, their rombels' subjects, classes, teaching assignments, meetings, parents and izin requests. */
async function seedHomerooms(run: Run, school: SchoolSoFar): Promise<void> {
  const { db, counts } = run;
  const active = (await db.execute(sql`select id from semesters where active limit 1`)) as unknown as { rows: Array<{ id: number }> };
  const semesterId = active.rows[0]?.id;
  if (semesterId === undefined) return;
  const subjectIds = await seedSubjects(db);
  const homerooms = await seedHomeroomClasses(run, school);
  const { rombelIds } = school.rombels;
  const { teacherIds } = school.people;
  const all = homerooms.flatMap((h) => h.classes.map((c) => ({ ...c, rombel: h.rombel })));
  const taIds = await insertRows(
    db,
    'teaching_assignments',
    [
      ['semester_id', 'int', all.map(() => semesterId)],
      ['rombel_class_id', 'int', all.map((c) => rombelIds[c.rombel]!)],
      ['subject_id', 'int', all.map((c) => subjectIds[c.subject]!)],
      ['hours_per_week', 'smallint', all.map((c) => 2 + (c.subject % 3))],
      ['online_class_id', 'int', all.map((c) => c.id)],
    ],
    true,
  );
  await insertRows(db, 'teaching_assignment_teachers', [
    ['assignment_id', 'int', taIds],
    ['teacher_id', 'int', all.map((c) => c.teacher)],
    ['position', 'smallint', all.map(() => 0)],
  ]);
  counts.teaching_assignments = taIds.length;
  await insertRows(db, 'homerooms', [
    ['semester_id', 'int', homerooms.map(() => semesterId)],
    ['rombel_class_id', 'int', homerooms.map((h) => rombelIds[h.rombel]!)],
    ['teacher_id', 'int', homerooms.map((h) => teacherIds[h.teacher]!)],
  ]);
  counts.homerooms = homerooms.length;
  // Each class's grade scheme, copied from the school's default as a first read of it would.
  const classIds = sql.param(all.map((c) => c.id));
  await db.execute(sql`insert into grade_categories (online_class_id, name, weight, drop_lowest, missing_counts_zero, erapor_part, position)
    select c, d.name, d.weight, d.drop_lowest, d.missing_counts_zero, d.erapor_part, d.position
    from unnest(${classIds}::int[]) as c cross join grade_category_defaults d`);
  await db.execute(sql`insert into class_grade_settings (online_class_id) select unnest(${classIds}::int[])`);
  await seedMeetings(run, homerooms, school.people.studentsOf);
  await seedParents(run, homerooms.map((h) => school.people.studentsOf[h.rombel]!).flat());
  await seedLeaveRequests(
    run,
    semesterId,
    homerooms.map((h) => ({ rombelId: rombelIds[h.rombel]!, students: school.people.studentsOf[h.rombel]! })),
  );
}

/** The 15 subjects of a wali kelas's rombel; ones of the same name already there (the demo's, another tag's) are used. Ids in HOMEROOM_SUBJECTS order. */
async function seedSubjects(db: Db): Promise<number[]> {
  const group = (i: number) => (i < 6 ? 'kejuruan' : HOMEROOM_SUBJECTS[i] === 'Bahasa Jawa' ? 'mulok' : 'umum');
  await db.execute(sql`insert into subjects (code, name, group_kind)
    select * from unnest(${sql.param(HOMEROOM_SUBJECTS.map((_, i) => `MP${pad(i + 1, 2)}`))}::text[],
      ${sql.param(HOMEROOM_SUBJECTS)}::text[], ${sql.param(HOMEROOM_SUBJECTS.map((_, i) => group(i)))}::text[])
    on conflict do nothing`);
  const found = (await db.execute(
    sql`select id, lower(name) as name from subjects where lower(name) = any(${sql.param(HOMEROOM_SUBJECTS.map((n) => n.toLowerCase()))}::text[])`,
  )) as unknown as { rows: Array<{ id: number; name: string }> };
  const idOf = new Map(found.rows.map((r) => [r.name, Number(r.id)]));
  return HOMEROOM_SUBJECTS.map((n) => {
    const id = idOf.get(n.toLowerCase());
    if (id === undefined) throw new Error(`subject ${n} could not be made (its code is taken?)`);
    return id;
  });
}

/**
 * Each wali kelas's rombel: its seeded classes (one per subject) and new classes of the subjects it
 * lacks, up to 15, taught by the last teachers in turn, with contents, work and hand-ins like every class.
 */
async function seedHomeroomClasses(run: Run, { rombels, people, classes, pool }: SchoolSoFar): Promise<Homeroom[]> {
  const { size, tag, counts } = run;
  const homerooms: Homeroom[] = [];
  const added = { rombel: [] as number[], teacher: [] as number[], subject: [] as number[] };
  for (const { teacher, rombel } of homeroomPlan(size)) {
    const h: Homeroom = { teacher, rombel, classes: [] };
    for (let c = 0; c < size.classes; c++) {
      const subject = Math.floor(c / size.rombels) % SUBJECTS.length;
      if (c % size.rombels === rombel && !h.classes.some((x) => x.subject === subject))
        h.classes.push({ id: classes.classIds[c]!, teacher: classes.classTeacher[c]!, subject, added: false });
    }
    const lacking = HOMEROOM_SUBJECTS.map((_, subject) => subject).filter((subject) => !h.classes.some((x) => x.subject === subject));
    for (const subject of lacking.slice(0, HOMEROOM_SUBJECTS.length - h.classes.length)) {
      added.rombel.push(rombel);
      added.subject.push(subject);
      added.teacher.push(people.teacherIds[size.teachers - 1 - (added.teacher.length % size.teachers)]!);
    }
    homerooms.push(h);
  }
  const names = added.rombel.map((r) => rombels.rombelNames[r]!.name.slice(tag.length));
  const ids = await insertRows(
    run.db,
    'online_classes',
    [
      ['name', 'text', added.subject.map((s, i) => `${HOMEROOM_SUBJECTS[s]} ${names[i]}`)],
      ['description', 'text', names.map((n) => `Kelas daring untuk ${n}.`)],
      ['rombel_class_id', 'int', added.rombel.map((r) => rombels.rombelIds[r]!)],
      ['teacher_id', 'int', added.teacher],
    ],
    true,
  );
  ids.forEach((id, i) =>
    homerooms
      .find((h) => h.rombel === added.rombel[i])!
      .classes.push({ id, teacher: added.teacher[i]!, subject: added.subject[i]!, added: true }),
  );
  // Their contents, materials, work and hand-ins, by the steps every class went through.
  const more: Classes = { classIds: ids, classRombel: added.rombel, classTeacher: added.teacher };
  const part: Run = { ...run, counts: {} };
  const work = await seedLessons(part, more, pool.materialFiles);
  await seedSubmissions(part, more, people.studentsOf, work, pool.submissionFiles);
  counts.online_classes = (counts.online_classes ?? 0) + ids.length;
  for (const [k, v] of Object.entries(part.counts)) counts[k] = (counts[k] ?? 0) + v;
  return homerooms;
}

const WIB = 7 * HOUR;
const PERIOD_MINUTES = 45;

/**
 * This month's meetings (WIB) of each wali kelas's rombel: on school days before today each class
 * meets twice a week (two periods, from 07:00); today the added classes meet. Every student has a
 * mark in each meeting that has begun: mostly hadir, a few terlambat, sakit, izin and alpa, and
 * one student in twelve often alpa (at risk).
 */
async function seedMeetings({ db, counts }: Run, homerooms: Homeroom[], studentsOf: number[][]): Promise<void> {
  const now = Date.now();
  const today = new Date(now + WIB).toISOString().slice(0, 10);
  const m = { klass: [] as number[], teacher: [] as number[], date: [] as string[], from: [] as number[], starts: [] as number[] };
  for (let d = 1; d <= Number(today.slice(8, 10)); d++) {
    const date = `${today.slice(0, 8)}${pad(d, 2)}`;
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    for (const h of homerooms) {
      const meeting =
        date === today
          ? h.classes.filter((c) => c.added)
          : weekday >= 1 && weekday <= 5
            ? h.classes.filter((_, k) => k % 5 === weekday - 1 || (k + 2) % 5 === weekday - 1)
            : [];
      meeting.forEach((c, j) => {
        m.klass.push(c.id);
        m.teacher.push(c.teacher);
        m.date.push(date);
        m.from.push(1 + 2 * j);
        m.starts.push(new Date(`${date}T07:00:00+07:00`).getTime() + 2 * j * PERIOD_MINUTES * 60_000);
      });
    }
  }
  const taken = m.starts.map((s) => (s <= now ? new Date(Math.min(now, s + 10 * 60_000)).toISOString() : null));
  const ids = await insertRows(
    db,
    'meetings',
    [
      ['online_class_id', 'int', m.klass],
      ['date', 'date', m.date],
      ['period_from', 'smallint', m.from],
      ['period_to', 'smallint', m.from.map((p) => p + 1)],
      ['starts_at', 'timestamptz', m.starts.map((s) => new Date(s).toISOString())],
      ['ends_at', 'timestamptz', m.starts.map((s) => new Date(s + 2 * PERIOD_MINUTES * 60_000).toISOString())],
      ['source', 'text', m.klass.map(() => 'extra')],
      ['topic', 'text', m.klass.map((_, i) => pick(TOPICS, i, 16))],
      ['attendance_taken_at', 'timestamptz', taken],
      ['created_by', 'int', m.teacher],
    ],
    true,
  );
  counts.meetings = ids.length;
  const a = { meeting: [] as number[], student: [] as number[], status: [] as string[], by: [] as number[], at: [] as string[] };
  const rombelOfClass = new Map(homerooms.flatMap((h) => h.classes.map((c) => [c.id, h.rombel] as const)));
  ids.forEach((id, i) => {
    if (!taken[i]) return;
    studentsOf[rombelOfClass.get(m.klass[i]!)!]!.forEach((student, s) => {
      const x = rand(i, s, 17);
      const status = s % 12 === 5 && x < 0.25 ? 'A' : x < 0.02 ? 'A' : x < 0.05 ? 'T' : x < 0.07 ? 'S' : x < 0.09 ? 'I' : 'H';
      a.meeting.push(id);
      a.student.push(student);
      a.status.push(status);
      a.by.push(m.teacher[i]!);
      a.at.push(taken[i]!);
    });
  });
  await insertRows(db, 'attendance', [
    ['meeting_id', 'int', a.meeting],
    ['student_id', 'int', a.student],
    ['status', 'text', a.status],
    ['source', 'text', a.meeting.map(() => 'teacher')],
    ['recorded_by', 'int', a.by],
    ['recorded_at', 'timestamptz', a.at],
  ]);
  counts.attendance = a.meeting.length;
}

/** A parent (ibu or ayah, with a phone number) for each of the students, as the user import makes them. */
async function seedParents({ db, tag, counts }: Run, studentIds: number[]): Promise<void> {
  const hash = await hashPassword(LARGE_PASSWORDS.parent);
  const username = (p: number) => `${tag}ortu${pad(p + 1, 4)}`;
  const parentIds = await insertRows(
    db,
    'users',
    [
      ['role_id', 'smallint', studentIds.map(() => ROLE_IDS.parent)],
      ['name', 'text', studentIds.map((_, p) => `${pick(FIRST, p, 18)} ${pick(LAST, p, 19)}`)],
      ['username', 'text', studentIds.map((_, p) => username(p))],
      ['email', 'text', studentIds.map((_, p) => `${username(p)}@ortu.kelasku.sch.id`)],
      ['password_hash', 'text', studentIds.map(() => hash)],
      ['gender', 'text', studentIds.map((_, p) => (p % 2 === 0 ? 'P' : 'L'))],
      ['telpon', 'text', studentIds.map((_, p) => `0812-${pad(3000 + Math.floor(p / 10000), 4)}-${pad(p % 10000, 4)}`)],
    ],
    true,
  );
  const now = new Date().toISOString();
  await insertRows(db, 'parents', [
    ['user_id', 'int', parentIds],
    ['privacy_accepted_at', 'timestamptz', parentIds.map(() => now)],
  ]);
  await insertRows(db, 'parent_links', [
    ['parent_id', 'int', parentIds],
    ['student_id', 'int', studentIds],
    ['relation', 'text', parentIds.map((_, p) => (p % 2 === 0 ? 'ibu' : 'ayah'))],
    ['source', 'text', parentIds.map(() => 'import')],
  ]);
  counts.users = (counts.users ?? 0) + parentIds.length;
  counts.parents = parentIds.length;
}

/** Two izin requests waiting in each wali kelas's rombel: sakit today, izin tomorrow (WIB). */
async function seedLeaveRequests({ db, counts }: Run, semesterId: number, rombels: Array<{ rombelId: number; students: number[] }>) {
  const day = (n: number) => new Date(Date.now() + WIB + n * 24 * HOUR).toISOString().slice(0, 10);
  const rows = rombels.flatMap((r) =>
    [
      { student: r.students[1], kind: 'S', on: day(0), reason: 'Demam sejak semalam, surat dokter menyusul.' },
      { student: r.students[2], kind: 'I', on: day(1), reason: 'Menghadiri pernikahan kakak di Klaten.' },
    ]
      .filter((x) => x.student !== undefined)
      .map((x) => ({ ...x, rombelId: r.rombelId })),
  );
  await insertRows(db, 'leave_requests', [
    ['student_id', 'int', rows.map((r) => r.student)],
    ['semester_id', 'int', rows.map(() => semesterId)],
    ['rombel_class_id', 'int', rows.map((r) => r.rombelId)],
    ['kind', 'text', rows.map((r) => r.kind)],
    ['starts_on', 'date', rows.map((r) => r.on)],
    ['ends_on', 'date', rows.map((r) => r.on)],
    ['reason', 'text', rows.map((r) => r.reason)],
    ['requested_by', 'int', rows.map((r) => r.student)],
  ]);
  counts.leave_requests = rows.length;
}

/** Where the migrations are: next to the sources (src/db) or copied next to the bundle (dist). */
function findMigrations(): string | undefined {
  const here = import.meta.dirname;
  return [path.resolve(here, '../migrations'), path.resolve(here, '../../migrations')].find((p) => fs.existsSync(path.join(p, 'meta')));
}

async function main() {
  process.env.KELASKU_MIGRATIONS ??= findMigrations();
  const config = loadConfig();
  const where = config.databaseUrl
    ? `PostgreSQL (${new URL(config.databaseUrl).pathname.slice(1)})`
    : `database tertanam di ${config.dataDir}`;
  console.log(`Mengisi sekolah besar ke ${where} …`);
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const storage = await storageFromConfig(config);
    const files = await FileService.create(database.db, storage, { urlTtl: config.fileUrlTtl });
    const result = await seedSchool(database.db, files, LARGE_SCHOOL, { log: (l) => console.log(`  ${l}`) });
    const total = (performance.now() - started) / 1000;
    if (result.skipped) {
      console.log(`Sekolah besar sudah ada (guru ${result.accounts.teacher} ditemukan); tidak ada yang diubah.`);
      return;
    }
    console.log('Dibuat:');
    for (const [k, v] of Object.entries(result.counts)) console.log(`  ${k.padEnd(20)} ${v.toLocaleString('en-US')}`);
    console.log(
      `Akun: ${result.accounts.admin} / ${LARGE_PASSWORDS.admin}, ${result.accounts.teacher}…guru${pad(LARGE_SCHOOL.teachers, 3)} / ${LARGE_PASSWORDS.teacher}, ` +
        `${result.accounts.student}…siswa${pad(LARGE_SCHOOL.students, 4)} / ${LARGE_PASSWORDS.student}` +
        (result.counts.parents ? `, ortu0001…ortu${pad(result.counts.parents, 4)} / ${LARGE_PASSWORDS.parent}` : ''),
    );
    console.log(`Selesai dalam ${total.toFixed(1)} s (data ${result.seconds.toFixed(1)} s).`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(`seed:large gagal: ${(err as Error).stack ?? err}`);
    process.exit(1);
  });
}
