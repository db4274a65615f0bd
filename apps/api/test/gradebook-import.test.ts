/**
 * Issue 39: grades imported back from the gradebook's XLSX, as the real export route writes it and
 * then edited (with exceljs, as a teacher would in Excel): rows moved around, a student renamed, a
 * row without its NIS; every changed cell previewed by name; the refused rows and cells with their
 * exact messages, nothing written while there is one; apply=1 in one transaction, audited, one
 * notification per changed grade.
 */
import ExcelJS from 'exceljs';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FILE_MSG, GRADE_MSG, IMPORT_MSG, MSG, QUICK_MSG, type GradebookImportPreview } from '@kelasku/contract';
import { auditLog, semesters, students, submissions } from '../src/db/schema.js';
import { samples, useTestApp, type TestContext } from './helpers.js';
import type { TestUser } from './factory.js';
import { reportScene } from './report-grades-scene.js';

const t = useTestApp();
const HOUR = 3600_000;

/**
 * The scene's class with two assignments and a quiz. Laporan 1: students 0 and 3 graded 80 and 70,
 * student 1 handed in, student 2 nothing. Laporan 2: students 0 and 1 graded 90 and 60, student 2
 * handed in. Students have NIS 1001…1004, the outsider (another rombel) 2001.
 */
async function importScene(t: TestContext) {
  const s = await reportScene(t);
  const f = t.factory;
  const [s0, s1, s2, s3] = s.students as [TestUser, TestUser, TestUser, TestUser];
  for (const [i, u] of s.students.entries())
    await t.db
      .update(students)
      .set({ nis: `100${i + 1}` })
      .where(eq(students.userId, u.id));
  await t.db.update(students).set({ nis: '2001' }).where(eq(students.userId, s.outsider.id));
  const deadline = new Date(Date.now() + 48 * HOUR);
  const a1 = await f.assignment(s.lessonId, s.teacher.id, { title: 'Laporan 1', deadline });
  const a2 = await f.assignment(s.lessonId, s.teacher.id, { title: 'Laporan 2', deadline: new Date(deadline.getTime() + HOUR) });
  const category = await f.questionCategory(s.teacher.id, 'Bank Bab 1');
  const question = await f.question(category.id, s.teacher.id, { text: 'Apa itu IP?' });
  await f.quiz(s.lessonId, s.teacher.id, [question.id], { title: 'Kuis Bab 1' });
  await f.submission(a1.id, s0.id, { score: 80, feedback: 'Rapi' });
  await f.submission(a1.id, s1.id);
  await f.submission(a1.id, s3.id, { score: 70 });
  await f.submission(a2.id, s0.id, { score: 90 });
  await f.submission(a2.id, s1.id, { score: 60 });
  await f.submission(a2.id, s2.id);
  const url = `/api/teacher/online-classes/${s.classId}/gradebook`;
  return { ...s, s0, s1, s2, s3, a1, a2, url };
}
type Scene = Awaited<ReturnType<typeof importScene>>;

/** The class's gradebook XLSX from the real export route, opened for editing. */
async function exported(s: Scene): Promise<ExcelJS.Workbook> {
  const res = await t.as(s.teacher.token).get(`${s.url}.xlsx`);
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.raw.rawPayload as unknown as ExcelJS.Buffer);
  return wb;
}

const rowValues = (ws: ExcelJS.Worksheet, r: number) => Array.from({ length: 7 }, (_, i) => ws.getRow(r).getCell(i + 1).value);
function setRow(ws: ExcelJS.Worksheet, r: number, values: ExcelJS.CellValue[]) {
  values.forEach((v, i) => (ws.getRow(r).getCell(i + 1).value = v));
}

const upload = async (s: Scene, wb: ExcelJS.Workbook | Buffer, apply: 0 | 1, as: TestUser = s.teacher) => {
  const data = Buffer.isBuffer(wb) ? wb : Buffer.from(await wb.xlsx.writeBuffer());
  return t.as(as.token).upload('POST', `${s.url}/import?apply=${apply}`, {}, { file: { name: 'Nilai.xlsx', data } });
};

const scoresOf = async (s: Scene) => {
  const rows = await t.db
    .select({ a: submissions.assignmentId, st: submissions.studentId, score: submissions.score, feedback: submissions.feedback })
    .from(submissions)
    .where(inArray(submissions.assignmentId, [s.a1.id, s.a2.id]));
  return new Map(rows.map((r) => [`${r.a}:${r.st}`, r]));
};

async function texts(user: TestUser): Promise<string[]> {
  const res = await t.as(user.token).get('/api/notifications?limit=50');
  return (res.body.data.items as Array<{ text: string }>).map((n) => n.text);
}

describe('the gradebook import', () => {
  it('matches rows by NIS (moved, renamed) or name, columns by title; previews every changed cell; apply=1 writes them', async () => {
    const s = await importScene(t);
    const wb = await exported(s);
    const ws = wb.worksheets[0]!;
    expect(rowValues(ws, 1)).toEqual(['No', 'NIS', 'Nama', 'Laporan 1', 'Laporan 2', 'Kuis: Kuis Bab 1', 'Rata-rata']);
    // Rows 2…5 are students 0…3 by name. Move student 0 to the bottom and student 3 to the top.
    const [r2, r5] = [rowValues(ws, 2), rowValues(ws, 5)];
    setRow(ws, 2, r5);
    setRow(ws, 5, r2);
    ws.getCell('D5').value = 85; // student 0, Laporan 1: 80 → 85
    ws.getCell('C3').value = 'Nama Lain Sekali'; // student 1 renamed in the sheet: still found by NIS
    ws.getCell('D3').value = 75; // student 1, Laporan 1 (handed in): → 75
    ws.getCell('B4').value = null; // student 2 without NIS: found by name
    ws.getCell('E4').value = '88'; // Laporan 2 (handed in), typed as text: → 88
    ws.getCell('D2').value = 70; // student 3 unchanged
    ws.getCell('F2').value = 100; // a quiz cell: skipped

    const preview = await upload(s, wb, 0);
    expect(preview.status).toBe(200);
    const p: GradebookImportPreview = preview.body.data;
    expect(p).toEqual({
      changes: [
        { cell: 'D3', student: { id: s.s1.id, name: s.s1.name }, assignment: { id: s.a1.id, title: 'Laporan 1' }, before: null, after: 75 },
        { cell: 'E4', student: { id: s.s2.id, name: s.s2.name }, assignment: { id: s.a2.id, title: 'Laporan 2' }, before: null, after: 88 },
        { cell: 'D5', student: { id: s.s0.id, name: s.s0.name }, assignment: { id: s.a1.id, title: 'Laporan 1' }, before: 80, after: 85 },
      ],
      errors: [],
      warnings: [QUICK_MSG.quizColumn('Kuis Bab 1')],
      applied: false,
    });
    // A preview writes nothing.
    expect((await scoresOf(s)).get(`${s.a1.id}:${s.s0.id}`)!.score).toBe(80);

    const applied = await upload(s, wb, 1);
    expect(applied.status).toBe(200);
    expect(applied.body.message).toBe(QUICK_MSG.importApplied(3));
    expect(applied.body.data).toEqual({ ...p, applied: true });
    const scores = await scoresOf(s);
    expect(
      [`${s.a1.id}:${s.s0.id}`, `${s.a1.id}:${s.s1.id}`, `${s.a2.id}:${s.s2.id}`, `${s.a1.id}:${s.s3.id}`].map((k) => scores.get(k)!.score),
    ).toEqual([85, 75, 88, 70]);
    // The feedback of a grade changed by the import stays.
    expect(scores.get(`${s.a1.id}:${s.s0.id}`)!.feedback).toBe('Rapi');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'grade.assignment'), eq(auditLog.actorId, s.teacher.id)));
    expect(audit.map((a) => [a.before, a.after])).toEqual(
      expect.arrayContaining([
        [
          { score: 80, feedback: 'Rapi' },
          { score: 85, feedback: 'Rapi' },
        ],
        [
          { score: null, feedback: null },
          { score: 75, feedback: null },
        ],
        [
          { score: null, feedback: null },
          { score: 88, feedback: null },
        ],
      ]),
    );
    expect(audit).toHaveLength(3);
    expect(await texts(s.s0)).toEqual(['Tugas "Laporan 1" dinilai: 85']);
    expect(await texts(s.s1)).toEqual(['Tugas "Laporan 1" dinilai: 75']);
    expect(await texts(s.s2)).toEqual(['Tugas "Laporan 2" dinilai: 88']);
    expect(await texts(s.s3)).toEqual([]);

    // The same file again: nothing changes.
    const again = await upload(s, wb, 1);
    expect(again.body).toMatchObject({ message: QUICK_MSG.importNothing, data: { changes: [], errors: [], applied: false } });
  });

  it('names every refused row and cell, and writes nothing while there is one (even with apply=1)', async () => {
    const s = await importScene(t);
    const wb = await exported(s);
    const ws = wb.worksheets[0]!;
    ws.getCell('D2').value = 101; // student 0
    ws.getCell('E2').value = 'sembilan puluh';
    ws.getCell('D3').value = 72.5; // student 1
    ws.getCell('D4').value = 60; // student 2: Laporan 1 not handed in
    ws.getCell('E4').value = 77; // fine on its own
    setRow(ws, 5, [4, '2001', s.outsider.name, 90, null, null, null]); // a student of another rombel
    ws.spliceRows(6, 0, [5, '9999', 'Siswa Tak Dikenal', 90, null, null, null]); // an unknown NIS
    const before = await scoresOf(s);

    const res = await upload(s, wb, 1);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(QUICK_MSG.importHasErrors);
    const p: GradebookImportPreview = res.body.data;
    expect(p.applied).toBe(false);
    expect(p.errors).toEqual([
      { cell: 'D2', row: 2, message: 'Nilai di sel D2 harus 0 sampai 100' },
      { cell: 'E2', row: 2, message: 'Isi sel E2 harus angka 0 sampai 100' },
      { cell: 'D3', row: 3, message: 'Nilai di sel D3 harus bilangan bulat' },
      { cell: 'D4', row: 4, message: 'Sel D4: siswa belum mengumpulkan tugas ini, nilai tidak bisa diisi' },
      { cell: null, row: 5, message: `${s.outsider.name} (NIS 2001) bukan siswa kelas ini` },
      { cell: null, row: 6, message: 'NIS 9999 tidak dikenal di kelas ini' },
    ]);
    expect(p.changes.map((c) => [c.cell, c.after])).toEqual([['E4', 77]]);
    expect(await scoresOf(s)).toEqual(before);
    expect(await texts(s.s2)).toEqual([]);
  });

  it('refuses what is not the gradebook XLSX: another file (422), no heading row (422), too big (413), not multipart (415)', async () => {
    const s = await importScene(t);
    for (const data of [samples.pdf(), Buffer.from('No;NIS;Nama\r\n1;1001;Ani\r\n'), Buffer.from('PK\u0003\u0004 rusak')]) {
      const res = await upload(s, data, 0);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(QUICK_MSG.notXlsx);
    }
    const other = new ExcelJS.Workbook();
    other.addWorksheet('Data').addRow(['Nama', 'Nilai']);
    const wrong = await upload(s, other, 0);
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe(QUICK_MSG.notGradebook);
    const big = await upload(s, Buffer.alloc(IMPORT_LIMITS_BYTES + 1, 1), 0);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(IMPORT_MSG.tooLarge);
    const json = await t.as(s.teacher.token).post(`${s.url}/import?apply=0`, { file: 'x' });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe(FILE_MSG.notMultipart);
  });

  it('is the class teacher’s alone (403 other roles, 404 another teacher) and refused while grades are locked (409)', async () => {
    const s = await importScene(t);
    const wb = await exported(s);
    wb.worksheets[0]!.getCell('D2').value = 99;
    const admin = await t.factory.admin();
    for (const who of [admin, s.s0]) {
      const res = await upload(s, wb, 1, who);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(MSG.forbidden);
    }
    const other = await upload(s, wb, 1, s.otherTeacher);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ success: false, message: MSG.notFound });
    await t.db.update(semesters).set({ gradesLockedAt: new Date() }).where(eq(semesters.id, s.semesterId));
    const locked = await upload(s, wb, 1);
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(GRADE_MSG.locked);
    expect((await scoresOf(s)).get(`${s.a1.id}:${s.s0.id}`)!.score).toBe(80);
    await t.db.update(semesters).set({ gradesLockedAt: null }).where(eq(semesters.id, s.semesterId));
    // A co-teacher of the class may import.
    const co = await upload(s, wb, 1, s.coTeacher);
    expect(co.status).toBe(200);
    expect(co.body.data.applied).toBe(true);
  });
});

const IMPORT_LIMITS_BYTES = 10 * 1024 * 1024;
