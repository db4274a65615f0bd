import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@kelasku/contract';
import { useTestApp } from './helpers.js';
import { authTokens } from '../src/db/schema.js';

const t = useTestApp();

describe('POST /api/login', () => {
  it('logs in with the username and with the e-mail address, returning a token and the session user', async () => {
    const u = await t.factory.teacher({ username: 'bu_ani', email: 'ani@sekolah.id', password: 'guru123', name: 'Ani Wijaya' });
    for (const login of ['bu_ani', 'ANI@sekolah.id']) {
      const res = await t.as().post('/api/login', { username: login, password: 'guru123' });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.data.user).toEqual({
        id: u.id,
        name: 'Ani Wijaya',
        username: 'bu_ani',
        email: 'ani@sekolah.id',
        role: 'teacher',
        avatar: null,
        must_change_password: false,
      });
    }
  });

  it('stores only a hash of the token', async () => {
    const u = await t.factory.student({ password: 'siswa123' });
    const res = await t.as().post('/api/login', { username: u.username, password: 'siswa123' });
    const token: string = res.body.data.token;
    const rows = await t.db.select().from(authTokens);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('refuses a wrong password and an unknown user with the same message', async () => {
    const u = await t.factory.student();
    const wrong = await t.as().post('/api/login', { username: u.username, password: 'salah123' });
    const unknown = await t.as().post('/api/login', { username: 'tidak_ada', password: 'salah123' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: 'Username atau password salah' });
    }
  });

  it('refuses empty fields with 422 and the field messages', async () => {
    const res = await t.as().post('/api/login', { username: '', password: '' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ username: [MSG.required], password: [MSG.required] });
  });

  it('answers malformed JSON with 400 and a too-large body with 413, never 500', async () => {
    const bad = await t.as().request('POST', '/api/login', '{"username":', { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: MSG.malformed });
    const huge = await t.as().request('POST', '/api/login', JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'x' }), {
      'content-type': 'application/json',
    });
    expect(huge.status).toBe(413);
    expect(huge.body.success).toBe(false);
  });

  it('refuses an inactive user', async () => {
    const u = await t.factory.student({ status: 0, password: 'siswa123' });
    const res = await t.as().post('/api/login', { username: u.username, password: 'siswa123' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.loginInactive);
  });

  it('rate-limits failures per username with 429 and an Indonesian message', async () => {
    const u = await t.factory.student({ password: 'benar123' });
    for (let i = 0; i < 10; i++) {
      expect((await t.as().post('/api/login', { username: u.username, password: `salah${i}` })).status).toBe(401);
    }
    const blocked = await t.as().post('/api/login', { username: u.username, password: 'benar123' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ success: false, message: MSG.loginRateLimited });
  });
});

describe('GET /api/me and POST /api/logout', () => {
  it('answers 401 without a token, with an unknown token and with a malformed header', async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer abcdefghijklmnopqrstuvwxyz0123456789' },
      { authorization: 'Basic eDp5' },
    ];
    for (const headers of cases) {
      const res = await t.as().request('GET', '/api/me', undefined, headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: MSG.unauthenticated });
    }
  });

  it('returns the profile of each role', async () => {
    const teacher = await t.factory.teacher({ name: 'Pak Guru' });
    const me = await t.as(teacher.token).get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      id: teacher.id,
      name: 'Pak Guru',
      role: 'teacher',
      role_id: 2,
      must_change_password: false,
      teacher: { nip: '198001012005011001', nik: '3471010101800001' },
      student: null,
    });
    // No password or hash: "password" appears only in the name of the flag must_change_password.
    expect(JSON.stringify(me.body).replaceAll('"must_change_password"', '')).not.toContain('password');

    const student = await t.factory.student();
    const sme = await t.as(student.token).get('/api/me');
    expect(sme.body.data).toMatchObject({
      role: 'student',
      role_id: 3,
      teacher: null,
      student: { nis: '1234', nisn: student.nisn, rombel_id: 1, rombel_name: 'X TKJ 1' },
    });

    const admin = await t.factory.admin();
    const ame = await t.as(admin.token).get('/api/me');
    expect(ame.body.data).toMatchObject({ role: 'admin', role_id: 1, teacher: null, student: null });
  });

  it('logout revokes the token', async () => {
    const u = await t.factory.student();
    expect((await t.as(u.token).post('/api/logout')).body).toEqual({ success: true, message: MSG.logoutSuccess });
    expect((await t.as(u.token).get('/api/me')).status).toBe(401);
  });

  it('a token idle for more than 30 days is dead', async () => {
    const u = await t.factory.student();
    await t.db.execute(sql`update auth_tokens set last_used_at = now() - interval '31 days' where user_id = ${u.id}`);
    expect((await t.as(u.token).get('/api/me')).status).toBe(401);
  });

  it('a deactivated user loses access at once', async () => {
    const u = await t.factory.student();
    expect((await t.as(u.token).get('/api/me')).status).toBe(200);
    await t.db.execute(sql`update users set status = 0 where id = ${u.id}`);
    expect((await t.as(u.token).get('/api/me')).status).toBe(401);
  });
});

describe('role areas', () => {
  it('answers 403 to another role and 401 without a token', async () => {
    const [admin, teacher, student] = [await t.factory.admin(), await t.factory.teacher(), await t.factory.student()];
    const areas = { '/api/admin/dashboard/users': admin, '/api/teacher/online-classes': teacher, '/api/student/my-classes': student };
    for (const [url, owner] of Object.entries(areas)) {
      for (const u of [admin, teacher, student]) {
        if (u === owner) continue;
        const res = await t.as(u.token).get(url);
        expect(res.status, `${u.username} on ${url}`).toBe(403);
        expect(res.body).toEqual({ success: false, message: MSG.forbidden });
      }
      expect((await t.as().get(url)).status).toBe(401);
    }
  });
});

describe('system', () => {
  it('GET /api/health answers 200', async () => {
    expect((await t.as().get('/api/health')).body).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('serves the OpenAPI document with the session routes', async () => {
    const res = await t.as().get('/api/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/logout', '/api/me', '/api/profile/{id}']));
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await t.as().get('/api/tidak-ada');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: MSG.routeNotFound });
  });
});
