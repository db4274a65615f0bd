import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.js';
import { expectAdminOnly, statementsDuring } from './admin-access.js';

const t = useTestApp();

describe('GET /api/admin/dashboard/users', () => {
  it('gives the admin the four totals, counting every account of each role', async () => {
    const admin = await t.factory.admin();
    const before = (await t.as(admin.token).get('/api/admin/dashboard/users')).body.data;
    await t.factory.admin();
    await t.factory.teacher();
    await t.factory.teacher();
    await t.factory.student();
    await t.factory.student({ status: 0 });
    await t.factory.student({ rombelId: null });
    const res = await t.as(admin.token).get('/api/admin/dashboard/users');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toEqual({
      total_users: before.total_users + 6,
      total_admin: before.total_admin + 1,
      total_teachers: before.total_teachers + 2,
      total_students: before.total_students + 3,
    });
    const d = res.body.data;
    expect(d.total_users).toBe(d.total_admin + d.total_teachers + d.total_students);
  });

  it('counts in a fixed number of statements, however many users there are', async () => {
    const admin = await t.factory.admin();
    const call = () => t.as(admin.token).get('/api/admin/dashboard/users');
    const few = await statementsDuring(t, call);
    for (let i = 0; i < 10; i++) await t.factory.student();
    const many = await statementsDuring(t, call);
    expect(many).toBe(few);
    expect(few).toBe(2); // the session's token lookup and the one count query
  });

  it('refuses teachers and students (403) and callers without a token (401)', async () => {
    await expectAdminOnly(t, [['GET', '/api/admin/dashboard/users']]);
  });
});

describe('OpenAPI', () => {
  it('documents every admin endpoint of users, rombels and motivational words with their schemas', async () => {
    const res = await t.as().get('/api/docs/json');
    expect(res.status).toBe(200);
    const paths = res.body.paths as Record<string, Record<string, any>>;
    const expected: Array<[string, string[]]> = [
      ['/api/admin/dashboard/users', ['get']],
      ['/api/admin/resources/users', ['get', 'post']],
      ['/api/admin/resources/users/{id}', ['get', 'put', 'delete']],
      ['/api/admin/resources/departments', ['get']],
      ['/api/admin/resources/rombel-classes', ['get', 'post']],
      ['/api/admin/resources/rombel-classes/{id}', ['get', 'put', 'delete']],
      ['/api/rombel-classes', ['get']],
      ['/api/admin/resources/motivational-words', ['get', 'post']],
      ['/api/admin/resources/motivational-words/{id}', ['get', 'put', 'delete']],
      ['/api/student/random-motivational-word', ['get']],
    ];
    for (const [path, methods] of expected) {
      for (const m of methods) {
        expect(paths[path]?.[m], `${m} ${path}`).toBeDefined();
        expect(Object.keys(paths[path]![m].responses)).toContain(m === 'post' ? '201' : '200');
      }
    }
    const create = paths['/api/admin/resources/users']!.post.requestBody.content['application/json'].schema;
    expect(Object.keys(create.properties)).toEqual(
      expect.arrayContaining(['role', 'name', 'gender', 'email', 'username', 'password', 'confirm_password']),
    );
  });
});
