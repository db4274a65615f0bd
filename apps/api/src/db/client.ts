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
import { usePlannedMapper } from './row-mapper.js';

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
  /**
   * Receives every NOTIFY on `channel`, whichever instance or connection committed it. `live(false)`
   * means notifications may be missed from now on (the listening connection dropped); `live(true)`
   * that they arrive again. On the embedded database a notification arrives before the statement
   * that caused it resolves; on PostgreSQL, moments after its commit. Returns the unsubscribe.
   */
  subscribe(channel: string, handlers: Subscriber): Promise<() => Promise<void>>;
  /**
   * Resolves once every notification committed before the call has reached the subscribers: true
   * then (or when nothing listens), false when they did not come back within 2 s.
   */
  settle(): Promise<boolean>;
}

export interface Subscriber {
  message(payload: string): void;
  live(isLive: boolean): void;
}

const SETTLE_CHANNEL = 'kelasku_settle';

/** How long a lost listening connection waits before it connects again. */
const RELISTEN_MS = 1000;

/**
 * One connection per database for LISTEN (a pooled connection cannot hold it), reconnected when it
 * drops. While it is down subscribers are told they are not live, so nothing relies on a
 * notification that could be missed.
 */
class Listener {
  private client: pg.Client | null = null;
  private readonly subs = new Map<string, Set<Subscriber>>();
  private closed = false;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;

  private readonly settling = new Map<string, () => void>();

  constructor(private readonly connectionString: string) {}

  /** The round trip on the wire, and the one that callers arriving meanwhile will share. */
  private settleRunning: Promise<boolean> | null = null;
  private settleNext: Promise<boolean> | null = null;

  /**
   * PostgreSQL delivers notifications in commit order: once one sent now comes back, every earlier
   * one has arrived. Resolves at once when nothing listens. One round trip at a time on the
   * listening connection: callers arriving while one is under way share the next, which starts
   * after all of their calls (a round trip already sent may precede their commits).
   */
  settle(): Promise<boolean> {
    if (this.settleNext) return this.settleNext;
    if (!this.settleRunning) return this.startSettle();
    this.settleNext = this.settleRunning.then(() => {
      this.settleNext = null;
      return this.startSettle();
    });
    return this.settleNext;
  }

  private startSettle(): Promise<boolean> {
    const run = this.settleRoundTrip().finally(() => {
      if (this.settleRunning === run) this.settleRunning = null;
    });
    this.settleRunning = run;
    return run;
  }

  private async settleRoundTrip(): Promise<boolean> {
    const client = this.client;
    if (!client) return true;
    const token = `${process.pid}-${Math.random().toString(36).slice(2)}`;
    const back = new Promise<void>((resolve) => this.settling.set(token, resolve));
    try {
      await client.query(`SELECT pg_notify('${SETTLE_CHANNEL}', $1)`, [token]);
      return await Promise.race([back.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 2000).unref())]);
    } catch {
      return false; // the connection dropped: subscribers were told they are not live
    } finally {
      this.settling.delete(token);
    }
  }

  async subscribe(channel: string, sub: Subscriber): Promise<() => Promise<void>> {
    let set = this.subs.get(channel);
    const first = !set;
    if (!set) this.subs.set(channel, (set = new Set()));
    set.add(sub);
    if (!this.client) {
      await this.connect(); // tells every subscriber, this one too, once it listens
    } else {
      if (first) await this.client.query(`LISTEN ${pgIdent(channel)}`).catch(() => this.lost());
      if (this.client) sub.live(true);
    }
    return async () => {
      set.delete(sub);
      if (set.size === 0) {
        this.subs.delete(channel);
        await this.client?.query(`UNLISTEN ${pgIdent(channel)}`).catch(() => {});
      }
      if (this.subs.size === 0) await this.close();
    };
  }

  private connect(): Promise<void> {
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: 5000, application_name: 'kelasku-listen' });
      client.on('notification', (n) => {
        if (n.channel === SETTLE_CHANNEL) this.settling.get(n.payload ?? '')?.();
        for (const sub of this.subs.get(n.channel) ?? []) sub.message(n.payload ?? '');
      });
      client.on('error', () => this.lost(client));
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        for (const channel of [SETTLE_CHANNEL, ...this.subs.keys()]) await client.query(`LISTEN ${pgIdent(channel)}`);
        if (this.closed) {
          await client.end().catch(() => {});
          return;
        }
        this.client = client;
        for (const set of this.subs.values()) for (const sub of set) sub.live(true);
      } catch {
        client.removeAllListeners('end');
        await client.end().catch(() => {});
        this.scheduleRetry();
      }
    })().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private lost(client?: pg.Client): void {
    if (client && client !== this.client) return;
    const was = this.client;
    this.client = null;
    for (const set of this.subs.values()) for (const sub of set) sub.live(false);
    if (was) {
      was.removeAllListeners('end');
      void was.end().catch(() => {});
    }
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closed || this.retry || this.subs.size === 0) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, RELISTEN_MS);
    this.retry.unref();
  }

  async close(): Promise<void> {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
    }
  }

  async end(): Promise<void> {
    this.closed = true;
    await this.connecting;
    await this.close();
  }
}

const pgIdent = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a channel name: ${name}`);
  return name;
};

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
    const listener = new Listener(opts.databaseUrl);
    return {
      db,
      kind: 'postgres',
      statements,
      migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
      subscribe: (channel, sub) => listener.subscribe(channel, sub),
      settle: () => listener.settle(),
      close: async () => {
        await listener.end();
        await pool.end();
      },
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
    subscribe: async (channel, sub) => {
      const stop = await client.listen(pgIdent(channel), (payload) => sub.message(payload));
      sub.live(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    // Notifications arrive before the statement that caused them resolves.
    settle: async () => true,
    close: () => client.close(),
  };
}

const preparedNamesInUse = new Set<string>();

/**
 * A query assembled once per database with drizzle's `prepare` and then only run with new
 * placeholder values: a hot read no longer builds its SQL text on every request (that building was
 * a fifth of the server's CPU on a read). `name` is the statement's name on every connection, so it
 * must be unique.
 */
export function preparedQuery<Q>(name: string, build: (db: Db, name: string) => Q): (db: Db) => Q {
  if (preparedNamesInUse.has(name)) throw new Error(`prepared statement name used twice: ${name}`);
  preparedNamesInUse.add(name);
  const perDb = new WeakMap<Db, Q>();
  return (db) => {
    let q = perDb.get(db);
    if (q === undefined) {
      q = usePlannedMapper(build(db, `p_${name}`));
      perDb.set(db, q);
    }
    return q;
  };
}
