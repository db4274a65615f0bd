/**
 * Onboarding as schools' files are (issue 35, DECISIONS "Onboarding"): a Dapodik "Daftar Peserta
 * Didik" export with its title rows and merged two-row header, NISN unique per school (in the file,
 * against the database, in the user form and the profile), NIS/NIPD with dots, the HP column.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MSG, MSG, ROLE_IDS } from '@kelasku/contract';
import { students, users } from '../src/db/schema.js';
import { readSheet } from '../src/features/imports/sheet.js';
import { readRecords } from '../src/features/imports/header.js';
import { useTestApp } from './helpers.js';
import { FIXTURE_PATH, FIXTURE_STUDENTS, dapodikWorkbook, type DapodikStudent } from './dapodik-fixture.js';
import type { TestUser } from './factory.js';

const t = useTestApp();
let admin: TestUser;

beforeAll(async () => {
  admin = await t.factory.admin();
});

const xlsx = (data: Buffer) => ({
  name: 'daftar-pd.xlsx',
  data,
  type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});
const preview = (data: Buffer) => t.as(admin.token).upload('POST', '/api/admin/imports/users/preview', {}, { file: xlsx(data) });
const student = (over: Partial<DapodikStudent>): DapodikStudent => ({ ...FIXTURE_STUDENTS[0]!, ...over });

describe('a Dapodik export as downloaded', () => {
  it('the committed fixture is what the generator writes', async () => {
    const committed = await readSheet(fs.readFileSync(FIXTURE_PATH));
    const generated = await readSheet(await dapodikWorkbook(FIXTURE_STUDENTS));
    expect(committed.rows).toEqual(generated.rows);
  });

  it('skips the title rows and the sub-header row; a parent’s name or NIK is never the student’s', async () => {
    const { columns, records } = readRecords(await readSheet(fs.readFileSync(FIXTURE_PATH)));
    expect(columns).toEqual(['name', 'nis', 'gender', 'nisn', 'birthday', 'nik', 'religion', 'telpon', 'email', 'rombel']);
    expect(records.map((r) => r.line)).toEqual([7, 8, 9]);
    expect(records[0]!.values).toMatchObject({
      name: 'Agus Salim',
      nis: '2122.10.001',
      nisn: '0081234501',
      gender: 'L',
      birthday: '2008-03-11',
      telpon: '081234567801', // HP, not the landline of "Telepon"
      rombel: 'X TKJ 1',
    });
  });

  it('reads the header the same when a reader repeats the merged values', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(['Daftar Peserta Didik']);
    ws.addRow(['SMK NEGERI 1 CONTOH']);
    ws.addRow(['No', 'Nama', 'NIPD', 'NISN', 'Data Ayah', 'Data Ayah', 'Rombel Saat Ini', 'No HP']);
    ws.addRow(['No', 'Nama', 'NIPD', 'NISN', 'Nama', 'NIK', 'Rombel Saat Ini', 'No HP']);
    ws.addRow(['1', 'Dewi Kartika', '2122-10-004', '0081234504', 'Bapak Kartika', '3404010101700001', 'X TKJ 1', '0812-3456-7804']);
    const { records } = readRecords(await readSheet(Buffer.from(await wb.xlsx.writeBuffer())));
    expect(records).toEqual([
      {
        line: 5,
        values: { name: 'Dewi Kartika', nis: '2122-10-004', nisn: '0081234504', rombel: 'X TKJ 1', telpon: '0812-3456-7804' },
      },
    ]);
  });

  it('previews every student with no error, and imports them with their NIPD and HP (12, 11 and 13 digits)', async () => {
    const res = await preview(fs.readFileSync(FIXTURE_PATH));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.summary).toEqual({ create: 3, update: 0, unchanged: 0, error: 0 });
    expect(res.body.data.rows.map((r: { line: number; name: string }) => [r.line, r.name])).toEqual([
      [7, 'Agus Salim'],
      [8, 'Bunga Lestari'],
      [9, 'Cahya Nugraha'],
    ]);
    const started = await t.as(admin.token).upload('POST', '/api/admin/imports/users', {}, { file: xlsx(fs.readFileSync(FIXTURE_PATH)) });
    expect(started.status).toBe(202);
    for (let i = 0; i < 200; i++) {
      const job = await t.as(admin.token).get(`/api/admin/imports/${started.body.data.id}`);
      if (job.body.data.status === 'done') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const made = await t.db
      .select({ name: users.name, telpon: users.telpon, nis: students.nis, nisn: students.nisn })
      .from(users)
      .innerJoin(students, eq(students.userId, users.id))
      .where(inArray(students.nisn, ['0081234501', '0081234502', '0081234503']));
    expect(made.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Agus Salim', telpon: '0812-3456-7801', nis: '2122.10.001', nisn: '0081234501' },
      { name: 'Bunga Lestari', telpon: '0812-3456-702', nis: '2122.10.002', nisn: '0081234502' },
      { name: 'Cahya Nugraha', telpon: '0812-3456-78031', nis: '2122.10.003', nisn: '0081234503' },
    ]);
  });

  it('names the row and the column of a NISN twice in the file, and of an existing student’s NISN', async () => {
    const holder = await t.factory.student({ name: 'Budi Santoso', nisn: '0051234567' });
    const file = await dapodikWorkbook([
      student({ name: 'Eka Putra', nipd: '3001', nisn: '0091111111' }),
      student({ name: 'Fitri Aulia', nipd: '3002', nisn: '0091111112' }),
      student({ name: 'Gilang Ramadhan', nipd: '3003', nisn: '0091111111' }),
      student({ name: 'Hesti Wulandari', nipd: '3004', nisn: '0051234567' }),
      student({ name: 'Indra Jaya', nipd: '3005', nisn: '12345' }),
      student({ name: 'Joko Susilo', nipd: '2122.10.0001.12345678', nisn: '0091111113' }),
    ]);
    const res = await preview(file);
    expect(res.status).toBe(200);
    const errors = Object.fromEntries(
      res.body.data.rows.map((r: { line: number; errors: { column: string; message: string }[] }) => [r.line, r.errors]),
    );
    expect(errors).toEqual({
      7: [],
      8: [],
      9: [{ column: 'NISN', message: 'NISN 0091111111 sama dengan baris 7' }],
      10: [{ column: 'NISN', message: `NISN 0051234567 sudah dipakai oleh ${holder.name}` }],
      11: [{ column: 'NISN', message: MSG.nisnFormat }],
      12: [{ column: 'NIS', message: 'NIS hanya boleh berisi angka, titik, dan tanda hubung (maksimal 20 karakter)' }],
    });
    expect(IMPORT_MSG.nisnInFile('0091111111', 7)).toBe('NISN 0091111111 sama dengan baris 7');
  });
});

describe('NISN and NIS in the user form and the profile', () => {
  it('the user form refuses another student’s NISN with 409 naming them, and takes a dotted NIS', async () => {
    const holder = await t.factory.student({ name: 'Budi Santosa', nisn: '0052222222' });
    const body = { role: ROLE_IDS.student, name: 'Siswa Baru', gender: 'L', username: 'siswa.nisn', password: 'rahasia1', rombel_id: 1 };
    const taken = await t.as(admin.token).post('/api/admin/resources/users', { ...body, nisn: '0052222222' });
    expect([taken.status, taken.body.message, taken.body.errors]).toEqual([
      409,
      'NISN 0052222222 sudah dipakai oleh Budi Santosa',
      { nisn: ['NISN 0052222222 sudah dipakai oleh Budi Santosa'] },
    ]);
    const made = await t.as(admin.token).post('/api/admin/resources/users', { ...body, nisn: '0052222223', nis: '2122.10.001' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data.student).toMatchObject({ nis: '2122.10.001', nisn: '0052222223' });
    const { password: _password, ...form } = body;
    const edit = await t.as(admin.token).put(`/api/admin/resources/users/${made.body.data.id}`, { ...form, nisn: '0052222222' });
    expect([edit.status, edit.body.errors?.nisn]).toEqual([409, [`NISN 0052222222 sudah dipakai oleh ${holder.name}`]]);
    // Its own NISN again is no clash.
    const same = await t.as(admin.token).put(`/api/admin/resources/users/${made.body.data.id}`, { ...form, nisn: '0052222223' });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    for (const nis of ['2122.10.0001.123456789', '21A22', '.']) {
      const bad = await t.as(admin.token).post('/api/admin/resources/users', { ...body, username: 'siswa.nis2', nis });
      expect([bad.status, bad.body.errors?.nis]).toEqual([422, [MSG.nisFormat]]);
    }
  });

  it('the index holds even past the check: two students cannot share a NISN', async () => {
    const a = await t.factory.student({ nisn: '0053333333' });
    await expect(t.factory.student({ nisn: '0053333333' })).rejects.toThrow();
    expect((await t.db.select().from(students).where(eq(students.nisn, '0053333333'))).map((s) => s.userId)).toEqual([a.id]);
  });

  it('a student completing the profile cannot take another student’s NISN', async () => {
    await t.factory.student({ name: 'Citra Pemilik', nisn: '0054444444' });
    const me = await t.factory.student({ nisn: null, nis: null });
    const form = { name: me.name, username: me.username, email: me.email, rombel: 1, nis: '2122.10.009' };
    const res = await t.as(me.token).put(`/api/profile/${me.id}`, { ...form, nisn: '0054444444' });
    expect([res.status, res.body.errors?.nisn]).toEqual([409, ['NISN 0054444444 sudah dipakai oleh Citra Pemilik']]);
    const ok = await t.as(me.token).put(`/api/profile/${me.id}`, { ...form, nisn: '0054444445' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.student).toMatchObject({ nis: '2122.10.009', nisn: '0054444445' });
  });
});
