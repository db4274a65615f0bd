import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { departments, onlineClasses, rombelClasses, students, users } from '../../db/schema.js';

export async function listDepartments(db: Db) {
  return db
    .select({ id: departments.id, code: departments.code, name: departments.name, enabled: departments.enabled })
    .from(departments)
    .orderBy(asc(departments.id));
}

export async function findDepartment(tx: Executor, id: number) {
  const [row] = await tx.select({ id: departments.id, enabled: departments.enabled }).from(departments).where(eq(departments.id, id));
  return row ?? null;
}

/** Student counts per rombel, joined once. */
const studentCounts = (db: Executor) =>
  db
    .select({ rombelId: students.rombelClassId, total: count().as('total') })
    .from(students)
    .groupBy(students.rombelClassId)
    .as('student_counts');

/** Rombels with their department name and number of students; one query. */
function selectRombels(db: Executor) {
  const counts = studentCounts(db);
  return db
    .select({
      id: rombelClasses.id,
      department_id: rombelClasses.departmentId,
      department_name: departments.name,
      name: rombelClasses.name,
      grade: rombelClasses.grade,
      total_student: sql<number>`coalesce(${counts.total}, 0)::int`.mapWith(Number),
    })
    .from(rombelClasses)
    .innerJoin(departments, eq(departments.id, rombelClasses.departmentId))
    .leftJoin(counts, eq(counts.rombelId, rombelClasses.id));
}

const byGradeThenName = [asc(rombelClasses.grade), asc(sql`lower(${rombelClasses.name})`), asc(rombelClasses.id)];

export function listRombels(db: Db) {
  return selectRombels(db).orderBy(...byGradeThenName);
}

export async function findRombel(db: Db, id: number) {
  const [row] = await selectRombels(db).where(eq(rombelClasses.id, id));
  return row ?? null;
}

export function rombelStudents(db: Db, rombelId: number) {
  return db
    .select({ id: users.id, name: users.name, nis: students.nis, nisn: students.nisn })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(students.rombelClassId, rombelId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

/** The choices of every rombel select box, by grade then name. */
export function rombelOptions(db: Db) {
  return db
    .select({ id: rombelClasses.id, name: rombelClasses.name, grade: rombelClasses.grade })
    .from(rombelClasses)
    .orderBy(...byGradeThenName);
}

/**
 * Rombel writes run one at a time (a transaction-scoped advisory lock), so two admins cannot
 * both create the same name.
 */
export async function lockRombelWrites(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kelasku:rombel_classes'))`);
}

export async function lockRombel(tx: Executor, id: number) {
  const [row] = await tx
    .select({ id: rombelClasses.id, departmentId: rombelClasses.departmentId })
    .from(rombelClasses)
    .where(eq(rombelClasses.id, id))
    .for('update');
  return row ?? null;
}

export async function nameTaken(tx: Executor, name: string, exceptId: number | null): Promise<boolean> {
  const sameName = sql`lower(${rombelClasses.name}) = lower(${name})`;
  const rows = await tx
    .select({ id: rombelClasses.id })
    .from(rombelClasses)
    .where(exceptId === null ? sameName : and(sameName, ne(rombelClasses.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** Which of the names are already used by a rombel (case-insensitively), as the rombel spells them; one query. */
export async function namesTaken(tx: Executor, names: string[]): Promise<string[]> {
  const lowered = names.map((n) => n.toLowerCase());
  const rows = await tx
    .select({ name: rombelClasses.name })
    .from(rombelClasses)
    .where(inArray(sql`lower(${rombelClasses.name})`, lowered))
    .orderBy(asc(rombelClasses.id));
  return rows.map((r) => r.name);
}

export interface RombelValues {
  departmentId: number;
  name: string;
  grade: number;
}

export async function insertRombel(tx: Executor, v: RombelValues): Promise<number> {
  const [row] = await tx.insert(rombelClasses).values(v).returning({ id: rombelClasses.id });
  return row!.id;
}

/** Inserts several rombels in one statement; their ids in the order given. */
export async function insertRombels(tx: Executor, values: RombelValues[]): Promise<number[]> {
  const rows = await tx.insert(rombelClasses).values(values).returning({ id: rombelClasses.id });
  return rows.map((r) => r.id);
}

export async function updateRombel(tx: Executor, id: number, v: RombelValues): Promise<void> {
  await tx.update(rombelClasses).set(v).where(eq(rombelClasses.id, id));
}

/** What still uses a rombel: its students and its online classes. */
export async function rombelUse(tx: Executor, id: number): Promise<{ students: boolean; classes: boolean }> {
  const [row] = await tx
    .select({
      students: sql<boolean>`exists (select 1 from ${students} where ${students.rombelClassId} = ${id})`,
      classes: sql<boolean>`exists (select 1 from ${onlineClasses} where ${onlineClasses.rombelClassId} = ${id})`,
    })
    .from(rombelClasses)
    .where(eq(rombelClasses.id, id));
  return { students: Boolean(row?.students), classes: Boolean(row?.classes) };
}

export async function deleteRombel(tx: Executor, id: number): Promise<void> {
  await tx.delete(rombelClasses).where(eq(rombelClasses.id, id));
}
