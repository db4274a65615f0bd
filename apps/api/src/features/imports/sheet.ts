import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { IMPORT_MSG } from '@kelasku/contract';
import { HttpError } from '../../http/errors.js';

/** A cell as read: text, a date (Excel date cells), or empty. Formulas give their stored result, never run. */
export type Cell = string | Date | null;

/** The rows of the first sheet (or the CSV), each with its 1-based line number in the file. */
export interface Sheet {
  rows: { line: number; cells: Cell[]; /** The separator of a CSV, to tell a row written with the other one. */ separator?: ';' | ',' }[];
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The text of an exceljs cell value; dates stay dates; a formula's cached result is used. */
function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return value.result === undefined ? null : cellOf(value.result as ExcelJS.CellValue);
    if ('formula' in value || 'sharedFormula' in value) return null;
    if ('text' in value) return cellOf(value.text as ExcelJS.CellValue);
    if ('error' in value) return null;
  }
  return null;
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new HttpError(422, IMPORT_MSG.notSpreadsheet);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new HttpError(422, IMPORT_MSG.empty);
  const rows: Sheet['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push({ line, cells: Array.from(values, (v) => cellOf(v as ExcelJS.CellValue)) });
  });
  return { rows };
}

/** `;` (Excel in an Indonesian locale) or `,`: whichever the fullest of the first lines uses more. */
export function delimiterOf(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  for (const line of text.split(/\r?\n/, 20)) {
    const s = line.split(';').length - 1;
    const c = line.split(',').length - 1;
    if (s + c > semicolons + commas) [semicolons, commas] = [s, c];
  }
  return semicolons >= commas && semicolons > 0 ? ';' : ',';
}

/** Bytes no text file holds (NUL and the other C0 controls but tab, line feed, carriage return, form feed). */
const hasBinaryBytes = (bytes: Buffer) => bytes.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c);

function readCsv(bytes: Buffer): Sheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(422, IMPORT_MSG.notSpreadsheet);
  }
  // A binary file renamed to .csv: control characters that no text file holds.
  if (hasBinaryBytes(bytes)) throw new HttpError(422, IMPORT_MSG.notSpreadsheet);
  text = text.replace(/^\uFEFF/, '');
  let records: string[][];
  const separator = delimiterOf(text);
  try {
    records = parseCsv(text, { delimiter: separator, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  } catch {
    throw new HttpError(422, IMPORT_MSG.notSpreadsheet);
  }
  return {
    rows: records
      .map((cells, i) => ({ line: i + 1, separator, cells: cells.map((c) => (c.trim() === '' ? null : c)) }))
      .filter((r) => r.cells.some((c) => c !== null)),
  };
}

/** Reads an uploaded spreadsheet by its content (a renamed file is read as what it is): XLSX, or CSV in UTF-8. */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  if (bytes.length === 0) throw new HttpError(422, IMPORT_MSG.empty);
  const sheet = bytes.subarray(0, 4).equals(ZIP_SIGNATURE) ? await readXlsx(bytes) : readCsv(bytes);
  if (sheet.rows.length === 0) throw new HttpError(422, IMPORT_MSG.empty);
  return sheet;
}
