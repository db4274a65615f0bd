/** Issue 37: pembagian tugas mengajar — the grid, the form's rules, moving a class, deleting, and the XLSX. */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { IMPORT_MSG, MSG, TEACHING_MSG } from '@kelasku/contract';
import { useTestApp, type TestContext } from './helpers.js';
import { expectAdminOnly } from './admin-access.js';
import { auditLog, homerooms, lessons, onlineClasses, teachers, teachingAssignments } from '../src/db/schema.js';
import { activeSemester, endedSemester, makeSubject, sheetRows, xlsx } from './teaching-helpers.js';

const t = useTestApp();
const URL = '/api/admin/teaching-assignments';
let n = 0;

const counts = async (t: TestContext) => {
  const [row] = await t.db
    .select({
      assignments: sql<number>`(select count(*)::int from teaching_assignments)`,
      classes: sql<number>`(select count(*)::int from online_classes)`,
    })
    .from(sql`(select 1) x`);
  return row!;
};

async function scene() {
  const admin = await t.factory.admin();
  const teacher = await t.factory.teacher({ name: `Bu Sari ${++n}` });
  const rombel = await t.factory.rombel({ name: `X TKJ Uji ${n}` });
  const subject = await makeSubject(t, `Matematika ${n}`);
  return { admin, teacher, rombel, subject };
}

describe('access', () => {
  it('refuses every route to teachers and students (403) and to callers without a token (401)', async () => {
    const { admin, teacher, rombel, subject } = await scene();
    const made = await t
      .as(admin.token)
      .post(URL, { rombel_id: rombel.id, subject_id: subject.id, teacher_ids: [teacher.id], hours_per_week: 4 });
    const id = made.body.data.id;
    await expectAdminOnly(t, [
      ['GET', URL],
      ['POST', URL, { rombel_id: rombel.id, subject_id: subject.id, teacher_ids: [teacher.id], hours_per_week: 4 }],
      ['PUT', `${URL}/${id}`, { teacher_ids: [teacher.id], hours_per_week: 9 }],
      ['DELETE', `${URL}/${id}`],
      ['GET', `${URL}/export`],
      ['POST', `${URL}/import/preview`, {}],
      ['POST', `${URL}/import`, {}],
    ]);
    expect((await t.db.select().from(teachingAssignments).where(eq(teachingAssignments.id, id)))[0]!.hoursPerWeek).toBe(4);
  });
});

describe('POST', () => {
  it('creates the assignment and its class ("Mapel — Rombel") in the active semester, audited; the grid shows it', async () => {
    const { admin, teacher, rombel, subject } = await scene();
    const second = await t.factory.teacher();
    const res = await t
      .as(admin.token)
      .post(URL, { rombel_id: rombel.id, subject_id: subject.id, teacher_ids: [teacher.id, second.id], hours_per_week: 4 });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(TEACHING_MSG.assignmentCreated);
    const a = res.body.data;
    expect(a).toMatchObject({
      semester_id: await activeSemester(t),
      rombel: { id: rombel.id, name: rombel.name, grade: 10 },
      subject: { id: subject.id, code: subject.code, name: subject.name },
      teachers: [
        { id: teacher.id, name: teacher.name, nip: expect.any(String) },
        { id: second.id, name: second.name, nip: expect.any(String) },
      ],
      hours_per_week: 4,
      online_class: { name: `${subject.name} — ${rombel.name}` },
      slots: 0,
    });
    const [klass] = await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, a.online_class.id));
    expect(klass).toMatchObject({ teacherId: teacher.id, rombelClassId: rombel.id, semesterId: a.semester_id });
    const grid = await t.as(admin.token).get(URL);
    expect(grid.status).toBe(200);
    expect(grid.body.data.assignments).toContainEqual(a);
    expect(grid.body.data.rombels).toContainEqual({ id: rombel.id, name: rombel.name, grade: 10, department_id: 1 });
    expect(grid.body.data.subjects).toContainEqual({ id: subject.id, code: subject.code, name: subject.name, group: 'umum' });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'teaching.create'), eq(auditLog.targetId, a.id)));
    expect(audit!.after).toMatchObject({ rombel: rombel.name, subject: subject.code, hours_per_week: 4 });
  });

  it('names the class as the admin wrote it (class_name)', async () => {
    const { admin, teacher, rombel, subject } = await scene();
    const res = await t
      .as(admin.token)
      .post(URL, { rombel_id: rombel.id, subject_id: subject.id, teacher_ids: [teacher.id], hours_per_week: 2, class_name: 'MTK Pagi' });
    expect(res.status).toBe(201);
    expect(res.body.data.online_class.name).toBe('MTK Pagi');
  });

  it('refuses each bad input with its message naming the field, writing nothing', async () => {
    const { admin, teacher, rombel, subject } = await scene();
    const inactive = await t.factory.teacher({ name: `Pak Nonaktif ${n}`, status: 0 });
    const student = await t.factory.student();
    const disabled = await t.factory.rombel({ name: `X AKL ${n}`, departmentId: 4 });
    const ended = await endedSemester(t);
    const ok = { rombel_id: rombel.id, subject_id: subject.id, teacher_ids: [teacher.id], hours_per_week: 2 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ rombel_id: disabled.id }, 'rombel_id', TEACHING_MSG.rombelDepartmentDisabled(disabled.name)],
      [{ rombel_id: 999999 }, 'rombel_id', MSG.rombelUnknown],
      [{ teacher_ids: [inactive.id] }, 'teacher_ids', TEACHING_MSG.teacherInactive(inactive.name)],
      [{ teacher_ids: [teacher.id, student.id] }, 'teacher_ids', TEACHING_MSG.teacherUnknown],
      [{ teacher_ids: [999999] }, 'teacher_ids', TEACHING_MSG.teacherUnknown],
      [{ teacher_ids: [] }, 'teacher_ids', TEACHING_MSG.teachersRequired],
      [{ teacher_ids: [teacher.id, teacher.id] }, 'teacher_ids', TEACHING_MSG.teacherTwice],
      [{ semester_id: 999999 }, 'semester_id', TEACHING_MSG.semesterUnknown],
      [{ semester_id: ended }, 'semester_id', TEACHING_MSG.semesterEnded],
      [{ subject_id: 999999 }, 'subject_id', TEACHING_MSG.subjectUnknown],
      [{ hours_per_week: 0 }, 'hours_per_week', TEACHING_MSG.hoursInvalid],
      [{ hours_per_week: 41 }, 'hours_per_week', TEACHING_MSG.hoursInvalid],
    ];
    const before = await counts(t);
    for (const [over, field, message] of cases) {
      const res = await t.as(admin.token).post(URL, { ...ok, ...over });
      expect(res.status, JSON.stringify(over)).toBe(422);
      expect(res.body.message, JSON.stringify(over)).toBe(message);
      expect(res.body.errors[field], JSON.stringify(over)).toEqual([message]);
    }
    expect(await counts(t)).toEqual(before);
  });

  it('refuses a second assignment of one rombel and subject in a semester (409), also when sent at once', async () => {
    const { admin, teacher, rombel, subject } = await scene();
    const body = { rombel_id: rombel.id, subject_id: subject.id, teacher_ids: [teacher.id], hours_per_week: 2 };
    const [a, b] = await Promise.all([t.as(admin.token).post(URL, body), t.as(admin.token).post(URL, body)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const refused = a.status === 409 ? a : b;
    const message = TEACHING_MSG.assignmentTaken(rombel.name, subject.name);
    expect(refused.body).toEqual({ success: false, message, errors: { subject_id: [message] } });
    const rows = await t.db.select().from(onlineClasses).where(eq(onlineClasses.rombelClassId, rombel.id));
    expect(rows.length).toBe(1);
  });
});

describe('PUT and DELETE', () => {
  it('gives the class to a new first teacher with all its lessons; changes the hours; audited', async () => {
    const { admin, teacher, rombel, subject } = await scene();
    const next = await t.factory.teacher();
    const made = await t
      .as(admin.token)
      .post(URL, { rombel_id: rombel.id, subject_id: subject.id, teacher_ids: [teacher.id], hours_per_week: 2 });
    const classId = made.body.data.online_class.id;
    const lesson = await t.factory.content(classId, { title: 'Pembelajaran lama' });
    const res = await t.as(admin.token).put(`${URL}/${made.body.data.id}`, { teacher_ids: [next.id], hours_per_week: 6 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TEACHING_MSG.assignmentUpdated);
    expect(res.body.data).toMatchObject({ teachers: [{ id: next.id }], hours_per_week: 6, online_class: { id: classId } });
    const contents = await t.as(next.token).get(`/api/teacher/online-classes/${classId}/contents`);
    expect(contents.status).toBe(200);
    expect(JSON.stringify(contents.body)).toContain('Pembelajaran lama');
    expect((await t.as(teacher.token).get(`/api/teacher/online-classes/${classId}`)).status).toBe(404);
    expect((await t.db.select().from(lessons).where(eq(lessons.id, lesson.id)))[0]!.onlineClassId).toBe(classId);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'teaching.update'), eq(auditLog.targetId, made.body.data.id)));
    expect(audit!.before).toMatchObject({ hours_per_week: 2, teachers: [teacher.name] });
    expect(audit!.after).toMatchObject({ hours_per_week: 6, teachers: [next.name] });
  });

  it('refuses a deactivated teacher (422) and an unknown assignment (404), changing nothing', async () => {
    const { admin, teacher, rombel, subject } = await scene();
    const inactive = await t.factory.teacher({ status: 0 });
    const made = await t
      .as(admin.token)
      .post(URL, { rombel_id: rombel.id, subject_id: subject.id, teacher_ids: [teacher.id], hours_per_week: 2 });
    const res = await t.as(admin.token).put(`${URL}/${made.body.data.id}`, { teacher_ids: [inactive.id], hours_per_week: 3 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ teacher_ids: [TEACHING_MSG.teacherInactive(inactive.name)] });
    expect((await t.as(admin.token).put(`${URL}/999999`, { teacher_ids: [teacher.id], hours_per_week: 3 })).status).toBe(404);
    const [row] = await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, made.body.data.online_class.id));
    expect(row!.teacherId).toBe(teacher.id);
  });

  it('refuses to delete an assignment whose class holds lessons (409); deletes an empty one with its class', async () => {
    const { admin, teacher, rombel, subject } = await scene();
    const made = await t
      .as(admin.token)
      .post(URL, { rombel_id: rombel.id, subject_id: subject.id, teacher_ids: [teacher.id], hours_per_week: 2 });
    const classId = made.body.data.online_class.id;
    const lesson = await t.factory.content(classId);
    const refused = await t.as(admin.token).delete(`${URL}/${made.body.data.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(TEACHING_MSG.assignmentInUse);
    await t.db.delete(lessons).where(eq(lessons.id, lesson.id));
    const gone = await t.as(admin.token).delete(`${URL}/${made.body.data.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe(TEACHING_MSG.assignmentDeleted);
    expect(await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, classId))).toEqual([]);
    expect((await t.as(admin.token).delete(`${URL}/${made.body.data.id}`)).status).toBe(404);
  });

  it('reads the grid of another semester and answers 404 for one that does not exist', async () => {
    const admin = await t.factory.admin();
    const ended = await endedSemester(t);
    const res = await t.as(admin.token).get(`${URL}?semester_id=${ended}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ semester_id: ended, assignments: [] });
    expect((await t.as(admin.token).get(`${URL}?semester_id=999999`)).status).toBe(404);
  });
});

describe("the admin's rombel page", () => {
  it('shows the wali kelas and the subjects with their teachers and hours of the active semester', async () => {
    const { admin, teacher, rombel, subject } = await scene();
    await t.as(admin.token).post(URL, { rombel_id: rombel.id, subject_id: subject.id, teacher_ids: [teacher.id], hours_per_week: 3 });
    await t.db.insert(homerooms).values({ semesterId: await activeSemester(t), rombelClassId: rombel.id, teacherId: teacher.id });
    const res = await t.as(admin.token).get(`/api/admin/resources/rombel-classes/${rombel.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.teaching).toEqual({
      homeroom: { id: teacher.id, name: teacher.name, nip: expect.any(String) },
      subjects: [
        {
          assignment_id: expect.any(Number),
          code: subject.code,
          name: subject.name,
          teachers: [{ id: teacher.id, name: teacher.name, nip: expect.any(String) }],
          hours_per_week: 3,
        },
      ],
    });
    const empty = await t.factory.rombel();
    expect((await t.as(admin.token).get(`/api/admin/resources/rombel-classes/${empty.id}`)).body.data.teaching).toEqual({
      homeroom: null,
      subjects: [],
    });
  });
});

const upload = (token: string, url: string, data: Buffer) => t.as(token).upload('POST', url, {}, { file: { name: 'tugas.xlsx', data } });
const HEADER = ['Rombel', 'Kode Mapel', 'Guru', 'Jam per Minggu', 'Wali Kelas'];

describe('XLSX', () => {
  it('previews each row (create, update, unchanged, errors naming the row) and writes nothing', async () => {
    const { admin, teacher, rombel, subject } = await scene();
    const other = await makeSubject(t);
    const third = await makeSubject(t);
    await t.as(admin.token).post(URL, { rombel_id: rombel.id, subject_id: subject.id, teacher_ids: [teacher.id], hours_per_week: 2 });
    await t.as(admin.token).post(URL, { rombel_id: rombel.id, subject_id: other.id, teacher_ids: [teacher.id], hours_per_week: 2 });
    const file = await xlsx([
      HEADER,
      [rombel.name, subject.code, teacher.name, '2', ''],
      [rombel.name, other.code, teacher.name, '5', ''],
      [rombel.name, third.code, teacher.name, '2', ''],
      [rombel.name, 'TIDAKADA', teacher.name, '2', ''],
      ['XII Tidak Ada', third.code, 'Guru Hantu', '50', ''],
    ]);
    const before = await counts(t);
    const res = await upload(admin.token, `${URL}/import/preview`, file);
    expect(res.status).toBe(200);
    expect(res.body.data.rows.map((r: { action: string }) => r.action)).toEqual(['unchanged', 'update', 'create', 'error', 'error']);
    expect(res.body.data.rows[3].errors).toEqual([TEACHING_MSG.rowSubjectUnknown(5, 'TIDAKADA')]);
    expect(res.body.data.rows[4].errors).toEqual([
      TEACHING_MSG.rowRombelUnknown(6, 'XII Tidak Ada'),
      TEACHING_MSG.rowTeacherUnknown(6, 'Guru Hantu'),
      TEACHING_MSG.rowError(6, TEACHING_MSG.hoursInvalid),
    ]);
    expect(res.body.data.totals).toEqual({ create: 1, update: 1, unchanged: 1, error: 2 });
    expect(await counts(t)).toEqual(before);
    const refused = await upload(admin.token, `${URL}/import`, file);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(IMPORT_MSG.hasErrors);
    expect(await counts(t)).toEqual(before);
  });

  it('imports every row: new assignments with their classes, team teaching by ";" and NIP, new hours, the wali kelas', async () => {
    const { admin, teacher, rombel, subject } = await scene();
    const partner = await t.factory.teacher({ name: `Pak Tim ${n}` });
    await t.db
      .update(teachers)
      .set({ nip: `19990101${String(partner.id).padStart(10, '0')}` })
      .where(eq(teachers.userId, partner.id));
    const nip = `19990101${String(partner.id).padStart(10, '0')}`;
    const other = await makeSubject(t);
    const made = await t
      .as(admin.token)
      .post(URL, { rombel_id: rombel.id, subject_id: subject.id, teacher_ids: [teacher.id], hours_per_week: 2 });
    const file = await xlsx([
      HEADER,
      [rombel.name, subject.code, teacher.name, '4', teacher.name],
      [rombel.name.toLowerCase(), other.code.toLowerCase(), `${teacher.name}; ${nip}`, '3', ''],
    ]);
    const res = await upload(admin.token, `${URL}/import`, file);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: TEACHING_MSG.importDone(2), data: { created: 1, updated: 1 } });
    const grid = (await t.as(admin.token).get(URL)).body.data.assignments.filter(
      (a: { rombel: { id: number } }) => a.rombel.id === rombel.id,
    );
    expect(grid.find((a: { id: number }) => a.id === made.body.data.id).hours_per_week).toBe(4);
    const created = grid.find((a: { subject: { id: number } }) => a.subject.id === other.id);
    expect(created.teachers.map((x: { id: number }) => x.id)).toEqual([teacher.id, partner.id]);
    expect(created.online_class.name).toBe(`${other.name} — ${rombel.name}`);
    const [room] = await t.db.select().from(homerooms).where(eq(homerooms.rombelClassId, rombel.id));
    expect(room!.teacherId).toBe(teacher.id);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'teaching.import'));
    expect(audit!.after).toEqual({ created: 1, updated: 1 });
  });

  it('exports a semester in the columns the import reads; the export imports back unchanged', async () => {
    const { admin, teacher, rombel, subject } = await scene();
    await t.as(admin.token).post(URL, { rombel_id: rombel.id, subject_id: subject.id, teacher_ids: [teacher.id], hours_per_week: 5 });
    const res = await t.as(admin.token).get(`${URL}/export`);
    expect(res.status).toBe(200);
    const rows = await sheetRows(res.raw.rawPayload);
    expect(rows[0]).toEqual(['Rombel', 'Kode Mapel', 'Mapel', 'Guru', 'Jam per Minggu', 'Wali Kelas']);
    expect(rows).toContainEqual([rombel.name, subject.code, subject.name, teacher.name, '5', '']);
    const preview = await upload(admin.token, `${URL}/import/preview`, res.raw.rawPayload);
    expect(preview.status).toBe(200);
    expect(preview.body.data.totals).toMatchObject({ create: 0, update: 0, error: 0 });
  });

  it('refuses an import into an ended semester', async () => {
    const admin = await t.factory.admin();
    const ended = await endedSemester(t);
    const res = await upload(admin.token, `${URL}/import/preview?semester_id=${ended}`, await xlsx([HEADER, ['X', 'Y', 'Z', '2', '']]));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(TEACHING_MSG.semesterEnded);
  });
});
