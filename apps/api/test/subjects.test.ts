/** Issue 37: mata pelajaran — the admin's list and form, the rules, and the XLSX export and import. */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { IMPORT_MSG, MSG, TEACHING_MSG } from '@kelasku/contract';
import { useTestApp, type TestContext } from './helpers.js';
import { expectAdminOnly } from './admin-access.js';
import { auditLog, subjects } from '../src/db/schema.js';
import { insertAssignment } from '../src/features/teaching-assignments/write.js';
import { sheetRows, xlsx } from './teaching-helpers.js';

const t = useTestApp();
const SUBJECTS = '/api/admin/subjects';
let n = 0;
const code = (prefix = 'MP') => `${prefix}${++n}`;

const upload = (t: TestContext, token: string, url: string, data: Buffer) =>
  t.as(token).upload('POST', url, {}, { file: { name: 'mapel.xlsx', data } });

const subjectCount = async (t: TestContext) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(subjects))[0]!.n;

describe('access', () => {
  it('refuses every subject route to teachers and students (403) and to callers without a token (401)', async () => {
    const admin = await t.factory.admin();
    const made = await t.as(admin.token).post(SUBJECTS, { code: code(), name: `Mapel ${n}`, group: 'umum', grades: [10] });
    const id = made.body.data.id;
    const body = { code: 'ZZ1', name: 'Tidak boleh', group: 'umum', grades: [10] };
    await expectAdminOnly(t, [
      ['GET', SUBJECTS],
      ['POST', SUBJECTS, body],
      ['PUT', `${SUBJECTS}/${id}`, body],
      ['DELETE', `${SUBJECTS}/${id}`],
      ['GET', `${SUBJECTS}/export`],
      ['POST', `${SUBJECTS}/import/preview`, {}],
      ['POST', `${SUBJECTS}/import`, {}],
    ]);
    expect((await t.db.select().from(subjects).where(eq(subjects.id, id)))[0]!.name).toBe(`Mapel ${n}`);
    expect((await t.db.select().from(subjects).where(eq(subjects.code, 'ZZ1'))).length).toBe(0);
  });
});

describe('the form', () => {
  it('creates a subject with its departments, lists it and records it in the audit log', async () => {
    const admin = await t.factory.admin();
    const c = code('mtk');
    const res = await t
      .as(admin.token)
      .post(SUBJECTS, { code: ` ${c} `, name: 'Matematika Dasar', group: 'umum', grades: [11, 10], department_ids: [1] });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(TEACHING_MSG.subjectCreated);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      code: c.toUpperCase(),
      name: 'Matematika Dasar',
      group: 'umum',
      grades: [10, 11],
      departments: [{ id: 1, short_name: 'TKJ' }],
      assignments: 0,
    });
    const list = await t.as(admin.token).get(SUBJECTS);
    expect(list.body.data.find((s: { id: number }) => s.id === res.body.data.id)).toEqual(res.body.data);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, res.body.data.id));
    expect(audit).toMatchObject({ action: 'subject.create', targetType: 'subject', actorId: admin.id });
  });

  it('refuses a code or a name already used, whatever their case (409 naming the field), and writes nothing', async () => {
    const admin = await t.factory.admin();
    const c = code('bin');
    await t.as(admin.token).post(SUBJECTS, { code: c, name: 'Bahasa Indonesia', group: 'umum', grades: [10] });
    const before = await subjectCount(t);
    const sameCode = await t.as(admin.token).post(SUBJECTS, { code: c.toLowerCase(), name: 'Lain', group: 'umum', grades: [10] });
    expect(sameCode.status).toBe(409);
    expect(sameCode.body).toEqual({
      success: false,
      message: TEACHING_MSG.subjectCodeTaken,
      errors: { code: [TEACHING_MSG.subjectCodeTaken] },
    });
    const sameName = await t.as(admin.token).post(SUBJECTS, { code: code(), name: 'bahasa indonesia', group: 'umum', grades: [10] });
    expect(sameName.status).toBe(409);
    expect(sameName.body.errors).toEqual({ name: [TEACHING_MSG.subjectNameTaken] });
    expect(await subjectCount(t)).toBe(before);
  });

  it('refuses a department that does not exist, a wrong group, no grade and a bad code (422 naming the field)', async () => {
    const admin = await t.factory.admin();
    const base = { code: code(), name: `Mapel ${n}`, group: 'umum', grades: [10] };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ department_ids: [99999] }, 'department_ids', TEACHING_MSG.departmentsInvalid],
      [{ group: 'wajib' }, 'group', TEACHING_MSG.groupInvalid],
      [{ grades: [] }, 'grades', TEACHING_MSG.gradesInvalid],
      [{ grades: [9] }, 'grades.0', TEACHING_MSG.gradesInvalid],
      [{ code: 'MTK 1' }, 'code', TEACHING_MSG.subjectCodeFormat],
    ];
    for (const [over, field, message] of cases) {
      const res = await t.as(admin.token).post(SUBJECTS, { ...base, ...over });
      expect(res.status, field).toBe(422);
      expect(res.body.errors[field], field).toEqual([message]);
    }
    expect((await t.db.select().from(subjects).where(eq(subjects.code, base.code))).length).toBe(0);
  });

  it('edits a subject (its own code may stay), answers 404 for one that does not exist', async () => {
    const admin = await t.factory.admin();
    const c = code('ipa');
    const made = await t.as(admin.token).post(SUBJECTS, { code: c, name: 'IPA', group: 'umum', grades: [10] });
    const id = made.body.data.id;
    const res = await t
      .as(admin.token)
      .put(`${SUBJECTS}/${id}`, { code: c, name: 'Projek IPAS', group: 'kejuruan', grades: [10, 11], department_ids: [1] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Projek IPAS',
      group: 'kejuruan',
      grades: [10, 11],
      departments: [{ id: 1, short_name: 'TKJ' }],
    });
    expect((await t.as(admin.token).put(`${SUBJECTS}/999999`, { code: c, name: 'X', group: 'umum', grades: [10] })).status).toBe(404);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'subject.update' and ${auditLog.targetId} = ${id}`);
    expect(audit!.after).toMatchObject({ name: 'Projek IPAS', group: 'kejuruan' });
  });

  it('deletes an unused subject; refuses (409) one a teaching assignment uses', async () => {
    const admin = await t.factory.admin();
    const free = await t.as(admin.token).post(SUBJECTS, { code: code(), name: `Bebas ${n}`, group: 'mulok', grades: [12] });
    const gone = await t.as(admin.token).delete(`${SUBJECTS}/${free.body.data.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe(TEACHING_MSG.subjectDeleted);
    expect((await t.as(admin.token).delete(`${SUBJECTS}/${free.body.data.id}`)).status).toBe(404);

    const used = await t.as(admin.token).post(SUBJECTS, { code: code(), name: `Dipakai ${n}`, group: 'umum', grades: [10] });
    const teacher = await t.factory.teacher();
    const rombel = await t.factory.rombel();
    const { rows } = await t.db.execute<{ id: number }>(sql`select id from semesters where active`);
    await t.db.transaction((tx) =>
      insertAssignment(tx, {
        semesterId: rows[0]!.id,
        rombelId: rombel.id,
        subjectId: used.body.data.id,
        teacherIds: [teacher.id],
        hoursPerWeek: 2,
        className: 'K',
      }),
    );
    const refused = await t.as(admin.token).delete(`${SUBJECTS}/${used.body.data.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(TEACHING_MSG.subjectInUse);
    expect((await t.as(admin.token).get(SUBJECTS)).body.data.find((s: { id: number }) => s.id === used.body.data.id).assignments).toBe(1);
  });
});

describe('XLSX', () => {
  it('exports the subjects in the columns the import reads, and the export imports back unchanged', async () => {
    const admin = await t.factory.admin();
    const c = code('pjok');
    await t.as(admin.token).post(SUBJECTS, { code: c, name: 'PJOK', group: 'mulok', grades: [10, 11], department_ids: [1] });
    const res = await t.as(admin.token).get(`${SUBJECTS}/export`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await sheetRows(res.raw.rawPayload);
    expect(rows[0]).toEqual(['Kode', 'Nama', 'Kelompok', 'Kelas', 'Jurusan']);
    expect(rows).toContainEqual([c.toUpperCase(), 'PJOK', 'Muatan lokal', '10, 11', 'TKJ']);
    const preview = await upload(t, admin.token, `${SUBJECTS}/import/preview`, res.raw.rawPayload);
    expect(preview.status).toBe(200);
    expect(preview.body.data.totals).toMatchObject({ create: 0, update: 0, error: 0 });
    const again = await upload(t, admin.token, `${SUBJECTS}/import`, res.raw.rawPayload);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(IMPORT_MSG.nothingToDo);
  });

  it('previews create, update, unchanged and errors naming the row, and writes nothing', async () => {
    const admin = await t.factory.admin();
    const [a, b] = [code('IMA'), code('IMB')];
    await t.as(admin.token).post(SUBJECTS, { code: a, name: `Ada ${a}`, group: 'umum', grades: [10] });
    await t.as(admin.token).post(SUBJECTS, { code: b, name: `Ada ${b}`, group: 'umum', grades: [10] });
    const file = await xlsx([
      ['Kode', 'Nama', 'Kelompok', 'Kelas', 'Jurusan'],
      [a, `Ada ${a}`, 'Umum', '10', ''],
      [b, `Ada ${b}`, 'Kejuruan', '10, 11', 'TKJ'],
      [code('IMC'), `Baru ${n}`, 'muatan lokal', 'X, XI', ''],
      [code('IMD'), `Salah ${n}`, 'wajib', '13', 'ZZZ'],
    ]);
    const before = await subjectCount(t);
    const res = await upload(t, admin.token, `${SUBJECTS}/import/preview`, file);
    expect(res.status).toBe(200);
    expect(res.body.data.rows.map((r: { action: string }) => r.action)).toEqual(['unchanged', 'update', 'create', 'error']);
    expect(res.body.data.totals).toEqual({ create: 1, update: 1, unchanged: 1, error: 1 });
    const errors = res.body.data.rows[3].errors;
    expect(errors).toContain(`Baris 5: ${TEACHING_MSG.groupInvalid}`);
    expect(errors).toContain(`Baris 5: ${TEACHING_MSG.gradesInvalid}`);
    expect(errors).toContain(`Baris 5: ${TEACHING_MSG.departmentsInvalid}: ZZZ`);
    expect(await subjectCount(t)).toBe(before);
  });

  it('imports every row or none: a file with a bad row writes nothing, a good one writes all', async () => {
    const admin = await t.factory.admin();
    const [x, y] = [code('IMX'), code('IMY')];
    const before = await subjectCount(t);
    const bad = await xlsx([
      ['Kode', 'Nama', 'Kelompok', 'Kelas'],
      [x, `Baik ${x}`, 'umum', '10'],
      [y, `Baik ${x}`, 'umum', '10'],
    ]);
    const refused = await upload(t, admin.token, `${SUBJECTS}/import`, bad);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(IMPORT_MSG.hasErrors);
    expect(refused.body.errors.file).toEqual([TEACHING_MSG.rowRepeated(3, 2)]);
    expect(await subjectCount(t)).toBe(before);

    const good = await xlsx([
      ['Kode', 'Nama', 'Kelompok', 'Kelas'],
      [x, `Baik ${x}`, 'umum', '10'],
      [y, `Baik ${y}`, 'kejuruan', '11;12'],
    ]);
    const res = await upload(t, admin.token, `${SUBJECTS}/import`, good);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: TEACHING_MSG.importDone(2), data: { created: 2, updated: 0 } });
    expect(await subjectCount(t)).toBe(before + 2);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'subject.import'));
    expect(audit!.after).toEqual({ created: 2, updated: 0 });
  });

  it('refuses a file without the columns, a file that is not a spreadsheet and a request without a file', async () => {
    const admin = await t.factory.admin();
    const noHeader = await upload(
      t,
      admin.token,
      `${SUBJECTS}/import/preview`,
      await xlsx([
        ['A', 'B'],
        ['1', '2'],
      ]),
    );
    expect(noHeader.status).toBe(422);
    expect(noHeader.body.message).toBe(TEACHING_MSG.headerMissing('Kode, Nama, Kelompok, Kelas'));
    const notSheet = await upload(t, admin.token, `${SUBJECTS}/import/preview`, Buffer.from([0, 1, 2, 3, 4, 5]));
    expect(notSheet.status).toBe(422);
    expect(notSheet.body.message).toBe(IMPORT_MSG.notSpreadsheet);
    const none = await t.as(admin.token).upload('POST', `${SUBJECTS}/import`, { x: '1' }, {});
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ file: [MSG.fileRequired] });
  });
});
