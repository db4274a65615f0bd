import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GRADEBOOK_LABELS, REPORT_MSG, type Gradebook, type MyClassGrades } from '@kelasku/contract';
import { assignmentExtensions, onlineClasses, students, submissions, users } from '../src/db/schema.js';
import { gradebookRows } from '../src/features/gradebook/queries.js';
import { useTestApp, type TestContext } from './helpers.js';
import { statementsDuring } from './admin-access.js';
import { assignmentScene, expectNotFound, expectOtherRolesRefused, submit } from './assignment-scene.js';

const t = useTestApp();
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** A submission row straight into the database: handed in at `submittedAt` (null: not handed in), `score` null: ungraded. */
async function work(t: TestContext, assignmentId: number, studentId: number, v: { submittedAt: Date | null; score?: number | null }) {
  await t.db.insert(submissions).values({ assignmentId, studentId, submittedAt: v.submittedAt, score: v.score ?? null });
}

async function extend(t: TestContext, assignmentId: number, studentId: number, deadline: Date) {
  await t.db.insert(assignmentExtensions).values({ assignmentId, studentId, deadline });
}

/**
 * A class of four students (Ani, Budi, Citra, Dewi) and three assignments: A1 (first content, due
 * two days ago), A2 (first content, due in five days), A3 (second content, due yesterday).
 */
async function gradebookScene(t: TestContext) {
  const now = Date.now();
  const s = await assignmentScene(t, { students: 4, deadline: new Date(now - 2 * DAY) });
  const f = t.factory;
  await t.db.update(onlineClasses).set({ name: 'Matematika X/TKJ 1' }).where(eq(onlineClasses.id, s.klass.id));
  const names = ['Dewi', 'budi', 'Citra', 'Ani'];
  for (const [i, st] of s.students.entries()) {
    await t.db.update(users).set({ name: names[i]! }).where(eq(users.id, st.id));
    await t.db
      .update(students)
      .set({ nis: `00${i + 1}` })
      .where(eq(students.userId, st.id));
  }
  const [dewi, budi, citra, ani] = s.students as [
    (typeof s.students)[0],
    (typeof s.students)[0],
    (typeof s.students)[0],
    (typeof s.students)[0],
  ];
  const a1 = s.assignment;
  const a2 = await f.assignment(s.content.id, s.teacher.id, { title: 'Latihan 2', deadline: new Date(now + 5 * DAY) });
  const lesson2 = await f.content(s.klass.id, { title: 'Bab 2' });
  const a3 = await f.assignment(lesson2.id, s.teacher.id, { title: 'Ulangan', deadline: new Date(now - DAY) });

  // Ani: A1 graded 80 on time, A2 handed in (waiting), A3 graded 91 but late.
  await work(t, a1.id, ani.id, { submittedAt: new Date(a1.deadline.getTime() - HOUR), score: 80 });
  await work(t, a2.id, ani.id, { submittedAt: new Date(now - HOUR) });
  await work(t, a3.id, ani.id, { submittedAt: new Date(a3.deadline.getTime() + HOUR), score: 91 });
  // Budi: nothing; A3 extended to tomorrow (so not missing), A1 not (missing).
  await extend(t, a3.id, budi.id, new Date(now + DAY));
  // Citra: A1 handed in after its deadline but within her extension (not late, waiting);
  // A3 extended to an hour ago, handed in after that (late), graded 70.
  await extend(t, a1.id, citra.id, new Date(now - HOUR));
  await work(t, a1.id, citra.id, { submittedAt: new Date(now - 2 * HOUR) });
  await extend(t, a3.id, citra.id, new Date(now - HOUR));
  await work(t, a3.id, citra.id, { submittedAt: new Date(now - HOUR / 2), score: 70 });
  // Dewi: A1 graded 65 and returned, then unsubmitted (still graded); A2 unsubmitted (todo).
  await work(t, a1.id, dewi.id, { submittedAt: null, score: 65 });
  await work(t, a2.id, dewi.id, { submittedAt: null });
  // Outside the gradebook: the outsider's work on another class, and on this class's assignment.
  await work(t, s.otherAssignment.id, s.outsider.id, { submittedAt: new Date() });
  await work(t, a2.id, s.outsider.id, { submittedAt: new Date() });

  const url = `/api/teacher/online-classes/${s.klass.id}/gradebook`;
  return { ...s, a1, a2, a3, lesson2, ani, budi, citra, dewi, url };
}

const cell = (state: string, score: number | null, late = false, extended = false, awaiting = false) => ({
  state,
  score,
  awaiting_regrade: awaiting,
  late,
  extended,
});

describe('gradebook (JSON)', () => {
  it('shows the rombel students by name × the assignments by content then deadline, with marks and averages', async () => {
    const s = await gradebookScene(t);
    const res = await t.as(s.teacher.token).get(s.url);
    expect(res.status).toBe(200);
    const g: Gradebook = res.body.data;
    expect(g.online_class).toEqual({ id: s.klass.id, name: 'Matematika X/TKJ 1', archived_at: null });
    expect(g.assignments.map((a) => [a.id, a.content.id, a.average])).toEqual([
      [s.a1.id, s.content.id, 72.5],
      [s.a2.id, s.content.id, null],
      [s.a3.id, s.lesson2.id, 80.5],
    ]);
    expect(g.assignments[2]).toMatchObject({ title: 'Ulangan', content: { title: 'Bab 2' }, deadline: s.a3.deadline.toISOString() });
    const rows = g.students.map((r) => ({
      name: r.name,
      nis: r.nis,
      average: r.average,
      cells: r.cells.map(({ assignment_id: _id, ...c }) => c),
    }));
    expect(rows).toEqual([
      { name: 'Ani', nis: '004', average: 85.5, cells: [cell('graded', 80), cell('waiting', null), cell('graded', 91, true)] },
      { name: 'budi', nis: '002', average: null, cells: [cell('missing', null), cell('todo', null), cell('todo', null, false, true)] },
      {
        name: 'Citra',
        nis: '003',
        average: 70,
        cells: [cell('waiting', null, false, true), cell('todo', null), cell('graded', 70, true, true)],
      },
      { name: 'Dewi', nis: '001', average: 65, cells: [cell('graded', 65), cell('todo', null), cell('missing', null)] },
    ]);
    expect(g.students.every((r) => r.cells.map((c) => c.assignment_id).join() === [s.a1.id, s.a2.id, s.a3.id].join())).toBe(true);
  });

  it('runs a fixed number of queries whatever the number of students and assignments', async () => {
    const small = await assignmentScene(t, { students: 1 });
    const big = await gradebookScene(t);
    for (let i = 0; i < 5; i++) await t.factory.student({ rombelId: big.rombel.id });
    const url = (classId: number) => `/api/teacher/online-classes/${classId}/gradebook`;
    const few = await statementsDuring(t, () => t.as(small.teacher.token).get(url(small.klass.id)));
    const many = await statementsDuring(t, () => t.as(big.teacher.token).get(url(big.klass.id)));
    expect(many).toBe(few);
    expect(many).toBeLessThanOrEqual(7);
  });

  it('an empty class: no columns, the students with null averages', async () => {
    const s = await assignmentScene(t, { students: 2 });
    const empty = await t.factory.onlineClass(s.teacher.id, { rombelId: s.otherRombel.id });
    const res = await t.as(s.teacher.token).get(`/api/teacher/online-classes/${empty.id}/gradebook`);
    expect(res.status).toBe(200);
    expect(res.body.data.assignments).toEqual([]);
    expect(res.body.data.students.map((r: { average: null; cells: [] }) => [r.average, r.cells])).toEqual([[null, []]]);
  });

  it('an archived class lists those with work in it (as the grading columns do), wherever they are now', async () => {
    const s = await gradebookScene(t);
    const next = await t.factory.rombel();
    await t.db
      .update(students)
      .set({ rombelClassId: next.id })
      .where(inArray(students.userId, [s.ani.id, s.budi.id, s.citra.id, s.dewi.id]));
    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, s.klass.id));
    const res = await t.as(s.teacher.token).get(s.url);
    expect(res.status).toBe(200);
    const g: Gradebook = res.body.data;
    expect(g.online_class.archived_at).not.toBeNull();
    // Budi handed in nothing; the outsider's hand-in of A2 counts in an archived class.
    expect(g.students.map((r) => [r.name, r.average])).toEqual([
      ['Ani', 85.5],
      ['Citra', 70],
      ['Dewi', 65],
      [expect.stringContaining('Pengguna'), null],
    ]);
    expect((await t.as(s.teacher.token).get(`${s.url}.xlsx`)).status).toBe(200);

    // One student's rows alone (what a student's own report part reads): Citra and her work only.
    const [klass] = await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, s.klass.id));
    const citras = await gradebookRows(t.db, [klass!], s.citra.id);
    expect(citras.studentsOf(klass!).map((r) => r.name)).toEqual(['Citra']);
    expect(citras.work.map((w) => w.studentId)).toEqual(citras.work.map(() => s.citra.id));
    expect(citras.work.length).toBeGreaterThan(0);
  });
});

describe('gradebook downloads', () => {
  it('XLSX: one sheet named after the class, plain numbers, empty cells without a score, coloured marks, a legend', async () => {
    const s = await gradebookScene(t);
    const res = await t.as(s.teacher.token).get(`${s.url}.xlsx`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Nilai - Matematika X-TKJ 1.xlsx')}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Matematika X-TKJ 1']);
    const ws = wb.worksheets[0]!;
    const values = (r: number) => (ws.getRow(r).values as unknown[]).slice(1);
    expect(values(1)).toEqual(['No', 'NIS', 'Nama', s.a1.title, 'Latihan 2', 'Ulangan', 'Rata-rata']);
    const row = (r: number) => Array.from({ length: 7 }, (_, i) => ws.getRow(r).getCell(i + 1).value ?? null);
    expect(row(2)).toEqual([1, '004', 'Ani', 80, null, 91, 85.5]);
    expect(row(3)).toEqual([2, '002', 'budi', null, null, null, null]);
    expect(row(4)).toEqual([3, '003', 'Citra', null, null, 70, 70]);
    expect(row(5)).toEqual([4, '001', 'Dewi', 65, null, null, 65]);
    expect(row(6)).toEqual([null, null, GRADEBOOK_LABELS.classAverage, 72.5, null, 80.5, null]);
    const fillOf = (r: number, c: number) => (ws.getRow(r).getCell(c).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb ?? null;
    // Ani's A2 waiting, A3 late; Budi's A1 missing; Dewi's A3 missing; todo cells uncoloured.
    expect([fillOf(2, 4), fillOf(2, 5), fillOf(2, 6), fillOf(3, 4), fillOf(3, 5), fillOf(5, 6)]).toEqual([
      null,
      'FFFFF3BF',
      'FFFFD8A8',
      'FFFFC9C9',
      null,
      'FFFFC9C9',
    ]);
    const legend = [8, 9, 10, 11].map((r) => String(ws.getRow(r).getCell(3).value));
    expect(legend).toEqual([
      expect.stringContaining(GRADEBOOK_LABELS.waiting),
      expect.stringContaining(GRADEBOOK_LABELS.missing),
      expect.stringContaining(GRADEBOOK_LABELS.late),
      `${REPORT_MSG.awaitingRegrade} (nilai terakhir ditampilkan dan tetap dihitung)`,
    ]);
  });

  it('CSV: UTF-8 with BOM, semicolons, decimal comma, the same table', async () => {
    const s = await gradebookScene(t);
    await t.db.update(users).set({ name: '=Ní Luh; "Ayu"' }).where(eq(users.id, s.dewi.id));
    const res = await t.as(s.teacher.token).get(`${s.url}.csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Nilai - Matematika X-TKJ 1.csv')}`);
    const bytes = res.raw.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8').slice(1).split('\r\n')).toEqual([
      `No;NIS;Nama;${s.a1.title};Latihan 2;Ulangan;Rata-rata`,
      // The renamed Dewi sorts first now.
      `1;001;"'=Ní Luh; ""Ayu""";65;;;65`,
      '2;004;Ani;80;;91;85,5',
      '3;002;budi;;;;',
      '4;003;Citra;;;70;70',
      ';;Rata-rata kelas;72,5;;80,5;',
      '',
    ]);
  });

  it("the teacher's XLSX of all current classes: one sheet per class, archived ones left out", async () => {
    const s = await gradebookScene(t);
    const second = await t.factory.onlineClass(s.teacher.id, { rombelId: s.rombel.id, name: 'Matematika X/TKJ 1' });
    const archived = await t.factory.onlineClass(s.teacher.id, { rombelId: s.rombel.id, name: 'Arsip Lama' });
    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, archived.id));
    const res = await t.as(s.teacher.token).get('/api/teacher/gradebook.xlsx');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Matematika X-TKJ 1', 'Matematika X-TKJ 1 (2)']);
    expect(wb.worksheets[0]!.getRow(2).getCell(4).value).toBe(80);
    expect((wb.worksheets[1]!.getRow(1).values as unknown[]).slice(1)).toEqual(['No', 'NIS', 'Nama', 'Rata-rata']);
    expect(wb.worksheets[1]!.getRow(2).getCell(3).value).toBe('Ani');
    expect(second.id).toBeGreaterThan(0);
    // A teacher without classes gets a workbook with one sheet saying so.
    const lonely = await t.factory.teacher();
    const none = await t.as(lonely.token).get('/api/teacher/gradebook.xlsx');
    await wb.xlsx.load(none.raw.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Nilai']);
  });
});

describe('access', () => {
  it('refuses admins and students (403) and callers without a token (401)', async () => {
    const s = await gradebookScene(t);
    await expectOtherRolesRefused(
      t,
      [s.admin, s.student],
      [
        ['GET', s.url],
        ['GET', `${s.url}.xlsx`],
        ['GET', `${s.url}.csv`],
        ['GET', '/api/teacher/gradebook.xlsx'],
      ],
    );
  });

  it("answers 404 for another teacher's class and a class that does not exist", async () => {
    const s = await gradebookScene(t);
    await expectNotFound(t, s.otherTeacher.token, [
      ['GET', s.url],
      ['GET', `${s.url}.xlsx`],
      ['GET', `${s.url}.csv`],
    ]);
    const missing = '/api/teacher/online-classes/2147483000/gradebook';
    await expectNotFound(t, s.teacher.token, [
      ['GET', missing],
      ['GET', `${missing}.csv`],
    ]);
    // The other teacher's all-classes workbook holds only their own class.
    const res = await t.as(s.otherTeacher.token).get('/api/teacher/gradebook.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([s.otherClass.name]);
  });
});

describe('waiting counts on the class list', () => {
  it('counts hand-ins without a score of the rombel students, per class', async () => {
    const s = await gradebookScene(t);
    const empty = await t.factory.onlineClass(s.teacher.id, { rombelId: s.otherRombel.id });
    const res = await t.as(s.teacher.token).get('/api/teacher/online-classes');
    expect(res.status).toBe(200);
    const counts = Object.fromEntries(res.body.data.map((c: { id: number; waiting_count: number }) => [c.id, c.waiting_count]));
    // Ani's A2 and Citra's A1; not the graded, the unsubmitted, nor the outsider's hand-in.
    expect(counts).toEqual({ [s.klass.id]: 2, [empty.id]: 0 });
    const other = await t.as(s.otherTeacher.token).get('/api/teacher/online-classes');
    expect(other.body.data.map((c: { waiting_count: number }) => c.waiting_count)).toEqual([1]);
    // Two queries whatever the number of classes (and the session lookup).
    const n = await statementsDuring(t, () => t.as(s.teacher.token).get('/api/teacher/online-classes'));
    expect(n).toBeLessThanOrEqual(3);
  });
});

describe('a grade does not vanish (issue 39)', () => {
  it('85 and 100 average 92.5; after the returned work is handed in again the row still reads 85 (awaiting) and 100', async () => {
    const s = await assignmentScene(t, { students: 1, deadline: new Date(Date.now() + 2 * DAY) });
    const { teacher, student } = s;
    await t.db.update(users).set({ name: 'Rina Wulandari' }).where(eq(users.id, student.id));
    const praktik = await t.factory.assignment(s.content.id, teacher.id, {
      title: 'Praktik Jaringan',
      deadline: new Date(Date.now() + 3 * DAY),
    });
    const a1 = s.assignment;
    const base = `/api/teacher/online-classes/${s.klass.id}/contents/${s.content.id}/assignments`;
    const as = t.as(teacher.token);
    const revision = async (id: number) => (await as.get(`${base}/${id}/students/${student.id}`)).body.data.submission.revision as number;
    for (const [a, score] of [
      [a1, 85],
      [praktik, 100],
    ] as const) {
      expect((await submit(t, student.token, a.id)).status).toBeLessThan(300);
      expect((await as.post(`${base}/${a.id}/grade`, { student_id: student.id, score, revision: await revision(a.id) })).status).toBe(200);
    }
    const row = async () => ((await as.get(`/api/teacher/online-classes/${s.klass.id}/gradebook`)).body.data as Gradebook).students[0]!;
    expect((await row()).average).toBe(92.5);

    // Returned, handed in again: the last grade stays, marked, and the average does not jump.
    expect((await as.post(`${base}/${a1.id}/return`, { student_id: student.id })).status).toBe(200);
    expect((await submit(t, student.token, a1.id)).status).toBeLessThan(300);
    const after = await row();
    expect(after.cells.map(({ assignment_id: _id, ...c }) => c)).toEqual([cell('waiting', 85, false, false, true), cell('graded', 100)]);
    expect(after.average).toBe(92.5);

    // XLSX: the 85 in its cell, coloured "Menunggu nilai baru", the average 92.5.
    const xlsx = await as.get(`/api/teacher/online-classes/${s.klass.id}/gradebook.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.raw.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0]!;
    expect(Array.from({ length: 6 }, (_, i) => ws.getRow(2).getCell(i + 1).value)).toEqual([1, '1234', 'Rina Wulandari', 85, 100, 92.5]);
    expect((ws.getRow(2).getCell(4).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFD0EBFF');
    expect((ws.getRow(2).getCell(5).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb ?? null).toBeNull();
    const legend = [5, 6, 7, 8].map((r) => String(ws.getRow(r).getCell(3).value));
    expect(legend[3]).toBe(`${REPORT_MSG.awaitingRegrade} (nilai terakhir ditampilkan dan tetap dihitung)`);
    expect((ws.getRow(8).getCell(2).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFD0EBFF');

    // CSV: the same plain table, and a line naming the cell awaiting a new grade.
    const csv = (await as.get(`/api/teacher/online-classes/${s.klass.id}/gradebook.csv`)).raw.rawPayload.toString('utf8').slice(1);
    expect(csv.split('\r\n')).toEqual([
      `No;NIS;Nama;${a1.title};Praktik Jaringan;Rata-rata`,
      '1;1234;Rina Wulandari;85;100;92,5',
      ';;Rata-rata kelas;85;100;',
      '',
      `;;${REPORT_MSG.awaitingRegrade}: Rina Wulandari — ${a1.title}`,
      '',
    ]);

    // The student's "Nilai Saya" and the assignment page keep the 85, marked.
    const grades = (await t.as(student.token).get('/api/student/grades')).body.data as MyClassGrades[];
    const mine = grades.find((g) => g.online_class.id === s.klass.id)!;
    expect(mine.average).toBe(92.5);
    expect(mine.items.map((i) => [i.title, i.score, i.last_score, i.grading_status])).toEqual([
      [a1.title, null, 85, 'Menunggu untuk dinilai'],
      ['Praktik Jaringan', 100, null, 'Sudah dinilai'],
    ]);
    const page = (await t.as(student.token).get(`/api/student/submissions/${a1.id}`)).body.data;
    expect([page.submission.score, page.submission.last_score]).toEqual([null, 85]);

    // The new version graded: the cell is an ordinary grade again.
    expect((await as.post(`${base}/${a1.id}/grade`, { student_id: student.id, score: 90, revision: await revision(a1.id) })).status).toBe(
      200,
    );
    const regraded = await row();
    expect(regraded.cells[0]).toMatchObject({ state: 'graded', score: 90, awaiting_regrade: false });
    expect(regraded.average).toBe(95);
    const page2 = (await t.as(student.token).get(`/api/student/submissions/${a1.id}`)).body.data;
    expect([page2.submission.score, page2.submission.last_score]).toEqual([90, null]);
  });
});
