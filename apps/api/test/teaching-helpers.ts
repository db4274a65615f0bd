/** Issue 37 tests: XLSX files to upload and read back, subjects and semesters straight into the database. */
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { semesters, subjects } from '../src/db/schema.js';
import type { TestContext } from './helpers.js';

/** An XLSX of one sheet: the header row and the rows given. */
export async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The rows of the first sheet of an XLSX answer, as text. */
export async function sheetRows(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0]!.eachRow((row) =>
    out.push((row.values as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : String(v)))),
  );
  return out;
}

export async function activeSemester(t: Pick<TestContext, 'db'>): Promise<number> {
  const [row] = await t.db.select({ id: semesters.id }).from(semesters).where(eq(semesters.active, true));
  return row!.id;
}

let n = 0;

/** A subject straight into the database, with a code of its own. */
export async function makeSubject(t: Pick<TestContext, 'db'>, name = `Mapel ${++n}`) {
  const [row] = await t.db
    .insert(subjects)
    .values({ code: `T${++n}${Math.random().toString(36).slice(2, 6)}`.toUpperCase(), name, group: 'umum', grades: [10, 11, 12] })
    .returning();
  return row!;
}

/** An ended semester (not active, its last day long past): 2001/2002 Ganjil. */
export async function endedSemester(t: Pick<TestContext, 'db'>): Promise<number> {
  const [row] = await t.db
    .insert(semesters)
    .values({ schoolYear: '2001/2002', term: 1, startsOn: '2001-07-01', endsOn: '2001-12-31', active: false })
    .onConflictDoNothing()
    .returning({ id: semesters.id });
  if (row) return row.id;
  const [old] = await t.db.select({ id: semesters.id }).from(semesters).where(eq(semesters.schoolYear, '2001/2002'));
  return old!.id;
}
