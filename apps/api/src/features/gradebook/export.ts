/**
 * The gradebook as a spreadsheet, made for pasting into e-Rapor: every score cell holds a plain
 * number, and a cell without a score (not graded yet, not handed in, not due yet) is left EMPTY
 * rather than holding a mark or "0" — a pasted 0 would become a real grade, a text mark would be
 * refused. The marks live beside the values instead: in the XLSX as the cell's colour (legend
 * under the table), in the CSV not at all (it is the same table of plain values).
 *
 * A grade does not vanish (issue 39): returned work handed in again keeps its last grade in its
 * cell until the teacher grades the new version, marked "Menunggu nilai baru" — in the XLSX by its
 * colour, in the CSV by a line under the table naming each such cell (the table stays plain values).
 */
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { GRADEBOOK_LABELS, REPORT_MSG, type Gradebook, type GradebookCell } from '@kelasku/contract';

type Value = string | number | null;

const HEADER_FIXED = ['No', 'NIS', 'Nama'];

/** A quiz column's header: its title, marked as a quiz. */
const quizHeader = (title: string) => `${GRADEBOOK_LABELS.quiz}: ${title}`;

/**
 * The table both formats share: header, one row per student, then the class average per column.
 * The assignment columns come first, then the quiz columns (each quiz's grade, 0–100).
 */
function table(g: Gradebook): { header: string[]; students: Value[][]; averages: Value[] } {
  return {
    header: [...HEADER_FIXED, ...g.assignments.map((a) => a.title), ...g.quizzes.map((q) => quizHeader(q.title)), GRADEBOOK_LABELS.average],
    students: g.students.map((s, i) => [
      i + 1,
      s.nis,
      s.name,
      ...s.cells.map((c) => c.score),
      ...s.quiz_cells.map((c) => c.score),
      s.average,
    ]),
    averages: [null, null, GRADEBOOK_LABELS.classAverage, ...g.assignments.map((a) => a.average), ...g.quizzes.map((q) => q.average), null],
  };
}

// ---------------------------------------------------------------- XLSX

const FILLS: Partial<Record<GradebookCell['state'] | 'late' | 'awaiting', string>> = {
  waiting: 'FFFFF3BF',
  missing: 'FFFFC9C9',
  late: 'FFFFD8A8',
  awaiting: 'FFD0EBFF',
};

const LEGEND: Array<[keyof typeof FILLS, string]> = [
  ['waiting', `${GRADEBOOK_LABELS.waiting} (sel kosong)`],
  ['missing', `${GRADEBOOK_LABELS.missing} (sel kosong)`],
  ['late', `${GRADEBOOK_LABELS.late} (nilai tetap dihitung)`],
  ['awaiting', `${REPORT_MSG.awaitingRegrade} (nilai terakhir ditampilkan dan tetap dihitung)`],
];

/** The colour of an assignment cell: awaiting a new grade first, then late, then its state. */
const fillOf = (c: GradebookCell) => (c.awaiting_regrade ? FILLS.awaiting : c.late ? FILLS.late : FILLS[c.state]);

const fill = (argb: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });

/** A sheet name Excel accepts: no []:*?/\, at most 31 characters, unique in the workbook. */
function sheetName(name: string, taken: Set<string>): string {
  const base =
    name
      .replace(/[[\]:*?/\\]/g, '-')
      .replace(/^'+|'+$/g, '')
      .trim()
      .slice(0, 31) || 'Kelas';
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** One sheet named after the class: No, NIS, Nama, one column per assignment, Rata-rata; then the class averages and the legend. */
function addSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, g: Gradebook, taken: Set<string>): void {
  const ws = wb.addWorksheet(sheetName(g.online_class.name, taken), { views: [{ state: 'frozen', xSplit: 3, ySplit: 1 }] });
  const t = table(g);
  ws.columns = t.header.map((header, i) => ({ header, width: i === 0 ? 5 : i === 1 ? 12 : i === 2 ? 30 : 14 }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).alignment = { wrapText: true, vertical: 'top' };
  ws.getColumn(2).numFmt = '@'; // NIS keeps its leading zeros
  ws.getColumn(t.header.length).numFmt = '0.0';
  ws.getRow(1).commit();
  g.students.forEach((s, i) => {
    const row = ws.addRow(t.students[i]);
    s.cells.forEach((c, j) => {
      const argb = fillOf(c);
      if (argb) row.getCell(4 + j).fill = fill(argb);
    });
    s.quiz_cells.forEach((c, j) => {
      const argb = FILLS[c.state];
      if (argb) row.getCell(4 + s.cells.length + j).fill = fill(argb);
    });
    row.commit();
  });
  const averages = ws.addRow(t.averages);
  averages.font = { italic: true };
  for (let j = 0; j < g.assignments.length + g.quizzes.length; j++) averages.getCell(4 + j).numFmt = '0.0';

  ws.addRow([]);
  for (const [mark, text] of LEGEND) {
    const row = ws.addRow([null, null, text]);
    row.getCell(2).fill = fill(FILLS[mark]!);
  }
  ws.addRow([
    null,
    null,
    'Sel kosong tanpa warna: belum waktunya dikumpulkan. Rata-rata hanya menghitung tugas yang sudah dinilai ' +
      '(dan nilai terakhir tugas yang menunggu nilai baru).',
  ]);
  ws.commit();
}

/**
 * An XLSX with one sheet per gradebook, in the order given. Written with exceljs's streaming
 * writer, one sheet per turn of the event loop (the first one too, apart from the work that made
 * the gradebooks): the export of all of a teacher's classes never holds the loop for the whole
 * workbook (docs/limits.md). A gradebook is small, so the file is collected and sent whole (with
 * its length, and a 500 if it fails, like any answer).
 */
export async function gradebookXlsx(books: Gradebook[]): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const read = finished(stream);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: true });
  const taken = new Set<string>();
  for (const g of books) {
    await new Promise((resolve) => setImmediate(resolve));
    addSheet(wb, g, taken);
  }
  if (!books.length) wb.addWorksheet('Nilai').addRow([GRADEBOOK_LABELS.noClasses]).commit();
  await wb.commit();
  await read;
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------- CSV

/**
 * Excel on an Indonesian Windows reads a CSV with the region's list separator, which is ";"
 * (the decimal separator is ","): with semicolons, and averages written "85,5", the file opens in
 * columns with real numbers on a double click. The UTF-8 byte order mark makes Excel read names
 * such as "Ní Luh" right (without it, it guesses the ANSI code page). A text cell that starts like a
 * formula (= + - @) gets a leading apostrophe, so a name or title never runs as one.
 */
function csvValue(v: Value): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v).replace('.', ',');
  const text = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Under the CSV's table: one line per cell that shows a last grade awaiting a new one ("Menunggu nilai baru: Budi — Tugas 1"). */
function awaitingLines(g: Gradebook): Value[][] {
  const lines = g.students.flatMap((s) =>
    s.cells.flatMap((c, j) =>
      c.awaiting_regrade ? [[null, null, `${REPORT_MSG.awaitingRegrade}: ${s.name} — ${g.assignments[j]!.title}`]] : [],
    ),
  );
  return lines.length ? [[], ...lines] : [];
}

export function gradebookCsv(g: Gradebook): Buffer {
  const t = table(g);
  const lines = [t.header, ...t.students, t.averages, ...awaitingLines(g)].map((row) => row.map(csvValue).join(';'));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** A download name for the class's gradebook: "Nilai - <class>.<ext>", without characters a file system refuses. */
export const gradebookFilename = (className: string, ext: 'xlsx' | 'csv') =>
  `Nilai - ${className.replace(/[\\/:*?"<>|]/g, '-').trim()}.${ext}`;
