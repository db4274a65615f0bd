import { describe, expect, it } from 'vitest';
import pg, { DatabaseError } from 'pg';
import { isDatabaseUnavailable } from '../src/http/db-errors.js';
import { createTestApp } from './helpers.js';

/** node-postgres' error for a server that sends a SQLSTATE. */
const sqlState = (code: string) => Object.assign(new DatabaseError('x', 1, 'error'), { code });
/** Drizzle wraps the driver's error as its cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
const errno = (code: string, syscall: string) => Object.assign(new Error(`${syscall} ${code}`), { code, syscall });

describe('a database that cannot be reached is told apart from a fault', () => {
  it('the server shutting down or starting, a refused or missing socket, a dropped connection: unavailable', () => {
    for (const err of [
      sqlState('57P01'), // admin_shutdown: the postmaster was told to stop
      sqlState('57P03'), // cannot_connect_now: it is starting
      sqlState('08006'), // connection_failure
      errno('ECONNREFUSED', 'connect'),
      errno('ENOENT', 'connect'), // the Unix socket is gone with the server
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ])
      expect([isDatabaseUnavailable(err), isDatabaseUnavailable(wrapped(err))]).toEqual([true, true]);
  });

  it('a stored file that is missing, bad input and a plain bug are not', () => {
    for (const err of [errno('ENOENT', 'open'), sqlState('22P02'), sqlState('23505'), new TypeError('x is undefined')])
      expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
  });

  it('a call while the database is gone answers 503 "Server sedang tidak siap", not 500', async () => {
    const t = await createTestApp();
    try {
      const admin = await t.factory.admin();
      // Every connection either pool would hand out now fails as a dead server's would, and the
      // connections open now (the shared statement lanes among them) are ended by the server.
      const pools = [t.database.pool, t.database.lanes.lanePool];
      const connects = pools.map((pool) => pool.connect.bind(pool));
      for (const pool of pools) {
        // (pg-pool's query() asks for a client with a callback, drizzle's transactions and the lanes with a promise.)
        pool.connect = ((callback?: (err: Error) => void) => {
          const err = errno('ENOENT', 'connect');
          if (!callback) return Promise.reject(err);
          process.nextTick(() => callback(err));
        }) as unknown as typeof pool.connect;
      }
      const killer = new pg.Client({ connectionString: t.database.pool.options.connectionString });
      await killer.connect();
      await killer.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      // (Until their backends are gone: the app's connections have heard the server end them.)
      const others =
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()";
      while ((await killer.query(others)).rows[0].n > 0) await new Promise((r) => setTimeout(r, 20));
      await killer.end();
      const res = await t.as(admin.token).get('/api/admin/resources/motivational-words');
      pools.forEach((pool, i) => (pool.connect = connects[i]!));
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({ success: false, message: 'Server sedang tidak siap. Silakan coba lagi sebentar lagi.' });
    } finally {
      await t.close();
    }
  });
});
