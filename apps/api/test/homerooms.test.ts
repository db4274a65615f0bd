/** Issue 37: wali kelas — one active teacher per rombel per semester, named and removed by the admin. */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, TEACHING_MSG } from '@kelasku/contract';
import { auditLog, homerooms, semesters } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import { expectAdminOnly } from './admin-access.js';

const t = useTestApp();
const URL = '/api/admin/homerooms';

const admin = async () => t.as((await t.factory.admin()).token);
const activeId = async () => (await t.db.select().from(semesters).where(eq(semesters.active, true)))[0]!.id;

describe('access', () => {
  it('refuses teachers and students (403) and callers without a token (401), and writes nothing', async () => {
    const teacher = await t.factory.teacher();
    await expectAdminOnly(t, [
      ['GET', URL],
      ['PUT', `${URL}/1`, { teacher_id: teacher.id }],
    ]);
    expect(await t.db.select().from(homerooms)).toEqual([]);
  });
});

describe('GET /api/admin/homerooms', () => {
  it('lists every rombel of the active semester with its wali kelas or null', async () => {
    const api = await admin();
    const rombel = await t.factory.rombel();
    const teacher = await t.factory.teacher();
    await t.db.insert(homerooms).values({ semesterId: await activeId(), rombelClassId: rombel.id, teacherId: teacher.id });
    const res = await api.get(URL);
    expect(res.status).toBe(200);
    const rows = res.body.data as Array<{ rombel: { id: number; name: string }; teacher: unknown }>;
    expect(rows.map((r) => r.rombel.id)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6, rombel.id]));
    expect(rows.find((r) => r.rombel.id === 1)).toEqual({ rombel: { id: 1, name: 'X TKJ 1', grade: 10 }, teacher: null });
    expect(rows.find((r) => r.rombel.id === rombel.id)!.teacher).toEqual({ id: teacher.id, name: teacher.name, nip: '198001012005011001' });
  });

  it('reads another semester by `semester_id`; an unknown one is 422', async () => {
    const api = await admin();
    const [other] = await t.db
      .insert(semesters)
      .values({ schoolYear: '2080/2081', term: 1, startsOn: '2080-07-01', endsOn: '2080-12-31' })
      .returning();
    const res = await api.get(`${URL}?semester_id=${other!.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.every((r: { teacher: unknown }) => r.teacher === null)).toBe(true);
    for (const bad of ['999999', 'abc']) {
      const refused = await api.get(`${URL}?semester_id=${bad}`);
      expect(refused.status).toBe(422);
      expect(refused.body.message).toBe(TEACHING_MSG.semesterUnknown);
    }
  });
});

describe('PUT /api/admin/homerooms/:rombelId', () => {
  it('names, replaces and removes the wali kelas (audited each time)', async () => {
    const api = await admin();
    const rombel = await t.factory.rombel();
    const [first, second] = [await t.factory.teacher(), await t.factory.teacher()];
    const set = await api.put(`${URL}/${rombel.id}`, { teacher_id: first.id });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      message: TEACHING_MSG.homeroomSaved,
      data: { rombel: { id: rombel.id, name: rombel.name }, teacher: { id: first.id, name: first.name } },
    });
    expect((await api.put(`${URL}/${rombel.id}`, { teacher_id: second.id })).body.data.teacher.id).toBe(second.id);
    const rows = await t.db.select().from(homerooms).where(eq(homerooms.rombelClassId, rombel.id));
    expect(rows).toEqual([{ semesterId: await activeId(), rombelClassId: rombel.id, teacherId: second.id }]);
    const removed = await api.put(`${URL}/${rombel.id}`, { teacher_id: null });
    expect(removed.body).toMatchObject({ message: TEACHING_MSG.homeroomRemoved, data: { teacher: null } });
    expect(await t.db.select().from(homerooms).where(eq(homerooms.rombelClassId, rombel.id))).toEqual([]);
    const log = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'homeroom.update'), eq(auditLog.targetId, rombel.id)));
    expect(log.map((r) => [r.before, r.after])).toEqual([
      [{ teacher: null }, { teacher: first.name }],
      [{ teacher: first.name }, { teacher: second.name }],
      [{ teacher: second.name }, { teacher: null }],
    ]);
  });

  it('names a wali kelas in another semester given by `semester_id`', async () => {
    const api = await admin();
    const rombel = await t.factory.rombel();
    const teacher = await t.factory.teacher();
    const [other] = await t.db
      .insert(semesters)
      .values({ schoolYear: '2082/2083', term: 2, startsOn: '2083-01-01', endsOn: '2083-06-30' })
      .returning();
    expect((await api.put(`${URL}/${rombel.id}`, { semester_id: other!.id, teacher_id: teacher.id })).status).toBe(200);
    expect(await t.db.select().from(homerooms).where(eq(homerooms.rombelClassId, rombel.id))).toEqual([
      { semesterId: other!.id, rombelClassId: rombel.id, teacherId: teacher.id },
    ]);
  });

  it('refuses a user who is not a teacher, an unknown user, a deactivated teacher, an unknown semester (422) and rombel (404)', async () => {
    const api = await admin();
    const rombel = await t.factory.rombel();
    const student = await t.factory.student();
    const gone = await t.factory.teacher({ name: 'Pak Nonaktif', status: 0 });
    const teacher = await t.factory.teacher();
    const cases: Array<[unknown, number, string, string]> = [
      [{ teacher_id: student.id }, 422, 'teacher_id', TEACHING_MSG.teacherUnknown],
      [{ teacher_id: 999999 }, 422, 'teacher_id', TEACHING_MSG.teacherUnknown],
      [{ teacher_id: gone.id }, 422, 'teacher_id', TEACHING_MSG.teacherInactive('Pak Nonaktif')],
      [{ teacher_id: teacher.id, semester_id: 999999 }, 422, 'semester_id', TEACHING_MSG.semesterUnknown],
      [{ teacher_id: 'x' }, 422, 'teacher_id', TEACHING_MSG.teacherUnknown],
    ];
    for (const [body, status, field, message] of cases) {
      const res = await api.put(`${URL}/${rombel.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.errors[field]).toEqual([message]);
    }
    const missing = await api.put(`${URL}/999999`, { teacher_id: teacher.id });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: MSG.notFound });
    expect(await t.db.select().from(homerooms).where(eq(homerooms.rombelClassId, rombel.id))).toEqual([]);
  });
});
