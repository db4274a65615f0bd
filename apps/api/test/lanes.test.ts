/**
 * The database handle's connections (db/lanes.ts): single statements on a few shared pipelined
 * connections, transactions on a pooled connection of their own, a slow statement passed by.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANES, type Database } from '../src/db/client.js';
import { freshDatabase } from './helpers.js';

let database: Database;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-lanes-'));
  database = await freshDatabase(dataDir);
});

afterAll(async () => {
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const backendOf = async (run: Pick<Database['db'], 'execute'>) =>
  (await run.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid;

/** The backends that answer `n` statements sent at once. */
const backendsOfBatch = async (n: number) => new Set(await Promise.all(Array.from({ length: n }, () => backendOf(database.db))));

describe('single statements share the lanes, transactions have their own connection', () => {
  it('twenty statements sent at once are answered by the lanes alone, a transaction elsewhere', async () => {
    const lanes = await backendsOfBatch(20);
    expect(lanes.size).toBeLessThanOrEqual(LANES);
    const inTransaction = await database.db.transaction((tx) => backendOf(tx));
    expect(lanes.has(inTransaction)).toBe(false);
    // The lanes stay: the next batch is answered by the same backends.
    expect([...(await backendsOfBatch(20))].every((pid) => lanes.has(pid))).toBe(true);
  });

  it('a failing statement fails alone; the statements sent beside it are answered', async () => {
    const results = await Promise.allSettled([
      database.db.execute(sql`select 1 as one`),
      database.db.execute(sql`select 1 / 0 as boom`),
      database.db.execute(sql`select 2 as two`),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.cause?.message).toBe('division by zero');
    expect((results[2] as PromiseFulfilledResult<pg.QueryResult>).value.rows).toEqual([{ two: 2 }]);
  });

  it('slow statements on every lane are passed by: quick ones are answered while they still run', async () => {
    let slowDone = 0;
    const slow = Array.from({ length: LANES }, () =>
      database.db.execute(sql`select pg_sleep(1.5)`).then(() => {
        slowDone++;
      }),
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(database.lanes.inFlight()).toBe(LANES);
    const overflowed = database.lanes.overflowed;
    const quick = await Promise.all(Array.from({ length: 5 }, (_, i) => database.db.execute(sql`select ${i}::int as i`)));
    expect(quick.map((r) => r.rows[0])).toEqual([0, 1, 2, 3, 4].map((i) => ({ i })));
    expect(slowDone).toBe(0);
    // The five went to pooled connections, counted for /metrics.
    expect(database.lanes.overflowed - overflowed).toBe(5);
    await Promise.all(slow);
    expect(slowDone).toBe(LANES);
    expect(database.lanes.inFlight()).toBe(0);
  });

  it('a lane whose connection the server ends is replaced: statements are answered again', async () => {
    const before = await backendsOfBatch(20);
    const admin = new pg.Client({ connectionString: database.pool.options.connectionString });
    await admin.connect();
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [[...before]]);
    await admin.end();
    await vi.waitFor(
      async () => {
        const after = await backendsOfBatch(20);
        expect([...after].some((pid) => before.has(pid))).toBe(false);
      },
      { timeout: 5000, interval: 100 },
    );
    expect((await database.db.execute(sql`select 'lagi' as word`)).rows).toEqual([{ word: 'lagi' }]);
  });
});
