import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';

/**
 * The one place that relies on drizzle's migration bookkeeping (drizzle-kit writes it, drizzle-orm's
 * migrator reads it). What is assumed (checked by test/library-adapters.test.ts, so an upgrade that
 * changes it fails there and not in a school's backup):
 * - the journal is `meta/_journal.json` in the migrations folder, `{ entries: [{ tag, when, … }] }` in
 *   order, and each entry's SQL is `<tag>.sql` beside `meta`;
 * - the migrator applies the entries of the journal it is given, and records each applied one as a
 *   row of `drizzle.__drizzle_migrations` whose `created_at` is the entry's `when`.
 */
export const JOURNAL = path.join('meta', '_journal.json');
export const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

export interface JournalEntry {
  tag: string;
  when: number;
}

interface Journal {
  entries: Array<JournalEntry & Record<string, unknown>>;
}

const readJournal = (folder: string) => JSON.parse(fs.readFileSync(path.join(folder, JOURNAL), 'utf8')) as Journal;

/** The migrations of a migrations folder (drizzle's journal), in order. */
export function journalEntries(folder: string): JournalEntry[] {
  return readJournal(folder).entries.map((e) => ({ tag: e.tag, when: e.when }));
}

/** Writes into `target` (an empty folder) the first `count` migrations of `source`: a journal cut after them, and their SQL. */
export async function copyFirstMigrations(source: string, target: string, count: number): Promise<void> {
  const journal = readJournal(source);
  journal.entries = journal.entries.slice(0, count);
  await fsp.mkdir(path.join(target, 'meta'));
  await fsp.writeFile(path.join(target, JOURNAL), JSON.stringify(journal));
  for (const e of journal.entries) await fsp.copyFile(path.join(source, `${e.tag}.sql`), path.join(target, `${e.tag}.sql`));
}

/** The `when` (as text) of each migration the database has applied, in order; empty when it was never migrated. */
export async function appliedMigrations(client: pg.Pool | pg.PoolClient): Promise<string[]> {
  const { rows: exists } = await client.query<{ t: string | null }>(`select to_regclass('${MIGRATIONS_TABLE}')::text as t`);
  if (!exists[0]?.t) return [];
  const { rows } = await client.query<{ at: string }>(`select created_at::text as at from ${MIGRATIONS_TABLE} order by created_at`);
  return rows.map((r) => r.at);
}
