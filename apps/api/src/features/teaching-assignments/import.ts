/**
 * The teaching assignments' XLSX (Rombel, Kode Mapel, Mapel, Guru, Jam per Minggu, Wali Kelas): the
 * export of a semester, and the import's plan of each row against the school as it is. "Guru" holds
 * names or NIPs separated by ";" (several: team teaching, the first owns the class); "Mapel" is
 * only read by people; "Wali Kelas" (optional) sets the rombel's homeroom teacher.
 */
import { TEACHING_MSG } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { tableWorkbook, type TableRow } from '../subjects/sheet-table.js';
import { assignmentGridOf, importData, type ImportData } from './queries.js';
import { assignmentClassName } from './write.js';

export const ASSIGNMENT_COLUMNS = {
  rombel: 'Rombel',
  code: 'Kode Mapel',
  subject: 'Mapel',
  teachers: 'Guru',
  hours: 'Jam per Minggu',
  homeroom: 'Wali Kelas',
} as const;
export type AssignmentColumn = keyof typeof ASSIGNMENT_COLUMNS;
export const ASSIGNMENT_REQUIRED: AssignmentColumn[] = ['rombel', 'code', 'teachers', 'hours'];

export async function assignmentsWorkbook(db: Executor, semesterId: number): Promise<Buffer> {
  const grid = await assignmentGridOf(db, semesterId);
  const { homerooms, teachers } = await importData(db, semesterId);
  const nameOf = new Map(teachers.map((t) => [t.id, t.name]));
  const homeroomOf = new Map(homerooms.map((h) => [h.rombelId, nameOf.get(h.teacherId) ?? '']));
  const rows = grid.assignments.map((a) => ({
    rombel: a.rombel.name,
    code: a.subject.code,
    subject: a.subject.name,
    teachers: a.teachers.map((t) => t.name).join('; '),
    hours: a.hours_per_week,
    homeroom: homeroomOf.get(a.rombel.id) ?? '',
  }));
  return tableWorkbook('Tugas Mengajar', ASSIGNMENT_COLUMNS, rows);
}

export interface PlannedAssignment {
  row: number;
  action: 'create' | 'update' | 'unchanged' | 'error';
  summary: string;
  errors: string[];
  rombelId: number;
  subjectId: number;
  teacherIds: number[];
  hours: number;
  className: string;
  /** The assignment it updates. */
  existing: { id: number; onlineClassId: number; teacherIds: number[]; hours: number } | null;
  /** The wali kelas the row sets (null: the column is empty). */
  homeroomId: number | null;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Finds teachers by NIP or by name; the reason when one is not found, is ambiguous or is deactivated. */
function teacherFinder(data: ImportData) {
  const byKey = new Map<string, ImportData['teachers']>();
  const add = (key: string, t: ImportData['teachers'][number]) => byKey.set(key, [...(byKey.get(key) ?? []), t]);
  for (const t of data.teachers) {
    add(`name:${norm(t.name)}`, t);
    if (t.nip) add(`nip:${t.nip.trim()}`, t);
  }
  return (line: number, text: string): { id: number } | { error: string } => {
    const found = byKey.get(`nip:${text.replace(/\s+/g, '')}`) ?? byKey.get(`name:${norm(text)}`) ?? [];
    if (found.length === 0) return { error: TEACHING_MSG.rowTeacherUnknown(line, text) };
    if (found.length > 1) return { error: TEACHING_MSG.rowTeacherAmbiguous(line, text) };
    if (found[0]!.status !== 1) return { error: TEACHING_MSG.rowError(line, TEACHING_MSG.teacherInactive(found[0]!.name)) };
    return { id: found[0]!.id };
  };
}

/** Plans every row against the school (data read once). */
export function planAssignments(data: ImportData, rows: TableRow<AssignmentColumn>[]): PlannedAssignment[] {
  const rombelOf = new Map(data.rombels.map((r) => [norm(r.name), r]));
  const subjectOf = new Map(data.subjects.map((s) => [s.code.toLowerCase(), s]));
  const assignmentOf = new Map(data.assignments.map((a) => [`${a.rombelId}:${a.subjectId}`, a]));
  const homeroomOf = new Map(data.homerooms.map((h) => [h.rombelId, h.teacherId]));
  const findTeacher = teacherFinder(data);
  const seen = new Map<string, number>();
  const homeroomSeen = new Map<number, { row: number; teacherId: number }>();
  return rows.map(({ line, cells }) => {
    const errors: string[] = [];
    const rombel = rombelOf.get(norm(cells.rombel));
    if (!rombel) errors.push(TEACHING_MSG.rowRombelUnknown(line, cells.rombel));
    else if (!rombel.enabled) errors.push(TEACHING_MSG.rowError(line, TEACHING_MSG.rombelDepartmentDisabled(rombel.name)));
    const subject = subjectOf.get(cells.code.trim().toLowerCase());
    if (!subject) errors.push(TEACHING_MSG.rowSubjectUnknown(line, cells.code));
    const teacherIds: number[] = [];
    const names = cells.teachers
      .split(';')
      .map((n) => n.trim())
      .filter(Boolean);
    if (names.length === 0) errors.push(TEACHING_MSG.rowError(line, TEACHING_MSG.teachersRequired));
    for (const name of names) {
      const t = findTeacher(line, name);
      if ('error' in t) errors.push(t.error);
      else if (teacherIds.includes(t.id)) errors.push(TEACHING_MSG.rowError(line, TEACHING_MSG.teacherTwice));
      else teacherIds.push(t.id);
    }
    const hours = /^\d+$/.test(cells.hours) ? Number(cells.hours) : NaN;
    if (!(hours >= 1 && hours <= 40)) errors.push(TEACHING_MSG.rowError(line, TEACHING_MSG.hoursInvalid));
    let homeroomId: number | null = null;
    if (cells.homeroom) {
      const t = findTeacher(line, cells.homeroom);
      if ('error' in t) errors.push(t.error);
      else homeroomId = t.id;
    }
    const key = `${rombel?.id}:${subject?.id}`;
    if (rombel && subject && seen.has(key)) errors.push(TEACHING_MSG.rowRepeated(line, seen.get(key)!));
    if (rombel && homeroomId !== null) {
      const first = homeroomSeen.get(rombel.id);
      if (first && first.teacherId !== homeroomId) errors.push(TEACHING_MSG.rowHomeroomConflict(line, first.row));
      else if (!first) homeroomSeen.set(rombel.id, { row: line, teacherId: homeroomId });
    }
    seen.set(key, seen.get(key) ?? line);
    const existing = assignmentOf.get(key) ?? null;
    const homeroomChanges = rombel !== undefined && homeroomId !== null && homeroomOf.get(rombel.id) !== homeroomId;
    const same = existing !== null && existing.hours === hours && existing.teacherIds.join() === teacherIds.join() && !homeroomChanges;
    return {
      row: line,
      action: errors.length > 0 ? 'error' : !existing ? 'create' : same ? 'unchanged' : 'update',
      summary: `${cells.rombel} — ${cells.code.toUpperCase()}: ${names.join('; ')}`,
      errors: [...new Set(errors)],
      rombelId: rombel?.id ?? 0,
      subjectId: subject?.id ?? 0,
      teacherIds,
      hours,
      className: assignmentClassName(subject?.name ?? '', rombel?.name ?? ''),
      existing,
      homeroomId,
    };
  });
}
