import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_MSG, MSG, ROLE_IDS } from '@kelasku/contract';
import { useTestApp } from './helpers.js';
import { expectAdminOnly, statementsDuring } from './admin-access.js';
import { rombelClasses } from '../src/db/schema.js';

const t = useTestApp();
const ROMBELS = '/api/admin/resources/rombel-classes';
const TKJ = 'Teknik Komputer dan Jaringan';

describe('access', () => {
  it('refuses every admin endpoint to teachers and students (403) and to callers without a token (401)', async () => {
    const rombel = await t.factory.rombel();
    await expectAdminOnly(t, [
      ['GET', '/api/admin/resources/departments'],
      ['GET', ROMBELS],
      ['POST', ROMBELS, { department_id: 1, name: 'X TKJ 9', grade: 10 }],
      ['GET', `${ROMBELS}/${rombel.id}`],
      ['PUT', `${ROMBELS}/${rombel.id}`, { department_id: 1, name: 'X TKJ 9', grade: 10 }],
      ['DELETE', `${ROMBELS}/${rombel.id}`],
    ]);
    expect((await t.db.select().from(rombelClasses).where(eq(rombelClasses.id, rombel.id)))[0]!.name).toBe(rombel.name);
  });
});

describe('GET /api/admin/resources/departments', () => {
  it('lists the departments with the TKJ department as the only enabled one', async () => {
    const admin = await t.factory.admin();
    const res = await t.as(admin.token).get('/api/admin/resources/departments');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: 1, code: 'TKJ', name: TKJ, enabled: true },
      { id: 2, code: 'RPL', name: 'Rekayasa Perangkat Lunak', enabled: false },
      { id: 3, code: 'MM', name: 'Multimedia', enabled: false },
      { id: 4, code: 'AKL', name: 'Akuntansi dan Keuangan Lembaga', enabled: false },
    ]);
  });
});

describe('GET /api/admin/resources/rombel-classes', () => {
  it('lists rombels with department name and student count, by grade then name', async () => {
    const admin = await t.factory.admin();
    await t.factory.student({ rombelId: 3 });
    await t.factory.student({ rombelId: 3 });
    await t.factory.student({ rombelId: 5 });
    const res = await t.as(admin.token).get(ROMBELS);
    expect(res.status).toBe(200);
    const list: any[] = res.body.data;
    const seeded = list.filter((r) => r.id <= 6);
    expect(seeded.map((r) => r.name)).toEqual(['X TKJ 1', 'X TKJ 2', 'XI TKJ 1', 'XI TKJ 2', 'XII TKJ 1', 'XII TKJ 2']);
    expect(list.find((r) => r.id === 3)).toEqual({
      id: 3,
      department_id: 1,
      department_name: TKJ,
      name: 'XI TKJ 1',
      grade: 11,
      total_student: 2,
    });
    expect(list.find((r) => r.id === 4).total_student).toBe(0);
    expect(list.find((r) => r.id === 5).total_student).toBe(1);
    const grades = list.map((r) => r.grade);
    expect(grades).toEqual([...grades].sort((a, b) => a - b));
  });

  it('runs a fixed number of statements however many rombels and students there are', async () => {
    const admin = await t.factory.admin();
    const call = () => t.as(admin.token).get(ROMBELS);
    const few = await statementsDuring(t, call);
    for (let i = 0; i < 5; i++) {
      const r = await t.factory.rombel({ grade: 12 });
      await t.factory.student({ rombelId: r.id });
    }
    expect(await statementsDuring(t, call)).toBe(few);
  });
});

describe('GET /api/admin/resources/rombel-classes/:id', () => {
  it('shows the rombel with department name, total and its students', async () => {
    const admin = await t.factory.admin();
    const rombel = await t.factory.rombel({ name: 'XII TKJ 7', grade: 12 });
    const b = await t.factory.student({ rombelId: rombel.id, name: 'Bayu Saputra' });
    const a = await t.factory.student({ rombelId: rombel.id, name: 'Agus Salim' });
    await t.factory.student({ rombelId: 1 });
    const res = await t.as(admin.token).get(`${ROMBELS}/${rombel.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: rombel.id,
      department_id: 1,
      department_name: TKJ,
      name: 'XII TKJ 7',
      grade: 12,
      total_student: 2,
      students: [
        { id: a.id, name: 'Agus Salim', nis: '1234', nisn: a.nisn },
        { id: b.id, name: 'Bayu Saputra', nis: '1234', nisn: b.nisn },
      ],
      teaching: { homeroom: null, subjects: [] },
    });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const admin = await t.factory.admin();
    for (const id of ['99999', 'x', '0']) {
      const res = await t.as(admin.token).get(`${ROMBELS}/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ success: false, message: MSG.notFound });
    }
  });
});

describe('POST /api/admin/resources/rombel-classes', () => {
  it('creates a rombel; the grade may come as a string', async () => {
    const admin = await t.factory.admin();
    const res = await t.as(admin.token).post(ROMBELS, { department_id: 1, name: '  XI TKJ 3 ', grade: '11' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(ADMIN_MSG.rombelCreated);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      department_id: 1,
      department_name: TKJ,
      name: 'XI TKJ 3',
      grade: 11,
      total_student: 0,
    });
    const options = await t.as(admin.token).get('/api/rombel-classes');
    expect(options.body.data).toContainEqual({ id: res.body.data.id, name: 'XI TKJ 3', grade: 11 });
  });

  const badInputs: Array<[string, Record<string, unknown>, number, string, string]> = [
    ['an empty name', { name: '  ' }, 422, 'name', MSG.required],
    ['a missing name', { name: undefined }, 422, 'name', MSG.required],
    ['grade 13', { grade: 13 }, 422, 'grade', MSG.gradeInvalid],
    ['grade 9', { grade: '9' }, 422, 'grade', MSG.gradeInvalid],
    ['a missing grade', { grade: undefined }, 422, 'grade', MSG.required],
    ['a missing department', { department_id: undefined }, 422, 'department_id', MSG.required],
    ['an unknown department', { department_id: 999 }, 422, 'department_id', ADMIN_MSG.departmentUnknown],
    ['a disabled department', { department_id: 2 }, 422, 'department_id', MSG.departmentDisabled],
    ['a taken name', { name: 'x tkj 1' }, 409, 'name', ADMIN_MSG.rombelNameTaken],
  ];
  for (const [label, over, status, field, message] of badInputs) {
    it(`refuses ${label} with ${status} "${message}"`, async () => {
      const admin = await t.factory.admin();
      const before = (await t.db.select().from(rombelClasses)).length;
      const res = await t.as(admin.token).post(ROMBELS, { department_id: 1, name: 'XII TKJ 9', grade: 12, ...over });
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ success: false, message, errors: { [field]: [message] } });
      expect((await t.db.select().from(rombelClasses)).length).toBe(before);
    });
  }
});

describe('PUT /api/admin/resources/rombel-classes/:id', () => {
  it('edits a rombel, keeping its own name in another case', async () => {
    const admin = await t.factory.admin();
    const rombel = await t.factory.rombel({ name: 'X TKJ 8', grade: 10 });
    const res = await t.as(admin.token).put(`${ROMBELS}/${rombel.id}`, { department_id: 1, name: 'x tkj 8', grade: 11 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ADMIN_MSG.rombelUpdated);
    expect(res.body.data).toMatchObject({ id: rombel.id, name: 'x tkj 8', grade: 11, department_name: TKJ });
  });

  it("refuses a disabled department, a bad grade and another rombel's name", async () => {
    const admin = await t.factory.admin();
    const rombel = await t.factory.rombel();
    const disabled = await t.as(admin.token).put(`${ROMBELS}/${rombel.id}`, { department_id: 3, name: rombel.name, grade: 10 });
    expect(disabled.status).toBe(422);
    expect(disabled.body.message).toBe(MSG.departmentDisabled);
    const grade = await t.as(admin.token).put(`${ROMBELS}/${rombel.id}`, { department_id: 1, name: rombel.name, grade: 'sepuluh' });
    expect(grade.status).toBe(422);
    expect(grade.body.errors).toEqual({ grade: [MSG.gradeInvalid] });
    const taken = await t.as(admin.token).put(`${ROMBELS}/${rombel.id}`, { department_id: 1, name: 'XII TKJ 2', grade: 10 });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(ADMIN_MSG.rombelNameTaken);
  });

  it('answers 404 for an unknown rombel', async () => {
    const admin = await t.factory.admin();
    const res = await t.as(admin.token).put(`${ROMBELS}/99999`, { department_id: 1, name: 'Entah', grade: 10 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: MSG.notFound });
  });
});

describe('DELETE /api/admin/resources/rombel-classes/:id', () => {
  it('refuses while the rombel has students (409), then while it has classes (409)', async () => {
    const admin = await t.factory.admin();
    const rombel = await t.factory.rombel();
    const student = await t.factory.student({ rombelId: rombel.id });
    const teacher = await t.factory.teacher();
    await t.factory.onlineClass(teacher.id, { rombelId: rombel.id });
    const withStudents = await t.as(admin.token).delete(`${ROMBELS}/${rombel.id}`);
    expect(withStudents.status).toBe(409);
    expect(withStudents.body).toEqual({ success: false, message: MSG.rombelHasStudents });

    await t.as(admin.token).put(`/api/admin/resources/users/${student.id}`, {
      name: student.name,
      gender: 'L',
      username: student.username,
      role: ROLE_IDS.teacher,
    });
    const withClasses = await t.as(admin.token).delete(`${ROMBELS}/${rombel.id}`);
    expect(withClasses.status).toBe(409);
    expect(withClasses.body).toEqual({ success: false, message: MSG.rombelHasClasses });
    expect((await t.as(admin.token).get(`${ROMBELS}/${rombel.id}`)).status).toBe(200);
  });

  it('deletes an unused rombel', async () => {
    const admin = await t.factory.admin();
    const rombel = await t.factory.rombel();
    const res = await t.as(admin.token).delete(`${ROMBELS}/${rombel.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: ADMIN_MSG.rombelDeleted });
    expect((await t.as(admin.token).get(`${ROMBELS}/${rombel.id}`)).status).toBe(404);
    expect((await t.as(admin.token).delete(`${ROMBELS}/${rombel.id}`)).status).toBe(404);
  });
});

describe('GET /api/rombel-classes (options for every form)', () => {
  it('answers every logged-in role with the rombels by grade then name', async () => {
    const teacher = await t.factory.teacher();
    const student = await t.factory.student();
    const admin = await t.factory.admin();
    await t.factory.rombel({ name: 'A Rombel Dua Belas', grade: 12 });
    for (const u of [admin, teacher, student]) {
      const res = await t.as(u.token).get('/api/rombel-classes');
      expect(res.status).toBe(200);
      const list: Array<{ id: number; name: string; grade: number }> = res.body.data;
      expect(list[0]).toEqual({ id: 1, name: 'X TKJ 1', grade: 10 });
      expect(list.filter((r) => r.id <= 6).map((r) => r.name)).toEqual([
        'X TKJ 1',
        'X TKJ 2',
        'XI TKJ 1',
        'XI TKJ 2',
        'XII TKJ 1',
        'XII TKJ 2',
      ]);
      expect(Object.keys(list[0]!).sort()).toEqual(['grade', 'id', 'name']);
      const keys = list.map((r) => [r.grade, r.name.toLowerCase()] as const);
      expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)));
    }
  });

  it('answers 401 without a token', async () => {
    const res = await t.as().get('/api/rombel-classes');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: MSG.unauthenticated });
  });
});
