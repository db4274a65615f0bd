/**
 * The recaps as the spreadsheets schools keep: title rows (what, school, rombel, period, wali
 * kelas), one heading row, one row per student, then a legend. A recap is small (a rombel of ~36
 * students), so the workbook is built whole and sent with its length (as the import templates are).
 */
import ExcelJS from 'exceljs';
import { ATTENDANCE_LABELS, ATTENDANCE_STATUSES, RECAP_MSG, type ClassRecap, type MonthRecap, type SemesterRecap } from '@kelasku/contract';
import { monthBounds } from './queries.js';
import { monthLabel } from './present.js';

type Value = string | number | null;

const GREY = 'FFD9D9D9';
const fill = (argb: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });
const thin: Partial<ExcelJS.Borders> = {
  top: { style: 'thin' },
  left: { style: 'thin' },
  bottom: { style: 'thin' },
  right: { style: 'thin' },
};

/** "H Hadir, T Terlambat, …" under the table. */
const LEGEND = `Keterangan: ${ATTENDANCE_STATUSES.map((s) => `${s} = ${ATTENDANCE_LABELS[s]}`).join(', ')}`;

/** A sheet name Excel accepts (no []:*?/\, at most 31 characters). */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, '-').slice(0, 31) || 'Rekap';

/** A download name without the characters file systems refuse. */
export const recapFilename = (name: string) => `${name.replace(/[\\/:*?"<>|]/g, '-').trim()}.xlsx`;

interface Layout {
  sheet: string;
  titles: string[];
  heading: Value[];
  widths: number[];
  rows: Value[][];
  /** Columns (1-based) shaded grey in the heading and every row (days without meetings). */
  grey?: Set<number>;
  /** Lines under the table. */
  notes: string[];
}

/** One sheet: titles, a blank row, the bordered table with a bold heading, a blank row, the notes. */
async function workbook(l: Layout): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName(l.sheet), { views: [{ state: 'frozen', ySplit: l.titles.length + 2 }] });
  l.widths.forEach((w, i) => (ws.getColumn(i + 1).width = w));
  l.titles.forEach((title, i) => {
    const row = ws.addRow([title]);
    row.font = i === 0 ? { bold: true, size: 14 } : { bold: i === 1 };
  });
  ws.addRow([]);
  const table = [ws.addRow(l.heading), ...l.rows.map((r) => ws.addRow(r))];
  table[0]!.font = { bold: true };
  table[0]!.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
  for (const row of table) {
    for (let c = 1; c <= l.heading.length; c++) {
      const cell = row.getCell(c);
      cell.border = thin;
      if (l.grey?.has(c)) cell.fill = fill(GREY);
    }
  }
  ws.getColumn(2).numFmt = '@'; // NIS keeps its leading zeros
  ws.addRow([]);
  for (const note of l.notes) ws.addRow([note]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const totalsOf = (t: Record<string, number>) => ATTENDANCE_STATUSES.map((s) => t[s] ?? 0);

/** "REKAP ABSENSI BULANAN": No, NIS, NISN, Nama, one column per day of the month (days without meetings grey), H T S I D A. */
export function monthXlsx(school: string, r: MonthRecap): Promise<Buffer> {
  const { days } = monthBounds(r.month);
  const dayNumbers = Array.from({ length: days }, (_, i) => i + 1);
  const held = new Set(r.dates.map((d) => Number(d.slice(8, 10))));
  const grey = new Set(dayNumbers.filter((d) => !held.has(d)).map((d) => 4 + d));
  return workbook({
    sheet: `${r.rombel.name} ${r.month}`,
    titles: [
      'REKAP ABSENSI BULANAN',
      school,
      `Rombel: ${r.rombel.name}`,
      `Bulan: ${monthLabel(r.month)}`,
      `Wali kelas: ${r.homeroom?.name ?? '-'}`,
    ],
    heading: ['No', 'NIS', 'NISN', 'Nama', ...dayNumbers, ...ATTENDANCE_STATUSES],
    widths: [5, 12, 13, 30, ...dayNumbers.map(() => 4), ...ATTENDANCE_STATUSES.map(() => 5)],
    rows: r.students.map((s, i) => {
      const byDay = new Map(r.dates.map((d, j) => [Number(d.slice(8, 10)), s.marks[j] ?? null]));
      return [i + 1, s.student.nis, s.student.nisn, s.student.name, ...dayNumbers.map((d) => byDay.get(d) ?? null), ...totalsOf(s.totals)];
    }),
    grey,
    notes: [...(r.dates.length ? [] : [RECAP_MSG.noMeetings]), LEGEND, 'Kolom abu-abu: tidak ada pertemuan. Jumlah dihitung per hari.'],
  });
}

/** "P3 01/12": the meeting's number and day. */
const meetingHeading = (m: ClassRecap['meetings'][number]) => `P${m.number ?? ''} ${m.date.slice(8, 10)}/${m.date.slice(5, 7)}`;

/** "REKAP PRESENSI KELAS": No, NIS, Nama, one column per meeting ("P1 03/11"), H T S I D A (meetings per mark). */
export function classXlsx(school: string, r: ClassRecap): Promise<Buffer> {
  return workbook({
    sheet: r.class.name,
    titles: [
      'REKAP PRESENSI KELAS',
      school,
      `Kelas: ${r.class.name}`,
      `Rombel: ${r.class.rombel}`,
      `Mata pelajaran: ${r.class.subject ?? '-'}`,
    ],
    heading: ['No', 'NIS', 'Nama', ...r.meetings.map(meetingHeading), ...ATTENDANCE_STATUSES],
    widths: [5, 12, 30, ...r.meetings.map(() => 8), ...ATTENDANCE_STATUSES.map(() => 5)],
    rows: r.students.map((s, i) => [i + 1, s.student.nis, s.student.name, ...s.marks, ...totalsOf(s.totals)]),
    notes: [LEGEND, 'Jumlah dihitung per pertemuan.'],
  });
}

/** "REKAP ABSENSI SEMESTER": No, NIS, NISN, Nama, Sakit, Izin, Tanpa Keterangan (the report card's), then Hadir, Terlambat, Dispensasi (days). */
export function semesterXlsx(school: string, r: SemesterRecap): Promise<Buffer> {
  return workbook({
    sheet: `${r.rombel.name} ${r.semester.label}`,
    titles: [
      'REKAP ABSENSI SEMESTER',
      school,
      `Rombel: ${r.rombel.name}`,
      `Semester: ${r.semester.label}`,
      `Wali kelas: ${r.homeroom?.name ?? '-'}`,
    ],
    heading: ['No', 'NIS', 'NISN', 'Nama', 'Sakit', 'Izin', 'Tanpa Keterangan', 'Hadir', 'Terlambat', 'Dispensasi'],
    widths: [5, 12, 13, 30, 8, 8, 12, 8, 10, 11],
    rows: r.students.map((s, i) => {
      const t = s.totals;
      return [i + 1, s.student.nis, s.student.nisn, s.student.name, t.S, t.I, t.A, t.H, t.T, t.D];
    }),
    notes: ['Jumlah hari: tanda sehari adalah tanda sebagian besar pertemuan hari itu.'],
  });
}
