/**
 * Reading an uploaded user-import file, XLSX or CSV, with the row cap applied while reading
 * (docs/limits.md): both are read as streams that stop at the first row past `maxRows`, so a file
 * of 100,000 rows costs what the cap costs, and the event loop is given back between chunks.
 */
import { isUtf8 } from 'node:buffer';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse';
import { IMPORT_LIMITS, IMPORT_MSG } from '@kelasku/contract';
import { HttpError } from '../../http/errors.js';
import { hasBinaryBytes } from '../../files/binary.js';
import { NotXlsxError, XlsxTooBigError, rowTagsFor, xlsxRows } from '../../files/xlsx-rows.js';

/** A cell as read: text, a date (Excel date cells), or empty. Formulas give their stored result, never run. */
export type Cell = string | Date | null;

/** The rows of the first sheet (or the CSV), each with its 1-based line number in the file. */
export interface Sheet {
  rows: { line: number; cells: Cell[]; /** The separator of a CSV, to tell a row written with the other one. */ separator?: ';' | ',' }[];
  /** More rows with values followed: the reading stopped at its cap. */
  truncated?: boolean;
}

/**
 * The most rows an import reads (title rows and a header of one or two rows above the data, then
 * the data): a file with more holds more than IMPORT_LIMITS.rows data rows and is refused unread.
 */
export const SHEET_ROWS_MAX = IMPORT_LIMITS.rows + 25;

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

async function readXlsx(bytes: Buffer, maxRows: number): Promise<Sheet> {
  const rows: Sheet['rows'] = [];
  try {
    for await (const row of xlsxRows(bytes, () => true, rowTagsFor(maxRows))) {
      if (rows.length === maxRows) return { rows, truncated: true };
      rows.push({ line: row.line, cells: row.values.map(cellOf) });
    }
  } catch (err) {
    if (err instanceof XlsxTooBigError) throw new HttpError(422, IMPORT_MSG.tooManyRows);
    if (err instanceof NotXlsxError) throw new HttpError(422, IMPORT_MSG.notSpreadsheet);
    throw err;
  }
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

/**
 * CSV is handed to the parser in chunks of this size, and the event loop is given back between
 * them (csv-parse takes far longer than linear on a big chunk: 64 kB held it for ~300 ms).
 */
const CSV_CHUNK = 4 * 1024;

async function readCsv(bytes: Buffer, maxRows: number): Promise<Sheet> {
  // Not UTF-8, or a binary file renamed to .csv: control characters that no text file holds.
  if (!isUtf8(bytes) || (await hasBinaryBytes(bytes))) throw new HttpError(422, IMPORT_MSG.notSpreadsheet);
  const separator = delimiterOf(
    bytes
      .subarray(0, 64 * 1024)
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
  );
  const parser = parseCsv({ delimiter: separator, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, bom: true });
  let failed = false;
  parser.on('error', () => (failed = true));
  const rows: Sheet['rows'] = [];
  let line = 0;
  /** Takes the records parsed so far; false once a row past the cap is seen. */
  const take = (): boolean => {
    for (let record: string[] | null; (record = parser.read() as string[] | null) !== null;) {
      line++;
      const cells = record.map((c) => (c.trim() === '' ? null : c));
      if (!cells.some((c) => c !== null)) continue;
      if (rows.length === maxRows) return false;
      rows.push({ line, separator, cells });
    }
    return true;
  };
  try {
    for (let at = 0; at < bytes.length; at += CSV_CHUNK) {
      parser.write(bytes.subarray(at, at + CSV_CHUNK));
      if (failed) throw new HttpError(422, IMPORT_MSG.notSpreadsheet);
      if (!take()) return { rows, truncated: true };
      await new Promise((resolve) => setImmediate(resolve));
    }
    parser.end();
    // The last record (without a line break after it) comes when the parser is flushed.
    await new Promise((resolve) => setImmediate(resolve));
    if (failed) throw new HttpError(422, IMPORT_MSG.notSpreadsheet);
    if (!take()) return { rows, truncated: true };
  } finally {
    parser.destroy();
  }
  return { rows };
}

/**
 * Reads an uploaded spreadsheet by its content (a renamed file is read as what it is): XLSX, or CSV
 * in UTF-8; at most `maxRows` rows with values (`truncated` when more follow).
 */
export async function readSheet(bytes: Buffer, maxRows: number = SHEET_ROWS_MAX): Promise<Sheet> {
  if (bytes.length === 0) throw new HttpError(422, IMPORT_MSG.empty);
  const sheet = bytes.subarray(0, 4).equals(ZIP_SIGNATURE) ? await readXlsx(bytes, maxRows) : await readCsv(bytes, maxRows);
  if (sheet.rows.length === 0) throw new HttpError(422, IMPORT_MSG.empty);
  return sheet;
}
