/**
 * The question bank's spreadsheet: the template (sheet "Soal", one row per question with an example
 * row per type, and sheet "Petunjuk" explaining the columns) and its reader, which turns each row
 * into a question body (still to be checked by questionBody) or a problem naming the row.
 *
 * Columns (found by their header in row 1, in any order): Jenis, Pertanyaan, Poin, Kunci,
 * Toleransi, Pilihan A … Pilihan J.
 * - Pilihan ganda: options in Pilihan A…; Kunci the letter of the right one ("B").
 * - Pilihan ganda kompleks: the same; Kunci the letters of the right ones ("A, C").
 * - Benar/Salah: Kunci "Benar" or "Salah".
 * - Isian singkat: Kunci the accepted answers separated by "|" (Pilihan cells count too);
 *   with Toleransi filled in, the answers are numbers within it.
 * - Menjodohkan: each pair in a Pilihan cell as "kiri -> kanan".
 * - Uraian: only the question and its points.
 */
import ExcelJS from 'exceljs';
import { QUESTION_MSG, QUESTION_TYPES, QUESTION_TYPE_LABELS, type QuestionType } from '@kelasku/contract';
import { HttpError } from '../../http/errors.js';
import { NotXlsxError, XlsxTooBigError, rowTagsFor, xlsxRows } from '../../files/xlsx-rows.js';
import type { ImportCandidate, ImportProblem } from './gift.js';

const LETTERS = 'ABCDEFGHIJ'.split('');
const HEADERS = ['Jenis', 'Pertanyaan', 'Poin', 'Kunci', 'Toleransi', ...LETTERS.map((l) => `Pilihan ${l}`)];
export const QUESTION_SHEET = 'Soal';
const HELP_SHEET = 'Petunjuk';

/** The template's example rows: one per type (two short answers: words, and a number with a tolerance). */
export const EXAMPLE_ROWS: Array<Array<string | number | null>> = [
  [
    QUESTION_TYPE_LABELS.multiple_choice,
    'Perangkat yang menghubungkan dua jaringan yang berbeda adalah …',
    1,
    'B',
    null,
    'Switch',
    'Router',
    'Hub',
    'Repeater',
  ],
  [
    QUESTION_TYPE_LABELS.multiple_answer,
    'Manakah yang termasuk perangkat jaringan aktif?',
    2,
    'A, B, D',
    null,
    'Router',
    'Switch',
    'Kabel UTP',
    'Access Point',
  ],
  [QUESTION_TYPE_LABELS.true_false, 'Kabel UTP kategori 6 mendukung kecepatan hingga 1 Gbps.', 1, 'Benar'],
  [QUESTION_TYPE_LABELS.short_answer, 'Kepanjangan dari LAN adalah …', 1, 'Local Area Network | Jaringan Area Lokal'],
  [QUESTION_TYPE_LABELS.short_answer, 'Berapa jumlah host yang dapat dipakai pada subnet /26?', 2, 62, 0],
  [
    QUESTION_TYPE_LABELS.matching,
    'Jodohkan perangkat dengan fungsinya.',
    3,
    null,
    null,
    'Router -> Menghubungkan antarjaringan',
    'Switch -> Menghubungkan perangkat dalam satu LAN',
    'Access Point -> Memancarkan jaringan nirkabel',
  ],
  [QUESTION_TYPE_LABELS.essay, 'Jelaskan perbedaan topologi star dan topologi bus!', 5],
];

const HELP: Array<[string, string]> = [
  ['Jenis', `Jenis soal: ${QUESTION_TYPES.map((t) => QUESTION_TYPE_LABELS[t]).join(', ')}.`],
  ['Pertanyaan', 'Teks soal, paling banyak 5.000 karakter.'],
  ['Poin', 'Bilangan bulat 1 sampai 100. Kosong berarti 1.'],
  [
    'Kunci',
    'Pilihan ganda: huruf pilihan yang benar (misalnya B). Pilihan ganda kompleks: huruf-huruf pilihan yang benar (misalnya A, C). ' +
      'Benar/Salah: Benar atau Salah. Isian singkat: jawaban yang diterima, pisahkan dengan tanda | (huruf besar/kecil dianggap sama). ' +
      'Menjodohkan dan Uraian: kosongkan.',
  ],
  [
    'Toleransi',
    'Hanya untuk Isian singkat berupa angka: selisih yang masih dianggap benar (0 berarti harus tepat). Kosongkan untuk jawaban teks.',
  ],
  [
    'Pilihan A – Pilihan J',
    'Pilihan ganda (kompleks): teks setiap pilihan, minimal 2. Menjodohkan: setiap pasangan ditulis "kiri -> kanan", minimal 2.',
  ],
  ['', ''],
  ['Catatan', 'Baris contoh di lembar Soal boleh dihapus atau diganti. Satu baris untuk satu soal. Gambar soal ditambahkan setelah impor.'],
];

/** The XLSX template: sheet "Soal" with the header and an example row per type, sheet "Petunjuk". */
export async function templateWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Kelasku';
  const ws = wb.addWorksheet(QUESTION_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = HEADERS.map((header, i) => ({ header, width: i === 0 ? 24 : i === 1 ? 60 : i <= 4 ? 14 : 30 }));
  ws.getRow(1).font = { bold: true };
  for (const row of EXAMPLE_ROWS) ws.addRow(row);
  const labels = QUESTION_TYPES.map((t) => QUESTION_TYPE_LABELS[t]).join(',');
  for (let r = 2; r <= 500; r++) {
    ws.getCell(r, 1).dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: [`"${labels}"`],
      showErrorMessage: true,
      errorTitle: 'Jenis soal',
      error: QUESTION_MSG.typeInvalid,
    };
  }
  ws.getColumn(2).alignment = { wrapText: true, vertical: 'top' };
  const help = wb.addWorksheet(HELP_SHEET);
  help.columns = [
    { header: 'Kolom', width: 22 },
    { header: 'Keterangan', width: 110 },
  ];
  help.getRow(1).font = { bold: true };
  for (const row of HELP) help.addRow(row);
  help.getColumn(2).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---------------------------------------------------------------- reading

/** A cell as text ('' when empty); numbers and booleans as written; a formula's cached result. */
function textOf(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'Benar' : 'Salah';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in value) return value.result === undefined ? '' : textOf(value.result as ExcelJS.CellValue);
    if ('text' in value) return textOf(value.text as ExcelJS.CellValue);
  }
  return '';
}

const typeByName = new Map<string, QuestionType>(
  QUESTION_TYPES.flatMap((t) => [
    [t, t],
    [QUESTION_TYPE_LABELS[t].toLowerCase(), t],
  ]),
);
typeByName.set('benar salah', 'true_false');
typeByName.set('benar-salah', 'true_false');

const TRUE_WORDS = new Set(['benar', 'b', 'true', 't', 'ya', '1']);
const FALSE_WORDS = new Set(['salah', 's', 'false', 'f', 'tidak', '0']);

class RowError extends Error {}

/** The body of one row; throws RowError for what only this reader can tell (key letters, pairs). */
function bodyOf(type: QuestionType, cells: (name: string) => string): ImportCandidate['body'] {
  const text = cells('pertanyaan');
  const pointsText = cells('poin');
  const points = pointsText === '' ? 1 : pointsText;
  const key = cells('kunci');
  const filled = LETTERS.map((l) => ({ letter: l, text: cells(`pilihan ${l.toLowerCase()}`) }));
  switch (type) {
    case 'multiple_choice':
    case 'multiple_answer': {
      const letters =
        key === ''
          ? []
          : key
              .toUpperCase()
              .split(/[\s,;]+/)
              .filter(Boolean);
      for (const l of letters) {
        if (!LETTERS.includes(l)) throw new RowError(QUESTION_MSG.sheetKeyLetter);
        if (filled.find((f) => f.letter === l)!.text === '') throw new RowError(QUESTION_MSG.sheetKeyEmptyOption(l));
      }
      const options = filled.filter((f) => f.text !== '').map((f) => ({ text: f.text, correct: letters.includes(f.letter) }));
      return { type, text, points, data: { options } };
    }
    case 'true_false': {
      const word = key.toLowerCase();
      if (!TRUE_WORDS.has(word) && !FALSE_WORDS.has(word)) throw new RowError(QUESTION_MSG.sheetTrueFalse);
      return { type, text, points, data: { answer: TRUE_WORDS.has(word) } };
    }
    case 'short_answer': {
      const answers = [
        ...key
          .split('|')
          .map((a) => a.trim())
          .filter(Boolean),
        ...filled.map((f) => f.text).filter(Boolean),
      ];
      const tolerance = cells('toleransi');
      return { type, text, points, data: { answers, tolerance: tolerance === '' ? null : tolerance } };
    }
    case 'matching': {
      const pairs = filled
        .filter((f) => f.text !== '')
        .map((f) => {
          const arrow = f.text.indexOf('->');
          if (arrow < 0) throw new RowError(QUESTION_MSG.sheetPair);
          return { left: f.text.slice(0, arrow).trim(), right: f.text.slice(arrow + 2).trim() };
        });
      return { type, text, points, data: { pairs } };
    }
    case 'essay':
      return { type, text, points, data: {} };
  }
}

/** The header names of row 1 by column (0-based), lower case with single spaces; the first column of a name wins. */
function columnsOf(header: ExcelJS.CellValue[]): Map<string, number> {
  const columns = new Map<string, number>();
  header.forEach((value, col) => {
    const name = textOf(value).toLowerCase().replace(/\s+/g, ' ');
    if (name && !columns.has(name)) columns.set(name, col);
  });
  return columns;
}

/** The question of one row, or the problem that names it. */
function readRow(columns: Map<string, number>, line: number, values: ExcelJS.CellValue[]): ImportCandidate | ImportProblem {
  const cells = (name: string) => {
    const col = columns.get(name);
    return col === undefined ? '' : textOf(values[col] ?? null);
  };
  const type = typeByName.get(cells('jenis').toLowerCase().replace(/\s+/g, ' '));
  if (!type) return { line, message: QUESTION_MSG.typeInvalid };
  try {
    return { line, body: bodyOf(type, cells) };
  } catch (err) {
    if (!(err instanceof RowError)) throw err;
    return { line, message: err.message };
  }
}

/**
 * Reads an uploaded question sheet (the "Soal" sheet, else the first) as a stream: each row a
 * question body or a problem, at most `max` of them (`truncated` when more follow; the reading
 * stops there, docs/limits.md).
 */
export async function readQuestionSheet(
  bytes: Buffer,
  max: number = Number.MAX_SAFE_INTEGER,
): Promise<{ candidates: ImportCandidate[]; problems: ImportProblem[]; truncated: boolean }> {
  try {
    const read = (await readRows(bytes, (name) => name === QUESTION_SHEET, max)) ?? (await readRows(bytes, () => true, max));
    // A sheet without a single row has no header row either.
    if (!read) throw new HttpError(422, QUESTION_MSG.sheetNoHeader);
    return read;
  } catch (err) {
    if (err instanceof XlsxTooBigError) throw new HttpError(422, QUESTION_MSG.importTooMany);
    if (err instanceof NotXlsxError) throw new HttpError(422, QUESTION_MSG.importSheetUnreadable);
    throw err;
  }
}

/** The questions of the first sheet `pick` accepts; null when there is none or it has no rows. */
async function readRows(bytes: Buffer, pick: (name: string | undefined) => boolean, max: number) {
  const candidates: ImportCandidate[] = [];
  const problems: ImportProblem[] = [];
  let columns: Map<string, number> | null = null;
  let seen = false;
  for await (const row of xlsxRows(bytes, pick, rowTagsFor(max))) {
    seen = true;
    if (columns === null) {
      columns = columnsOf(row.line === 1 ? row.values : []);
      if (!columns.has('jenis') || !columns.has('pertanyaan')) throw new HttpError(422, QUESTION_MSG.sheetNoHeader);
      if (row.line === 1) continue;
    }
    const mapped = [...columns.values()];
    if (mapped.every((col) => textOf(row.values[col] ?? null) === '')) continue;
    if (candidates.length + problems.length === max) return { candidates, problems, truncated: true };
    const read = readRow(columns, row.line, row.values);
    if ('body' in read) candidates.push(read);
    else problems.push(read);
  }
  return seen ? { candidates, problems, truncated: false } : null;
}
