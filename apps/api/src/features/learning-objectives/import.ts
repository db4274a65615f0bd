/**
 * Reading TPs from an XLSX (issue 39): Kelasku's own sheet ("Kode | Tujuan Pembelajaran" under a
 * header row), or e-Rapor's "Template Import Tujuan Pembelajaran" (eraporsmk/erapor7,
 * resources/views/unduhan/template_tp.blade.php): a title row, the subject's name and code and the
 * CP in column C, a blank row, the heading "No | Tujuan Pembelajaran" (B:C merged), then one TP per
 * row in column B. e-Rapor's TPs have no code: they are given "TP 1", "TP 2"… in the file's order.
 */
import ExcelJS from 'exceljs';
import { TP_MSG, objectiveUpdateBody, type ObjectiveImportResult } from '@kelasku/contract';
import { HttpError, invalidField } from '../../http/errors.js';
import { readSheet, type Cell } from '../imports/sheet.js';
import type { LearningObjective } from '@kelasku/contract';
import type { ObjectiveValues, SubjectRow } from './queries.js';

const MAX_ROWS = 100;
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const text = (c: Cell | undefined) => (c instanceof Date ? c.toISOString().slice(0, 10) : (c ?? '')).trim();
const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

export interface ReadRow {
  line: number;
  code: string;
  description: string;
}
export interface ReadFile {
  format: 'kelasku' | 'erapor';
  rows: ReadRow[];
}

type Rows = Array<{ line: number; cells: Cell[] }>;

/** e-Rapor's template: its subject rows checked against `subject`, its TPs from column B under "No | Tujuan Pembelajaran". */
function readErapor(rows: Rows, subject: SubjectRow): ReadRow[] {
  const label = (r: Rows[number]) => norm(text(r.cells[0]));
  const name = text(rows.find((r) => label(r) === 'nama mata pelajaran')?.cells[2]);
  const code = text(rows.find((r) => label(r) === 'kode mata pelajaran')?.cells[2]);
  const sameName = name !== '' && norm(name) === norm(subject.name);
  const sameCode = code !== '' && norm(code) === norm(subject.code);
  if ((name !== '' || code !== '') && !sameName && !sameCode) throw invalidField('file', TP_MSG.wrongSubject(name || code, subject.name));
  const at = rows.findIndex((r) => label(r) === 'no' && norm(text(r.cells[1])) === 'tujuan pembelajaran');
  if (at < 0) throw invalidField('file', TP_MSG.headerMissing);
  let n = 0;
  return rows.slice(at + 1).flatMap((r) => {
    const description = text(r.cells[1]);
    return description === '' ? [] : [{ line: r.line, code: `TP ${++n}`, description }];
  });
}

/** Kelasku's sheet: the first of the first 10 rows naming both columns is the header. */
function readKelasku(rows: Rows): ReadRow[] {
  for (const [i, r] of rows.slice(0, 10).entries()) {
    const names = r.cells.map((c) => norm(text(c)));
    const code = names.indexOf('kode');
    const desc = names.indexOf('tujuan pembelajaran');
    if (code < 0 || desc < 0) continue;
    return rows.slice(i + 1).flatMap((row) => {
      const v = { line: row.line, code: text(row.cells[code]), description: text(row.cells[desc]) };
      return v.code === '' && v.description === '' ? [] : [v];
    });
  }
  throw invalidField('file', TP_MSG.headerMissing);
}

/** The TPs of an uploaded XLSX, either format. 422 for a file that is no XLSX, of another subject, without rows, or too long. */
export async function readObjectivesFile(bytes: Buffer, subject: SubjectRow): Promise<ReadFile> {
  if (!bytes.subarray(0, 4).equals(ZIP)) throw invalidField('file', TP_MSG.notXlsx);
  const sheet = await readSheet(bytes, MAX_ROWS + 25).catch((err: unknown) => {
    if (err instanceof HttpError && err.statusCode === 422) throw invalidField('file', TP_MSG.notXlsx);
    throw err;
  });
  if (sheet.truncated) throw invalidField('file', TP_MSG.tooManyRows);
  const erapor = sheet.rows.slice(0, 3).some((r) => norm(text(r.cells[0])).startsWith('template import tujuan pembelajaran'));
  const rows = erapor ? readErapor(sheet.rows, subject) : readKelasku(sheet.rows);
  if (rows.length === 0) throw invalidField('file', TP_MSG.noRows);
  if (rows.length > MAX_ROWS) throw invalidField('file', TP_MSG.tooManyRows);
  return { format: erapor ? 'erapor' : 'kelasku', rows };
}

export interface ImportPlan {
  result: ObjectiveImportResult;
  creates: ObjectiveValues[];
  updates: Array<ObjectiveValues & { id: number }>;
}

/** What importing the rows does against the TPs there are: new codes added, known codes with another description changed. */
export function planImport(file: ReadFile, current: LearningObjective[], dryRun: boolean): ImportPlan {
  const byCode = new Map(current.map((o) => [o.code.toLowerCase(), o]));
  const seen = new Set<string>();
  const plan: ImportPlan = {
    result: { format: file.format, created: [], updated: [], skipped: [], dry_run: dryRun },
    creates: [],
    updates: [],
  };
  for (const r of file.rows) {
    const parsed = objectiveUpdateBody.safeParse({ code: r.code, description: r.description });
    if (!parsed.success) {
      plan.result.skipped.push({ row: r.line, message: parsed.error.issues[0]!.message });
      continue;
    }
    const v = parsed.data;
    const key = v.code.toLowerCase();
    if (seen.has(key)) {
      plan.result.skipped.push({ row: r.line, message: TP_MSG.rowRepeated(v.code) });
      continue;
    }
    seen.add(key);
    const known = byCode.get(key);
    if (!known) {
      plan.creates.push(v);
      plan.result.created.push(v);
    } else if (known.description !== v.description) {
      plan.updates.push({ id: known.id, code: known.code, description: v.description });
      plan.result.updated.push({ code: known.code, description: v.description, before: known.description });
    }
  }
  return plan;
}

/** Kelasku's empty sheet to fill in: "Kode | Tujuan Pembelajaran", the codes as text. */
export async function templateWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Tujuan Pembelajaran');
  ws.columns = [
    { header: 'Kode', key: 'code', width: 12 },
    { header: 'Tujuan Pembelajaran', key: 'description', width: 90 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.getColumn('code').numFmt = '@';
  return Buffer.from(await wb.xlsx.writeBuffer());
}
