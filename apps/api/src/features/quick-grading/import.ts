/**
 * Grades imported back from the gradebook's XLSX (gradebook/export.ts) edited in Excel (issue 39).
 * Rows are matched by NIS (a renamed student is still found; moved rows too), by name when the NIS
 * cell is empty; columns by assignment title (the n-th column of a title is the n-th assignment of
 * it, as the export writes them); quiz columns and "Rata-rata" are skipped. Every changed cell is
 * named (A1 style) with its before → after; nothing is written while any cell or row is refused.
 */
import type { FastifyRequest } from 'fastify';
import type ExcelJS from 'exceljs';
import { ASSIGNMENT_MSG, GRADEBOOK_LABELS, IMPORT_MSG, QUICK_MSG, type GradebookImportPreview } from '@kelasku/contract';
import type { App } from '../../types.js';
import type { Db } from '../../db/client.js';
import type { OnlineClass } from '../../access/index.js';
import { HttpError, conflict } from '../../http/errors.js';
import { NotXlsxError, XlsxTooBigError, rowTagsFor, xlsxRows } from '../../files/xlsx-rows.js';
import { studentsOfRombels } from '../gradebook/queries.js';
import { gradeWithAudit } from '../grading/act.js';
import { gradeNotices } from '../notifications/events.js';
import { classAssignments, classWork, studentsElsewhere, type ClassAssignmentRow, type ClassWorkRow } from './queries.js';

/** The most rows (header, students, averages, legend) a gradebook sheet is read to. */
const MAX_ROWS = 2_000;
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** A cell as the sheet holds it: a number, text (trimmed), or empty; a formula gives its stored result. */
type Raw = number | string | null;
interface SheetRow {
  line: number;
  cells: Raw[];
}

function rawOf(v: ExcelJS.CellValue): Raw {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if ('richText' in v) return rawOf(v.richText.map((r) => r.text).join(''));
  if ('result' in v) return v.result === undefined ? null : rawOf(v.result as ExcelJS.CellValue);
  if ('error' in v) return String(v.error);
  if ('text' in v) return rawOf(v.text as ExcelJS.CellValue);
  return null;
}

/** "A", "B", …, "Z", "AA": the column letters of a 0-based index. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The first sheet's rows with values; 422 for a file that is no XLSX. */
async function readRows(bytes: Buffer): Promise<SheetRow[]> {
  if (bytes.length < 4 || !bytes.subarray(0, 4).equals(ZIP_SIGNATURE)) throw new HttpError(422, QUICK_MSG.notXlsx);
  const rows: SheetRow[] = [];
  try {
    for await (const row of xlsxRows(bytes, () => true, rowTagsFor(MAX_ROWS))) {
      if (rows.length === MAX_ROWS) throw new HttpError(422, IMPORT_MSG.tooManyRows);
      rows.push({ line: row.line, cells: row.values.map(rawOf) });
    }
  } catch (err) {
    if (err instanceof NotXlsxError) throw new HttpError(422, QUICK_MSG.notXlsx);
    if (err instanceof XlsxTooBigError) throw new HttpError(422, IMPORT_MSG.tooManyRows);
    throw err;
  }
  return rows;
}

const text = (v: Raw | undefined) => (v === null || v === undefined ? '' : String(v).trim());
const lower = (v: Raw | undefined) => text(v).toLowerCase();

interface Layout {
  headerAt: number;
  nis: number;
  name: number;
  /** Score columns: sheet column index → assignment. */
  columns: Array<{ index: number; assignment: ClassAssignmentRow }>;
  warnings: string[];
}

/** The heading row (No, NIS, Nama within the first rows) and what each other column is. */
function layoutOf(rows: SheetRow[], assignments: ClassAssignmentRow[]): Layout {
  const headerAt = rows.slice(0, 10).findIndex((r) => {
    const names = r.cells.map(lower);
    return names.includes('no') && names.includes('nis') && names.includes('nama');
  });
  if (headerAt < 0) throw new HttpError(422, QUICK_MSG.notGradebook);
  const header = rows[headerAt]!.cells;
  const byTitle = Map.groupBy(assignments, (a) => a.title.trim().toLowerCase());
  const used = new Map<string, number>();
  const layout: Layout = {
    headerAt,
    nis: header.map(lower).indexOf('nis'),
    name: header.map(lower).indexOf('nama'),
    columns: [],
    warnings: [],
  };
  const quizPrefix = `${GRADEBOOK_LABELS.quiz.toLowerCase()}:`;
  header.forEach((cell, index) => {
    const title = text(cell);
    const key = title.toLowerCase();
    if (!title || ['no', 'nis', 'nama', GRADEBOOK_LABELS.average.toLowerCase()].includes(key)) return;
    if (key.startsWith(quizPrefix)) return void layout.warnings.push(QUICK_MSG.quizColumn(title.slice(quizPrefix.length).trim()));
    const nth = used.get(key) ?? 0;
    const assignment = byTitle.get(key)?.[nth];
    if (!assignment) return void layout.warnings.push(QUICK_MSG.columnUnknown(title));
    used.set(key, nth + 1);
    layout.columns.push({ index, assignment });
  });
  return layout;
}

/** The students' rows: after the heading, up to the class average row (or the first blank row). */
function studentRows(rows: SheetRow[], layout: Layout): SheetRow[] {
  const out: SheetRow[] = [];
  let previous = rows[layout.headerAt]!.line;
  for (const row of rows.slice(layout.headerAt + 1)) {
    if (text(row.cells[layout.name]) === GRADEBOOK_LABELS.classAverage || row.line !== previous + 1) break;
    previous = row.line;
    if (text(row.cells[layout.nis]) || text(row.cells[layout.name])) out.push(row);
  }
  return out;
}

export interface PlannedChange {
  cell: string;
  studentId: number;
  studentName: string;
  assignment: ClassAssignmentRow;
  before: number | null;
  after: number;
  feedback: string | null;
  revision: number;
}

export interface ImportPlan {
  changes: PlannedChange[];
  preview: Omit<GradebookImportPreview, 'applied'>;
  errors: GradebookImportPreview['errors'];
}

/** A score cell read: its number, or the message refusing it; null when empty. */
function scoreOf(raw: Raw, cell: string): { score: number } | { error: string } | null {
  if (raw === null) return null;
  let n = typeof raw === 'number' ? raw : NaN;
  if (typeof raw === 'string') {
    if (!/^-?\d+([.,]\d+)?$/.test(raw)) return { error: QUICK_MSG.scoreText(cell) };
    n = Number(raw.replace(',', '.'));
  }
  if (!Number.isFinite(n)) return { error: QUICK_MSG.scoreText(cell) };
  if (n < 0 || n > 100) return { error: QUICK_MSG.scoreRange(cell) };
  if (!Number.isInteger(n)) return { error: QUICK_MSG.scoreWhole(cell) };
  return { score: n };
}

/** Reads the file against the class: its changes, errors and warnings. Five queries whatever its size. */
export async function planImport(db: Db, klass: OnlineClass, bytes: Buffer): Promise<ImportPlan> {
  const rows = await readRows(bytes);
  const assignments = await classAssignments(db, klass.id);
  const layout = layoutOf(rows, assignments);
  const data = studentRows(rows, layout);
  const roster = await studentsOfRombels(db, [klass.rombelClassId]);
  const work = await classWork(db, klass.id);
  const byNis = Map.groupBy(
    roster.filter((s) => s.nis),
    (s) => s.nis!,
  );
  const byName = Map.groupBy(roster, (s) => s.name.toLowerCase());
  /** The class's student of a row: by NIS (by name too when two share it), by name without a NIS. */
  const match = (nis: string, name: string) => {
    const found = nis ? byNis.get(nis) : byName.get(name.toLowerCase());
    if (!found || found.length === 1) return found?.[0];
    const named = found.filter((s) => s.name.toLowerCase() === name.toLowerCase());
    return named.length === 1 ? named[0] : undefined;
  };
  const unmatched = data.filter((r) => text(r.cells[layout.nis]) && !byNis.has(text(r.cells[layout.nis])));
  const elsewhere = await studentsElsewhere(db, klass.rombelClassId, unmatched.map((r) => text(r.cells[layout.nis])).filter(Boolean));
  const workBy = new Map<string, ClassWorkRow>(work.map((w) => [`${w.assignmentId}:${w.studentId}`, w]));
  const errors: ImportPlan['errors'] = [];
  const changes: PlannedChange[] = [];
  const seen = new Set<number>();
  for (const row of data) {
    const nis = text(row.cells[layout.nis]);
    const sheetName = text(row.cells[layout.name]);
    const fail = (message: string) => errors.push({ cell: null, row: row.line, message });
    const student = match(nis, sheetName);
    if (!student) {
      // Named as the sheet names them: a NIS of a student elsewhere in the school (another rombel), or unknown.
      const elsewhereToo = nis ? elsewhere.some((s) => s.nis === nis) : false;
      if (nis && !elsewhereToo && !byNis.has(nis)) fail(QUICK_MSG.studentUnknown(nis));
      else fail(QUICK_MSG.studentNotInClass(nis ? `${sheetName || 'Siswa'} (NIS ${nis})` : sheetName));
      continue;
    }
    if (seen.has(student.id)) {
      fail(QUICK_MSG.studentTwice(student.name));
      continue;
    }
    seen.add(student.id);
    for (const { index, assignment } of layout.columns) {
      const cell = `${columnName(index)}${row.line}`;
      const read = scoreOf(row.cells[index] ?? null, cell);
      if (!read) continue;
      if ('error' in read) {
        errors.push({ cell, row: row.line, message: read.error });
        continue;
      }
      const w = workBy.get(`${assignment.id}:${student.id}`);
      // What the gradebook shows: the score, or the last grade while the work waits for a new one.
      const before = w ? (w.score ?? w.lastScore) : null;
      if (before === read.score) continue;
      if (!w || w.submittedAt === null) {
        errors.push({ cell, row: row.line, message: QUICK_MSG.cellNotSubmitted(cell) });
        continue;
      }
      changes.push({
        cell,
        studentId: student.id,
        studentName: student.name,
        assignment,
        before,
        after: read.score,
        feedback: w.score === null ? null : w.feedback,
        revision: w.revision,
      });
    }
  }
  const preview = {
    changes: changes.map((c) => ({
      cell: c.cell,
      student: { id: c.studentId, name: c.studentName },
      assignment: { id: c.assignment.id, title: c.assignment.title },
      before: c.before,
      after: c.after,
    })),
    errors,
    warnings: layout.warnings,
  };
  return { changes, preview, errors };
}

/**
 * Writes the planned grades in one transaction, each as the grade route does (revision checked,
 * audited); work handed in again since the preview rolls everything back (409). Then one
 * notification per changed grade, with its score.
 */
export async function applyImport(app: App, request: FastifyRequest, klass: OnlineClass, plan: ImportPlan): Promise<void> {
  await app.db.transaction(async (tx) => {
    for (const c of plan.changes) {
      const outcome = await gradeWithAudit(tx, request, {
        assignmentId: c.assignment.id,
        rombelId: klass.rombelClassId,
        studentId: c.studentId,
        score: c.after,
        feedback: c.feedback,
        seenRevision: c.revision,
      });
      if (outcome !== 'graded') throw conflict(ASSIGNMENT_MSG.fileChanged);
    }
  });
  await gradeNotices(
    app,
    klass,
    'graded',
    plan.changes.map((c) => ({
      studentId: c.studentId,
      score: c.after,
      assignmentId: c.assignment.id,
      assignmentTitle: c.assignment.title,
    })),
    null,
  );
}
