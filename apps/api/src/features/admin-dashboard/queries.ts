import { sql } from 'drizzle-orm';
import type { DashboardStats } from '@kelasku/contract';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** The four totals of the admin's tiles in one query (every account, active or not). */
export async function userTotals(db: Db): Promise<DashboardStats> {
  const [row] = await db
    .select({
      total_users: sql<number>`count(*)::int`.mapWith(Number),
      total_admin: sql<number>`count(*) filter (where ${users.roleId} = 1)::int`.mapWith(Number),
      total_teachers: sql<number>`count(*) filter (where ${users.roleId} = 2)::int`.mapWith(Number),
      total_students: sql<number>`count(*) filter (where ${users.roleId} = 3)::int`.mapWith(Number),
    })
    .from(users);
  return row!;
}
