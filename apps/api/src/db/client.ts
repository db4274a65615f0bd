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
