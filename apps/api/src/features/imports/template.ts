import ExcelJS from 'exceljs';
import {
  GENDER_LABELS,
  IMPORT_COLUMN_LABELS,
  PARENT_RELATIONS,
  PARENT_RELATION_LABELS,
  RELIGIONS,
  type ImportField,
  ROLE_IDS,
} from '@kelasku/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { rombelClasses, students, users } from '../../db/schema.js';
import { selectUsersWithDetails } from './queries.js';
import type { Executor } from '../../db/client.js';

/** The template's columns, in order, with the example row. */
const COLUMNS: [ImportField, string][] = [
  ['name', 'Siti Aminah'],
  ['role', 'Siswa'],
  ['nis', '23240001'],
  ['nisn', '0081234567'],
  ['gender', 'P'],
  ['birthday', '17/05/2008'],
  ['religion', 'Islam'],
  ['rombel', ''],
  ['email', ''],
  ['username', ''],
  ['password', ''],
  ['telpon', '0812-3456-7890'],
  ['nip', ''],
  ['nik', ''],
];

/**
 * The parents' columns (issue 40), optional and after the others so a file made from the old
 * template still imports: "Nama Ayah", "HP Ayah", "Nama Ibu", "HP Ibu", "Nama Wali", "HP Wali".
 */
const PARENT_EXAMPLE: Record<string, string> = { 'Nama Ayah': 'Ahmad Fauzi', 'HP Ayah': '0812-1111-2222', 'Nama Ibu': 'Nur Aini' };
const PARENT_COLUMNS = PARENT_RELATIONS.flatMap((r) => [`Nama ${PARENT_RELATION_LABELS[r]}`, `HP ${PARENT_RELATION_LABELS[r]}`]);

/** Numbers with leading zeros (NISN, NIP, telephone) and dates typed as dd/mm/yyyy stay text. */
const TEXT_FIELDS: ImportField[] = ['nis', 'nisn', 'nip', 'nik', 'telpon', 'birthday'];

/** The sheet "Data" of the template and the export: the import's headers in bold, text columns kept as text. */
function dataSheet(wb: ExcelJS.Workbook, fields: ImportField[], extra: string[] = []): ExcelJS.Worksheet {
  const ws = wb.addWorksheet('Data');
  ws.columns = [
    ...fields.map((field) => ({ header: IMPORT_COLUMN_LABELS[field], key: field, width: field === 'name' ? 28 : 16 })),
    ...extra.map((header) => ({ header, key: header, width: header.startsWith('Nama') ? 24 : 16 })),
  ];
  ws.getRow(1).font = { bold: true };
  for (const field of TEXT_FIELDS) if (fields.includes(field)) ws.getColumn(field).numFmt = '@';
  for (const header of extra) if (header.startsWith('HP')) ws.getColumn(header).numFmt = '@';
  return ws;
}

/** The import template: a sheet "Data" with the header and an example, a sheet "Pilihan" with the allowed values. */
export async function templateWorkbook(db: Executor): Promise<Buffer> {
  const rombels = await db
    .select({ name: rombelClasses.name })
    .from(rombelClasses)
    .orderBy(asc(rombelClasses.grade), asc(rombelClasses.name));
  const wb = new ExcelJS.Workbook();
  const data = dataSheet(
    wb,
    COLUMNS.map(([field]) => field),
    PARENT_COLUMNS,
  );
  const example = Object.fromEntries(COLUMNS.map(([field, value]) => [field, field === 'rombel' ? (rombels[0]?.name ?? '') : value]));
  data.addRow({ ...example, ...PARENT_EXAMPLE });

  const choices = wb.addWorksheet('Pilihan');
  choices.columns = [
    { header: 'Rombel', width: 24 },
    { header: 'JK', width: 18 },
    { header: 'Agama', width: 14 },
    { header: 'Peran', width: 10 },
  ];
  choices.getRow(1).font = { bold: true };
  const genders = Object.entries(GENDER_LABELS).map(([code, label]) => `${code} (${label})`);
  const rows = Math.max(rombels.length, genders.length, RELIGIONS.length, 2);
  for (let i = 0; i < rows; i++) {
    choices.addRow([rombels[i]?.name ?? null, genders[i] ?? null, RELIGIONS[i] ?? null, ['Siswa', 'Guru'][i] ?? null]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The export's columns: the import's own headers, so an exported file imports back unchanged. */
const EXPORT_COLUMNS: ImportField[] = [
  'name',
  'role',
  'username',
  'email',
  'nis',
  'nisn',
  'rombel',
  'nip',
  'nik',
  'gender',
  'birthday',
  'religion',
  'telpon',
];

export interface ExportFilter {
  roleId?: number;
  rombelId?: number;
  status?: number;
}

/** Every user (but admins) the filter selects, as an XLSX in the import's columns, by role then name. */
export async function exportWorkbook(db: Executor, f: ExportFilter): Promise<Buffer> {
  const rows = await selectUsersWithDetails(db)
    .where(
      and(
        inArray(users.roleId, f.roleId ? [f.roleId] : [ROLE_IDS.teacher, ROLE_IDS.student]),
        f.rombelId ? eq(students.rombelClassId, f.rombelId) : undefined,
        f.status === undefined ? undefined : eq(users.status, f.status),
      ),
    )
    .orderBy(asc(users.roleId), sql`lower(${users.name})`, asc(users.id));
  const wb = new ExcelJS.Workbook();
  const ws = dataSheet(wb, EXPORT_COLUMNS);
  for (const r of rows) {
    ws.addRow({
      ...r,
      role: r.roleId === ROLE_IDS.teacher ? 'Guru' : 'Siswa',
      birthday: r.birthday ? r.birthday.split('-').reverse().join('/') : null,
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
