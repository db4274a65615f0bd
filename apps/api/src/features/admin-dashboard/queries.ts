import { sql } from 'drizzle-orm';
import type { DashboardStats } from '@kelasku/contract';
import type { Db } from '../../db/client.js';
import { userCounts } from '../../db/schema.js';

const total = (roleId?: number) =>
  sql<number>`coalesce(sum(${userCounts.n})${roleId === undefined ? sql`` : sql` filter (where ${userCounts.roleId} = ${sql.raw(String(roleId))})`}, 0)::int`.mapWith(Number);

/**
 * The four totals of the admin's tiles (every account, active or not), read from the per-role
 * counts the triggers of migration 0003 keep, the same the user list's total reads.
 */
export async function userTotals(db: Db): Promise<DashboardStats> {
  const [row] = await db
    .select({ total_users: total(), total_admin: total(1), total_teachers: total(2), total_students: total(3) })
    .from(userCounts);
  return row!;
}
