/**
 * "Ganti password saat masuk" (DECISIONS "Sessions and passwords"): a user the admin flagged must set
 * a new password before anything else works. Every route of the server's own route table is tried.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_MSG, MSG, ROLE_IDS } from '@kelasku/contract';
import { useTestApp } from './helpers.js';
import { fingerprint } from './hardening.js';
import { users } from '../src/db/schema.js';

const t = useTestApp();
const USERS = '/api/admin/resources/users';
const PASSWORD = '/api/profile/update-password';

/** What a flagged user may still do: see who they are, set the password, log out. */
const ALLOWED = new Set(['GET /api/me', `PATCH ${PASSWORD}`, 'POST /api/logout']);
/** Routes without a session (login, a parent's code check and sign-up, health and readiness, signed links to a file or the submissions ZIP, a calendar feed whose address is its secret, the API docs). */
const isPublic = (url: string) =>
  url === '/api/login' ||
  url === '/api/pairing-codes/check' ||
  url === '/api/parent-signup' ||
  url === '/api/health' ||
  url === '/api/ready' ||
  url === '/api/files/:id' ||
  url.startsWith('/api/downloads/') ||
  url.startsWith('/api/calendar/feed/') ||
  url.startsWith('/api/docs');

const flagOf = async (id: number) => (await t.db.select({ f: users.mustChangePassword }).from(users).where(eq(users.id, id)))[0]!.f;
const login = (username: string, password: string) => t.as().post('/api/login', { username, password });

/** Every authenticated route of the server once per method, with ids that exist in the test database. */
function authedRoutes(): Array<{ method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; key: string }> {
  const methods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  return t.app.routeTable
    .filter((r) => r.url.startsWith('/api') && !isPublic(r.url) && methods.has(r.method))
    .map((r) => ({ method: r.method as 'GET', url: r.url.replace(/:\w+/g, '1').replace('*', 'apa-saja'), key: `${r.method} ${r.url}` }));
}

describe('a user who must change the password', () => {
  it.each(['admin', 'teacher', 'student'] as const)(
    'a %s gets 403 on every route but /api/me, the change and logout; nothing changes',
    async (role) => {
      const me = await t.factory[role]({ mustChangePassword: true });
      const routes = authedRoutes().filter((r) => !ALLOWED.has(r.key));
      expect(routes.length).toBeGreaterThan(60);
      const before = await fingerprint(t);
      const wrong: string[] = [];
      for (const r of routes) {
        const res = await t.as(me.token).request(r.method, r.url, r.method === 'GET' || r.method === 'DELETE' ? undefined : {});
        if (res.status !== 403 || JSON.stringify(res.body) !== JSON.stringify({ success: false, message: MSG.passwordChangeRequired })) {
          wrong.push(`${r.method} ${r.url}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(await fingerprint(t)).toBe(before);

      // Who they are, with the flag, so the browser shows only the change-password form.
      const who = await t.as(me.token).get('/api/me');
      expect(who.status).toBe(200);
      expect(who.body.data).toMatchObject({ id: me.id, role, must_change_password: true });
      // A login says it too.
      const again = await login(me.username, me.password);
      expect(again.status).toBe(200);
      expect(again.body.data.user.must_change_password).toBe(true);
    },
  );

  it('sets a new password: the flag is cleared, the session ends, and with a fresh login every route works again', async () => {
    const me = await t.factory.teacher({ mustChangePassword: true, password: 'Lama#123' });
    const klass = await t.factory.onlineClass(me.id);
    expect((await t.as(me.token).get('/api/teacher/online-classes')).status).toBe(403);

    // The same rules as any change: a wrong current password is 422 and changes nothing.
    const wrong = await t
      .as(me.token)
      .patch(PASSWORD, { password: 'Salah#123', new_password: 'Baru#123', new_password_confirmation: 'Baru#123' });
    expect(wrong.status).toBe(422);
    expect(await flagOf(me.id)).toBe(true);

    const res = await t
      .as(me.token)
      .patch(PASSWORD, { password: 'Lama#123', new_password: 'Baru#123', new_password_confirmation: 'Baru#123' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MSG.passwordChanged });
    expect(await flagOf(me.id)).toBe(false);
    expect((await t.as(me.token).get('/api/me')).status).toBe(401);

    const fresh = await login(me.username, 'Baru#123');
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.user.must_change_password).toBe(false);
    const token: string = fresh.body.data.token;
    expect((await t.as(token).get('/api/me')).body.data.must_change_password).toBe(false);
    const list = await t.as(token).get('/api/teacher/online-classes');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).toContain(klass.name);
    expect((await t.as(token).get('/api/rombel-classes')).status).toBe(200);
  });

  it('takes a 64-character first password and refuses a 65-character one with the exact message', async () => {
    const me = await t.factory.student({ mustChangePassword: true, password: 'Awal#123' });
    const long = 'Pertama#64'.padEnd(64, 'q');
    const tooLong = `${long}q`;
    const refused = await t
      .as(me.token)
      .patch(PASSWORD, { password: 'Awal#123', new_password: tooLong, new_password_confirmation: tooLong });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      success: false,
      message: 'Password harus 5 sampai 64 karakter',
      errors: { new_password: ['Password harus 5 sampai 64 karakter'] },
    });
    expect(await flagOf(me.id)).toBe(true);
    const res = await t.as(me.token).patch(PASSWORD, { password: 'Awal#123', new_password: long, new_password_confirmation: long });
    expect(res.status).toBe(200);
    const fresh = await login(me.username, long);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.user.must_change_password).toBe(false);
  });

  it('may log out', async () => {
    const me = await t.factory.student({ mustChangePassword: true });
    expect((await t.as(me.token).post('/api/logout')).status).toBe(200);
    expect((await t.as(me.token).get('/api/me')).status).toBe(401);
  });
});

describe('the admin sets and clears the flag', () => {
  it('on create (POST) and edit (PUT); left out on edit it stays as it is', async () => {
    const admin = await t.factory.admin();
    const username = `wajibganti${Date.now() % 100000}`;
    const created = await t.as(admin.token).post(USERS, {
      role: ROLE_IDS.student,
      name: 'Siswa Baru',
      gender: 'L',
      username,
      password: 'rahasia1',
      must_change_password: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.must_change_password).toBe(true);
    const id: number = created.body.data.id;
    const session = await login(username, 'rahasia1');
    expect(session.body.data.user.must_change_password).toBe(true);
    const token: string = session.body.data.token;
    expect((await t.as(token).get('/api/student/my-classes')).status).toBe(403);

    const edit = { name: 'Siswa Baru', gender: 'L', username };
    const kept = await t.as(admin.token).put(`${USERS}/${id}`, edit);
    expect(kept.status).toBe(200);
    expect(kept.body.data.must_change_password).toBe(true);

    // Cleared by the admin: the same session works at once.
    const cleared = await t.as(admin.token).put(`${USERS}/${id}`, { ...edit, must_change_password: false });
    expect(cleared.body.data.must_change_password).toBe(false);
    expect((await t.as(token).get('/api/student/my-classes')).status).toBe(200);
    expect((await t.as(admin.token).get(`${USERS}/${id}`)).body.data.must_change_password).toBe(false);

    // Set again (as a form sends it, "1"): the session is held at once.
    const set = await t.as(admin.token).put(`${USERS}/${id}`, { ...edit, must_change_password: '1' });
    expect(set.body.data.must_change_password).toBe(true);
    const held = await t.as(token).get('/api/student/my-classes');
    expect(held.status).toBe(403);
    expect(held.body).toEqual({ success: false, message: MSG.passwordChangeRequired });

    // Not set on create: false.
    const plain = await t
      .as(admin.token)
      .post(USERS, { role: ROLE_IDS.teacher, name: 'Guru Baru', gender: 'P', username: `${username}g`, password: 'rahasia1' });
    expect(plain.body.data.must_change_password).toBe(false);
  });

  it('refuses a value that is not yes or no with 422 and the field message', async () => {
    const admin = await t.factory.admin();
    const target = await t.factory.student();
    for (const value of ['ya', 2, -1, {}, [true], 'truee']) {
      const create = await t.as(admin.token).post(USERS, {
        role: ROLE_IDS.student,
        name: 'Siswa',
        gender: 'L',
        username: `salah${Date.now() % 100000}`,
        password: 'rahasia1',
        must_change_password: value,
      });
      const edit = await t
        .as(admin.token)
        .put(`${USERS}/${target.id}`, { name: target.name, gender: 'L', username: target.username, must_change_password: value });
      for (const res of [create, edit]) {
        expect(res.status, JSON.stringify(value)).toBe(422);
        expect(res.body).toEqual({
          success: false,
          message: ADMIN_MSG.mustChangePasswordInvalid,
          errors: { must_change_password: [ADMIN_MSG.mustChangePasswordInvalid] },
        });
      }
    }
    expect(await flagOf(target.id)).toBe(false);
  });
});
