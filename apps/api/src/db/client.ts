import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as runMigrations } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Logger } from 'drizzle-orm/logger';
import pg from 'pg';
import * as schema from './schema.js';
import { LanePool } from './lanes.js';
import { postmasterRuns, startEmbedded, type EmbeddedServer } from './embedded.js';
import { watchEmbedded, type EmbeddedWatch, type WatchLog } from './embedded-watch.js';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's database: pool, migrations, the embedded server's watch (db/client.ts). */
    database: Database;
    /** The drizzle handle of `database`. */
    db: Db;
  }
}

export interface Database {
  db: Db;
  /** The node-postgres pool under `db`'s transactions (background jobs run their own SQL on it). */
  pool: pg.Pool;
  /** The shared pipelined connections under `db`'s single statements (db/lanes.ts). */
  lanes: LanePool;
  /** The app's own embedded server, or the operator's (DATABASE_URL). */
  kind: 'embedded' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Starts watching the embedded server (embedded-watch.ts): the process that owns it starts it
   * again when it dies, and calls `giveUp` when it cannot. Nothing to watch with DATABASE_URL.
   */
  watch(log: WatchLog, giveUp?: (line: string) => void): void;
  /** False while the embedded server is known to be gone (`/api/health` answers 503). */
  available(): boolean;
  close(): Promise<void>;
  /** Counts SQL statements; tests read it to prove a fixed number of queries per request. */
  statements: { count: number };
}

export const migrationsFolder = () => process.env.KELASKU_MIGRATIONS ?? path.resolve(import.meta.dirname, 'migrations');

class CountingLogger implements Logger {
  constructor(private readonly counter: { count: number }) {}
  logQuery(): void {
    this.counter.count++;
  }
}

/** The database of the embedded server that the app uses. */
export const EMBEDDED_DATABASE = 'kelasku';

export interface OpenOptions {
  /** The operator's PostgreSQL; null runs the embedded server in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  /** Connections of the pool (transactions, jobs, live updates), besides the {@link LANES} shared ones. */
  poolSize?: number;
  /** The folder of an embedded server that another process runs (a cluster's primary): watched, never restarted. */
  watchedDir?: string;
}

/** The shared pipelined connections each process keeps for single statements (db/lanes.ts). */
export const LANES = 2;

/** The folder of the embedded server inside the data folder. */
export const embeddedDir = (dataDir: string) => path.join(dataDir, 'postgres');

/** Opens a pool on the operator's server, or starts the embedded one first. One driver for both. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  let server: EmbeddedServer | null = null;
  let url = opts.databaseUrl;
  if (!url) {
    server = await startEmbedded(embeddedDir(opts.dataDir));
    await ensureDatabase(server.url('postgres'), EMBEDDED_DATABASE).catch(async (err) => {
      await server!.stop();
      throw err;
    });
    url = server.url(EMBEDDED_DATABASE);
  }
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  // A client checked out of the pool (a transaction) whose connection dies (the server restarts, an
  // operator ends the backend) also emits 'error', which the pool leaves to its user: its query in
  // flight fails on its own, and this keeps the event from ending the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    (await pool.connect()).release();
  } catch (err) {
    await pool.end().catch(() => {});
    await server?.stop();
    throw err;
  }
  const statements = { count: 0 };
  // Single statements go on shared pipelined connections, transactions on the pool (db/lanes.ts).
  const lanePool = new pg.Pool({ connectionString: url, max: LANES, connectionTimeoutMillis: 5000, pipeline: true });
  lanePool.on('error', () => {});
  const lanes = new LanePool(pool, lanePool);
  // drizzle takes a node-postgres pool (its `query` and, for a transaction, `connect`).
  const db = drizzle(lanes as unknown as pg.Pool, { schema, logger: new CountingLogger(statements) });
  let watcher: EmbeddedWatch | null = null;
  const watchedDir = opts.watchedDir;
  return {
    db,
    pool,
    lanes,
    kind: server ? 'embedded' : 'postgres',
    statements,
    migrate: () => runMigrations(db, { migrationsFolder: migrationsFolder() }),
    watch: (log, giveUp) => {
      if (watcher) return;
      if (server) watcher = watchEmbedded({ running: server.running, restart: server.restart, log, giveUp });
      else if (watchedDir) watcher = watchEmbedded({ running: () => postmasterRuns(watchedDir), log });
    },
    available: () => watcher?.available() ?? true,
    close: async () => {
      watcher?.stop();
      await lanes.end();
      await server?.stop();
    },
  };
}

/** Creates `name` on the server of `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
