/** Issue 37: the school's departments (jurusan) — the admin creates, renames, enables and disables them. */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG, SCHOOL_MSG } from '@kelasku/contract';
import { auditLog, departments } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import { expectAdminOnly } from './admin-access.js';

const t = useTestApp();
const URL = '/api/admin/departments';
let seq = 0;
const code = () => `J${Date.now().toString(36).slice(-5).toUpperCase()}${++seq}`;
const body = (over: Record<string, unknown> = {}) => ({
  code: code(),
  name: 'Teknik Kendaraan Ringan',
  short_name: 'TKR',
  enabled: true,
  ...over,
});

describe('access', () => {
  it('refuses teachers and students (403) and callers without a token (401)', async () => {
    await expectAdminOnly(t, [
      ['GET', URL],
      ['POST', URL, body()],
      ['PUT', `${URL}/1`, body()],
    ]);
    expect(await t.db.select().from(departments).where(eq(departments.name, 'Teknik Kendaraan Ringan'))).toEqual([]);
  });
});

describe('GET /api/admin/departments', () => {
  it('lists every department, enabled or not, with its number of rombels', async () => {
    const admin = await t.factory.admin();
    await t.factory.rombel({ departmentId: 1 });
    const res = await t.as(admin.token).get(URL);
    expect(res.status).toBe(200);
    const list = res.body.data as Array<{ id: number; code: string; short_name: string; enabled: boolean; rombels: number }>;
    const tkj = list.find((d) => d.id === 1)!;
    expect(tkj).toMatchObject({ code: 'TKJ', short_name: 'TKJ', enabled: true });
    expect(tkj.rombels).toBeGreaterThanOrEqual(7);
    expect(list.find((d) => d.code === 'AKL')).toMatchObject({ enabled: false, rombels: 0 });
  });
});

describe('POST /api/admin/departments', () => {
  it('creates a department (code upper-cased), answers 201 and writes the audit log', async () => {
    const admin = await t.factory.admin();
    const c = code();
    const res = await t.as(admin.token).post(URL, body({ code: ` ${c.toLowerCase()} ` }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: SCHOOL_MSG.departmentCreated,
      data: { code: c, short_name: 'TKR', enabled: true, rombels: 0 },
    });
    const log = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'department.create'), eq(auditLog.targetId, res.body.data.id)));
    expect(log).toHaveLength(1);
    expect(log[0]!.after).toMatchObject({ code: c, enabled: true });
  });

  it('refuses a code already used, whatever its case (409 on the field)', async () => {
    const admin = await t.factory.admin();
    const res = await t.as(admin.token).post(URL, body({ code: 'tkj' }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      message: SCHOOL_MSG.departmentCodeTaken,
      errors: { code: [SCHOOL_MSG.departmentCodeTaken] },
    });
  });

  it('refuses a malformed code and missing fields (422)', async () => {
    const admin = await t.factory.admin();
    const bad = await t.as(admin.token).post(URL, body({ code: 'T K J' }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors.code).toEqual([SCHOOL_MSG.departmentCodeFormat]);
    const empty = await t.as(admin.token).post(URL, body({ name: '  ' }));
    expect(empty.status).toBe(422);
    expect(empty.body.errors.name).toEqual([MSG.required]);
  });
});

describe('PUT /api/admin/departments/:id', () => {
  it('enables AKL: a rombel "X AKL 1" may then be created, and refused again once disabled', async () => {
    const admin = await t.factory.admin();
    const api = t.as(admin.token);
    const akl = (await api.get(URL)).body.data.find((d: { code: string }) => d.code === 'AKL');
    const rombel = (name: string) => api.post('/api/admin/resources/rombel-classes', { department_id: akl.id, name, grade: 10 });

    const refused = await rombel('X AKL 0');
    expect(refused.status).toBe(422);
    expect(refused.body.errors.department_id).toEqual([MSG.departmentDisabled]);

    const on = await api.put(`${URL}/${akl.id}`, { code: 'AKL', name: akl.name, short_name: 'AKL', enabled: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ message: SCHOOL_MSG.departmentUpdated, data: { id: akl.id, enabled: true } });
    const made = await rombel('X AKL 1');
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ name: 'X AKL 1', department_id: akl.id });

    // The rombel form's own list keeps its shape.
    const old = await api.get('/api/admin/resources/departments');
    expect(old.body.data.find((d: { id: number }) => d.id === akl.id)).toEqual({ id: akl.id, code: 'AKL', name: akl.name, enabled: true });

    const off = await api.put(`${URL}/${akl.id}`, { code: 'AKL', name: akl.name, short_name: 'AKL', enabled: false });
    expect(off.body.data).toMatchObject({ enabled: false, rombels: 1 });
    const again = await rombel('X AKL 2');
    expect(again.status).toBe(422);
    expect(again.body.errors.department_id).toEqual([MSG.departmentDisabled]);

    const log = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'department.update'), eq(auditLog.targetId, akl.id)));
    expect(log.map((r) => r.after)).toEqual([{ enabled: true }, { enabled: false }]);
  });

  it("refuses another department's code (409), keeps its own, and answers 404 for an unknown id", async () => {
    const admin = await t.factory.admin();
    const api = t.as(admin.token);
    const mine = (await api.post(URL, body())).body.data;
    const taken = await api.put(`${URL}/${mine.id}`, body({ code: 'Tkj' }));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(SCHOOL_MSG.departmentCodeTaken);
    const same = await api.put(`${URL}/${mine.id}`, body({ code: mine.code.toLowerCase(), name: 'Nama Baru' }));
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ code: mine.code, name: 'Nama Baru' });
    const missing = await api.put(`${URL}/999999`, body());
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: MSG.notFound });
  });
});
