import { eq, is, Placeholder, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';
import { users } from './schema.js';

/**
 * The user a row points at (`id`), for a LATERAL join: read through the primary key once per row.
 * With a plain join PostgreSQL hashes the whole users table whenever its cost model finds that
 * cheaper (a 100-comment thread or a 36-student roster of a 2,000-student school did), a cost that
 * grows with the school rather than with the rows asked for. A subquery with LIMIT is never
 * flattened into such a join.
 */
export function userOf(db: Db, alias: string, id: AnyColumn) {
  return db
    .select({ name: users.name, roleId: users.roleId, avatarFileId: users.avatarFileId })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .as(alias);
}

/**
 * `column = any($1)` with the ids as one array parameter: the condition of drizzle's inArray, which
 * sends every id as a parameter of its own and spends about 5 µs of CPU per id assembling the SQL
 * text (a class's 20 contents in four queries: about 0.4 ms of each class page). No ids
 * match no row. A prepared statement passes its placeholder for the array instead (db/prepared.ts).
 */
export const anyOf = (column: AnyColumn, ids: readonly number[] | Placeholder): SQL =>
  sql`${column} = any(${is(ids, Placeholder) ? ids : sql.param(ids)})`;
