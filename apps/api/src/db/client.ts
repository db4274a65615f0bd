import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Counts SQL statements; tests read it to prove a fixed number of queries per request. */
  statements: { count: number };
}

export const migrationsFolder = () =>
  process.env.KELASKU_MIGRATIONS ?? path.resolve(import.meta.dirname, 'migrations');

class CountingLogger implements Logger {
  constructor(private readonly counter: { count: number }) {}
  logQuery(): void {
    this.counter.count++;
  }
}

/** At most this many distinct statements are kept prepared per connection; further ones run unnamed. */
const MAX_PREPARED = 400;
const preparedNames = new Map<string, string>();

/**
 * The app's queries are few and repeat on every request: each one with parameters becomes a named
 * (prepared) statement, so PostgreSQL parses it once per connection and, after a few runs, stops
 * planning it again (planning costs more than running these indexed queries). The name is derived
 * from the text, so a text always maps to the same name on every connection.
 */
export function statementName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < MAX_PREPARED && text.length <= 8000) {
    name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    preparedNames.set(text, name);
  }
  return name;
}

class PreparingClient extends pg.Client {
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    if (config && typeof config === 'object' && 'text' in config && !(config as { name?: string }).name) {
      const q = config as { text: string; values?: unknown[]; name?: string };
      const params = Array.isArray(values) ? values : q.values;
      if (params && params.length > 0) {
        const name = statementName(q.text);
        if (name) config = { ...q, name };
      }
    }
    return (super.query as (...a: unknown[]) => never)(config, values, callback);
  }
}

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** Start the embedded database from a dump (tests). */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const statements = { count: 0 };
  const logger = new CountingLogger(statements);
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      Client: PreparingClient,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
    });
    pool.on('error', () => {
      /* an idle client lost its connection; the pool replaces it */
    });
    const client = await pool.connect();
    client.release();
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      statements,
      migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (opts.loadDataDir) {
    client = await PGlite.create({ loadDataDir: opts.loadDataDir });
  } else {
    const dir = path.join(opts.dataDir, 'db');
    await fs.mkdir(dir, { recursive: true });
    client = await PGlite.create({ dataDir: dir });
  }
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    statements,
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
  };
}
