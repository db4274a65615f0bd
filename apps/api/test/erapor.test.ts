/**
 * Issue 39, e-Rapor both ways: the three templates e-Rapor gives (reconstructed in
 * fixtures/erapor/make-erapor-templates.ts) filled by POST …/erapor/fill and read back AS e-RAPOR
 * READS THEM (the reader below mirrors app/Imports/NilaiSumatifLingkupMateri.php,
 * NilaiSumatifAkhirSemester.php — heading row 9 → keys — and NilaiAkhirImport.php — start row 13,
 * by index — with PenilaianController::upload_nilai / simpan_nilai_import), and everything else of
 * the file byte-for-byte the same. Expected values are worked by hand from the scene's scores.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { eq, inArray } from 'drizzle-orm';
import { ERAPOR_MAX_BYTES, ERAPOR_MSG, ERAPOR_PART_LABELS, MSG, type ClassReportGrades } from '@kelasku/contract';
import { gradeCategories, learningObjectives } from '../src/db/schema.js';
import { fillErapor } from '../src/features/erapor/fill.js';
import { writeCells } from '../src/features/erapor/sheet-xml.js';
import { useTestApp } from './helpers.js';
import { gradedAssignment, reportScene, type ReportScene } from './report-grades-scene.js';
import {
  EXAMPLE,
  fileNames,
  nilaiAkhir,
  sumatifAkhirSemester,
  sumatifLingkupMateri,
  type EraporTemplateData,
} from './fixtures/erapor/make-erapor-templates.js';

const t = useTestApp();
const FIXTURES = new URL('./fixtures/erapor/', import.meta.url);

// ---------------------------------------------------------------- e-Rapor's reader, mirrored

type Cell = string | number | null;

async function sheetOf(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

/** PhpSpreadsheet's toArray: a merged cell's slaves are null, text is text, numbers are numbers. */
function valueAt(ws: ExcelJS.Worksheet, r: number, c: number): Cell {
  const cell = ws.getCell(r, c);
  if (cell.isMerged && cell.master.address !== cell.address) return null;
  const v = cell.value;
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number' || typeof v === 'string') return v;
  return String(cell.text);
}

/** WithHeadingRow (formatter "custom": the headings as they are): rows after `heading` as objects. */
async function headingRowRows(bytes: Buffer, heading: number): Promise<Array<Record<string, Cell>>> {
  const ws = await sheetOf(bytes);
  const keys: string[] = [];
  for (let c = 1; c <= ws.columnCount; c++) keys.push(String(valueAt(ws, heading, c) ?? ''));
  const rows: Array<Record<string, Cell>> = [];
  for (let r = heading + 1; r <= ws.rowCount; r++) {
    const row = Object.fromEntries(keys.map((k, i) => [k, valueAt(ws, r, i + 1)]));
    if (Object.values(row).some((v) => v !== null)) rows.push(row);
  }
  return rows;
}

/** WithStartRow: rows from `start` as arrays by index. */
async function startRowRows(bytes: Buffer, start: number): Promise<Cell[][]> {
  const ws = await sheetOf(bytes);
  const rows: Cell[][] = [];
  for (let r = start; r <= ws.rowCount; r++) rows.push(Array.from({ length: 8 }, (_, i) => valueAt(ws, r, i + 1)));
  return rows;
}

/** upload_nilai, opsi sumatif-lingkup-materi: per row PD_ID and per TP {angka: row['TP n'], tp: row[tp_id]}. */
async function eraporReadsLingkupMateri(bytes: Buffer, tpIds: string[]) {
  return (await headingRowRows(bytes, 9)).map((row) => ({
    anggota_rombel_id: row['PD_ID'],
    nilai: tpIds.map((tp, i) => ({ angka: row[`TP ${i + 1}`], tp: row[tp] })),
  }));
}

/** simpan_nilai_import: nilai akhir per PD_ID (rows whose [0] is set), kompeten per PD_ID and TP_ID (null: deleted). */
async function eraporReadsNilaiAkhir(bytes: Buffer) {
  const nilai: Record<string, number> = {};
  const kompeten: Record<string, Record<string, Cell>> = {};
  for (const row of await startRowRows(bytes, 13)) {
    if (row[0] && typeof row[4] === 'number') nilai[String(row[1])] = row[4];
    (kompeten[String(row[1])] ??= {})[String(row[5])] = row[6] ?? null;
  }
  return { nilai, kompeten };
}

/** Every part of the two files, except the sheet, the same bytes; the sheet's structure the same. */
async function structureUnchanged(before: Buffer, after: Buffer) {
  const [a, b] = await Promise.all([JSZip.loadAsync(before), JSZip.loadAsync(after)]);
  expect(Object.keys(b.files).sort()).toEqual(Object.keys(a.files).sort());
  for (const name of Object.keys(a.files).filter((n) => !a.files[n]!.dir && n !== 'xl/worksheets/sheet1.xml'))
    expect(await b.file(name)!.async('nodebuffer'), name).toEqual(await a.file(name)!.async('nodebuffer'));
  const [xa, xb] = await Promise.all([a, b].map((z) => z.file('xl/worksheets/sheet1.xml')!.async('string')));
  for (const part of [
    /<cols>.*?<\/cols>/,
    /<mergeCells.*?<\/mergeCells>/,
    /<sheetProtection[^>]*>/,
    /<sheetViews>.*?<\/sheetViews>/,
    /<legacyDrawing[^>]*>/,
  ])
    expect(xb!.match(part)?.[0], String(part)).toBe(xa!.match(part)?.[0]);
  // Outside the score cells, every cell is the same: blank the score values on both sides and compare.
  const strip = (x: string) => x.replace(/<c r="([A-Z]+\d+)"( s="\d+")?(?: t="\w+")?(?:\/>|>[\s\S]*?<\/c>)/g, '<c r="$1"$2/>');
  return { before: strip(xa!), after: strip(xb!) };
}

// ---------------------------------------------------------------- the scene

const uuid = () => randomUUID();

/** The template data e-Rapor would give for the scene's rombel (students by name, TPs in order). */
function templateData(s: ReportScene, over: Partial<EraporTemplateData> = {}): EraporTemplateData {
  return {
    mapel: s.subjectName,
    rombel: s.rombelName,
    semester: '2025/2026 Ganjil',
    rombonganBelajarId: uuid(),
    pembelajaranId: uuid(),
    students: s.students.map((st) => ({ pdId: uuid(), nama: st.name, nisn: st.nisn! })),
    tps: s.objectives.map((o) => ({ tpId: uuid(), deskripsi: o.description })),
    ...over,
  };
}

/**
 * Scores (hand-worked values in the tests): SLM a1 TP 1 [80, 90, 70, 55], a2 TP 2 [60, 100, 75, 50];
 * SAS a3 [90, 85, 66, 40], a4 [91, 85, 67, 40]. TP 3 has no work.
 *   TP 1 = 80, 90, 70, 55; TP 2 = 60, 100, 75, 50 (KKTP 75: reached 1 1 0 0 and 0 1 1 0)
 *   SLM average 70, 95, 72.5, 52.5; SAS average 90.5, 85, 66.5, 40 → NILAI_TES 91, 85, 67, 40
 *   Nilai Akhir 0.6·SLM + 0.4·SAS = 78.2, 91, 70.1, 47.5 → 78, 91, 70, 48
 */
async function gradedScene(): Promise<ReportScene> {
  const s = await reportScene(t);
  const [slm, sas] = s.categories;
  await gradedAssignment(t, s, { categoryId: slm!.id, objectiveIds: [s.objectives[0]!.id], scores: [80, 90, 70, 55] });
  await gradedAssignment(t, s, { categoryId: slm!.id, objectiveIds: [s.objectives[1]!.id], scores: [60, 100, 75, 50] });
  await gradedAssignment(t, s, { categoryId: sas!.id, scores: [90, 85, 66, 40] });
  await gradedAssignment(t, s, { categoryId: sas!.id, scores: [91, 85, 67, 40] });
  return s;
}

const fillUrl = (classId: number) => `/api/teacher/online-classes/${classId}/erapor/fill`;
const upload = (token: string, classId: number, data: Buffer, name = 'template.xlsx') =>
  t.as(token).upload('POST', fillUrl(classId), {}, { file: { name, data } });

async function download(token: string, url: string): Promise<Buffer> {
  const res = await t.as(token).get(url);
  expect(res.status).toBe(200);
  return res.raw.rawPayload;
}

let s: ReportScene;
beforeAll(async () => {
  s = await gradedScene();
});
afterEach(() => vi.restoreAllMocks());

// ---------------------------------------------------------------- the three templates

describe('e-Rapor: filling the three templates', () => {
  it('sumatif lingkup materi: each TP score in TP n, matched by order, then the ids remembered', async () => {
    const d = templateData(s);
    const empty = await sumatifLingkupMateri(d);
    const name = fileNames(d.mapel, d.rombel).sumatif_lingkup_materi;
    const res = await upload(s.teacher.token, s.classId, empty, name);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ERAPOR_MSG.filled(4));
    expect(res.body.data).toMatchObject({
      template: 'sumatif_lingkup_materi',
      file_name: name,
      filled: 4,
      unmatched: [],
      missing_from_file: [],
      objectives_matched_by: 'order',
      warnings: [],
    });
    const res2 = await t.as(s.teacher.token).get(res.body.data.download_url);
    expect(res2.headers['content-type']).toContain('spreadsheetml');
    expect(String(res2.headers['content-disposition'])).toContain(name);
    const filled = res2.raw.rawPayload;
    const tpIds = d.tps.map((tp) => tp.tpId);
    expect(await eraporReadsLingkupMateri(filled, tpIds)).toEqual([
      { anggota_rombel_id: d.students[0]!.pdId, nilai: [80, 60, null].map((angka, i) => ({ angka, tp: tpIds[i] })) },
      { anggota_rombel_id: d.students[1]!.pdId, nilai: [90, 100, null].map((angka, i) => ({ angka, tp: tpIds[i] })) },
      { anggota_rombel_id: d.students[2]!.pdId, nilai: [70, 75, null].map((angka, i) => ({ angka, tp: tpIds[i] })) },
      { anggota_rombel_id: d.students[3]!.pdId, nilai: [55, 50, null].map((angka, i) => ({ angka, tp: tpIds[i] })) },
    ]);
    const same = await structureUnchanged(empty, filled);
    expect(same.after).toBe(same.before);
    const ws = await sheetOf(filled);
    expect(ws.name).toBe('Worksheet');
    expect([2, 8, 9, 10].map((c) => ws.getColumn(c).hidden)).toEqual([true, true, true, true]);
    expect(ws.getCell('E10').protection?.locked).toBe(false);
    expect(ws.getCell('E9').note).toBe(s.objectives[0]!.description);
    const stored = await t.db
      .select({ id: learningObjectives.id, eraporId: learningObjectives.eraporId })
      .from(learningObjectives)
      .where(
        inArray(
          learningObjectives.id,
          s.objectives.map((o) => o.id),
        ),
      );
    expect(new Map(stored.map((r) => [r.id, r.eraporId]))).toEqual(new Map(s.objectives.map((o, i) => [o.id, tpIds[i]])));

    // Next time the TPs are matched by their ids, whatever their order in the file.
    const reordered = { ...d, tps: [d.tps[2]!, d.tps[0]!, d.tps[1]!] };
    const again = await upload(s.teacher.token, s.classId, await sumatifLingkupMateri(reordered));
    expect(again.body.data.objectives_matched_by).toBe('id');
    const read = await eraporReadsLingkupMateri(
      await download(s.teacher.token, again.body.data.download_url),
      reordered.tps.map((x) => x.tpId),
    );
    expect(read[0]!.nilai.map((n) => n.angka)).toEqual([null, 80, 60]);
  });

  it('sumatif akhir semester: NILAI_TES the akhir_tes average rounded half up, NILAI_NON_TES empty without its category', async () => {
    const d = templateData(s);
    const empty = await sumatifAkhirSemester(d);
    const res = await upload(s.coTeacher.token, s.classId, empty);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ template: 'sumatif_akhir_semester', filled: 4, objectives_matched_by: null });
    const filled = await download(s.coTeacher.token, res.body.data.download_url);
    const rows = await headingRowRows(filled, 9);
    expect(rows.map((r) => ({ PD_ID: r['PD_ID'], NILAI_NON_TES: r['NILAI_NON_TES'], NILAI_TES: r['NILAI_TES'] }))).toEqual([
      { PD_ID: d.students[0]!.pdId, NILAI_NON_TES: null, NILAI_TES: 91 },
      { PD_ID: d.students[1]!.pdId, NILAI_NON_TES: null, NILAI_TES: 85 },
      { PD_ID: d.students[2]!.pdId, NILAI_NON_TES: null, NILAI_TES: 67 },
      { PD_ID: d.students[3]!.pdId, NILAI_NON_TES: null, NILAI_TES: 40 },
    ]);
    const same = await structureUnchanged(empty, filled);
    expect(same.after).toBe(same.before);
    const ws = await sheetOf(filled);
    expect(ws.getColumn(2).hidden).toBe(true);
    await expect((await JSZip.loadAsync(filled)).file('xl/worksheets/sheet1.xml')!.async('string')).resolves.toContain(
      '<sheetProtection sheet="1"/>',
    );
  });

  it('nilai akhir: NILAI AKHIR on the first row of each student, KETERCAPAIAN 1/0/empty per TP', async () => {
    const d = templateData(s);
    const empty = await nilaiAkhir(d);
    const res = await upload(s.teacher.token, s.classId, empty, fileNames(d.mapel, d.rombel).nilai_akhir);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ template: 'nilai_akhir', filled: 4, unmatched: [], objectives_matched_by: 'order' });
    const filled = await download(s.teacher.token, res.body.data.download_url);
    const { nilai, kompeten } = await eraporReadsNilaiAkhir(filled);
    const [tp1, tp2, tp3] = d.tps.map((x) => x.tpId);
    expect(nilai).toEqual(Object.fromEntries(d.students.map((st, i) => [st.pdId, [78, 91, 70, 48][i]])));
    const reached = [
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ];
    expect(kompeten).toEqual(
      Object.fromEntries(d.students.map((st, i) => [st.pdId, { [tp1!]: reached[i]![0], [tp2!]: reached[i]![1], [tp3!]: null }])),
    );
    const same = await structureUnchanged(empty, filled);
    expect(same.after).toBe(same.before);
    const ws = await sheetOf(filled);
    expect(ws.name).toBe('NILAI AKHIR');
    expect([ws.getColumn(2).hidden, ws.getColumn(6).hidden]).toEqual([true, true]);
    expect(ws.getCell('H13').value).toBe(d.tps[0]!.deskripsi);
  });

  it('the committed example files are filled from hand-built report grades as e-Rapor reads them', async () => {
    const names = fileNames(EXAMPLE.mapel, EXAMPLE.rombel);
    const slm = readFileSync(new URL(names.sumatif_lingkup_materi, FIXTURES));
    const ws = await sheetOf(slm);
    expect(ws.getCell('A1').value).toBe('FORMAT EXCEL SUMATIF LINGKUP MATERI');
    expect(ws.getCell('D2').value).toBe(`: ${EXAMPLE.mapel}`);
    expect(ws.getCell('H9').value).toBe(EXAMPLE.tps[0]!.tpId);
    const grades: ClassReportGrades = {
      online_class: { id: 1, name: 'KJD X TKJ 1' },
      categories: [
        {
          id: 1,
          name: 'Sumatif Lingkup Materi',
          weight: 60,
          drop_lowest: 0,
          missing_counts_zero: true,
          erapor_part: 'lingkup_materi',
          position: 0,
        },
        {
          id: 2,
          name: 'Sumatif Akhir Semester',
          weight: 40,
          drop_lowest: 0,
          missing_counts_zero: true,
          erapor_part: 'akhir_tes',
          position: 1,
        },
        { id: 3, name: 'Non-tes', weight: 0, drop_lowest: 0, missing_counts_zero: true, erapor_part: 'akhir_non_tes', position: 2 },
      ],
      kktp: 75,
      released_at: null,
      locked: false,
      items: [],
      objectives: EXAMPLE.tps.map((tp, i) => ({ id: 10 + i, code: `TP ${i + 1}`, description: tp.deskripsi, position: i })),
      students: EXAMPLE.students.map((st, k) => ({
        student: { id: 100 + k, name: st.nama, nis: null, nisn: st.nisn.replace(/^0+/, '') },
        final: 80 + k,
        final_exact: 80 + k,
        categories: [
          { category_id: 1, average: 80, counted: [], dropped: [] },
          { category_id: 2, average: 70.5 + k, counted: [], dropped: [] },
          { category_id: 3, average: k === 0 ? null : 64.49, counted: [], dropped: [] },
        ],
        objectives: EXAMPLE.tps.map((_, i) => ({ objective_id: 10 + i, score: 70 + i * 5 + k, reached: 70 + i * 5 + k >= 75 })),
        description: { achieved: null, to_improve: null, edited: false },
        awaiting_regrade: false,
      })),
    };
    const info = {
      subject: EXAMPLE.mapel.toUpperCase(),
      rombel: ` ${EXAMPLE.rombel} `,
      objectives: EXAMPLE.tps.map((tp, i) => ({ id: 10 + i, eraporId: i === 1 ? tp.tpId : null })),
    };
    const out = await fillErapor(slm, grades, info);
    expect(out.result.objectives_matched_by).toBe('order');
    expect(out.remember).toEqual([
      { id: 10, eraporId: EXAMPLE.tps[0]!.tpId },
      { id: 12, eraporId: EXAMPLE.tps[2]!.tpId },
    ]);
    const read = await eraporReadsLingkupMateri(
      out.bytes,
      EXAMPLE.tps.map((x) => x.tpId),
    );
    expect(read.map((r) => r.nilai.map((n) => n.angka))).toEqual([
      [70, 75, 80],
      [71, 76, 81],
      [72, 77, 82],
      [73, 78, 83],
    ]);
    const sas = await fillErapor(readFileSync(new URL(names.sumatif_akhir_semester, FIXTURES)), grades, info);
    const sasRows = await headingRowRows(sas.bytes, 9);
    expect(sasRows.map((r) => [r['NILAI_NON_TES'], r['NILAI_TES']])).toEqual([
      [null, 71],
      [64, 72],
      [64, 73],
      [64, 74],
    ]);
    const na = await fillErapor(readFileSync(new URL(names.nilai_akhir, FIXTURES)), grades, info);
    expect((await eraporReadsNilaiAkhir(na.bytes)).nilai).toEqual(Object.fromEntries(EXAMPLE.students.map((st, k) => [st.pdId, 80 + k])));
  });

  it('writes a score into a cell or row the sheet lacks, in order, and empties a cell', () => {
    const xml =
      '<worksheet><sheetData><row r="2"><c r="A2" t="s"><v>0</v></c><c r="C2" s="4" t="s"><v>1</v></c></row><row r="5"/></sheetData></worksheet>';
    const out = writeCells(
      xml,
      new Map<string, number | null>([
        ['B2', 7],
        ['C2', null],
        ['D3', 9],
        ['A5', 1],
        ['A9', 0],
      ]),
    );
    expect(out).toBe(
      '<worksheet><sheetData><row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2"><v>7</v></c><c r="C2" s="4"/></row>' +
        '<row r="3"><c r="D3"><v>9</v></c></row><row r="5"><c r="A5"><v>1</v></c></row><row r="9"><c r="A9"><v>0</v></c></row></sheetData></worksheet>',
    );
  });
});

// ---------------------------------------------------------------- what a template tells about its rows

describe('e-Rapor: students and TPs matched', () => {
  it('names a row whose NISN Kelasku does not know and leaves it as it was; lists the class students the file lacks', async () => {
    const d = templateData(s);
    const stranger = { pdId: uuid(), nama: 'Siswa Pindahan', nisn: '0099999999' };
    const data = { ...d, students: [d.students[0]!, stranger, d.students[1]!, d.students[2]!] };
    const res = await upload(s.teacher.token, s.classId, await sumatifAkhirSemester(data));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ERAPOR_MSG.filled(3));
    expect(res.body.data.unmatched).toEqual([{ row: 11, name: 'Siswa Pindahan', nisn: '0099999999' }]);
    expect(res.body.data.missing_from_file).toEqual([{ id: s.students[3]!.id, name: s.students[3]!.name, nisn: s.students[3]!.nisn }]);
    const rows = await headingRowRows(await download(s.teacher.token, res.body.data.download_url), 9);
    expect(rows.map((r) => r['NILAI_TES'])).toEqual([91, null, 85, 67]);
    expect(rows[1]).toMatchObject({ PD_ID: stranger.pdId, NISN: '0099999999' });
  });

  it('a TP count that differs from the class (ids unknown) → 422 tpCountMismatch', async () => {
    const d = templateData(s, {
      tps: [
        { tpId: uuid(), deskripsi: 'Satu' },
        { tpId: uuid(), deskripsi: 'Dua' },
      ],
    });
    const res = await upload(s.teacher.token, s.classId, await sumatifLingkupMateri(d));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(ERAPOR_MSG.tpCountMismatch(2, 3));
  });

  it('no category marked lingkup_materi → 422 noCategory', async () => {
    const other = await reportScene(t, 2);
    await t.db.update(gradeCategories).set({ eraporPart: null }).where(eq(gradeCategories.onlineClassId, other.classId));
    const res = await upload(other.teacher.token, other.classId, await sumatifLingkupMateri(templateData(other)));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(ERAPOR_MSG.noCategory(ERAPOR_PART_LABELS.lingkup_materi));
  });
});

// ---------------------------------------------------------------- bad files

async function edited(bytes: Buffer, edit: (ws: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  edit(wb.worksheets[0]!);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Deletes columns as Excel does (merges over them are undone first: exceljs does not shrink them). */
const deleteColumns = (start: number, count: number) => (ws: ExcelJS.Worksheet) => {
  for (const range of (ws.model as { merges: string[] }).merges) ws.unMergeCells(range);
  ws.spliceColumns(start, count);
};

describe('e-Rapor: templates refused', () => {
  const refused = async (data: Buffer, status: number, message: string) => {
    const res = await upload(s.teacher.token, s.classId, data);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
  };

  it('of another subject, or another rombel', async () => {
    await refused(
      await sumatifLingkupMateri(templateData(s, { mapel: 'Matematika' })),
      422,
      ERAPOR_MSG.wrongSubject('Matematika', s.subjectName),
    );
    await refused(await nilaiAkhir(templateData(s, { rombel: 'XI TKJ 2' })), 422, ERAPOR_MSG.wrongRombel('XI TKJ 2', s.rombelName));
  });

  it('with its heading row edited', async () => {
    const sas = await sumatifAkhirSemester(templateData(s));
    await refused(await edited(sas, (ws) => (ws.getCell('F9').value = 'NILAI')), 422, ERAPOR_MSG.headingChanged(9));
    const slm = await sumatifLingkupMateri(templateData(s));
    await refused(await edited(slm, (ws) => (ws.getCell('D9').value = 'NIS')), 422, ERAPOR_MSG.headingChanged(9));
    const na = await nilaiAkhir(templateData(s));
    await refused(await edited(na, (ws) => (ws.getCell('E12').value = 'NILAI')), 422, ERAPOR_MSG.headingChanged(12));
  });

  it('with its hidden PD_ID or TP id columns removed', async () => {
    const d = templateData(s);
    await refused(await edited(await sumatifAkhirSemester(d), deleteColumns(2, 1)), 422, ERAPOR_MSG.hiddenColumnsMissing);
    await refused(await edited(await sumatifLingkupMateri(d), deleteColumns(8, 3)), 422, ERAPOR_MSG.hiddenColumnsMissing);
    await refused(await edited(await nilaiAkhir(d), deleteColumns(6, 1)), 422, ERAPOR_MSG.hiddenColumnsMissing);
  });

  it('that is not an XLSX, not a template, missing, or too large', async () => {
    await refused(Buffer.from('%PDF-1.4\n%%EOF\n'), 422, ERAPOR_MSG.notXlsx);
    const zip = new JSZip();
    zip.file('readme.txt', 'bukan excel');
    await refused(await zip.generateAsync({ type: 'nodebuffer' }), 422, ERAPOR_MSG.notXlsx);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Sheet1').getCell('A1').value = 'Daftar hadir';
    await refused(Buffer.from(await wb.xlsx.writeBuffer()), 422, ERAPOR_MSG.unknownTemplate);
    await refused(Buffer.alloc(ERAPOR_MAX_BYTES + 1, 1), 413, ERAPOR_MSG.tooLarge);
    const none = await t.as(s.teacher.token).upload('POST', fillUrl(s.classId), { note: 'x' }, {});
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(ERAPOR_MSG.fileRequired);
  });
});

// ---------------------------------------------------------------- who may, and the link

describe('e-Rapor: access and the link', () => {
  it('the class teachers only: another teacher 404, student and admin 403, nobody 401', async () => {
    const data = await sumatifAkhirSemester(templateData(s));
    expect((await upload(s.otherTeacher.token, s.classId, data)).status).toBe(404);
    expect((await upload(s.homeroom.token, s.classId, data)).status).toBe(404);
    expect((await upload(s.teacher.token, s.outsiderClassId, data)).status).toBe(404);
    expect((await upload(s.students[0]!.token, s.classId, data)).status).toBe(403);
    expect((await upload((await t.factory.admin()).token, s.classId, data)).status).toBe(403);
    const anon = await t.as(null).upload('POST', fillUrl(s.classId), {}, { file: { name: 'a.xlsx', data } });
    expect(anon.status).toBe(401);
    expect(anon.body.message).toBe(MSG.unauthenticated);
  });

  it('opens for five minutes, not once altered or expired, nor after logging out', async () => {
    const other = await reportScene(t, 1);
    const me = other.teacher;
    const res = await upload(me.token, other.classId, await sumatifAkhirSemester(templateData(other)));
    expect(res.status).toBe(200);
    const url: string = res.body.data.download_url;
    expect(url).toMatch(/^\/api\/downloads\/erapor\//);
    expect((await t.as(null).get(url)).status).toBe(200);
    const altered = await t.as(null).get(`${url.slice(0, -2)}xx`);
    expect(altered.status).toBe(404);
    expect(altered.body.message).toBe(ERAPOR_MSG.linkExpired);
    expect((await t.as(null).get('/api/downloads/erapor/unknown')).body.message).toBe(ERAPOR_MSG.linkExpired);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 301_000);
    const late = await t.as(null).get(url);
    expect(late.status).toBe(404);
    expect(late.body.message).toBe(ERAPOR_MSG.linkExpired);
    vi.restoreAllMocks();
    expect((await t.as(me.token).post('/api/logout')).status).toBe(200);
    const out = await t.as(null).get(url);
    expect(out.status).toBe(404);
    expect(out.body.message).toBe(ERAPOR_MSG.linkExpired);
  });
});
