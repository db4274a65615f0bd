import { IMPORT_FIELDS, IMPORT_MSG, PARENT_RELATIONS, type ImportField, type ParentRelation } from '@kelasku/contract';
import { HttpError } from '../../http/errors.js';
import type { Cell, Sheet } from './sheet.js';

/** The header texts each column is known by (Dapodik exports, the template, what admins type). */
const ALIASES: Record<ImportField, string[]> = {
  name: ['nama', 'nama lengkap', 'nama siswa', 'nama peserta didik', 'nama guru'],
  nis: ['nis', 'nipd', 'nis/nipd', 'nomor induk'],
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
  // A mobile number first: Dapodik's "Telepon" is the landline, its "HP" the mobile (the app's format).
  telpon: ['hp', 'no hp', 'no. hp', 'nomor hp', 'no handphone', 'telepon seluler', 'telepon', 'telpon', 'nomor telepon'],
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

/** How well a header names its field: 0 for the first alias; the columns of a field are read in this order. */
const rankOf = (field: ImportField, name: string) => ALIASES[field].indexOf(normalizeHeader(name));

const textOf = (cell: Cell | undefined) => (typeof cell === 'string' && cell.trim() !== '' ? cell.trim() : null);

type Row = Sheet['rows'][number];

/**
 * Whether `below` is the second row of a two-row header (Dapodik's "Data Ayah / Data Ibu / Data Wali"
 * over Nama, Tahun Lahir, …): the line right under the header, empty under the header's Nama (that
 * cell is merged over both rows; a reader may repeat the merged value or leave it empty), and holding
 * text only where the header has a group or a merged cell, never a date.
 */
function isSubHeader(header: Row, below: Row | undefined, nameAt: number): boolean {
  if (!below || below.line !== header.line + 1) return false;
  const nameBelow = textOf(below.cells[nameAt]);
  if (nameBelow !== null && nameBelow !== textOf(header.cells[nameAt])) return false;
  let under = 0;
  for (const [i, cell] of below.cells.entries()) {
    if (cell === null) continue;
    if (cell instanceof Date || textOf(cell) === null) return false;
    const above = textOf(header.cells[i]);
    if (above === cell.trim()) continue; // a vertically merged header cell, repeated
    if (above !== null && fieldOfHeader(above) !== undefined) return false; // data under a known column
    under++;
  }
  return under > 0;
}

/**
 * The name of each column: the header's text, or — under a two-row header — the group and the
 * sub-header together ("Data Ayah Nama"), so a parent's name or NIK is never read as the student's.
 * A group's cells right of its first are empty when the merged range is read as stored.
 */
function columnNames(header: Row, sub: Row | null): (string | null)[] {
  const width = Math.max(header.cells.length, sub?.cells.length ?? 0);
  const names: (string | null)[] = [];
  let group: string | null = null;
  for (let i = 0; i < width; i++) {
    const top = textOf(header.cells[i]);
    const below = sub ? textOf(sub.cells[i]) : null;
    if (top !== null) group = top;
    if (below === null || below === top) names.push(top);
    else names.push(group === null ? below : `${group} ${below}`);
    if (below === null && top === null) group = null;
  }
  return names;
}

/** One data row: its line in the file and the cells of the known columns. */
export interface ImportRecord {
  line: number;
  values: Partial<Record<ImportField, Cell>>;
  /** A CSV row written with the other separator (`,` in a `;` file or the reverse): its cells cannot be told apart. */
  otherSeparator?: true;
}

/** A parent's cells (issue 40): Dapodik's "Data Ayah" Nama and NIK, or the template's "Nama Ayah" and "HP Ayah". */
export type FamilyField = `${ParentRelation}_${'name' | 'nik' | 'hp'}`;
/** A row's parent cells, and — in a Dapodik export only — its "Telepon" (the home number). */
export interface FamilyCells {
  cells: Partial<Record<FamilyField, Cell>>;
  homePhone: Cell | null;
}

const FAMILY_BY_NAME = new Map<string, FamilyField>(
  PARENT_RELATIONS.flatMap((r) => [
    [`data ${r} nama`, `${r}_name`] as const,
    [`nama ${r}`, `${r}_name`] as const,
    [`data ${r} nik`, `${r}_nik`] as const,
    [`nik ${r}`, `${r}_nik`] as const,
    ...['hp', 'no hp', 'no. hp', 'nomor hp', 'telepon', 'telpon'].map((h) => [`${h} ${r}`, `${r}_hp`] as const),
  ]),
);

/**
 * The parent cells of each data row, by line (rows naming no parent left out). The home "Telepon"
 * is read only under Dapodik's two-row header: in the template that column is the student's own number.
 */
function familyOf(names: (string | null)[], rows: Row[], dapodik: boolean): Map<number, FamilyCells> {
  const columns = names.flatMap((name, at) => {
    const field = name === null ? undefined : FAMILY_BY_NAME.get(normalizeHeader(name));
    return field ? [{ field, at }] : [];
  });
  const homeAt = dapodik ? names.findIndex((name) => name !== null && normalizeHeader(name) === 'telepon') : -1;
  const family = new Map<number, FamilyCells>();
  if (columns.length === 0) return family;
  for (const row of rows) {
    const cells: FamilyCells['cells'] = {};
    for (const { field, at } of columns) if (textOf(row.cells[at]) !== null) cells[field] ??= row.cells[at]!;
    if (Object.keys(cells).length > 0) family.set(row.line, { cells, homePhone: homeAt >= 0 ? (row.cells[homeAt] ?? null) : null });
  }
  return family;
}

/** How far down a header row is looked for (Dapodik puts title rows above it). */
const HEADER_SEARCH_ROWS = 20;

/** A header row: one with a Nama column, and the row with Nama and NIPD/NISN before one with Nama only (a title). */
function findHeader(rows: Row[]): number {
  const top = rows.slice(0, HEADER_SEARCH_ROWS);
  const fields = (row: Row) => new Set(row.cells.map(fieldOfHeader));
  const full = top.findIndex((row) => {
    const f = fields(row);
    return f.has('name') && (f.has('nis') || f.has('nisn'));
  });
  return full >= 0 ? full : top.findIndex((row) => fields(row).has('name'));
}

/**
 * Finds the header row (title rows above it are skipped) and, when there is one, its second row
 * (Dapodik's sub-headers under merged groups), then reads the rows below. Where several columns name
 * one field, a row's first filled one in the order of ALIASES is read (HP before Telepon).
 */
export function readRecords(sheet: Sheet): { columns: ImportField[]; records: ImportRecord[]; family: Map<number, FamilyCells> } {
  const at = findHeader(sheet.rows);
  if (at < 0) throw new HttpError(422, IMPORT_MSG.noHeader);
  const header = sheet.rows[at]!;
  const nameAt = header.cells.findIndex((cell) => fieldOfHeader(cell) === 'name');
  const sub = isSubHeader(header, sheet.rows[at + 1], nameAt) ? sheet.rows[at + 1]! : null;
  const index = new Map<ImportField, { at: number; rank: number }[]>();
  const names = columnNames(header, sub);
  names.forEach((name, i) => {
    const field = name === null ? undefined : fieldOfHeader(name);
    if (field) index.set(field, [...(index.get(field) ?? []), { at: i, rank: rankOf(field, name!) }]);
  });
  for (const columns of index.values()) columns.sort((a, b) => a.rank - b.rank || a.at - b.at);
  const other = header.separator === ';' ? ',' : ';';
  const dataRows = sheet.rows.slice(at + (sub ? 2 : 1));
  const records = dataRows.map((row): ImportRecord => {
    // One cell where the header has several, holding the other separator: the row was written with it.
    const mixed =
      header.separator && index.size > 1 && row.cells.filter((c) => c !== null).length === 1 && String(row.cells[0] ?? '').includes(other);
    const valueOf = (columns: { at: number }[]) => {
      const filled = columns.find((c) => row.cells[c.at] instanceof Date || textOf(row.cells[c.at]) !== null);
      return (filled ? row.cells[filled.at] : row.cells[columns[0]!.at]) ?? null;
    };
    return {
      line: row.line,
      values: Object.fromEntries([...index].map(([field, columns]) => [field, valueOf(columns)])),
      ...(mixed ? { otherSeparator: true as const } : {}),
    };
  });
  if (records.length === 0) throw new HttpError(422, IMPORT_MSG.noRows);
  return { columns: [...index.keys()], records, family: familyOf(names, dataRows, sub !== null) };
}
