/**
 * The subjects' XLSX (Kode, Nama, Kelompok, Kelas, Jurusan): the export, and the import's plan of
 * each row against the school as it is (create, update, unchanged, or its errors naming the row).
 */
import { SUBJECT_GROUP_LABELS, SUBJECT_GROUPS, TEACHING_MSG, subjectBody, type Subject, type SubjectGroup } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { allDepartments, listSubjects, type SubjectValues } from './queries.js';
import { tableWorkbook, type TableRow } from './sheet-table.js';

export const SUBJECT_COLUMNS = { code: 'Kode', name: 'Nama', group: 'Kelompok', grades: 'Kelas', departments: 'Jurusan' } as const;
export type SubjectColumn = keyof typeof SUBJECT_COLUMNS;
export const SUBJECT_REQUIRED: SubjectColumn[] = ['code', 'name', 'group', 'grades'];

export async function subjectsWorkbook(db: Executor): Promise<Buffer> {
  const rows = (await listSubjects(db)).map((s) => ({
    code: s.code,
    name: s.name,
    group: SUBJECT_GROUP_LABELS[s.group],
    grades: s.grades.join(', '),
    departments: s.departments.map((d) => d.short_name).join(', '),
  }));
  return tableWorkbook('Mata Pelajaran', SUBJECT_COLUMNS, rows);
}

export interface PlannedSubject {
  row: number;
  action: 'create' | 'update' | 'unchanged' | 'error';
  summary: string;
  errors: string[];
  /** The subject it updates. */
  id: number | null;
  values: SubjectValues | null;
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
const ROMAN: Record<string, number> = { x: 10, xi: 11, xii: 12 };

/** "Umum", "kejuruan", "Muatan lokal" or "mulok" → the group's code; anything else as written (refused by the schema). */
function groupOf(text: string): string {
  const t = norm(text);
  return SUBJECT_GROUPS.find((g) => g === t || norm(SUBJECT_GROUP_LABELS[g]) === t) ?? t;
}

/** "10, 11" or "X; XI" → [10, 11]; a word that is no grade stays as written (refused by the schema). */
const gradesOf = (text: string): unknown[] =>
  text
    .split(/[,;/\s]+/)
    .filter(Boolean)
    .map((g) => ROMAN[g.toLowerCase()] ?? (/^\d+$/.test(g) ? Number(g) : g));

const sameValues = (s: Subject, v: SubjectValues) =>
  s.name === v.name &&
  s.group === v.group &&
  [...s.grades].sort().join() === [...new Set(v.grades)].sort().join() &&
  s.departments
    .map((d) => d.id)
    .sort()
    .join() === [...new Set(v.departmentIds)].sort().join();

/** Plans every row; reads the subjects and departments once. */
export async function planSubjects(db: Executor, rows: TableRow<SubjectColumn>[]): Promise<PlannedSubject[]> {
  const [subjects, departments] = await Promise.all([listSubjects(db), allDepartments(db)]);
  const byCode = new Map(subjects.map((s) => [s.code.toLowerCase(), s]));
  const byName = new Map(subjects.map((s) => [s.name.toLowerCase(), s]));
  const deptOf = new Map<string, number>();
  for (const d of departments) for (const n of [d.code, d.shortName]) if (n) deptOf.set(norm(n), d.id);
  const seenCode = new Map<string, number>();
  const seenName = new Map<string, number>();
  return rows.map(({ line, cells }) => {
    const errors: string[] = [];
    const deptNames = cells.departments
      .split(/[,;]/)
      .map((d) => d.trim())
      .filter(Boolean);
    const unknown = deptNames.filter((d) => !deptOf.has(norm(d)));
    for (const d of unknown) errors.push(TEACHING_MSG.rowError(line, `${TEACHING_MSG.departmentsInvalid}: ${d}`));
    const parsed = subjectBody.safeParse({
      code: cells.code,
      name: cells.name,
      group: groupOf(cells.group),
      grades: gradesOf(cells.grades),
      department_ids: deptNames.filter((d) => deptOf.has(norm(d))).map((d) => deptOf.get(norm(d))!),
    });
    if (!parsed.success) for (const issue of parsed.error.issues) errors.push(TEACHING_MSG.rowError(line, issue.message));
    const summary = `${cells.code.toUpperCase()} — ${cells.name}`;
    if (!parsed.success || errors.length > 0)
      return { row: line, action: 'error', summary, errors: [...new Set(errors)], id: null, values: null };
    const b = parsed.data;
    const values: SubjectValues = {
      code: b.code,
      name: b.name,
      group: b.group as SubjectGroup,
      grades: b.grades,
      departmentIds: b.department_ids,
    };
    const firstCode = seenCode.get(b.code.toLowerCase());
    const firstName = seenName.get(b.name.toLowerCase());
    if (firstCode !== undefined || firstName !== undefined) {
      return {
        row: line,
        action: 'error',
        summary,
        errors: [TEACHING_MSG.rowRepeated(line, firstCode ?? firstName!)],
        id: null,
        values: null,
      };
    }
    seenCode.set(b.code.toLowerCase(), line);
    seenName.set(b.name.toLowerCase(), line);
    const current = byCode.get(b.code.toLowerCase()) ?? null;
    const named = byName.get(b.name.toLowerCase());
    if (named && named.id !== current?.id) {
      return {
        row: line,
        action: 'error',
        summary,
        errors: [TEACHING_MSG.rowError(line, TEACHING_MSG.subjectNameTaken)],
        id: null,
        values: null,
      };
    }
    if (!current) return { row: line, action: 'create', summary, errors: [], id: null, values };
    return { row: line, action: sameValues(current, values) ? 'unchanged' : 'update', summary, errors: [], id: current.id, values };
  });
}
