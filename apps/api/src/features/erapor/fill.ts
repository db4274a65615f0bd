/**
 * Fills a parsed e-Rapor template from the class's report grades (pure: no database). Only score
 * cells are written, in the sheet's XML inside the zip (sheet-xml.ts); every other byte of the file
 * stays. Students are matched by NISN, TPs by e-Rapor's tp_id or else by order.
 */
import { ERAPOR_MSG, ERAPOR_PART_LABELS, type ClassReportGrades, type EraporFillResult, type StudentReportGrade } from '@kelasku/contract';
import { HttpError } from '../../http/errors.js';
import { roundHalfUp } from '../report-grades/compute.js';
import { columnLetters, writeCells } from './sheet-xml.js';
import { readTemplate, type ParsedTemplate, type TemplateRow } from './template.js';

export interface EraporClassInfo {
  subject: string;
  rombel: string;
  /** The class's TPs in order, with the e-Rapor id Kelasku remembers. */
  objectives: Array<{ id: number; eraporId: string | null }>;
}

export interface EraporFill {
  bytes: Buffer;
  result: Omit<EraporFillResult, 'download_url' | 'file_name'>;
  /** TP ids learned by order, to remember (learning_objectives.erapor_id). */
  remember: Array<{ id: number; eraporId: string }>;
}

const unprocessable = (message: string) => new HttpError(422, message);
const same = (a: string, b: string) => a.replace(/\s+/g, ' ').trim().toLowerCase() === b.replace(/\s+/g, ' ').trim().toLowerCase();
/** NISNs compared without leading zeros (a NISN stored as a number loses them). */
const nisnKey = (s: string | null) => (s ?? '').replace(/\D/g, '').replace(/^0+/, '');

/** Template TP position → the class's objective id (by e-Rapor id when all are known, else by order). */
function matchObjectives(tpIds: string[], info: EraporClassInfo) {
  if (tpIds.length === 0) return { ids: [] as number[], by: null, remember: [] };
  const byErapor = new Map(info.objectives.filter((o) => o.eraporId).map((o) => [o.eraporId!, o.id]));
  if (tpIds.every((t) => byErapor.has(t))) return { ids: tpIds.map((t) => byErapor.get(t)!), by: 'id' as const, remember: [] };
  if (tpIds.length !== info.objectives.length) throw unprocessable(ERAPOR_MSG.tpCountMismatch(tpIds.length, info.objectives.length));
  const remember = info.objectives
    .map((o, i) => ({ id: o.id, eraporId: tpIds[i]! }))
    .filter((r, i) => info.objectives[i]!.eraporId !== r.eraporId);
  return { ids: info.objectives.map((o) => o.id), by: 'order' as const, remember };
}

/** The template's rows matched to the class's students: matched, unmatched (named), and students the file lacks. */
function matchStudents(rows: TemplateRow[], grades: ClassReportGrades) {
  const byNisn = new Map(grades.students.filter((s) => nisnKey(s.student.nisn)).map((s) => [nisnKey(s.student.nisn), s]));
  const matched: Array<{ row: TemplateRow; grade: StudentReportGrade }> = [];
  const unmatched: EraporFillResult['unmatched'] = [];
  const seen = new Set<number>();
  for (const row of rows) {
    const grade = nisnKey(row.nisn) ? byNisn.get(nisnKey(row.nisn)) : undefined;
    if (!grade) unmatched.push({ row: row.row, name: row.name, nisn: row.nisn });
    else {
      matched.push({ row, grade });
      seen.add(grade.student.id);
    }
  }
  const missing = grades.students
    .filter((s) => !seen.has(s.student.id))
    .map((s) => ({ id: s.student.id, name: s.student.name, nisn: s.student.nisn }));
  return { matched, unmatched, missing };
}

const categoryOf = (grades: ClassReportGrades, part: string) => grades.categories.find((c) => c.erapor_part === part) ?? null;

/** Cells of "sumatif akhir semester": NILAI_NON_TES (E) and NILAI_TES (F), each category's average rounded half up. */
function akhirSemesterCells(grades: ClassReportGrades, matched: ReturnType<typeof matchStudents>['matched']) {
  const nonTes = categoryOf(grades, 'akhir_non_tes');
  const tes = categoryOf(grades, 'akhir_tes');
  if (!nonTes && !tes) throw unprocessable(ERAPOR_MSG.noCategory(`${ERAPOR_PART_LABELS.akhir_non_tes} / ${ERAPOR_PART_LABELS.akhir_tes}`));
  const avg = (g: StudentReportGrade, id: number | undefined) => {
    const a = g.categories.find((c) => c.category_id === id)?.average;
    return a === null || a === undefined ? null : roundHalfUp(a);
  };
  const cells = new Map<string, number | null>();
  for (const { row, grade } of matched) {
    cells.set(`E${row.row}`, avg(grade, nonTes?.id));
    cells.set(`F${row.row}`, avg(grade, tes?.id));
  }
  return cells;
}

/** The cells to write, per template. */
function cellsOf(
  t: ParsedTemplate,
  grades: ClassReportGrades,
  objectiveIds: number[],
  matched: ReturnType<typeof matchStudents>['matched'],
) {
  const cells = new Map<string, number | null>();
  const objective = (g: StudentReportGrade, id: number) => g.objectives.find((o) => o.objective_id === id);
  if (t.template === 'sumatif_lingkup_materi') {
    if (!categoryOf(grades, 'lingkup_materi')) throw unprocessable(ERAPOR_MSG.noCategory(ERAPOR_PART_LABELS.lingkup_materi));
    for (const { row, grade } of matched)
      objectiveIds.forEach((id, i) => cells.set(`${columnLetters(5 + i)}${row.row}`, objective(grade, id)?.score ?? null));
    return cells;
  }
  if (t.template === 'sumatif_akhir_semester') return akhirSemesterCells(grades, matched);
  const byTpId = new Map(t.tpIds.map((tp, i) => [tp, objectiveIds[i]!]));
  const blockAt = new Map(t.blocks.map((b) => [b.row, b]));
  for (const { row, grade } of matched) {
    cells.set(`E${row.row}`, grade.final);
    for (const tp of blockAt.get(row.row)?.tps ?? []) {
      const id = byTpId.get(tp.tpId);
      if (id === undefined) continue;
      const reached = objective(grade, id)?.reached;
      cells.set(`G${tp.row}`, reached === true ? 1 : reached === false ? 0 : null);
    }
  }
  return cells;
}

/** Fills a parsed template; 422 for another subject or rombel, a TP count that differs, or no category for the columns. */
export async function fillTemplate(t: ParsedTemplate, grades: ClassReportGrades, info: EraporClassInfo): Promise<EraporFill> {
  if (!same(t.subject, info.subject)) throw unprocessable(ERAPOR_MSG.wrongSubject(t.subject, info.subject));
  if (!same(t.rombel, info.rombel)) throw unprocessable(ERAPOR_MSG.wrongRombel(t.rombel, info.rombel));
  const objectives = matchObjectives(t.tpIds, info);
  const { matched, unmatched, missing } = matchStudents(t.rows, grades);
  const cells = cellsOf(t, grades, objectives.ids, matched);
  const warnings: string[] = [];
  if (t.template === 'nilai_akhir' && t.blocks.some((b) => b.tps.length !== t.tpIds.length)) warnings.push(ERAPOR_MSG.tpRowsUneven);
  const xml = await t.zip.file(t.sheetPath)!.async('string');
  t.zip.file(t.sheetPath, writeCells(xml, cells));
  const bytes = await t.zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  return {
    bytes,
    result: {
      template: t.template,
      filled: matched.length,
      unmatched,
      missing_from_file: missing,
      objectives_matched_by: objectives.by,
      warnings,
    },
    remember: objectives.remember,
  };
}

/** Reads and fills an uploaded template (readTemplate + fillTemplate). */
export async function fillErapor(bytes: Buffer, grades: ClassReportGrades, info: EraporClassInfo): Promise<EraporFill> {
  return fillTemplate(await readTemplate(bytes), grades, info);
}
