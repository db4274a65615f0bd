/**
 * Sign-in limits (DECISIONS "Sessions and passwords") against hostile bursts: an attempt is counted
 * before its password is checked, so parallel guesses check at most the allowed number; an account
 * is one account however it is typed; an address is slowed, never locked; a client-written
 * X-Forwarded-For never chooses the counted address; the password change counts the same; the
 * admin sees a locked account and can lift the lock; the nightly clean-up forgets ended windows and
 * idle sessions.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@kelasku/contract';
import { LOGIN_LIMITS } from '../src/auth/login-limits.js';
import { hashToken } from '../src/auth/tokens.js';
import { authTokens } from '../src/db/schema.js';
import { runCleanup } from '../src/features/notifications/jobs.js';
import { useTestApp, type TestContext } from './helpers.js';

const t = useTestApp();
const proxied = useTestApp({ TRUST_PROXY: '1' });

/** A login from a connection address, with extra headers (X-Forwarded-For). */
async function login(ctx: TestContext, username: string, password: string, from = '198.51.100.7', headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: from,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ username, password }),
  });
  return { status: res.statusCode, body: res.json() };
}

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((n, s) => ({ ...n, [s]: (n[s] ?? 0) + 1 }), {});

describe('a burst of wrong passwords', () => {
  it('400 parallel guesses on one account from one address check 10 passwords; the right one is refused after', async () => {
    const u = await t.factory.student({ password: 'benar123' });
    const guesses = Array.from({ length: 400 }, (_, i) => login(t, u.username, `salah${i}`, '198.51.100.10'));
    const statuses = (await Promise.all(guesses)).map((r) => r.status);
    expect(tally(statuses)).toEqual({ 401: LOGIN_LIMITS.perAccountAndAddress, 429: 400 - LOGIN_LIMITS.perAccountAndAddress });
    console.info(`burst: 400 sent, ${tally(statuses)[401]} passwords checked, ${tally(statuses)[429]} refused with 429`);
    const right = await login(t, u.username, 'benar123', '198.51.100.10');
    expect(right).toEqual({ status: 429, body: { success: false, message: MSG.loginRateLimited } });
    // Another address is a separate pair: the owner still gets in from home.
    expect((await login(t, u.username, 'benar123', '203.0.113.20')).status).toBe(200);
  });

  it('counts the username and the e-mail address as one account', async () => {
    const u = await t.factory.student({ password: 'benar123' });
    for (let i = 0; i < 6; i++) expect((await login(t, u.username, `salah${i}`, '198.51.100.11')).status).toBe(401);
    for (let i = 0; i < 4; i++) expect((await login(t, u.email.toUpperCase(), `salah${i}`, '198.51.100.11')).status).toBe(401);
    expect((await login(t, u.email, 'benar123', '198.51.100.11')).status).toBe(429);
    expect((await login(t, u.username, 'benar123', '198.51.100.11')).status).toBe(429);
  });

  it('counts an unknown name under the text typed, so guessing names is limited too', async () => {
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => login(t, 'Tidak.Ada', `x${i}`, '198.51.100.12')));
    expect(tally(statuses.map((r) => r.status))).toEqual({ 401: 10, 429: 20 });
    expect((await login(t, 'tidak.ada', 'x', '198.51.100.12')).status).toBe(429);
  });

  it('locks an account everywhere after 50 failures from many addresses, shows it to the admin, who lifts it', async () => {
    const admin = await t.factory.admin();
    const u = await t.factory.teacher({ password: 'guru123' });
    // 5 addresses × 10 failures: each pair reaches its own limit, the account its limit of 50.
    const bursts = Array.from({ length: 5 }, (_, a) =>
      Promise.all(Array.from({ length: 10 }, (_, i) => login(t, u.username, `salah${i}`, `192.0.2.${a + 1}`))),
    );
    expect((await Promise.all(bursts)).flat().every((r) => r.status === 401)).toBe(true);
    expect((await login(t, u.username, 'guru123', '192.0.2.99')).status).toBe(429);

    const list = await t.as(admin.token).get(`/api/admin/resources/users?q=${u.username}`);
    expect(list.body.data.find((x: { id: number }) => x.id === u.id)).toMatchObject({ locked: true });
    const lifted = await t.as(admin.token).delete(`/api/admin/resources/users/${u.id}/login-lock`);
    expect(lifted.status).toBe(200);
    expect(lifted.body).toMatchObject({
      success: true,
      message: 'Kunci akun dibuka. User dapat masuk kembali.',
      data: { id: u.id, locked: false },
    });
    expect((await login(t, u.username, 'guru123', '192.0.2.1')).status).toBe(200);
    const other = await t.factory.student();
    expect((await t.as(admin.token).get(`/api/admin/resources/users/${other.id}`)).body.data.locked).toBe(false);
    expect((await t.as(other.token).delete(`/api/admin/resources/users/${u.id}/login-lock`)).status).toBe(403);
  });
});

describe('a school behind one address', () => {
  it('60 failures from one address slow it down but never lock it: another user then logs in, after the delay', async () => {
    const address = '198.51.100.60';
    // 60 different (unknown) names, so no account reaches a limit: only the address is busy.
    const failures = await Promise.all(Array.from({ length: 60 }, (_, i) => login(t, `tebakan${i}`, 'salah123', address)));
    expect(failures.every((r) => r.status === 401)).toBe(true);
    const classmate = await t.factory.student({ password: 'siswa123' });
    const started = Date.now();
    const res = await login(t, classmate.username, 'siswa123', address);
    const waited = Date.now() - started;
    expect(res.status).toBe(200);
    // 60 failures before it: 11 past the 50, capped at 10 s.
    expect(waited).toBeGreaterThanOrEqual(LOGIN_LIMITS.addressMaxDelaySeconds * 1000 - 50);
    // A quiet address is not slowed at all.
    expect((await login(t, classmate.username, 'siswa123', '198.51.100.61')).status).toBe(200);
  }, 90_000);
});

describe('the counted address', () => {
  it("without TRUST_PROXY is the connection's, whatever X-Forwarded-For says", async () => {
    const u = await t.factory.student({ password: 'benar123' });
    for (let i = 0; i < 10; i++) {
      const spoofed = { 'x-forwarded-for': `10.9.${i}.${i}` };
      expect((await login(t, u.username, `salah${i}`, '198.51.100.70', spoofed)).status).toBe(401);
    }
    expect((await login(t, u.username, 'benar123', '198.51.100.70', { 'x-forwarded-for': '10.200.0.1' })).status).toBe(429);
  });

  it('with TRUST_PROXY=1 is the one the proxy saw, not what the client wrote before it', async () => {
    const u = await proxied.factory.student({ password: 'benar123' });
    const proxy = '10.0.0.2';
    for (let i = 0; i < 10; i++) {
      // The client writes its own X-Forwarded-For; the proxy appends the address it saw.
      const res = await login(proxied, u.username, `salah${i}`, proxy, { 'x-forwarded-for': `172.16.${i}.1, 203.0.113.5` });
      expect(res.status).toBe(401);
    }
    expect((await login(proxied, u.username, 'benar123', proxy, { 'x-forwarded-for': '172.31.9.9, 203.0.113.5' })).status).toBe(429);
    // Another browser behind the same proxy is another pair.
    expect((await login(proxied, u.username, 'benar123', proxy, { 'x-forwarded-for': '203.0.113.6' })).status).toBe(200);
  });
});

describe('the password change', () => {
  it('counts a wrong current password like a failed login, on the same account and address', async () => {
    const u = await t.factory.student({ password: 'lama123' });
    const change = (password: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/profile/update-password',
        remoteAddress: '198.51.100.80',
        headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ password, new_password: 'baru123', new_password_confirmation: 'baru123' }),
      });
    const results = await Promise.all(Array.from({ length: 25 }, (_, i) => change(`salah${i}`)));
    expect(tally(results.map((r) => r.statusCode))).toEqual({ 422: 10, 429: 15 });
    expect((await change('lama123')).statusCode).toBe(429);
    expect((await login(t, u.username, 'lama123', '198.51.100.80')).status).toBe(429);
  });

  it('ends every session of the user, the one that made the change included', async () => {
    const u = await t.factory.teacher({ password: 'lama123' });
    const other = (await login(t, u.username, 'lama123', '198.51.100.81')).body.data.token as string;
    const res = await t
      .as(u.token)
      .patch('/api/profile/update-password', { password: 'lama123', new_password: 'baru123', new_password_confirmation: 'baru123' });
    expect(res.status).toBe(200);
    expect((await t.as(u.token).get('/api/me')).status).toBe(401);
    expect((await t.as(other).get('/api/me')).status).toBe(401);
    expect((await login(t, u.username, 'baru123', '198.51.100.81')).status).toBe(200);
  });
});

describe('the nightly clean-up', () => {
  it('forgets counters whose window ended a day ago and keeps a lock still in its window', async () => {
    const locked = await t.factory.student({ password: 'benar123' });
    const past = await t.factory.student({ password: 'benar123' });
    for (const [u, from] of [
      [locked, '198.51.100.90'],
      [past, '198.51.100.91'],
    ] as const) {
      for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress; i++) expect((await login(t, u.username, `salah${i}`, from)).status).toBe(401);
    }
    const pastKeys = sql`(key = ${`a:${past.id}`} or key like ${`a:${past.id}|%`})`;
    await t.db.execute(sql`update login_failures set window_start = now() - interval '25 hours' where ${pastKeys}`);
    await runCleanup(t.app);
    expect((await login(t, locked.username, 'benar123', '198.51.100.90')).status).toBe(429);
    const left = await t.db.execute<{ key: string }>(sql`select key from login_failures where ${pastKeys}`);
    expect(left.rows).toEqual([]);
    expect((await login(t, past.username, 'benar123', '198.51.100.91')).status).toBe(200);
  });

  it('drops sessions idle past 30 days and keeps one idle for 29', async () => {
    const u = await t.factory.teacher({ password: 'guru123' });
    const phone = (await login(t, u.username, 'guru123', '198.51.100.92')).body.data.token as string;
    await t.db.execute(sql`update auth_tokens set last_used_at = now() - interval '31 days' where user_id = ${u.id}`);
    await t.db.execute(sql`update auth_tokens set last_used_at = now() - interval '29 days' where token_hash = ${hashToken(phone)}`);
    await runCleanup(t.app);
    const left = await t.db.select({ tokenHash: authTokens.tokenHash }).from(authTokens).where(eq(authTokens.userId, u.id));
    expect(left).toEqual([{ tokenHash: hashToken(phone) }]);
    expect((await t.as(phone).get('/api/me')).status).toBe(200);
    expect((await t.as(u.token).get('/api/me')).status).toBe(401);
  });
});
