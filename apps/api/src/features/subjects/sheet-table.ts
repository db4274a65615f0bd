/**
 * The small XLSX tables of the school's structure (subjects, teaching assignments): one header row
 * of Indonesian column names, then one row per thing. Reading goes through the user import's
 * features/imports/sheet.ts (its caps while reading); the upload is received by
 * features/imports/upload.ts, as the user import's.
 */
import ExcelJS from 'exceljs';
import { IMPORT_LIMITS, IMPORT_MSG, TEACHING_MSG } from '@kelasku/contract';
import { HttpError } from '../../http/errors.js';
import { SHEET_ROWS_MAX, readSheet, type Cell } from '../imports/sheet.js';

/** One data row: its line in the file and its cells by column key (trimmed text, '' when empty). */
export interface TableRow<K extends string> {
  line: number;
  cells: Record<K, string>;
}

const textOf = (c: Cell | undefined): string => (c instanceof Date ? c.toISOString().slice(0, 10) : (c ?? '').trim());
const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The rows of an uploaded table under its header: the first of the first 10 rows that names every
 * required column (case-insensitively; other columns are ignored). 422 when the file is not a
 * spreadsheet, too long, or has no such header.
 */
export async function readTable<K extends string>(bytes: Buffer, columns: Record<K, string>, required: K[]): Promise<TableRow<K>[]> {
  const sheet = await readSheet(bytes, SHEET_ROWS_MAX);
  if (sheet.truncated) throw new HttpError(422, IMPORT_MSG.tooManyRows);
  const keys = Object.keys(columns) as K[];
  let at = -1;
  let index: Partial<Record<K, number>> = {};
  for (let i = 0; i < Math.min(10, sheet.rows.length) && at < 0; i++) {
    const names = sheet.rows[i]!.cells.map((c) => norm(textOf(c)));
    const found: Partial<Record<K, number>> = {};
    for (const k of keys) {
      const j = names.indexOf(norm(columns[k]));
      if (j >= 0) found[k] = j;
    }
    if (required.every((k) => found[k] !== undefined)) [at, index] = [i, found];
  }
  if (at < 0) throw new HttpError(422, TEACHING_MSG.headerMissing(required.map((k) => columns[k]).join(', ')));
  const rows: TableRow<K>[] = [];
  for (const r of sheet.rows.slice(at + 1)) {
    const cells = Object.fromEntries(keys.map((k) => [k, index[k] === undefined ? '' : textOf(r.cells[index[k]!])])) as Record<K, string>;
    if (Object.values<string>(cells).every((v) => v === '')) continue;
    rows.push({ line: r.line, cells });
  }
  if (rows.length === 0) throw new HttpError(422, IMPORT_MSG.empty);
  if (rows.length > IMPORT_LIMITS.rows) throw new HttpError(422, IMPORT_MSG.tooManyRows);
  return rows;
}

/** An XLSX of one sheet: the header in bold, every column text (codes and NIPs keep their zeros). */
export async function tableWorkbook<K extends string>(
  sheetName: string,
  columns: Record<K, string>,
  rows: Record<K, string | number>[],
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.columns = (Object.keys(columns) as K[]).map((key) => ({ header: columns[key], key, width: Math.max(12, columns[key].length + 4) }));
  ws.getRow(1).font = { bold: true };
  for (const key of Object.keys(columns)) ws.getColumn(key).numFmt = '@';
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** An import preview's totals of its rows. */
export function totalsOf(rows: { action: 'create' | 'update' | 'unchanged' | 'error' }[]) {
  const totals = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of rows) totals[r.action]++;
  return totals;
}
