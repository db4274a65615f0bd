/**
 * Reading an import file (issue "School-year onboarding"): XLSX by content, CSV with `;` or `,` and
 * with or without a BOM, Dapodik title rows above the header, formulas read as their stored values,
 * and the Indonesian refusal of anything that is not a spreadsheet.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '@kelasku/contract';
import { readSheet } from '../src/features/imports/sheet.js';
import { readRecords } from '../src/features/imports/header.js';

async function xlsx(fill: (ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  fill(wb.addWorksheet('Data'));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const refusal = async (bytes: Buffer) => {
  try {
    readRecords(await readSheet(bytes));
  } catch (err) {
    return { status: (err as { statusCode: number }).statusCode, message: (err as Error).message };
  }
  return null;
};

describe('an XLSX file', () => {
  it('skips Dapodik title rows, matches headers generously and reads dates, numbers and formula results', async () => {
    const bytes = await xlsx((ws) => {
      ws.addRow(['Daftar Peserta Didik']);
      ws.addRow(['SMK Negeri 1 Contoh']);
      ws.addRow([]);
      ws.addRow(['No', 'Nama Lengkap', 'NIPD', 'NISN', 'Jenis Kelamin', 'Tanggal Lahir', 'Rombel Saat Ini', 'Nama Ayah']);
      ws.addRow([1, 'Siti Aminah', 23240001, '0051234567', 'P', new Date(Date.UTC(2008, 4, 17)), 'X TKJ 1', 'Budi']);
      const row = ws.addRow([2, { richText: [{ text: 'Rizky ' }, { text: 'Ramadhan' }] }, 23240002, null, 'L', '05/01/2009', 'X TKJ 1']);
      // A formula is never run: its stored result is what the admin saw in Excel.
      row.getCell(4).value = { formula: 'HYPERLINK("http://x","0051234568")', result: '0051234568' };
    });
    const { columns, records } = readRecords(await readSheet(bytes));
    expect(columns).toEqual(['name', 'nis', 'nisn', 'gender', 'birthday', 'rombel']);
    expect(records).toHaveLength(2);
    expect(records[0]).toEqual({
      line: 5,
      values: {
        name: 'Siti Aminah',
        nis: '23240001',
        nisn: '0051234567',
        gender: 'P',
        birthday: new Date(Date.UTC(2008, 4, 17)),
        rombel: 'X TKJ 1',
      },
    });
    expect(records[1]!.values).toMatchObject({ name: 'Rizky Ramadhan', nisn: '0051234568', birthday: '05/01/2009', gender: 'L' });
  });

  it('a workbook with a header row and no data says so', async () => {
    const bytes = await xlsx((ws) => ws.addRow(['Nama', 'NIS', 'Rombel']));
    expect(await refusal(bytes)).toEqual({ status: 422, message: IMPORT_MSG.noRows });
  });
});

describe('a CSV file', () => {
  const rows = ['Nama;NIS;JK;Rombel', 'Siti Aminah;23240001;P;X TKJ 1', '"Doe; John";23240002;L;X TKJ 1'];

  it('reads `;` (Excel in an Indonesian locale) with a BOM, and `,` without one', async () => {
    for (const bytes of [
      Buffer.from('\uFEFF' + rows.join('\r\n'), 'utf8'),
      Buffer.from(rows.map((r) => r.replaceAll(';', ',').replace('"Doe, John"', '"Doe, John"')).join('\n'), 'utf8'),
    ]) {
      const { columns, records } = readRecords(await readSheet(bytes));
      expect(columns).toEqual(['name', 'nis', 'gender', 'rombel']);
      expect(records.map((r) => r.values.name)).toEqual(['Siti Aminah', expect.stringMatching(/^Doe[;,] John$/)]);
      expect(records[0]).toEqual({ line: 2, values: { name: 'Siti Aminah', nis: '23240001', gender: 'P', rombel: 'X TKJ 1' } });
    }
  });

  it('keeps the file line of each row, with blank lines skipped', async () => {
    const { records } = readRecords(await readSheet(Buffer.from('Nama,NIS\n\nSiti,1\n\nRizky,2\n')));
    expect(records.map((r) => r.line)).toEqual([3, 5]);
  });
});

describe('what is not an import file', () => {
  it('refuses a picture renamed to .csv or .xlsx, an empty file, a broken ZIP and a sheet without a Nama header', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    expect(await refusal(png)).toEqual({ status: 422, message: IMPORT_MSG.notSpreadsheet });
    expect(await refusal(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toEqual({ status: 422, message: IMPORT_MSG.notSpreadsheet });
    expect(await refusal(Buffer.alloc(0))).toEqual({ status: 422, message: IMPORT_MSG.empty });
    expect(await refusal(Buffer.from('\n\n\r\n'))).toEqual({ status: 422, message: IMPORT_MSG.empty });
    expect(await refusal(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]))).toEqual({
      status: 422,
      message: IMPORT_MSG.notSpreadsheet,
    });
    expect(await refusal(Buffer.from('Alamat,Telepon\nJl. Mawar,0812'))).toEqual({ status: 422, message: IMPORT_MSG.noHeader });
  });
});
