import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Subject, SubjectGroup } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { departments, subjectDepartments, subjects, teachingAssignments } from '../../db/schema.js';

export interface SubjectValues {
  code: string;
  name: string;
  group: SubjectGroup;
  grades: number[];
  departmentIds: number[];
}

/** Umum, kejuruan, muatan lokal; then by code. */
const byGroupThenCode = [sql`array_position(array['umum','kejuruan','mulok']::varchar[], ${subjects.group})`, sql`lower(${subjects.code})`];

/** Subjects with their departments and their assignments of the active semester; one query. */
function selectSubjects(db: Executor, where?: SQL) {
  return db
    .select({
      id: subjects.id,
      code: subjects.code,
      name: subjects.name,
      group: sql<SubjectGroup>`${subjects.group}`,
      grades: subjects.grades,
      departments: sql<Subject['departments']>`coalesce((
        select json_agg(json_build_object('id', d.id, 'short_name', d.short_name) order by d.id)
        from subject_departments sd join departments d on d.id = sd.department_id
        where sd.subject_id = subjects.id), '[]'::json)`,
      assignments: sql<number>`(select count(*)::int from teaching_assignments ta
        join semesters s on s.id = ta.semester_id and s.active where ta.subject_id = subjects.id)`.mapWith(Number),
    })
    .from(subjects)
    .where(where)
    .orderBy(...byGroupThenCode);
}

export const listSubjects = (db: Executor): Promise<Subject[]> => selectSubjects(db);

export async function findSubject(db: Executor, id: number): Promise<Subject | null> {
  const [row] = await selectSubjects(db, eq(subjects.id, id));
  return row ?? null;
}

/** Subject writes run one at a time (a transaction-scoped advisory lock): two admins cannot both take a code. */
export async function lockSubjectWrites(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kelasku:subjects'))`);
}

/** Which of code and name another subject already uses (case-insensitively). */
export async function subjectClash(tx: Executor, v: { code: string; name: string }, exceptId: number | null) {
  const other = exceptId === null ? undefined : ne(subjects.id, exceptId);
  const [code] = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(sql`lower(${subjects.code}) = lower(${v.code})`, other))
    .limit(1);
  const [name] = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(sql`lower(${subjects.name}) = lower(${v.name})`, other))
    .limit(1);
  return { code: Boolean(code), name: Boolean(name) };
}

/** The departments of the school: id, short name and code (the import matches either). */
export function allDepartments(db: Executor) {
  return db.select({ id: departments.id, code: departments.code, shortName: departments.shortName }).from(departments);
}

/** True when every id names a department. */
export async function departmentsExist(tx: Executor, ids: number[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const rows = await tx.select({ id: departments.id }).from(departments).where(inArray(departments.id, ids));
  return rows.length === new Set(ids).size;
}

async function setDepartments(tx: Executor, subjectId: number, ids: number[]): Promise<void> {
  await tx.delete(subjectDepartments).where(eq(subjectDepartments.subjectId, subjectId));
  if (ids.length > 0) await tx.insert(subjectDepartments).values([...new Set(ids)].map((departmentId) => ({ subjectId, departmentId })));
}

const row = (v: SubjectValues) => ({ code: v.code, name: v.name, group: v.group, grades: [...new Set(v.grades)].sort() });

export async function insertSubject(tx: Executor, v: SubjectValues): Promise<number> {
  const [created] = await tx.insert(subjects).values(row(v)).returning({ id: subjects.id });
  await setDepartments(tx, created!.id, v.departmentIds);
  return created!.id;
}

export async function updateSubject(tx: Executor, id: number, v: SubjectValues): Promise<void> {
  await tx.update(subjects).set(row(v)).where(eq(subjects.id, id));
  await setDepartments(tx, id, v.departmentIds);
}

export async function lockSubject(tx: Executor, id: number): Promise<{ id: number } | null> {
  const [found] = await tx.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, id)).for('update');
  return found ?? null;
}

/** True while a teaching assignment (of any semester) uses the subject. */
export async function subjectInUse(tx: Executor, id: number): Promise<boolean> {
  const rows = await tx
    .select({ id: teachingAssignments.id })
    .from(teachingAssignments)
    .where(eq(teachingAssignments.subjectId, id))
    .limit(1);
  return rows.length > 0;
}

export async function deleteSubject(tx: Executor, id: number): Promise<void> {
  await tx.delete(subjects).where(eq(subjects.id, id));
}

/** What the audit log keeps of a subject. */
export const subjectAudit = (s: Subject) => ({
  code: s.code,
  name: s.name,
  group: s.group,
  grades: s.grades,
  department: s.departments.map((d) => d.short_name),
});
