import { sql } from 'drizzle-orm';
import { ROLE_IDS, type DashboardStats } from '@kelasku/contract';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

const countOf = (roleId: number) => sql<number>`count(*) filter (where ${users.roleId} = ${roleId})`.mapWith(Number);

/** The four totals of the admin's tiles (every account, active or not), in one statement. */
export async function userTotals(db: Db): Promise<DashboardStats> {
  const [row] = await db
    .select({
      total_users: sql<number>`count(*)`.mapWith(Number),
      total_admin: countOf(ROLE_IDS.admin),
      total_teachers: countOf(ROLE_IDS.teacher),
      total_students: countOf(ROLE_IDS.student),
    })
    .from(users);
  return row!;
}
