/**
 * First-password slips (issue 35 "Slips", DECISIONS "Onboarding"): only the admin who made them
 * downloads them, again and in both formats, until each user's first sign-in or 7 days; then the
 * first password is erased from the database.
 */
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BULK_MSG, IMPORT_MSG, MSG } from '@kelasku/contract';
import { userImports } from '../src/db/schema.js';
import { sweepExpiredSlips } from '../src/features/imports/queries.js';
import { useTestApp } from './helpers.js';
import type { TestUser } from './factory.js';

const t = useTestApp();
let admin: TestUser;
let other: TestUser;

beforeAll(async () => {
  other = await t.factory.admin();
});
// Slips are rate-limited per admin (10 a minute): each test has an admin of its own.
beforeEach(async () => {
  admin = await t.factory.admin();
});

/** Resets the passwords of these users as `admin`: the id of the slips. */
async function reset(ids: number[], by = admin): Promise<number> {
  const res = await t.as(by.token).post('/api/admin/resources/users/bulk', { ids, action: 'reset_password' });
  expect([res.status, res.body.message]).toEqual([200, BULK_MSG.reset(ids.length)]);
  return res.body.data.import_id as number;
}

const slips = (id: number, format: 'pdf' | 'xlsx', by = admin) => t.as(by.token).get(`/api/admin/imports/${id}/slips.${format}`);

/** The username → password rows of an XLSX slip. */
async function passwordsOf(res: { raw: { rawPayload: Buffer } }): Promise<Map<string, string>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
  const rows = wb.getWorksheet('Akun')!.getSheetValues().slice(2) as string[][];
  return new Map(rows.map((r) => [r[4]!, r[5]!]));
}

const stored = async (id: number) =>
  (await t.db.select({ credentials: userImports.credentials }).from(userImports).where(eq(userImports.id, id)))[0]!.credentials;

describe('the slips of a password reset', () => {
  it('are for the admin who made them only: another admin, a teacher and a student are refused', async () => {
    const a = await t.factory.student();
    const id = await reset([a.id]);
    for (const format of ['pdf', 'xlsx'] as const) {
      const res = await slips(id, format, other);
      expect([res.status, res.body.message]).toEqual([404, MSG.notFound]);
    }
    expect((await t.as(other.token).get(`/api/admin/imports/${id}`)).status).toBe(404);
    const teacher = await t.factory.teacher();
    expect((await slips(id, 'pdf', teacher)).status).toBe(403);
    expect((await slips(id, 'pdf', a)).status).toBe(401); // the reset ended the student's sessions
    const student = await t.factory.student();
    expect((await slips(id, 'xlsx', student)).status).toBe(403);
    // The other admin's attempts took nothing: the maker still has them.
    expect((await slips(id, 'pdf')).status).toBe(200);
  });

  it('download again in both formats until the first sign-in, which erases that password from the database', async () => {
    const a = await t.factory.student({ name: 'Ani Ulang' });
    const b = await t.factory.student({ name: 'Bayu Ulang' });
    const id = await reset([a.id, b.id]);
    const job = (await t.as(admin.token).get(`/api/admin/imports/${id}`)).body.data;
    expect(job.slips).toEqual({ pdf: true, xlsx: true, count: 2, until: expect.any(String) });
    expect(Date.parse(job.slips.until) - Date.parse(job.finished_at)).toBe(7 * 24 * 60 * 60 * 1000);

    const first = await passwordsOf(await slips(id, 'xlsx'));
    for (const format of ['pdf', 'xlsx'] as const) expect((await slips(id, format)).status).toBe(200);
    expect(await passwordsOf(await slips(id, 'xlsx'))).toEqual(first);
    const pdf = await slips(id, 'pdf');
    expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Ani signs in: her first password is gone from the slips and from the database; Bayu's stays.
    const aniPassword = first.get(a.username)!;
    expect((await t.as(null).post('/api/login', { username: a.username, password: aniPassword })).status).toBe(200);
    expect([...(await passwordsOf(await slips(id, 'xlsx'))).keys()]).toEqual([b.username]);
    expect(JSON.stringify(await stored(id))).not.toContain(aniPassword);
    expect((await t.as(admin.token).get(`/api/admin/imports/${id}`)).body.data.slips).toMatchObject({ count: 1 });

    // Bayu too: nothing is left, in either format.
    expect((await t.as(null).post('/api/login', { username: b.username, password: first.get(b.username)! })).status).toBe(200);
    for (const format of ['pdf', 'xlsx'] as const) {
      const res = await slips(id, format);
      expect([res.status, res.body.message]).toEqual([410, IMPORT_MSG.slipsGone]);
    }
    expect(await stored(id)).toBeNull();
    expect((await t.as(admin.token).get(`/api/admin/imports/${id}`)).body.data.slips).toEqual({
      pdf: false,
      xlsx: false,
      count: 0,
      until: null,
    });
  });

  it('are erased 7 days after the reset, by the download and by the sweep', async () => {
    const a = await t.factory.student();
    const byDownload = await reset([a.id]);
    const bySweep = await reset([(await t.factory.student()).id]);
    const fresh = await reset([(await t.factory.student()).id]);
    const age = (id: number, days: number) =>
      t.db
        .update(userImports)
        .set({ finishedAt: sql`now() - make_interval(days => ${days})` })
        .where(eq(userImports.id, id));
    await age(byDownload, 7);
    await age(bySweep, 8);
    await age(fresh, 6);
    expect((await t.as(admin.token).get(`/api/admin/imports/${byDownload}`)).body.data.slips).toEqual({
      pdf: false,
      xlsx: false,
      count: 0,
      until: null,
    });
    const res = await slips(byDownload, 'xlsx');
    expect([res.status, res.body.message]).toEqual([410, IMPORT_MSG.slipsGone]);
    // The refused download swept every expired slip; the sweep job finds nothing left.
    expect(await stored(byDownload)).toBeNull();
    expect(await stored(bySweep)).toBeNull();
    expect(await sweepExpiredSlips(t.db)).toBe(0);
    expect(await stored(fresh)).not.toBeNull();
    expect((await slips(fresh, 'pdf')).status).toBe(200);
    await age(fresh, 10);
    expect(await sweepExpiredSlips(t.db)).toBe(1);
    expect(await stored(fresh)).toBeNull();
  });

  it('a new reset takes the older first password off the older slips', async () => {
    const a = await t.factory.student();
    const b = await t.factory.student();
    const older = await reset([a.id, b.id]);
    const newer = await reset([a.id]);
    const left = await passwordsOf(await slips(older, 'xlsx'));
    expect([...left.keys()]).toEqual([b.username]);
    expect([...(await passwordsOf(await slips(newer, 'xlsx'))).keys()]).toEqual([a.username]);
  });
});
