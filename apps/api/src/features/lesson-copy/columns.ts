import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * How a copy fills one column: 'copy' takes the source row's value, 'fresh' leaves it to the
 * column's default (ids, creation times, archive marks), an SQL expression sets it anew (the new
 * parent, the copying teacher, a shifted date).
 */
export type Fill = 'copy' | 'fresh' | SQL;

/**
 * A fill for every column of the table, read from the schema: a column added to the table and not
 * named here is a type error (and throws at run time), so it is never silently left out of a copy.
 */
export type CopyPlan<T extends PgTable> = { [K in keyof T['_']['columns']]: Fill };

/** The plan's columns in the schema's order; throws when it does not name exactly the table's columns. */
function planned<T extends PgTable, F>(
  table: T,
  plan: { [K in keyof T['_']['columns']]: F },
): Array<{ key: string; name: string; fill: F }> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const fills = plan as Record<string, F | undefined>;
  const unknown = Object.keys(fills).filter((key) => !(key in columns));
  const missing = Object.keys(columns).filter((key) => fills[key] === undefined);
  if (unknown.length || missing.length)
    throw new Error(`copy plan: missing ${missing.join(', ') || '-'}; unknown ${unknown.join(', ') || '-'}`);
  return Object.entries(columns).map(([key, column]) => ({ key, name: column.name, fill: fills[key]! }));
}

/**
 * The column list and the select list of `insert into <table> (<columns>) select <values> from
 * <table> <alias> …`: every column the plan does not leave fresh, the copied ones read from `alias`.
 */
export function copyLists<T extends PgTable>(table: T, alias: string, plan: CopyPlan<T>): { columns: SQL; values: SQL } {
  const set = planned(table, plan).filter((c) => c.fill !== 'fresh');
  return {
    columns: sql.join(
      set.map((c) => sql.identifier(c.name)),
      sql`, `,
    ),
    values: sql.join(
      set.map((c) => (c.fill === 'copy' ? sql`${sql.raw(alias)}.${sql.identifier(c.name)}` : c.fill)),
      sql`, `,
    ),
  };
}

/** The keys of the columns the plan copies, in the schema's order. */
export function copiedKeys<T extends PgTable>(table: T, plan: { [K in keyof T['_']['columns']]: Fill | 'set' }): string[] {
  return planned(table, plan)
    .filter((c) => c.fill === 'copy')
    .map((c) => c.key);
}

/** For a copy made from a row already read: each column 'copy' (the row's value), 'fresh' (its default) or 'set' (by the code). */
export type RowPlan<T extends PgTable> = { [K in keyof T['_']['columns']]: 'copy' | 'fresh' | 'set' };

/** The keys a row plan copies. */
type Copied<P> = { [K in keyof P]: P[K] extends 'copy' ? K : never }[keyof P];

/** The row's values of the columns the plan copies. */
export function copiedValues<T extends PgTable, const P extends RowPlan<T>, R extends Record<keyof P, unknown>>(
  table: T,
  plan: P,
  row: R,
): Pick<R, Copied<P>> {
  return Object.fromEntries(copiedKeys(table, plan).map((k) => [k, row[k as keyof R]])) as Pick<R, Copied<P>>;
}
