/**
 * The in-memory session cache (src/auth/session-cache.ts): a request of a known session skips the
 * database, and still every change to a user or a token — through the API or by hand in the
 * database — ends the cached session. On PostgreSQL the database's notification arrives moments
 * after the commit, so after a change made by hand the tests let it in (`database.settle()`); on the
 * embedded database it arrives before the statement returns.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MSG } from '@kelasku/contract';
import { SessionCache } from '../src/auth/session-cache.js';
import { dbKind, useTestApp } from './helpers.js';

const t = useTestApp();
const soon = { timeout: 2000, interval: 10 };

/** The number of SQL statements one request runs. */
async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  const before = t.database.statements.count;
  await run();
  return t.database.statements.count - before;
}

describe('session cache', () => {
  it('a session seen once costs no database round trip on the next request', async () => {
    const u = await t.factory.student();
    await t.database.settle();
    const first = await statementsOf(() => t.as(u.token).get('/api/me'));
    const second = await statementsOf(() => t.as(u.token).get('/api/me'));
    expect(second).toBe(first - 1);
    expect((await t.as(u.token).get('/api/me')).body.data.username).toBe(u.username);
  });

  it('a user deactivated, demoted or deleted by hand in the database loses the cached session', async () => {
    const [a, b, c] = [await t.factory.student(), await t.factory.student(), await t.factory.student()];
    for (const u of [a, b, c]) expect((await t.as(u.token).get('/api/student/my-classes')).status).toBe(200);

    await t.db.execute(sql`update users set status = 0 where id = ${a.id}`);
    await t.db.execute(sql`update users set role_id = 2 where id = ${b.id}`);
    await t.db.execute(sql`delete from users where id = ${c.id}`);

    await t.database.settle();
    expect((await t.as(a.token).get('/api/student/my-classes')).status).toBe(401);
    expect((await t.as(b.token).get('/api/student/my-classes')).body).toEqual({ success: false, message: MSG.forbidden });
    expect((await t.as(c.token).get('/api/student/my-classes')).status).toBe(401);
  });

  it('a token deleted by hand, or after a password change, ends at once on this instance', async () => {
    const u = await t.factory.student({ password: 'siswa123' });
    const other = (await t.as().post('/api/login', { username: u.username, password: 'siswa123' })).body.data.token as string;
    expect((await t.as(other).get('/api/me')).status).toBe(200);
    expect((await t.as(u.token).get('/api/me')).status).toBe(200);

    // Through the API: the answer comes after the cache has forgotten the other session.
    const changed = await t.as(u.token).patch('/api/profile/update-password', { password: 'siswa123', new_password: 'baru12345', new_password_confirmation: 'baru12345' });
    expect(changed.body).toEqual({ success: true, message: MSG.passwordChanged });
    expect((await t.as(other).get('/api/me')).status).toBe(401);
    expect((await t.as(u.token).get('/api/me')).status).toBe(200);

    // By hand.
    await t.db.execute(sql`delete from auth_tokens where user_id = ${u.id}`);
    await t.database.settle();
    expect((await t.as(u.token).get('/api/me')).status).toBe(401);
  });

  // The embedded database has no connection to lose.
  if (dbKind === 'postgres') it('keeps working, uncached, while the listening connection is down, and caches again once it is back', async () => {
    const u = await t.factory.student();
    expect((await t.as(u.token).get('/api/me')).status).toBe(200);
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const killed = await pool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'kelasku-listen'",
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    // Down: every request asks the database, so a change by hand is seen at once.
    await expect.poll(() => t.app.sessions.size, soon).toBe(0);
    await t.db.execute(sql`update users set status = 0 where id = ${u.id}`);
    expect((await t.as(u.token).get('/api/me')).status).toBe(401);
    await t.db.execute(sql`update users set status = 1 where id = ${u.id}`);
    expect((await t.as(u.token).get('/api/me')).status).toBe(200);
    // Back within a few seconds: the session is kept again.
    await expect
      .poll(
        async () => {
          await t.as(u.token).get('/api/me');
          return statementsOf(() => t.as(u.token).get('/api/me'));
        },
        { timeout: 5000, interval: 200 },
      )
      .toBe(await statementsOf(() => t.as(u.token).get('/api/me')) - 1);
  });
});

describe('SessionCache bounds', () => {
  const user = (id: number) => ({ tokenId: id, id, roleId: 3, name: `u${id}`, username: `u${id}` });
  const live = () => {
    const cache = new SessionCache({ ttlMs: 1000, maxEntries: 3 });
    cache.setLive(true);
    return cache;
  };

  it('keeps at most maxEntries sessions, dropping the oldest', () => {
    const cache = live();
    for (let i = 1; i <= 4; i++) cache.set(`h${i}`, user(i), 0, cache.mark(), 0);
    expect(cache.size).toBe(3);
    expect(cache.get('h1', 1)).toBeUndefined();
    expect(cache.get('h4', 1)?.user.id).toBe(4);
  });

  it('forgets an entry after its time to live and refuses what was read before an eviction', () => {
    const cache = live();
    cache.set('h1', user(1), 0, cache.mark(), 0);
    expect(cache.get('h1', 1000)?.user.id).toBe(1);
    expect(cache.get('h1', 1001)).toBeUndefined();
    const mark = cache.mark();
    cache.evictUser(99);
    cache.set('h2', user(2), 0, mark, 0);
    expect(cache.get('h2', 1)).toBeUndefined();
  });
});
