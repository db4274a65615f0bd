/**
 * Cost grows with the work, not the data: every read endpoint runs the same number of SQL
 * statements on a small school and on one ten times larger (more students per rombel, classes
 * per rombel, contents per class, comments per thread, users in the list). Both schools are made
 * by the generator of `npm run seed:large`, with smaller sizes.
 */
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedSchool, LARGE_PASSWORDS, type SchoolSize } from '../src/seed/large.js';
import {
  assignments,
  comments,
  lessons,
  forums,
  onlineClasses,
  quizAttempts,
  quizzes,
  students,
  submissionFiles,
  submissions,
  users,
} from '../src/db/schema.js';
import { useTestApp, type TestContext } from './helpers.js';
import { statementsDuring } from './admin-access.js';

const t = useTestApp();

const SMALL: SchoolSize = {
  rombels: 2,
  students: 8,
  teachers: 2,
  classes: 4,
  lessonsPerClass: 2,
  upcomingPerClass: 1,
  forumsPerClass: 1,
  commentsPerClass: 10,
  filePool: 2,
};
/** Ten times the small school along every axis a read endpoint walks. */
const LARGE: SchoolSize = {
  rombels: 2,
  students: 80,
  teachers: 20,
  classes: 40,
  lessonsPerClass: 20,
  upcomingPerClass: 10,
  forumsPerClass: 10,
  commentsPerClass: 100,
  filePool: 2,
};

interface Call {
  name: string;
  url: string;
  token: string;
  /** The answer is a list that should be longer in the larger school. */
  list?: (body: any) => unknown[];
}

async function login(t: TestContext, username: string, password: string): Promise<string> {
  const res = await t.as().post('/api/login', { username, password });
  expect(res.status, `login ${username}`).toBe(200);
  return res.body.data.token;
}

/** Builds a school and the read calls of its first teacher, a student of that teacher's first class, and its admin. */
async function schoolCalls(t: TestContext, size: SchoolSize, tag: string, words: number): Promise<Call[]> {
  const school = await seedSchool(t.db, t.app.files, size, { tag });
  for (let i = 0; i < words; i++) await t.factory.word();
  const [admin, teacher] = await Promise.all([
    login(t, school.accounts.admin, LARGE_PASSWORDS.admin),
    login(t, school.accounts.teacher, LARGE_PASSWORDS.teacher),
  ]);
  const [teacherRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, school.accounts.teacher));
  const [klass] = await t.db
    .select()
    .from(onlineClasses)
    .where(eq(onlineClasses.teacherId, teacherRow!.id))
    .orderBy(asc(onlineClasses.id))
    .limit(1);
  const [content] = await t.db.select().from(lessons).where(eq(lessons.onlineClassId, klass!.id)).orderBy(asc(lessons.id)).limit(1);
  const [forum] = await t.db
    .select({ id: forums.id, n: sql<number>`(select count(*)::int from ${comments} where ${comments.forumId} = ${forums.id})` })
    .from(forums)
    .where(eq(forums.lessonId, content!.id))
    .orderBy(desc(sql`2`))
    .limit(1);
  const [assignment] = await t.db.select().from(assignments).where(eq(assignments.lessonId, content!.id)).limit(1);
  const [studentRow] = await t.db
    .select({ id: users.id, username: users.username })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(students.rombelClassId, klass!.rombelClassId))
    .orderBy(asc(users.id))
    .limit(1);
  const student = await login(t, studentRow!.username, LARGE_PASSWORDS.student);
  const [submission] = await t.db
    .select({ assignmentId: submissions.assignmentId, fileId: submissionFiles.fileId })
    .from(submissions)
    .innerJoin(submissionFiles, eq(submissionFiles.submissionId, submissions.id))
    .where(eq(submissions.studentId, studentRow!.id))
    .orderBy(asc(submissions.id), asc(submissionFiles.position))
    .limit(1);
  // Minted for the student who handed it in: opening it checks again that they still reach it.
  const signed = t.app.files.forUser(studentRow!.id).url(submission!.fileId);
  // Every grading column holds someone in both schools (an empty column may skip its files query):
  // of the assignment's graded students, one has handed in nothing and one waits for a grade.
  const graded = await t.db
    .select({ id: submissions.id, studentId: submissions.studentId })
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignment!.id), isNotNull(submissions.score)))
    .orderBy(asc(submissions.studentId));
  expect(graded.length).toBeGreaterThanOrEqual(3);
  await t.db.delete(submissions).where(eq(submissions.id, graded[0]!.id));
  await t.db.update(submissions).set({ score: null, gradedAt: null }).where(eq(submissions.id, graded[1]!.id));
  // The teacher's grading view of a student who handed in.
  const handedIn = graded[1]!;
  // Issue 23: a quiz in every content of the classes of the student's rombel (the seed makes none),
  // every other one closing at a time of its own, and the student's attempt of every third.
  const rombelLessons = await t.db
    .select({ id: lessons.id, authorId: onlineClasses.teacherId })
    .from(lessons)
    .innerJoin(onlineClasses, eq(onlineClasses.id, lessons.onlineClassId))
    .where(eq(onlineClasses.rombelClassId, klass!.rombelClassId))
    .orderBy(asc(lessons.id));
  const quizRows = await t.db
    .insert(quizzes)
    .values(
      rombelLessons.map((c, i) => ({
        lessonId: c.id,
        authorId: c.authorId,
        title: `Kuis ${tag}${i}`,
        attemptsAllowed: 2,
        closesAt: i % 2 ? new Date(Date.now() + (i + 1) * 3600_000) : null,
      })),
    )
    .returning({ id: quizzes.id });
  await t.db
    .insert(quizAttempts)
    .values(
      quizRows.filter((_, i) => i % 3 === 0).map((q) => ({ quizId: q.id, studentId: studentRow!.id, number: 1, layout: [], maxScore: 1 })),
    );

  const tc = `/api/teacher/online-classes/${klass!.id}`;
  const tLesson = `${tc}/contents/${content!.id}`;
  const sc = `/api/student/my-classes/${klass!.id}`;
  const sLesson = `${sc}/contents/${content!.id}`;
  const a = `${tLesson}/assignments/${assignment!.id}`;
  const data = (b: any) => b.data;
  return [
    { name: 'student: my classes', url: '/api/student/my-classes', token: student, list: data },
    { name: 'student: class detail', url: sc, token: student, list: (b) => b.data.students.data },
    { name: 'student: class contents', url: `${sc}/contents`, token: student, list: data },
    { name: 'student: content detail', url: sLesson, token: student, list: (b) => b.data.forums },
    { name: 'student: forum thread', url: `${sLesson}/forums/${forum!.id}?per_page=100`, token: student, list: (b) => b.data.comments },
    { name: 'student: forum thread, first page', url: `${sLesson}/forums/${forum!.id}`, token: student },
    {
      name: 'student: forum thread, one page',
      url: `${sLesson}/forums/${forum!.id}?page=2&per_page=3`,
      token: student,
      list: (b) => b.data.comments,
    },
    { name: 'student: upcoming assignments', url: '/api/student/upcoming-assignments', token: student, list: data },
    { name: 'student: upcoming quizzes', url: '/api/student/upcoming-quizzes', token: student, list: data },
    { name: 'student: own submission', url: `/api/student/submissions/${submission!.assignmentId}`, token: student },
    { name: 'student: private comments', url: `/api/student/submissions/${submission!.assignmentId}/comments`, token: student },
    { name: 'student: Tugas Saya', url: '/api/student/assignments', token: student, list: data },
    ...(['todo', 'late', 'done'] as const).map((tab) => ({
      name: `student: Tugas Saya ${tab}`,
      url: `/api/student/assignments?tab=${tab}`,
      token: student,
    })),
    { name: 'student: Nilai Saya', url: '/api/student/grades', token: student, list: (b) => b.data.flatMap((c: any) => c.items) },
    { name: 'student: random motivational word', url: '/api/student/random-motivational-word', token: student },
    { name: 'student: me', url: '/api/me', token: student },
    { name: 'student: Hari ini', url: '/api/student/today', token: student },
    { name: 'student: Jadwal', url: '/api/student/timetable', token: student },
    { name: 'teacher: online classes', url: '/api/teacher/online-classes', token: teacher, list: data },
    { name: 'teacher: Hari ini', url: '/api/teacher/today', token: teacher },
    { name: 'teacher: Jadwal', url: '/api/teacher/timetable', token: teacher },
    { name: 'teacher: class detail', url: tc, token: teacher, list: (b) => b.data.students.data },
    { name: 'teacher: class contents', url: `${tc}/contents`, token: teacher, list: data },
    { name: 'teacher: content detail', url: tLesson, token: teacher, list: (b) => b.data.forums },
    { name: 'teacher: assignment', url: a, token: teacher },
    { name: 'teacher: grading Ditugaskan', list: data, url: `${a}/unsubmitted`, token: teacher },
    { name: 'teacher: grading Diserahkan', list: data, url: `${a}/ungrading`, token: teacher },
    { name: 'teacher: grading Dinilai', list: data, url: `${a}/graded`, token: teacher },
    { name: 'teacher: grading one student', url: `${a}/students/${handedIn!.studentId}`, token: teacher },
    { name: 'teacher: private comments', url: `${a}/students/${handedIn!.studentId}/comments`, token: teacher },
    { name: 'teacher: forum thread', url: `${tLesson}/forums/${forum!.id}?per_page=100`, token: teacher, list: (b) => b.data.comments },
    { name: 'admin: user list', url: '/api/admin/resources/users?per_page=100', token: admin, list: data },
    { name: 'admin: user list, first page', url: '/api/admin/resources/users', token: admin },
    { name: 'admin: user list, one page', url: '/api/admin/resources/users?page=2&per_page=5', token: admin },
    { name: 'admin: user search, one page', url: '/api/admin/resources/users?q=siswa&role=student&per_page=5', token: admin },
    { name: 'admin: one user', url: `/api/admin/resources/users/${studentRow!.id}`, token: admin },
    { name: 'admin: dashboard', url: '/api/admin/dashboard/users', token: admin },
    { name: 'admin: rombel list', url: '/api/admin/resources/rombel-classes', token: admin, list: data },
    { name: 'admin: rombel detail', url: `/api/admin/resources/rombel-classes/${klass!.rombelClassId}`, token: admin },
    { name: 'admin: departments', url: '/api/admin/resources/departments', token: admin },
    { name: 'admin: motivational words', url: '/api/admin/resources/motivational-words', token: admin, list: data },
    { name: 'rombel options', url: '/api/rombel-classes', token: admin, list: data },
    { name: 'signed file download', url: signed, token: student },
  ];
}

interface Measured {
  statements: number;
  status: number;
  length: number;
}

async function measure(t: TestContext, calls: Call[]): Promise<Map<string, Measured>> {
  const out = new Map<string, Measured>();
  for (const c of calls) {
    let res: Awaited<ReturnType<ReturnType<TestContext['as']>['get']>> | undefined;
    const statements = await statementsDuring(t, async () => (res = await t.as(c.token).get(c.url)));
    expect(res!.status, `${c.name}: ${JSON.stringify(res!.body).slice(0, 200)}`).toBe(200);
    out.set(c.name, { statements, status: res!.status, length: c.list ? c.list(res!.body).length : 0 });
  }
  return out;
}

/**
 * The most statements each read may run (issue 43: the counts go down, not up). Lower a number
 * when a change saves a statement; raising one needs a reason in the commit.
 */
const MOST: Record<string, number> = {
  'student: my classes': 2,
  'student: class detail': 4,
  'student: class contents': 7,
  'student: content detail': 6,
  'student: forum thread': 4,
  'student: forum thread, first page': 4,
  'student: forum thread, one page': 4,
  'student: upcoming assignments': 2,
  'student: upcoming quizzes': 2,
  'student: own submission': 5,
  'student: private comments': 3,
  'student: Tugas Saya': 3,
  'student: Tugas Saya todo': 3,
  'student: Tugas Saya late': 3,
  'student: Tugas Saya done': 3,
  'student: Nilai Saya': 3,
  'student: random motivational word': 2,
  'student: me': 2,
  'student: Hari ini': 5,
  'student: Jadwal': 4,
  'teacher: online classes': 3,
  'teacher: Hari ini': 6,
  'teacher: Jadwal': 4,
  'teacher: class detail': 4,
  'teacher: class contents': 7,
  'teacher: content detail': 6,
  'teacher: assignment': 5,
  'teacher: grading Ditugaskan': 3,
  'teacher: grading Diserahkan': 4,
  'teacher: grading Dinilai': 4,
  'teacher: grading one student': 8,
  'teacher: private comments': 4,
  'teacher: forum thread': 4,
  'admin: user list': 4,
  'admin: user list, first page': 4,
  'admin: user list, one page': 4,
  'admin: user search, one page': 4,
  'admin: one user': 3,
  'admin: dashboard': 2,
  'admin: rombel list': 2,
  'admin: rombel detail': 5,
  'admin: departments': 2,
  'admin: motivational words': 2,
  'rombel options': 2,
  'signed file download': 3,
};

describe('statements per read endpoint', () => {
  it('are the same on a small school and on one ten times larger', async () => {
    const small = await measure(t, await schoolCalls(t, SMALL, 'qa.', 2));
    const large = await measure(t, await schoolCalls(t, LARGE, 'qb.', 20));

    const table = [...small.keys()].map((name) => ({
      name,
      small: small.get(name)!.statements,
      large: large.get(name)!.statements,
      items: `${small.get(name)!.length} → ${large.get(name)!.length}`,
    }));
    console.table(table);
    for (const row of table) expect(row.large, row.name).toBe(row.small);
    for (const row of table) expect(row.large, `${row.name}: at most ${MOST[row.name]}`).toBeLessThanOrEqual(MOST[row.name] ?? 0);
    // Every endpoint measured has its ceiling, and every ceiling is measured.
    expect(Object.keys(MOST).sort()).toEqual(table.map((r) => r.name).sort());
    // The larger school really is larger where the endpoint lists things.
    const growing = [
      'student: my classes',
      'student: class detail',
      'student: class contents',
      'student: forum thread',
      'student: upcoming assignments',
      'student: upcoming quizzes',
      'student: Tugas Saya',
      'student: Nilai Saya',
    ];
    // (The teacher's class list is not among them: two classes a teacher in both schools, and no roster any more.)
    growing.push('teacher: class contents', 'teacher: forum thread', 'admin: user list', 'admin: motivational words');
    for (const name of growing) {
      expect(large.get(name)!.length, name).toBeGreaterThanOrEqual(5 * Math.max(1, small.get(name)!.length));
    }
    const graded = (m: Map<string, Measured>) =>
      ['Ditugaskan', 'Diserahkan', 'Dinilai'].reduce((n, col) => n + m.get(`teacher: grading ${col}`)!.length, 0);
    expect(graded(large)).toBeGreaterThanOrEqual(5 * graded(small));
    for (const col of ['Ditugaskan', 'Diserahkan', 'Dinilai']) expect(small.get(`teacher: grading ${col}`)!.length, col).toBeGreaterThan(0);
  });
});

describe('the user list in pages (GET /api/admin/resources/users?page&per_page&q&role)', () => {
  it('answers the first 50 without page or per_page, never the whole school, and pages through one order', async () => {
    const school = await seedSchool(t.db, t.app.files, { ...SMALL, students: 60, teachers: 4 }, { tag: 'pg.' });
    const admin = await login(t, school.accounts.admin, LARGE_PASSWORDS.admin);
    // Everyone, read 100 at a time (the largest page).
    const all: any[] = [];
    for (let page = 1; ; page++) {
      const { data, meta } = (await t.as(admin).get(`/api/admin/resources/users?page=${page}&per_page=100`)).body;
      all.push(...data);
      if (page >= meta.last_page) break;
    }
    const ids: number[] = all.map((u) => u.id);
    expect(ids.length).toBeGreaterThan(60);
    expect(all.some((u) => u.username === school.accounts.admin)).toBe(false);

    const first = (await t.as(admin).get('/api/admin/resources/users')).body;
    expect(first.meta).toEqual({ page: 1, per_page: 50, total: ids.length, last_page: Math.ceil(ids.length / 50) });
    expect(first.data.map((u: any) => u.id)).toEqual(ids.slice(0, 50));

    const seen: number[] = [];
    for (let page = 1; ; page++) {
      const res = await t.as(admin).get(`/api/admin/resources/users?page=${page}&per_page=7`);
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual({ page, per_page: 7, total: ids.length, last_page: Math.ceil(ids.length / 7) });
      seen.push(...res.body.data.map((u: any) => u.id));
      expect(res.body.data[0]).toEqual(all[(page - 1) * 7]);
      if (page === res.body.meta.last_page) break;
    }
    expect(seen).toEqual(ids);
    // Past the end: an empty page with the same meta.
    const past = await t.as(admin).get('/api/admin/resources/users?page=999&per_page=7');
    expect(past.body.data).toEqual([]);
    expect(past.body.meta.total).toBe(ids.length);
    // per_page alone starts at page 1; page alone has 50 per page.
    expect((await t.as(admin).get('/api/admin/resources/users?per_page=3')).body.data.map((u: any) => u.id)).toEqual(ids.slice(0, 3));
    const second = (await t.as(admin).get('/api/admin/resources/users?page=2')).body;
    expect(second.meta.per_page).toBe(50);
    expect(second.data.map((u: any) => u.id)).toEqual(ids.slice(50, 100));
  });

  it('filters by part of the name, username or e-mail (case-insensitive, % and _ taken literally) and by role', async () => {
    const school = await seedSchool(t.db, t.app.files, { ...SMALL, students: 12, teachers: 3 }, { tag: 'fl.' });
    const admin = await login(t, school.accounts.admin, LARGE_PASSWORDS.admin);
    const special = await t.factory.student({ name: 'Persen_100% Siswa', username: 'fl.khusus' });
    const list = async (query: string) => (await t.as(admin).get(`/api/admin/resources/users?${query}`)).body;

    const teachers = await list('q=FL.GURU');
    expect(teachers.data.map((u: any) => u.username).sort()).toEqual(['fl.guru001', 'fl.guru002', 'fl.guru003']);
    expect((await list('q=%25')).data.map((u: any) => u.id)).toEqual([special.id]);
    expect((await list('q=_100')).data.map((u: any) => u.id)).toEqual([special.id]);
    expect((await list('q=sekolah.kelasku.sch.id&role=teacher')).data.every((u: any) => u.role_id === 2)).toBe(true);
    const paged = await list('q=fl.siswa&role=student&page=2&per_page=5');
    expect(paged.meta).toEqual({ page: 2, per_page: 5, total: 12, last_page: 3 });
    expect(paged.data.every((u: any) => u.username.startsWith('fl.siswa'))).toBe(true);
  });

  it('refuses a bad page, per_page or role with 422', async () => {
    const admin = await t.factory.admin();
    for (const query of ['page=0', 'per_page=101', 'per_page=abc', 'role=guru']) {
      const res = await t.as(admin.token).get(`/api/admin/resources/users?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('a forum thread in pages (GET …/forums/:forumId?page&per_page)', () => {
  it('answers a long thread 20 top-level comments at a time when no page is asked for', async () => {
    const s = await t.factory.classScene();
    const forum = await t.factory.forum(s.content.id, s.teacher.id);
    const tops = [];
    for (let i = 0; i < 25; i++) tops.push(await t.factory.comment(forum.id, s.student.id, `Komentar ${i + 1}`));
    const url = `/api/student/my-classes/${s.klass.id}/contents/${s.content.id}/forums/${forum.id}`;
    const first = (await t.as(s.student.token).get(url)).body;
    expect(first.meta).toEqual({ page: 1, per_page: 20, total: 25, last_page: 2 });
    expect(first.data.total_comment).toBe(25);
    expect(first.data.comments.map((c: any) => c.comment)).toEqual(tops.slice(0, 20).map((c) => c.body));
    const second = (await t.as(s.student.token).get(`${url}?page=2`)).body;
    expect(second.data.comments.map((c: any) => c.comment)).toEqual(tops.slice(20).map((c) => c.body));
  });

  it('pages top-level comments oldest first, each with all its replies however deep; without page or per_page the first 20', async () => {
    const s = await t.factory.classScene();
    const forum = await t.factory.forum(s.content.id, s.teacher.id);
    const tops = [];
    for (let i = 0; i < 7; i++) tops.push(await t.factory.comment(forum.id, i % 2 ? s.teacher.id : s.student.id, `Komentar ${i + 1}`));
    const reply = await t.factory.comment(forum.id, s.teacher.id, 'Balasan', tops[1]!.id);
    const deeper = await t.factory.comment(forum.id, s.student.id, 'Balasan dari balasan', reply.id);
    await t.factory.comment(forum.id, s.student.id, 'Balasan terakhir', tops[6]!.id);
    const url = `/api/student/my-classes/${s.klass.id}/contents/${s.content.id}/forums/${forum.id}`;

    const whole = (await t.as(s.student.token).get(url)).body;
    expect(whole.meta).toEqual({ page: 1, per_page: 20, total: 7, last_page: 1 });
    expect(whole.data.total_comment).toBe(10);
    expect(whole.data.comments.map((c: any) => c.id)).toEqual(tops.map((c) => c.id));
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const res = await t.as(s.student.token).get(`${url}?page=${page}&per_page=3`);
      expect(res.status).toBe(200);
      expect(res.body.meta).toEqual({ page, per_page: 3, total: 7, last_page: 3 });
      expect(res.body.data.total_comment).toBe(10);
      expect({ ...res.body.data, comments: [] }).toEqual({ ...whole.data, comments: [] });
      pages.push(...res.body.data.comments);
    }
    expect(pages).toEqual(whole.data.comments);
    expect(pages[1].sub_comments.map((r: any) => r.id)).toEqual([reply.id, deeper.id]);
    // The teacher's path pages the same way; past the end is an empty page.
    const teacherUrl = `/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}/forums/${forum.id}`;
    expect((await t.as(s.teacher.token).get(`${teacherUrl}?per_page=2`)).body.data.comments.map((c: any) => c.id)).toEqual([
      tops[0]!.id,
      tops[1]!.id,
    ]);
    const past = await t.as(s.teacher.token).get(`${teacherUrl}?page=9`);
    expect(past.body.data.comments).toEqual([]);
    expect(past.body.meta).toEqual({ page: 9, per_page: 20, total: 7, last_page: 1 });
    for (const q of ['page=0', 'per_page=101', 'per_page=x'])
      expect((await t.as(s.teacher.token).get(`${teacherUrl}?${q}`)).status, q).toBe(422);
  });
});
