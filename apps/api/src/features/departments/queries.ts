import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { departments } from '../../db/schema.js';

export interface DepartmentValues {
  code: string;
  name: string;
  shortName: string;
  enabled: boolean;
}

/** Departments with their number of rombels, by id; one query. */
const selectDepartments = (db: Executor) =>
  db
    .select({
      id: departments.id,
      code: departments.code,
      name: departments.name,
      short_name: departments.shortName,
      enabled: departments.enabled,
      // Qualified by hand: inside a subquery drizzle writes bare column names.
      rombels: sql<number>`(select count(*) from rombel_classes r where r.department_id = departments.id)::int`.mapWith(Number),
    })
    .from(departments);

export const listSchoolDepartments = (db: Executor) => selectDepartments(db).orderBy(asc(departments.id));

export async function findSchoolDepartment(db: Executor, id: number) {
  const [row] = await selectDepartments(db).where(eq(departments.id, id));
  return row ?? null;
}

/** Department writes run one at a time (a transaction-scoped advisory lock), so two admins cannot both take one code. */
export async function lockDepartmentWrites(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kelasku:departments'))`);
}

/** True when another department already has the code, whatever its case. */
export async function codeTaken(tx: Executor, code: string, exceptId: number | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(and(sql`lower(${departments.code}) = lower(${code})`, exceptId === null ? undefined : ne(departments.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function insertDepartment(tx: Executor, v: DepartmentValues): Promise<number> {
  const [row] = await tx.insert(departments).values(v).returning({ id: departments.id });
  return row!.id;
}

export async function updateDepartment(tx: Executor, id: number, v: DepartmentValues): Promise<boolean> {
  const rows = await tx.update(departments).set(v).where(eq(departments.id, id)).returning({ id: departments.id });
  return rows.length > 0;
}

/** A department as the audit log keeps it. */
export async function departmentSnapshot(tx: Executor, id: number) {
  const [row] = await tx
    .select({ code: departments.code, name: departments.name, short_name: departments.shortName, enabled: departments.enabled })
    .from(departments)
    .where(eq(departments.id, id))
    .for('update');
  return row ?? null;
}
