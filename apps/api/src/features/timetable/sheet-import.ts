/**
 * The timetable from a spreadsheet (columns Hari, Jam ke, Rombel, Kode Mapel): each row is one
 * lesson period of the rombel's assignment of that subject in the active semester. Planned row by
 * row against the school and the semester's slots; written all or nothing.
 */
import { and, eq } from 'drizzle-orm';
import { DAY_NAMES, IMPORT_LIMITS, TIMETABLE_MSG, type TimetableImportPreview } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { rombelClasses, subjects, teachingAssignments } from '../../db/schema.js';
import { HttpError } from '../../http/errors.js';
import { readSheet, type Cell } from '../imports/sheet.js';
import { bellPeriodKeys } from './bell.js';
import { clashBook, slotOwners } from './clash.js';

export interface PlannedSlot {
  row: number;
  summary: string;
  errors: string[];
  slot: { assignmentId: number; rombelId: number; day: number; period: number } | null;
}

const text = (c: Cell | undefined) => (c === null || c === undefined ? '' : c instanceof Date ? '' : String(c).trim());
const headerKey = (c: Cell | undefined) =>
  text(c)
    .toLowerCase()
    .replace(/[^a-z]/g, '');
const COLUMNS = { hari: 'day', jamke: 'period', rombel: 'rombel', kodemapel: 'code' } as const;

/** "Senin", "senin" or "1" → 1. */
export function dayOf(value: string): number | null {
  const i = DAY_NAMES.findIndex((d) => d.toLowerCase() === value.toLowerCase());
  if (i >= 0) return i + 1;
  return /^[1-7]$/.test(value) ? Number(value) : null;
}

/** The rows of the sheet by column (the header row is the first naming Hari). */
async function sheetRows(bytes: Buffer): Promise<{ line: number; day: string; period: string; rombel: string; code: string }[]> {
  const sheet = await readSheet(bytes, IMPORT_LIMITS.rows + 25);
  if (sheet.truncated) throw new HttpError(422, `Berkas lebih dari ${IMPORT_LIMITS.rows} baris`);
  const headerAt = sheet.rows.findIndex((r) => r.cells.some((c) => headerKey(c) === 'hari'));
  const header = sheet.rows[headerAt]?.cells.map(headerKey) ?? [];
  const at = Object.fromEntries(Object.entries(COLUMNS).map(([h, f]) => [f, header.indexOf(h)])) as Record<
    (typeof COLUMNS)[keyof typeof COLUMNS],
    number
  >;
  if (headerAt < 0 || Object.values(at).some((i) => i < 0)) throw new HttpError(422, TIMETABLE_MSG.importColumns);
  const rows = sheet.rows
    .slice(headerAt + 1)
    .map((r) => ({
      line: r.line,
      day: text(r.cells[at.day]),
      period: text(r.cells[at.period]),
      rombel: text(r.cells[at.rombel]),
      code: text(r.cells[at.code]),
    }))
    .filter((r) => r.day || r.period || r.rombel || r.code);
  if (rows.length === 0) throw new HttpError(422, TIMETABLE_MSG.importEmpty);
  return rows;
}

/** Plans every row of the file against the semester (the caller holds the semester's lock when it will write). */
export async function planSheet(db: Executor, semesterId: number, bytes: Buffer): Promise<PlannedSlot[]> {
  const rows = await sheetRows(bytes);
  const rombels = new Map(
    (await db.select({ id: rombelClasses.id, name: rombelClasses.name }).from(rombelClasses)).map((r) => [r.name.toLowerCase(), r]),
  );
  const codes = new Map(
    (await db.select({ id: subjects.id, code: subjects.code, name: subjects.name }).from(subjects)).map((s) => [s.code.toLowerCase(), s]),
  );
  const assignments = await db
    .select({ id: teachingAssignments.id, rombelId: teachingAssignments.rombelClassId, subjectId: teachingAssignments.subjectId })
    .from(teachingAssignments)
    .where(and(eq(teachingAssignments.semesterId, semesterId)));
  const assignmentOf = new Map(assignments.map((a) => [`${a.rombelId}:${a.subjectId}`, a.id]));
  const owners = await slotOwners(
    db,
    assignments.map((a) => a.id),
  );
  const bell = await bellPeriodKeys(db);
  const book = await clashBook(db, semesterId);
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const errors: string[] = [];
    const day = dayOf(r.day);
    const period = /^\d{1,2}$/.test(r.period) && Number(r.period) >= 1 && Number(r.period) <= 20 ? Number(r.period) : null;
    const rombel = rombels.get(r.rombel.toLowerCase());
    const subject = codes.get(r.code.toLowerCase());
    if (day === null) errors.push(TIMETABLE_MSG.rowDay(r.line));
    if (period === null) errors.push(TIMETABLE_MSG.rowPeriod(r.line));
    if (!rombel) errors.push(TIMETABLE_MSG.rowRombel(r.line, r.rombel));
    if (!subject) errors.push(TIMETABLE_MSG.rowSubject(r.line, r.code));
    const summary = `${r.day} jam ke-${r.period}: ${r.rombel} ${r.code}`;
    if (errors.length > 0 || day === null || period === null || !rombel || !subject) return { row: r.line, summary, errors, slot: null };
    const assignmentId = assignmentOf.get(`${rombel.id}:${subject.id}`);
    if (assignmentId === undefined)
      return { row: r.line, summary, errors: [TIMETABLE_MSG.rowAssignment(r.line, rombel.name, subject.name)], slot: null };
    if (!bell.has(`${day}:${period}`)) errors.push(`Baris ${r.line}: ${TIMETABLE_MSG.periodUnknown(DAY_NAMES[day - 1]!, period)}`);
    const key = `${rombel.id}:${day}:${period}:${assignmentId}`;
    const first = seen.get(key);
    if (first !== undefined) errors.push(TIMETABLE_MSG.rowTwice(r.line, first));
    const owner = owners.get(assignmentId)!;
    const clash = first === undefined ? book.refusal(owner, day, period) : null;
    if (clash) errors.push(`Baris ${r.line}: ${clash}`);
    if (errors.length > 0) return { row: r.line, summary, errors, slot: null };
    seen.set(key, r.line);
    book.add(owner, day, period);
    return { row: r.line, summary: `${summary} (${owner.subjectName})`, errors, slot: { assignmentId, rombelId: rombel.id, day, period } };
  });
}

export function sheetPreview(planned: PlannedSlot[]): TimetableImportPreview {
  const error = planned.filter((p) => p.errors.length > 0).length;
  return { rows: planned.map(({ row, summary, errors }) => ({ row, summary, errors })), totals: { slots: planned.length - error, error } };
}
