import type { Db } from './client.js';

/**
 * A named prepared statement (drizzle's own `.prepare(name)`), made once per database handle.
 *
 * For the statements every page runs (the session, the access checks, the dashboard's reads):
 * drizzle builds their SQL text once instead of on each request, and PostgreSQL parses them once
 * per connection and stops planning them afresh (issue 43; bench/FINDINGS.md). The values go in as
 * placeholders (`sql.placeholder(name)`), filled by `.execute({ name: value })`.
 */
export function preparedFor<P>(build: (db: Db) => P): (db: Db) => P {
  const made = new WeakMap<Db, P>();
  return (db) => {
    let statement = made.get(db);
    if (statement === undefined) {
      statement = build(db);
      made.set(db, statement);
    }
    return statement;
  };
}
