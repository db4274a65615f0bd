/**
 * Reads an uploaded e-Rapor template: which of the three it is (its title cell A1), its Mata
 * Pelajaran and Kelas (D2, D3), its heading row checked against e-Rapor's, the hidden PD_ID and TP
 * id columns, and its student rows. Layouts: eraporsmk/erapor7 resources/views/unduhan/
 * template_sumatif_lingkup_materi, template_sumatif_akhir_semester, template_nilai_akhir_angka
 * (test/fixtures/erapor/README.md).
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { ERAPOR_MSG, type EraporTemplate } from '@kelasku/contract';
import { HttpError } from '../../http/errors.js';

/** The most the parts of an uploaded template may inflate to (a template of 40 students is ~100 KB). */
const INFLATED_MAX = 40 * 1024 * 1024;

export interface TemplateRow {
  row: number;
  name: string;
  nisn: string;
  pdId: string;
}

/** A student's rows in "Template Nilai Akhir": the first (NILAI AKHIR) and one per TP. */
export interface NilaiAkhirBlock extends TemplateRow {
  tps: Array<{ row: number; tpId: string }>;
}

export interface ParsedTemplate {
  template: EraporTemplate;
  zip: JSZip;
  /** The first sheet's part in the zip ("xl/worksheets/sheet1.xml"). */
  sheetPath: string;
  subject: string;
  rombel: string;
  /** e-Rapor's TP ids in the template's order (empty for sumatif akhir semester). */
  tpIds: string[];
  rows: TemplateRow[];
  blocks: NilaiAkhirBlock[];
}

const TITLES: Record<string, EraporTemplate> = {
  'FORMAT EXCEL SUMATIF LINGKUP MATERI': 'sumatif_lingkup_materi',
  'FORMAT EXCEL SUMATIF AKHIR SEMESTER': 'sumatif_akhir_semester',
  'TEMPLATE NILAI AKHIR': 'nilai_akhir',
};

const unprocessable = (message: string) => new HttpError(422, message);

/** A cell's value as e-Rapor's reader would see its text. */
export function cellText(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if (v instanceof Date) return v.toISOString();
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
    return '';
  }
  return String(v).trim();
}

/** A cell's text; a cell merged into another is empty, as PhpSpreadsheet reads it (exceljs gives the master's value). */
function textAt(ws: ExcelJS.Worksheet, row: number, col: number): string {
  const cell = ws.getCell(row, col);
  if (cell.isMerged && cell.master.address !== cell.address) return '';
  return cellText(cell.value);
}
/** "Mata Pelajaran"/"Kelas" values: "': X'" in the sumatif views, "X" in nilai akhir. */
const infoValue = (s: string) => s.replace(/^:\s*/, '').trim();

/** The workbook's first sheet: its name and its part in the zip. */
async function firstSheet(zip: JSZip): Promise<{ name: string; path: string }> {
  const workbook = await zip.file('xl/workbook.xml')?.async('string');
  const rels = await zip.file('xl/_rels/workbook.xml.rels')?.async('string');
  const sheet = workbook && /<sheet\b[^>]*?\bname="([^"]*)"[^>]*?\br:id="([^"]*)"/.exec(workbook);
  if (!sheet || !rels) throw unprocessable(ERAPOR_MSG.notXlsx);
  const rel = [...rels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => m[0]).find((r) => r.includes(`Id="${sheet[2]}"`));
  const target = rel && /Target="([^"]*)"/.exec(rel)?.[1];
  if (!target) throw unprocessable(ERAPOR_MSG.notXlsx);
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const name = sheet[1]!
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
  return { name, path };
}

/** The bytes as a zip and an exceljs workbook; 422 notXlsx for anything else (or a compressed bomb). */
async function open(bytes: Buffer): Promise<{ zip: JSZip; ws: ExcelJS.Worksheet; sheetPath: string }> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw unprocessable(ERAPOR_MSG.notXlsx);
  }
  let inflated = 0;
  zip.forEach((_p, f) => {
    inflated += (f as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;
  });
  if (inflated > INFLATED_MAX) throw unprocessable(ERAPOR_MSG.notXlsx);
  const sheet = await firstSheet(zip);
  if (!zip.file(sheet.path)) throw unprocessable(ERAPOR_MSG.notXlsx);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unprocessable(ERAPOR_MSG.notXlsx);
  }
  const ws = wb.getWorksheet(sheet.name) ?? wb.worksheets[0];
  if (!ws) throw unprocessable(ERAPOR_MSG.notXlsx);
  return { zip, ws, sheetPath: sheet.path };
}

const FIXED = {
  sumatif: ['No', 'PD_ID', 'Nama Peserta Didik', 'NISN'],
  akhirSemester: ['No', 'PD_ID', 'Nama Peserta Didik', 'NISN', 'NILAI_NON_TES', 'NILAI_TES'],
  nilaiAkhir: [
    'NO',
    'PD_ID',
    'NAMA PESERTA DIDIK',
    'NISN',
    'NILAI AKHIR',
    'TP_ID',
    'KETERCAPAIAN KOMPETENSI',
    'DESKRIPSI TUJUAN PEMBELAJARAN',
  ],
};

/** Checks heading labels against e-Rapor's; a deleted hidden column (the labels shifted left) is named as such. */
function checkHeading(labels: string[], expected: string[], row: number, hidden: number[]) {
  const same = (a: string, b: string | undefined) => a.toUpperCase() === (b ?? '').toUpperCase();
  if (expected.every((e, i) => same(e, labels[i]))) return;
  for (const h of hidden) {
    const without = expected.filter((_, i) => i !== h);
    if (without.every((e, i) => same(e, labels[i]))) throw unprocessable(ERAPOR_MSG.hiddenColumnsMissing);
  }
  throw unprocessable(ERAPOR_MSG.headingChanged(row));
}

const labelsOf = (ws: ExcelJS.Worksheet, row: number) => {
  const out: string[] = [];
  for (let c = 1; c <= Math.max(ws.columnCount, 8); c++) out.push(textAt(ws, row, c));
  return out;
};

/** Student rows from `from` on: a row counts when any of No, PD_ID, name or NISN is filled. */
function studentRows(ws: ExcelJS.Worksheet, from: number): TemplateRow[] {
  const rows: TemplateRow[] = [];
  for (let r = from; r <= ws.rowCount; r++) {
    const [no, pdId, name, nisn] = [1, 2, 3, 4].map((c) => textAt(ws, r, c));
    if (no || pdId || name || nisn) rows.push({ row: r, name: name!, nisn: nisn!, pdId: pdId! });
  }
  return rows;
}

/** TP 1…TP n from E9, then the n hidden TP id columns. */
function lingkupMateri(ws: ExcelJS.Worksheet) {
  const labels = labelsOf(ws, 9);
  checkHeading(labels, FIXED.sumatif, 9, [1]);
  let n = 0;
  while (labels[4 + n]?.toUpperCase() === `TP ${n + 1}`) n++;
  if (n === 0) {
    // "TP 1" gone: either the heading was edited or nothing but ids follow NISN.
    throw unprocessable(ERAPOR_MSG.headingChanged(9));
  }
  const tpIds = labels.slice(4 + n, 4 + 2 * n);
  if (tpIds.length < n || tpIds.some((id) => id === '' || /^TP \d+$/i.test(id))) throw unprocessable(ERAPOR_MSG.hiddenColumnsMissing);
  return { tpIds, rows: studentRows(ws, 10) };
}

/** Blocks of rows per student from row 13: a new one where NO (A) is filled. */
function nilaiAkhir(ws: ExcelJS.Worksheet) {
  checkHeading(labelsOf(ws, 12), FIXED.nilaiAkhir, 12, [1, 5]);
  const blocks: NilaiAkhirBlock[] = [];
  for (let r = 13; r <= ws.rowCount; r++) {
    const [no, pdId, name, nisn] = [1, 2, 3, 4].map((c) => textAt(ws, r, c));
    const tpId = textAt(ws, r, 6);
    if (no || name || nisn) blocks.push({ row: r, name: name!, nisn: nisn!, pdId: pdId!, tps: [] });
    if (tpId && blocks.length) blocks[blocks.length - 1]!.tps.push({ row: r, tpId });
  }
  if (blocks.some((b) => !b.pdId) || (blocks.length && blocks[0]!.tps.length === 0)) throw unprocessable(ERAPOR_MSG.hiddenColumnsMissing);
  const tpIds = blocks[0]?.tps.map((t) => t.tpId) ?? [];
  return { tpIds, rows: blocks.map(({ tps: _t, ...b }) => b), blocks };
}

/** Parses an upload as one of e-Rapor's three templates (422 with ERAPOR_MSG otherwise). */
export async function readTemplate(bytes: Buffer): Promise<ParsedTemplate> {
  const { zip, ws, sheetPath } = await open(bytes);
  const template = TITLES[textAt(ws, 1, 1).toUpperCase()];
  if (!template) throw unprocessable(ERAPOR_MSG.unknownTemplate);
  const subject = infoValue(textAt(ws, 2, 4));
  const rombel = infoValue(textAt(ws, 3, 4));
  if (textAt(ws, 2, 1).toUpperCase() !== 'MATA PELAJARAN' || textAt(ws, 3, 1).toUpperCase() !== 'KELAS')
    throw unprocessable(ERAPOR_MSG.unknownTemplate);
  const base = { template, zip, sheetPath, subject, rombel };
  if (template === 'sumatif_lingkup_materi') return { ...base, ...lingkupMateri(ws), blocks: [] };
  if (template === 'nilai_akhir') return { ...base, ...nilaiAkhir(ws) };
  checkHeading(labelsOf(ws, 9), FIXED.akhirSemester, 9, [1]);
  return { ...base, tpIds: [], rows: studentRows(ws, 10), blocks: [] };
}
