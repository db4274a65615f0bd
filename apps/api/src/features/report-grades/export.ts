/**
 * The Nilai Akhir of a class and the leger of a rombel as XLSX: one sheet, a heading row, one row per
 * student. Every grade cell holds a plain number; a grade not there yet is an empty cell.
 */
import ExcelJS from 'exceljs';
import type { ClassReportGrades, Leger } from '@kelasku/contract';

type Value = string | number | null;

export const LEGER_LABELS = { average: 'Rata-rata', rank: 'Peringkat', final: 'Nilai Akhir' } as const;

/** A file name without the characters Windows refuses. */
export const xlsxFilename = (name: string) => `${name.replace(/[\\/:*?"<>|]/g, '-').trim()}.xlsx`;

/** A sheet name Excel accepts: no []:*?/\, at most 31 characters. */
const sheetName = (name: string) =>
  name
    .replace(/[[\]:*?/\\]/g, '-')
    .replace(/^'+|'+$/g, '')
    .trim()
    .slice(0, 31) || 'Nilai';

/** One sheet: the heading row (bold), then the rows; `textColumns` (1-based) hold NIS/NISN, `nameColumn` the name (frozen up to it). */
async function workbook(sheet: string, header: string[], rows: Value[][], textColumns: number[], nameColumn: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName(sheet), { views: [{ state: 'frozen', xSplit: nameColumn, ySplit: 1 }] });
  ws.columns = header.map((h, i) => ({ header: h, width: i === 0 ? 5 : i === nameColumn - 1 ? 30 : i < nameColumn ? 13 : 14 }));
  for (const c of textColumns) ws.getColumn(c).numFmt = '@'; // NIS and NISN keep their leading zeros
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).alignment = { wrapText: true, vertical: 'top' };
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** "Nilai Akhir <kelas>": No, NIS, NISN, Nama, one column per category's average, Nilai Akhir, then one column per TP. */
export function classReportXlsx(r: ClassReportGrades): Promise<Buffer> {
  const header = ['No', 'NIS', 'NISN', 'Nama', ...r.categories.map((c) => c.name), LEGER_LABELS.final, ...r.objectives.map((o) => o.code)];
  const rows = r.students.map((s, i) => [
    i + 1,
    s.student.nis,
    s.student.nisn,
    s.student.name,
    ...r.categories.map((c) => s.categories.find((x) => x.category_id === c.id)?.average ?? null),
    s.final,
    ...r.objectives.map((o) => s.objectives.find((x) => x.objective_id === o.id)?.score ?? null),
  ]);
  return workbook(`Nilai Akhir ${r.online_class.name}`, header, rows, [2, 3], 4);
}

/** "Leger <rombel>": No, NISN, Nama, one column per subject, Rata-rata, Peringkat. */
export function legerXlsx(l: Leger): Promise<Buffer> {
  const header = ['No', 'NISN', 'Nama', ...l.subjects.map((s) => s.subject), LEGER_LABELS.average, LEGER_LABELS.rank];
  const rows = l.students.map((s, i) => [i + 1, s.nisn, s.name, ...s.finals, s.average, s.rank]);
  return workbook(`Leger ${l.rombel.name}`, header, rows, [2], 3);
}
