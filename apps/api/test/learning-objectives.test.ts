/**
 * Issue 39: tujuan pembelajaran (TP) — the admin's and the teachers' CRUD, order, the XLSX import
 * (Kelasku's sheet and e-Rapor's "Template Import Tujuan Pembelajaran"), a class's TPs, and who may
 * write them (a teacher: the subjects they teach this semester).
 */
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, TP_MSG } from '@kelasku/contract';
import { auditLog, learningObjectives, subjects } from '../src/db/schema.js';
import { samples, useTestApp } from './helpers.js';
import type { TestUser } from './factory.js';
import { gradedAssignment, reportScene, type ReportScene } from './report-grades-scene.js';
import { TP_TEMPLATE_EXAMPLE, makeTpTemplate } from './fixtures/erapor/make-tp-template.js';

const t = useTestApp();
const NO_SUCH_ID = 2_147_483_000;
const A = '/api/admin/learning-objectives';
const T = '/api/teacher/learning-objectives';

async function kelaskuSheet(rows: Array<[string, string]>, header: [string, string] = ['Kode', 'Tujuan Pembelajaran']): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('TP');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const importAs = (who: TestUser, base: string, q: string, data: Buffer, name = 'tp.xlsx') =>
  t.as(who.token).upload('POST', `${base}/import?${q}`, {}, { file: { name, data } });

let s: ReportScene;
let admin: TestUser;
beforeAll(async () => {
  s = await reportScene(t, 1);
  admin = await t.factory.admin();
});

describe('TPs of a subject and grade', () => {
  it('lists in order with the work tagged; anyone of the staff reads, a student does not', async () => {
    await gradedAssignment(t, s, { categoryId: null, objectiveIds: [s.objectives[0]!.id], scores: [80] });
    const q = `?subject_id=${s.subjectId}&grade=10`;
    for (const [who, base] of [
      [admin, A],
      [s.teacher, T],
      [s.otherTeacher, T],
    ] as const) {
      const res = await t.as(who.token).get(`${base}${q}`);
      expect(res.status).toBe(200);
      expect(res.body.data.map((o: { code: string; work_count: number }) => [o.code, o.work_count])).toEqual([
        ['TP 1', 1],
        ['TP 2', 0],
        ['TP 3', 0],
      ]);
    }
    expect((await t.as(s.students[0]!.token).get(`${T}${q}`)).status).toBe(403);
    const bad = await t.as(admin.token).get(`${A}?subject_id=${s.subjectId}&grade=9`);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(TP_MSG.gradeInvalid);
  });

  it('a teacher adds, edits, orders and deletes the TPs of a subject they teach; audited', async () => {
    const made = await t
      .as(s.coTeacher.token)
      .post(T, { subject_id: s.subjectId, grade: 10, code: 'TP 4', description: 'Merancang topologi jaringan' });
    expect(made.status).toBe(201);
    expect(made.body.message).toBe(TP_MSG.created);
    expect(made.body.data).toMatchObject({ code: 'TP 4', position: 3, work_count: 0, erapor_id: null });
    const id = made.body.data.id as number;

    const taken = await t.as(s.teacher.token).post(T, { subject_id: s.subjectId, grade: 10, code: 'tp 1', description: 'Lagi' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('Kode TP "tp 1" sudah dipakai untuk mata pelajaran dan tingkat ini');
    const empty = await t.as(s.teacher.token).post(T, { subject_id: s.subjectId, grade: 10, code: 'TP 9', description: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(TP_MSG.description);
    const longCode = await t.as(s.teacher.token).post(T, { subject_id: s.subjectId, grade: 10, code: 'X'.repeat(21), description: 'A' });
    expect(longCode.body.message).toBe(TP_MSG.codeFormat);
    const unknown = await t.as(admin.token).post(A, { subject_id: NO_SUCH_ID, grade: 10, code: 'TP 1', description: 'A' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe(TP_MSG.subjectUnknown);

    const edited = await t.as(s.teacher.token).put(`${T}/${id}`, { code: 'TP 4a', description: 'Merancang topologi jaringan sederhana' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ code: 'TP 4a', description: 'Merancang topologi jaringan sederhana' });
    const clash = await t.as(s.teacher.token).put(`${T}/${id}`, { code: 'TP 2', description: 'x' });
    expect(clash.status).toBe(409);

    const order = [id, ...s.objectives.map((o) => o.id)];
    const ordered = await t.as(s.teacher.token).put(`${T}/order`, { subject_id: s.subjectId, grade: 10, ids: order });
    expect(ordered.status).toBe(200);
    expect(ordered.body.message).toBe(TP_MSG.reordered);
    expect(ordered.body.data.map((o: { id: number }) => o.id)).toEqual(order);
    const partial = await t.as(s.teacher.token).put(`${T}/order`, { subject_id: s.subjectId, grade: 10, ids: order.slice(1) });
    expect(partial.status).toBe(422);
    expect(partial.body.message).toBe(TP_MSG.orderMismatch);

    const gone = await t.as(s.teacher.token).delete(`${T}/${id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe(TP_MSG.deleted);
    expect((await t.as(s.teacher.token).delete(`${T}/${id}`)).status).toBe(404);
    expect((await t.as(s.teacher.token).put(`${T}/${NO_SUCH_ID}`, { code: 'A', description: 'B' })).status).toBe(404);

    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetType, 'learning_objective')).orderBy(asc(auditLog.id))).map(
      (r) => r.action,
    );
    expect(actions).toEqual(['objective.create', 'objective.update', 'objective.order', 'objective.delete']);
  });

  it('refuses to delete a TP tagged on work', async () => {
    const res = await t.as(admin.token).delete(`${A}/${s.objectives[0]!.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('TP ini dipakai di 1 tugas/kuis. Lepaskan dulu dari tugas/kuis tersebut.');
    expect(await t.db.select().from(learningObjectives).where(eq(learningObjectives.id, s.objectives[0]!.id))).toHaveLength(1);
  });

  it('a teacher who does not teach the subject this semester reads it but writes nothing; a student nothing', async () => {
    const body = { subject_id: s.subjectId, grade: 10, code: 'TP 7', description: 'Tidak boleh' };
    const homeroom = s.homeroom;
    for (const r of [
      await t.as(homeroom.token).post(T, body),
      await t.as(homeroom.token).put(`${T}/${s.objectives[1]!.id}`, { code: 'TP 2', description: 'Diubah' }),
      await t.as(homeroom.token).delete(`${T}/${s.objectives[1]!.id}`),
      await t.as(homeroom.token).put(`${T}/order`, { subject_id: s.subjectId, grade: 10, ids: s.objectives.map((o) => o.id) }),
      await importAs(homeroom, T, `subject_id=${s.subjectId}&grade=10`, await kelaskuSheet([['TP 8', 'X']])),
    ]) {
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('Anda tidak mengajar mata pelajaran ini semester ini');
    }
    expect((await t.as(s.students[0]!.token).post(T, body)).status).toBe(403);
    expect((await t.as(s.teacher.token).post(A, body)).status).toBe(403);
    expect((await t.as(null).get(`${A}?subject_id=${s.subjectId}&grade=10`)).status).toBe(401);
  });

  it("a class's TPs: its subject and its rombel's grade; another teacher's class is 404", async () => {
    const url = `/api/teacher/online-classes/${s.classId}/learning-objectives`;
    const res = await t.as(s.teacher.token).get(url);
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: { subject_id: number; grade: number }) => [o.subject_id, o.grade])).toEqual(
      res.body.data.map(() => [s.subjectId, 10]),
    );
    expect(res.body.data.some((o: { id: number }) => o.id === s.foreignObjectiveId)).toBe(false);
    expect((await t.as(s.otherTeacher.token).get(url)).status).toBe(404);
    expect((await t.as(s.students[0]!.token).get(url)).status).toBe(403);
    expect((await t.as(admin.token).get(url)).status).toBe(403);
  });
});

describe('importing TPs from XLSX', () => {
  it('the template downloads and, filled in, imports: a dry run writes nothing, then new codes added and known ones changed', async () => {
    const template = await t.as(admin.token).get(`${A}/template.xlsx`);
    expect(template.status).toBe(200);
    expect(String(template.headers['content-type'])).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(template.raw.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([undefined, 'Kode', 'Tujuan Pembelajaran']);

    const subject = (await t.db.insert(subjects).values({ code: 'SIMDIG', name: 'Informatika Impor', group: 'umum' }).returning())[0]!;
    await t.db.insert(learningObjectives).values({ subjectId: subject.id, grade: 11, code: 'TP 1', description: 'Lama', position: 0 });
    const file = await kelaskuSheet([
      ['TP 1', 'Memahami berpikir komputasional'],
      ['TP 2', 'Menulis algoritma sederhana'],
      ['', 'Tanpa kode'],
      ['TP 2', 'Dua kali'],
    ]);
    const q = `subject_id=${subject.id}&grade=11`;
    const dry = await importAs(admin, A, `${q}&dry_run=1`, file);
    expect(dry.status).toBe(200);
    expect(dry.body.message).toBe(TP_MSG.dryRun);
    expect(dry.body.data).toEqual({
      format: 'kelasku',
      created: [{ code: 'TP 2', description: 'Menulis algoritma sederhana' }],
      updated: [{ code: 'TP 1', description: 'Memahami berpikir komputasional', before: 'Lama' }],
      skipped: [
        { row: 4, message: TP_MSG.codeFormat },
        { row: 5, message: 'Kode TP "TP 2" muncul lebih dari sekali di berkas ini' },
      ],
      dry_run: true,
    });
    expect(await t.db.select().from(learningObjectives).where(eq(learningObjectives.subjectId, subject.id))).toHaveLength(1);

    const done = await importAs(admin, A, q, file);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('1 TP ditambahkan, 1 TP diperbarui');
    const list = await t.as(admin.token).get(`${A}?${q}`);
    expect(list.body.data.map((o: { code: string; description: string; position: number }) => [o.code, o.description, o.position])).toEqual(
      [
        ['TP 1', 'Memahami berpikir komputasional', 0],
        ['TP 2', 'Menulis algoritma sederhana', 1],
      ],
    );
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'objective.import'));
    expect(audit).toMatchObject({ actorId: admin.id, after: { format: 'kelasku', created: 1, updated: 1 } });
  });

  it("reads e-Rapor's TP template: TP 1, TP 2… in order; another subject's template is refused", async () => {
    await t.db.update(subjects).set({ code: TP_TEMPLATE_EXAMPLE.kodeMapel }).where(eq(subjects.id, s.subjectId));
    const fixture = await makeTpTemplate(TP_TEMPLATE_EXAMPLE);
    const q = `subject_id=${s.subjectId}&grade=11`;
    const res = await importAs(s.teacher, T, q, fixture, 'template_tp.xlsx');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      format: 'erapor',
      created: [
        { code: 'TP 1', description: TP_TEMPLATE_EXAMPLE.tps[0] },
        { code: 'TP 2', description: TP_TEMPLATE_EXAMPLE.tps[1] },
        { code: 'TP 3', description: TP_TEMPLATE_EXAMPLE.tps[3] },
      ],
      updated: [],
      skipped: [],
      dry_run: false,
    });
    // Read again: nothing changes.
    const again = await importAs(s.teacher, T, q, fixture, 'template_tp.xlsx');
    expect(again.body.message).toBe('0 TP ditambahkan, 0 TP diperbarui');

    const other = (await t.db.insert(subjects).values({ code: 'PAI', name: 'Pendidikan Agama Islam', group: 'umum' }).returning())[0]!;
    const wrong = await importAs(admin, A, `subject_id=${other.id}&grade=10`, fixture);
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe(`Template ini untuk mata pelajaran ${TP_TEMPLATE_EXAMPLE.mapel}, bukan Pendidikan Agama Islam`);
  });

  it('refuses what is not an XLSX, a sheet without its heading, an empty one', async () => {
    const q = `subject_id=${s.subjectId}&grade=12`;
    const pdf = await importAs(admin, A, q, samples.pdf(), 'tp.xlsx');
    expect(pdf.status).toBe(422);
    expect(pdf.body.message).toBe('Berkas harus berupa file Excel (.xlsx)');
    const heading = await importAs(admin, A, q, await kelaskuSheet([['TP 1', 'A']], ['Nomor', 'Isi']));
    expect(heading.status).toBe(422);
    expect(heading.body.message).toBe(TP_MSG.headerMissing);
    const empty = await importAs(admin, A, q, await kelaskuSheet([]));
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(TP_MSG.noRows);
    const noFile = await t.as(admin.token).upload('POST', `${A}/import?${q}`, { x: '1' }, {});
    expect(noFile.status).toBe(422);
    expect(noFile.body.message).toBe(MSG.fileRequired);
    expect(await t.db.select().from(learningObjectives).where(eq(learningObjectives.grade, 12))).toHaveLength(0);
  });
});
