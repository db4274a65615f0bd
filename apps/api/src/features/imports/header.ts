import { IMPORT_FIELDS, IMPORT_MSG, type ImportField } from '@kelasku/contract';
import { HttpError } from '../../http/errors.js';
import type { Cell, Sheet } from './sheet.js';

/** The header texts each column is known by (Dapodik exports, the template, what admins type). */
const ALIASES: Record<ImportField, string[]> = {
  name: ['nama', 'nama lengkap', 'nama siswa', 'nama peserta didik', 'nama guru'],
  nis: ['nis', 'nipd'],
  nisn: ['nisn'],
  gender: ['jk', 'jenis kelamin', 'l/p', 'gender'],
  birthday: ['tanggal lahir', 'tgl lahir', 'tgl. lahir'],
  religion: ['agama'],
  rombel: ['rombel', 'rombel saat ini', 'rombongan belajar', 'kelas'],
  email: ['email', 'e-mail', 'surel'],
  username: ['username', 'nama pengguna'],
  role: ['role', 'peran'],
  nip: ['nip'],
  nik: ['nik'],
  telpon: ['telepon', 'telpon', 'no hp', 'nomor hp', 'hp', 'nomor telepon'],
  password: ['password', 'kata sandi'],
};

/** "Tgl. Lahir *" → "tgl. lahir": lower case, one space, no marks around it. */
export const normalizeHeader = (text: string) =>
  text
    .toLowerCase()
    .replace(/[*:()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const BY_ALIAS = new Map<string, ImportField>(IMPORT_FIELDS.flatMap((field) => ALIASES[field].map((a) => [a, field] as const)));

/** The field a header cell names, if any. */
export function fieldOfHeader(cell: Cell): ImportField | undefined {
  return typeof cell === 'string' ? BY_ALIAS.get(normalizeHeader(cell)) : undefined;
}

/** One data row: its line in the file and the cells of the known columns. */
export interface ImportRecord {
  line: number;
  values: Partial<Record<ImportField, Cell>>;
  /** A CSV row written with the other separator (`,` in a `;` file or the reverse): its cells cannot be told apart. */
  otherSeparator?: true;
}

/** How far down a header row is looked for (Dapodik puts title rows above it). */
const HEADER_SEARCH_ROWS = 20;

/**
 * Finds the header row — the first of the first rows with a Nama column — and reads the rows below
 * it. The first column of a field wins.
 */
export function readRecords(sheet: Sheet): { columns: ImportField[]; records: ImportRecord[] } {
  const at = sheet.rows.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => {
    return row.cells.some((cell) => fieldOfHeader(cell) === 'name');
  });
  if (at < 0) throw new HttpError(422, IMPORT_MSG.noHeader);
  const index = new Map<ImportField, number>();
  sheet.rows[at]!.cells.forEach((cell, i) => {
    const field = fieldOfHeader(cell);
    if (field && !index.has(field)) index.set(field, i);
  });
  const header = sheet.rows[at]!;
  const other = header.separator === ';' ? ',' : ';';
  const records = sheet.rows.slice(at + 1).map((row): ImportRecord => {
    // One cell where the header has several, holding the other separator: the row was written with it.
    const mixed =
      header.separator && index.size > 1 && row.cells.filter((c) => c !== null).length === 1 && String(row.cells[0] ?? '').includes(other);
    return {
      line: row.line,
      values: Object.fromEntries([...index].map(([field, i]) => [field, row.cells[i] ?? null])),
      ...(mixed ? { otherSeparator: true as const } : {}),
    };
  });
  if (records.length === 0) throw new HttpError(422, IMPORT_MSG.noRows);
  return { columns: [...index.keys()], records };
}
