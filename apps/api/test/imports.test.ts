/**
 * The user import (issue "School-year onboarding"): template, preview (nothing written), and every
 * bad input the issue lists, each answered in Indonesian naming the row and the column.
 */
import ExcelJS from 'exceljs';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MSG, MSG } from '@kelasku/contract';
import { users } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import type { TestUser } from './factory.js';

const t = useTestApp();
let admin: TestUser;
let rombel: { id: number; name: string };

beforeAll(async () => {
  admin = await t.factory.admin();
  rombel = await t.factory.rombel({ name: 'X IMPOR 1' });
});

const csv = (...lines: string[]) => ({ name: 'siswa.csv', data: Buffer.from(lines.join('\r\n'), 'utf8'), type: 'text/csv' });
const preview = (file: { name: string; data: Buffer; type?: string }) =>
  t.as(admin.token).upload('POST', '/api/admin/imports/users/preview', {}, { file });
const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;

describe('the template', () => {
  it('is an XLSX with the columns, an example row, and the rombels and allowed values', async () => {
    const res = await t.as(admin.token).get('/api/admin/imports/users/template');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Data', 'Pilihan']);
    const header = (wb.getWorksheet('Data')!.getRow(1).values as string[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Nama', 'Peran', 'NIS', 'NISN', 'JK', 'Tanggal Lahir', 'Agama', 'Rombel', 'Username']));
    const rombels = wb.getWorksheet('Pilihan')!.getColumn(1).values.slice(2);
    expect(rombels).toContain('X IMPOR 1');
  });
});

describe('the preview', () => {
  it('tells for each row what the import would do and writes nothing', async () => {
    const teacher = await t.factory.teacher({ nip: '197001012000011001' });
    const before = await userCount();
    const res = await preview(
      csv(
        'Nama;Peran;NIS;JK;Tanggal Lahir;Rombel;Username;NIP',
        `Siti Aminah;Siswa;91000001;P;17/05/2008;x  impor 1;;`,
        `Rizky Ramadhan;;91000002;L;2008-01-05;${rombel.name};;`,
        `Guru Baru;Guru;;L;;;;`,
        `${teacher.name} S.Pd;Guru;;L;;;;197001012000011001`,
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = res.body.data.rows;
    expect(res.body.data.summary).toEqual({ create: 3, update: 1, unchanged: 0, error: 0 });
    expect(rows[0]).toEqual({
      line: 2,
      action: 'create',
      role: 'student',
      name: 'Siti Aminah',
      username: 'siti.aminah',
      changes: [],
      errors: [],
    });
    expect(rows[1]).toMatchObject({ action: 'create', role: 'student', username: 'rizky.ramadhan' });
    expect(rows[2]).toMatchObject({ action: 'create', role: 'teacher', username: 'guru.baru' });
    // Matched by NIP: only the name changes; the username stays the teacher's.
    expect(rows[3]).toMatchObject({ action: 'update', role: 'teacher', username: teacher.username, changes: ['Nama'] });
    expect(await userCount()).toBe(before);
  });

  it('names the row and the column of every bad value, and the rows it clashes with', async () => {
    const other = await t.factory.student({ nis: '92000001', username: 'pemilik.nis' });
    const res = await preview(
      csv(
        'Nama;Username;NIS;NISN;JK;Tanggal Lahir;Rombel;Agama;Telepon;Peran',
        'Ani;ani.baru;92000010;;P;31/02/2010;X IMPOR 1;Islam;;Siswa',
        'Budi;ani.baru;92000011;;L;;X IMPOR 1;;;',
        'Cici;cici.baru;92000001;;P;;X IMPOR 1;;;',
        'Dedi;dedi.baru;92000012;;X;;Rombel Hantu;Jedi;12345;',
        '12345;;abc;;L;;;;;Kepala Sekolah',
      ),
    );
    expect(res.status).toBe(200);
    const errs = (line: number) => res.body.data.rows.find((r: { line: number }) => r.line === line).errors;
    expect(errs(2)).toEqual([{ column: 'Tanggal Lahir', message: IMPORT_MSG.dateInvalid }]);
    expect(errs(3)).toEqual([{ column: 'Username', message: IMPORT_MSG.duplicateInFile(2) }]);
    expect(errs(4)).toEqual([{ column: 'NIS', message: IMPORT_MSG.numberTaken(other.name, other.username) }]);
    expect(errs(5)).toEqual([
      { column: 'JK', message: MSG.genderInvalid },
      { column: 'Agama', message: MSG.religionInvalid },
      { column: 'Telepon', message: MSG.telponFormat },
      { column: 'Rombel', message: IMPORT_MSG.rombelUnknown('Rombel Hantu') },
    ]);
    expect(errs(6)).toEqual([
      { column: 'Peran', message: IMPORT_MSG.roleInvalid },
      { column: 'Nama', message: MSG.nameNumeric },
    ]);
    expect(res.body.data.summary.error).toBe(5);
  });

  it('reads Excel formulas as their values and never runs them', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Data');
    ws.addRow(['Nama', 'NIS', 'Rombel']);
    ws.addRow([{ formula: 'CONCATENATE("Eka ","Putri")', result: 'Eka Putri' }, { formula: '93000000+1', result: 93000001 }, 'X IMPOR 1']);
    const res = await preview({ name: 'data.xlsx', data: Buffer.from(await wb.xlsx.writeBuffer()) });
    expect(res.status).toBe(200);
    expect(res.body.data.rows[0]).toMatchObject({ action: 'create', name: 'Eka Putri', username: 'eka.putri' });
  });

  it('refuses a file that is not a spreadsheet, too big, too long, empty or header-only', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const cases: [{ name: string; data: Buffer }, number, string][] = [
      [{ name: 'foto.xlsx', data: png }, 422, IMPORT_MSG.notSpreadsheet],
      [{ name: 'kosong.csv', data: Buffer.alloc(0) }, 422, IMPORT_MSG.empty],
      [csv('Nama;NIS;Rombel'), 422, IMPORT_MSG.noRows],
      [csv('Nama', ...Array.from({ length: 5_001 }, (_, i) => `Siswa ${i}`)), 422, IMPORT_MSG.tooManyRows],
      [{ name: 'besar.csv', data: Buffer.alloc(10 * 1024 * 1024 + 1, 'a') }, 413, IMPORT_MSG.tooLarge],
    ];
    const before = await userCount();
    for (const [file, status, message] of cases) {
      const res = await preview(file);
      expect([res.status, res.body.message], file.name).toEqual([status, message]);
    }
    expect(await userCount()).toBe(before);
  });
});

describe('who may import', () => {
  it('only an admin', async () => {
    const teacher = await t.factory.teacher();
    const student = await t.factory.student();
    for (const [token, status] of [
      [teacher.token, 403],
      [student.token, 403],
      [null, 401],
    ] as const) {
      expect((await t.as(token).get('/api/admin/imports/users/template')).status).toBe(status);
      expect((await t.as(token).upload('POST', '/api/admin/imports/users/preview', {}, { file: csv('Nama;NIS', 'A;1') })).status).toBe(
        status,
      );
    }
  });
});
