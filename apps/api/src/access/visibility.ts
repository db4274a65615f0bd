/**
 * What students see (issue 21): a content or an item is visible when it is not hidden (a draft)
 * and its publish_at is unset or past; an item only while its content is visible too. The one
 * place this rule is written; every student read path adds it to its query. Teachers see everything.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** The visibility columns of a content or an item: a drizzle table, or {@link aliased} columns of raw SQL. */
export interface Shown {
  hidden: AnyColumn | SQL;
  publishAt: AnyColumn | SQL;
}

/** The visibility columns of a row under a raw SQL alias (`c` for `contents c`). */
export const aliased = (alias: 'c' | 'm' | 'f' | 'a' | 'z'): Shown => ({
  hidden: sql.raw(`${alias}.hidden`),
  publishAt: sql.raw(`${alias}.publish_at`),
});

/** True for rows every one of which a student may see now (a content and its item: pass both). */
export function visibleNow(...rows: Shown[]): SQL {
  return sql.join(
    rows.map((r) => sql`(not ${r.hidden} and (${r.publishAt} is null or ${r.publishAt} <= now()))`),
    sql` and `,
  );
}
