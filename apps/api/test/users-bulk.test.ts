/** Bulk actions on users selected in the admin's list (issue "School-year onboarding"): all or nothing. */
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BULK_MSG, MSG } from '@kelasku/contract';
import { students, users } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import { expectAdminOnly } from './admin-access.js';
import type { TestUser } from './factory.js';

const t = useTestApp();
let admin: TestUser;
const bulk = (body: unknown, token = admin.token) => t.as(token).post('/api/admin/resources/users/bulk', body);
const statusOf = async (ids: number[]) =>
  (await t.db.select({ id: users.id, status: users.status }).from(users).where(inArray(users.id, ids))).map((r) => r.status);

beforeAll(async () => {
  admin = await t.factory.admin();
});

describe('bulk actions', () => {
  it('deactivates (their sessions end) and activates again', async () => {
    const a = await t.factory.student();
    const b = await t.factory.student();
    const res = await bulk({ ids: [a.id, b.id], action: 'deactivate' });
    expect([res.status, res.body.message, res.body.data]).toEqual([200, BULK_MSG.done(2), { updated: 2, import_id: null }]);
    expect(await statusOf([a.id, b.id])).toEqual([0, 0]);
    expect((await t.as(a.token).get('/api/me')).status).toBe(401);
    expect((await t.as(null).post('/api/login', { username: b.username, password: b.password })).status).not.toBe(200);
    expect((await bulk({ ids: [a.id, b.id], action: 'activate' })).status).toBe(200);
    expect((await t.as(null).post('/api/login', { username: b.username, password: b.password })).status).toBe(200);
  });

  it('moves students to a rombel; a teacher in the selection or an unknown rombel refuses all', async () => {
    const to = await t.factory.rombel({ name: 'XI BULK 1' });
    const a = await t.factory.student();
    const b = await t.factory.student();
    const teacher = await t.factory.teacher();
    const withTeacher = await bulk({ ids: [a.id, teacher.id], action: 'move_rombel', rombel_id: to.id });
    expect([withTeacher.status, withTeacher.body.errors?.ids]).toEqual([422, [BULK_MSG.studentsOnly]]);
    const unknown = await bulk({ ids: [a.id], action: 'move_rombel', rombel_id: 2_000_000_000 });
    expect([unknown.status, unknown.body.errors?.rombel_id]).toEqual([422, [MSG.rombelUnknown]]);
    expect((await bulk({ ids: [a.id, b.id], action: 'move_rombel', rombel_id: to.id })).status).toBe(200);
    const rows = await t.db
      .select({ rombel: students.rombelClassId })
      .from(students)
      .where(inArray(students.userId, [a.id, b.id]));
    expect(rows.map((r) => r.rombel)).toEqual([to.id, to.id]);
  });

  it('forces a password change, and resets passwords onto slips that work once', async () => {
    const a = await t.factory.student({ name: 'Ayu Bulk' });
    const b = await t.factory.teacher({ name: 'Bima Bulk' });
    expect((await bulk({ ids: [a.id], action: 'force_password_change' })).status).toBe(200);
    expect((await t.as(a.token).get('/api/student/my-classes')).body.message).toBe(MSG.passwordChangeRequired);

    const reset = await bulk({ ids: [a.id, b.id], action: 'reset_password' });
    expect([reset.status, reset.body.message]).toEqual([200, BULK_MSG.reset(2)]);
    const slips = await t.as(admin.token).get(`/api/admin/imports/${reset.body.data.import_id}/slips.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(slips.raw.rawPayload as unknown as ArrayBuffer);
    const rows = wb.getWorksheet('Akun')!.getSheetValues().slice(2) as string[][];
    expect(rows.map((r) => r.slice(1, 5))).toEqual([
      ['Ayu Bulk', 'Siswa', 'X TKJ 1', a.username],
      ['Bima Bulk', 'Guru', '', b.username],
    ]);
    expect((await t.as(null).post('/api/login', { username: a.username, password: a.password })).status).toBe(401);
    const login = await t.as(null).post('/api/login', { username: a.username, password: rows[0]![5] });
    expect([login.status, login.body.data.user.must_change_password]).toEqual([200, true]);
    expect((await t.as(b.token).get('/api/me')).status).toBe(401);
  });

  it("refuses the admin's own account, an unknown id and bad bodies, changing nothing", async () => {
    const a = await t.factory.student();
    expect((await bulk({ ids: [a.id, admin.id], action: 'deactivate' })).body.message).toBe(MSG.selfDemote);
    const unknown = await bulk({ ids: [a.id, 2_000_000_000], action: 'deactivate' });
    expect(unknown.status).toBe(404);
    expect(await statusOf([a.id])).toEqual([1]);
    for (const [body, field, message] of [
      [{ ids: [], action: 'activate' }, 'ids', BULK_MSG.idsInvalid],
      [{ ids: Array.from({ length: 1001 }, (_, i) => i + 1), action: 'activate' }, 'ids', BULK_MSG.idsInvalid],
      [{ ids: [a.id], action: 'hapus' }, 'action', BULK_MSG.actionInvalid],
    ] as const) {
      const res = await bulk(body);
      expect([res.status, res.body.errors?.[field]]).toEqual([422, [message]]);
    }
    const [row] = await t.db.select({ must: users.mustChangePassword }).from(users).where(eq(users.id, admin.id));
    expect(row!.must).toBe(false);
  });

  it('only an admin may', async () => {
    const student = await t.factory.student();
    await expectAdminOnly(t, [['POST', '/api/admin/resources/users/bulk', { ids: [student.id], action: 'deactivate' }]]);
    expect(await statusOf([student.id])).toEqual([1]);
  });
});
