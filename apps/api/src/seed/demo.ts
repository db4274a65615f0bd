import { count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import {
  announcements,
  assignments,
  comments,
  departments,
  forums,
  materials,
  motivationalWords,
  onlineClasses,
  rombelClasses,
  semesters,
  students,
  teachers,
  users,
} from '../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { insertLesson } from '../features/lessons/queries.js';
import { classOfContent } from '../features/lessons/queries.js';
import { seedSchoolYear } from './school-year.js';
import { seedAttendance } from './attendance.js';
import { seedReportGrades } from './report-grades.js';
import { DEMO_PARENT, seedParents } from './parents.js';
import { seedExams } from './exams.js';
import type { FileService } from '../files/service.js';
import { ROLE_IDS } from '@kelasku/contract';

export const DEMO_ACCOUNTS = [
  { role: 'Admin', username: 'admin', password: 'admin123' },
  { role: 'Guru', username: 'guru', password: 'guru123' },
  { role: 'Siswa', username: 'siswa', password: 'siswa123' },
  { role: 'Ortu', username: 'orangtua', password: 'orangtua123' },
] as const;

/** Departments and the six rombels of SPEC §3; every database gets them (migrations make the schema, this the reference data). */
export async function seedReferenceData(db: Db): Promise<void> {
  const [{ n }] = (await db.select({ n: count() }).from(departments)) as [{ n: number }];
  if (n > 0) return;
  await db.insert(departments).values([
    { id: 1, code: 'TKJ', shortName: 'TKJ', name: 'Teknik Komputer dan Jaringan', enabled: true },
    { id: 2, code: 'RPL', shortName: 'RPL', name: 'Rekayasa Perangkat Lunak', enabled: false },
    { id: 3, code: 'MM', shortName: 'MM', name: 'Multimedia', enabled: false },
    { id: 4, code: 'AKL', shortName: 'AKL', name: 'Akuntansi dan Keuangan Lembaga', enabled: false },
  ]);
  await db.insert(rombelClasses).values([
    { id: 1, departmentId: 1, name: 'X TKJ 1', grade: 10 },
    { id: 2, departmentId: 1, name: 'X TKJ 2', grade: 10 },
    { id: 3, departmentId: 1, name: 'XI TKJ 1', grade: 11 },
    { id: 4, departmentId: 1, name: 'XI TKJ 2', grade: 11 },
    { id: 5, departmentId: 1, name: 'XII TKJ 1', grade: 12 },
    { id: 6, departmentId: 1, name: 'XII TKJ 2', grade: 12 },
  ]);
  // Explicit ids were used: move the sequences past them.
  await db.execute(sql.raw(`select setval('departments_id_seq', (select max(id) from departments))`));
  await db.execute(sql.raw(`select setval('rombel_classes_id_seq', (select max(id) from rombel_classes))`));
}

/** A tiny valid PDF, so the demo material opens in the browser. */
export function demoPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const days = (n: number) => new Date(Date.now() + n * 24 * 3600 * 1000);

const DEMO_PEOPLE = [
  { roleId: ROLE_IDS.admin, name: 'Administrator Sekolah', username: 'admin', email: 'admin@kelasku.sch.id', gender: 'L', pw: 'admin123' },
  { roleId: ROLE_IDS.teacher, name: 'Budi Santoso', username: 'guru', email: 'budi.santoso@kelasku.sch.id', gender: 'L', pw: 'guru123' },
  {
    roleId: ROLE_IDS.teacher,
    name: 'Sri Wahyuningsih',
    username: 'guru2',
    email: 'sri.wahyuningsih@kelasku.sch.id',
    gender: 'P',
    pw: 'guru123',
  },
  { roleId: ROLE_IDS.student, name: 'Andi Pratama', username: 'siswa', email: 'andi.pratama@kelasku.sch.id', gender: 'L', pw: 'siswa123' },
  { roleId: ROLE_IDS.student, name: 'Dewi Lestari', username: 'dewi', email: 'dewi.lestari@kelasku.sch.id', gender: 'P', pw: 'siswa123' },
  {
    roleId: ROLE_IDS.student,
    name: 'Rizky Ramadhan',
    username: 'rizky',
    email: 'rizky.ramadhan@kelasku.sch.id',
    gender: 'L',
    pw: 'siswa123',
  },
  {
    roleId: ROLE_IDS.student,
    name: 'Putri Maharani',
    username: 'putri',
    email: 'putri.maharani@kelasku.sch.id',
    gender: 'P',
    pw: 'siswa123',
  },
  {
    roleId: ROLE_IDS.student,
    name: 'Fajar Nugroho',
    username: 'fajar',
    email: 'fajar.nugroho@kelasku.sch.id',
    gender: 'L',
    pw: 'siswa123',
  },
];

type ReceivedPdf = Awaited<ReturnType<FileService['receiveBuffer']>>;
/** The demo users' ids by username. */
type Ids = Record<string, number>;
/** The four demo contents (Pembelajaran): two of Komputer dan Jaringan Dasar, Sistem Komputer's, Pemrograman Dasar's. */
type Lessons = [number, number, number, number];

/** The demo school of DECISIONS.md. Runs only on a database without users. Returns false when it did nothing. */
export async function seedDemo(db: Db, files: FileService): Promise<boolean> {
  await seedReferenceData(db);
  const [{ n }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
  if (n > 0) return false;

  const pw = Object.fromEntries(
    await Promise.all(['admin123', 'guru123', 'siswa123', DEMO_PARENT.password].map(async (p) => [p, await hashPassword(p)] as const)),
  );
  const pdfs = await Promise.all(
    ['Pengenalan Jaringan Komputer', 'Topologi Jaringan', 'Perakitan Komputer'].map(async (t) =>
      files.receiveBuffer(`${t}.pdf`, 'application/pdf', demoPdf(t)),
    ),
  );

  const letters = await Promise.all(
    ['Surat Keterangan Dokter', 'Surat Izin Orang Tua', 'Surat Dispensasi Lomba LKS'].map(async (t) =>
      files.receiveBuffer(`${t}.pdf`, 'application/pdf', demoPdf(t)),
    ),
  );

  await db.transaction(async (tx) => {
    const id = await insertPeople(tx, pw);
    const lessons = await insertClasses(tx, id, files, pdfs);
    await insertForumsAndAssignments(tx, id, lessons);
    await insertMotivationalWords(tx);
    await seedSchoolYear(tx, id, pw['guru123']!);
    const [semester] = await tx.select().from(semesters).where(eq(semesters.active, true));
    const letterIds: number[] = [];
    for (const l of letters) letterIds.push(await files.record(tx, l));
    const [sick, leave, contest] = letterIds as [number, number, number];
    if (semester) await seedAttendance(tx, semester, id, { sick, leave, contest });
    await seedReportGrades(tx, id);
    await seedParents(tx, id, pw[DEMO_PARENT.password]!);
    await seedExams(tx, id);
  });
  return true;
}

/** The users, with the teachers' NIP/NIK and the students' rombel, NIS and NISN. */
async function insertPeople(tx: Tx, pw: Record<string, string>): Promise<Ids> {
  const inserted = await tx
    .insert(users)
    .values(
      DEMO_PEOPLE.map((p, i) => ({
        roleId: p.roleId,
        name: p.name,
        username: p.username,
        email: p.email,
        gender: p.gender,
        religion: 'Islam',
        birthday: p.roleId === ROLE_IDS.student ? `2009-0${(i % 9) + 1}-1${i % 9}` : '1985-04-12',
        address: 'Jl. Pendidikan No. 1, Yogyakarta',
        passwordHash: pw[p.pw]!,
      })),
    )
    .returning({ id: users.id, username: users.username });
  const id = Object.fromEntries(inserted.map((u) => [u.username, u.id])) as Ids;
  await tx.insert(teachers).values([
    { userId: id.guru!, nip: '198504122010011001', nik: '3471011204850001' },
    { userId: id.guru2!, nip: '198709232011012002', nik: '3471012309870002' },
  ]);
  await tx.insert(students).values([
    { userId: id.siswa!, rombelClassId: 1, nis: '2324001', nisn: '0091234501' },
    { userId: id.dewi!, rombelClassId: 1, nis: '2324002', nisn: '0091234502' },
    { userId: id.rizky!, rombelClassId: 1, nis: '2324003', nisn: '0091234503' },
    { userId: id.putri!, rombelClassId: 2, nis: '2324031', nisn: '0091234531' },
    { userId: id.fajar!, rombelClassId: 2, nis: '2324032', nisn: '0091234532' },
  ]);
  return id;
}

/** Three classes with their contents, materials (the PDFs and a link) and an announcement. */
async function insertClasses(tx: Tx, id: Ids, files: FileService, pdfs: ReceivedPdf[]): Promise<Lessons> {
  const classes = await tx
    .insert(onlineClasses)
    .values([
      {
        name: 'Komputer dan Jaringan Dasar',
        description: 'Dasar-dasar jaringan komputer untuk kelas X TKJ.',
        rombelClassId: 1,
        teacherId: id.guru!,
      },
      { name: 'Sistem Komputer', description: 'Arsitektur dan perakitan komputer.', rombelClassId: 1, teacherId: id.guru! },
      { name: 'Pemrograman Dasar', description: null, rombelClassId: 2, teacherId: id.guru2! },
    ])
    .returning({ id: onlineClasses.id });
  const [kjd, sk, pd] = classes.map((c) => c.id) as [number, number, number];

  const cs = [];
  for (const c of [
    { classId: kjd, title: 'Pengenalan Jaringan Komputer', description: 'Apa itu jaringan dan mengapa kita membutuhkannya.' },
    { classId: kjd, title: 'Topologi Jaringan', description: 'Bus, star, ring dan mesh.' },
    { classId: sk, title: 'Perakitan Komputer', description: 'Komponen dan langkah merakit PC.' },
    { classId: pd, title: 'Algoritma dan Flowchart', description: null },
  ]) {
    cs.push(await insertLesson(tx, c.classId, c));
  }
  const [c1, c2, c3] = cs.map((c) => c.id) as Lessons;

  const fileIds: number[] = [];
  for (const f of pdfs) fileIds.push(await files.record(tx, f));
  await tx.insert(materials).values([
    { lessonId: c1, title: 'Modul Pengenalan Jaringan', fileId: fileIds[0]!, position: 1 },
    {
      lessonId: c1,
      title: 'Bacaan: Jaringan komputer (Wikipedia)',
      url: 'https://id.wikipedia.org/wiki/Jaringan_komputer',
      position: 2,
    },
    { lessonId: c2, title: 'Modul Topologi Jaringan', fileId: fileIds[1]!, position: 1 },
    { lessonId: c3, title: 'Modul Perakitan Komputer', fileId: fileIds[2]!, position: 1 },
  ]);
  await tx.insert(announcements).values({
    onlineClassId: kjd,
    authorId: id.guru!,
    body: 'Selamat datang di kelas Komputer dan Jaringan Dasar. Baca modul Pembelajaran 1 sebelum pertemuan pertama.',
  });
  return cs.map((c) => c.id) as Lessons;
}

/** Two forums (one with a comment and the teacher's reply) and three assignments, one past its deadline. */
async function insertForumsAndAssignments(tx: Tx, id: Ids, [c1, c2, , c4]: Lessons): Promise<void> {
  const [forum] = await tx
    .insert(forums)
    .values([
      {
        lessonId: c1,
        authorId: id.guru!,
        topic: 'Contoh jaringan di sekitar kita',
        description: 'Sebutkan satu contoh jaringan komputer yang kamu temui di rumah atau sekolah.',
      },
      { lessonId: c4, authorId: id.guru2!, topic: 'Flowchart pertama', description: 'Bagikan kesulitanmu saat membuat flowchart.' },
    ])
    .returning({ id: forums.id });
  const [first] = await tx
    .insert(comments)
    .values({ forumId: forum!.id, authorId: id.dewi!, body: 'Wi-Fi di rumah yang menghubungkan HP dan laptop.' })
    .returning({ id: comments.id });
  await tx
    .insert(comments)
    .values({ forumId: forum!.id, parentId: first!.id, authorId: id.guru!, body: 'Betul, itu contoh jaringan LAN nirkabel.' });

  await tx.insert(assignments).values([
    {
      lessonId: c1,
      onlineClassId: classOfContent(c1),
      authorId: id.guru!,
      title: 'Rangkuman Jaringan Komputer',
      description: 'Buat rangkuman 1 halaman tentang pengertian dan manfaat jaringan komputer.',
      deadline: days(7),
    },
    {
      lessonId: c2,
      onlineClassId: classOfContent(c2),
      authorId: id.guru!,
      title: 'Gambar Topologi Star',
      description: 'Gambarlah topologi star untuk lab komputer sekolah.',
      deadline: days(14),
    },
    {
      lessonId: c4,
      onlineClassId: classOfContent(c4),
      authorId: id.guru2!,
      title: 'Flowchart Menghitung Luas',
      description: 'Buat flowchart menghitung luas persegi panjang.',
      deadline: days(-2),
    },
  ]);
}

/** Three active words and one retired. */
async function insertMotivationalWords(tx: Tx): Promise<void> {
  await tx.insert(motivationalWords).values([
    {
      title: 'Belajar',
      body: 'Pendidikan adalah senjata paling ampuh yang bisa kamu gunakan untuk mengubah dunia.',
      from: 'Nelson Mandela',
    },
    {
      title: 'Usaha',
      body: 'Orang yang berhenti belajar akan menjadi pemilik masa lalu. Orang yang terus belajar akan menjadi pemilik masa depan.',
      from: 'Mario Teguh',
    },
    {
      title: 'Mimpi',
      body: 'Bermimpilah setinggi langit. Jika engkau jatuh, engkau akan jatuh di antara bintang-bintang.',
      from: 'Ir. Soekarno',
    },
    { title: 'Lama', body: 'Kata motivasi yang sudah tidak dipakai.', from: 'Arsip', active: false },
  ]);
}
