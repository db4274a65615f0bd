import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ADMIN_MSG, MSG, ROLE_IDS } from '@kelasku/contract';
import { samples, useTestApp } from './helpers.js';
import { expectAdminOnly, statementsDuring } from './admin-access.js';
import { comments, storedFiles, students, submissions, teachers, users } from '../src/db/schema.js';

const t = useTestApp();
const USERS = '/api/admin/resources/users';

const newUser = (over: Record<string, unknown> = {}) => ({
  role: ROLE_IDS.student,
  name: 'Siti Aminah',
  gender: 'P',
  email: null,
  username: `siti${Math.random().toString(36).slice(2, 8)}`,
  password: 'rahasia1',
  confirm_password: 'rahasia1',
  ...over,
});

/** The edit form's body for an existing user, as the screen sends it (status 1, no password). */
const editOf = (u: { name: string; username: string; email: string }, over: Record<string, unknown> = {}) => ({
  name: u.name,
  gender: 'L',
  username: u.username,
  email: u.email,
  birthday: '2008-05-17',
  religion: 'Islam',
  address: 'Jl. Merdeka 1',
  telpon: '0812-3456-7890',
  status: 1,
  ...over,
});

const login = (username: string, password: string) => t.as().post('/api/login', { username, password });

/** A raw answer without the key "must_change_password", so that a check for passwords in it means the values. */
const withoutFlag = (raw: string) => raw.replaceAll('"must_change_password"', '');

describe('access', () => {
  it('refuses every endpoint to teachers and students (403) and to callers without a token (401)', async () => {
    const target = await t.factory.student();
    await expectAdminOnly(t, [
      ['GET', USERS],
      ['POST', USERS, newUser()],
      ['GET', `${USERS}/${target.id}`],
      ['PUT', `${USERS}/${target.id}`, editOf(target)],
      ['PATCH', `${USERS}/${target.id}/status`, { status: 0 }],
      ['GET', `${USERS}/${target.id}/delete-impact`],
      ['GET', `${USERS}?status=inactive`],
      ['DELETE', `${USERS}/${target.id}`],
    ]);
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ status: 1 });
  });
});

describe('GET /api/admin/resources/users', () => {
  it('lists every other user sorted by role then name, with details and never a password', async () => {
    const admin = await t.factory.admin({ name: 'Admin Utama' });
    const otherAdmin = await t.factory.admin({ name: 'Zaki Admin' });
    const teacher = await t.factory.teacher({ name: 'Budi Guru' });
    const studentB = await t.factory.student({ name: 'Bagus Siswa', rombelId: 2 });
    const studentA = await t.factory.student({ name: 'Ani Siswa', rombelId: 1 });
    const res = await t.as(admin.token).get(USERS);
    expect(res.status).toBe(200);
    const list: any[] = res.body.data;
    const ids = list.map((u) => u.id);
    expect(ids).not.toContain(admin.id);
    for (const id of [otherAdmin.id, teacher.id, studentA.id, studentB.id]) expect(ids).toContain(id);
    const order = list.map((u) => [u.role_id, u.name.toLowerCase()] as const);
    const sorted = [...order].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    expect(order).toEqual(sorted);
    expect(ids.indexOf(studentA.id)).toBeLessThan(ids.indexOf(studentB.id));

    const t1 = list.find((u) => u.id === teacher.id);
    expect(t1).toEqual({
      id: teacher.id,
      name: 'Budi Guru',
      username: teacher.username,
      email: teacher.email,
      gender: 'L',
      religion: null,
      birthday: null,
      address: null,
      telpon: null,
      status: 1,
      role: 'teacher',
      role_id: 2,
      role_label: 'Guru',
      avatar: null,
      must_change_password: false,
      teacher: { nip: '198001012005011001', nik: '3471010101800001' },
      student: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      locked: false,
    });
    const s1 = list.find((u) => u.id === studentB.id);
    expect(s1.role_label).toBe('Siswa');
    expect(s1.student).toEqual({ nis: '1234', nisn: studentB.nisn, rombel_id: 2, rombel_name: 'X TKJ 2' });
    expect(s1.teacher).toBeNull();
    expect(list.find((u) => u.id === otherAdmin.id).role_label).toBe('Admin');
    // "password" appears only in the name of the flag must_change_password.
    expect(withoutFlag(res.raw.body)).not.toMatch(/password|argon2/i);
  });

  it('runs a fixed number of statements however many users there are', async () => {
    const admin = await t.factory.admin();
    const call = () => t.as(admin.token).get(USERS);
    const few = await statementsDuring(t, call);
    for (let i = 0; i < 8; i++) await t.factory.teacher();
    for (let i = 0; i < 8; i++) await t.factory.student();
    expect(await statementsDuring(t, call)).toBe(few);
  });
});

describe('GET /api/admin/resources/users?rombel_id=', () => {
  it('lists the students of one rombel, with the other filters and the total', async () => {
    const admin = await t.factory.admin();
    const rombel = await t.factory.rombel();
    const tag = `Rombel${Date.now() % 100000}`;
    const a = await t.factory.student({ name: `${tag} A`, rombelId: rombel.id });
    const b = await t.factory.student({ name: `${tag} B`, rombelId: rombel.id, status: 0 });
    await t.factory.student({ name: `${tag} C` });
    const ids = async (query: string) => {
      const res = await t.as(admin.token).get(`${USERS}?q=${tag}&${query}`);
      expect([res.status, res.body.meta.total], query).toEqual([200, res.body.data.length]);
      return res.body.data.map((u: { id: number }) => u.id);
    };
    expect(await ids(`rombel_id=${rombel.id}`)).toEqual([a.id, b.id]);
    expect(await ids(`rombel_id=${rombel.id}&status=active`)).toEqual([a.id]);
    expect(await ids(`rombel_id=2000000000`)).toEqual([]);
    expect((await t.as(admin.token).get(`${USERS}?rombel_id=x`)).status).toBe(422);
  });
});

describe('GET /api/admin/resources/users?status=', () => {
  it('filters active or inactive users, with the other filters and the total; no status lists both', async () => {
    const admin = await t.factory.admin();
    const tag = `Status${Date.now() % 100000}`;
    const active = await t.factory.student({ name: `${tag} Aktif` });
    const inactive = await t.factory.student({ name: `${tag} Nonaktif`, status: 0 });
    const inactiveTeacher = await t.factory.teacher({ name: `${tag} Guru Nonaktif`, status: 0 });
    const ids = async (query: string) => {
      const res = await t.as(admin.token).get(`${USERS}?q=${tag}&${query}`);
      expect(res.status, query).toBe(200);
      expect(res.body.meta.total, query).toBe(res.body.data.length);
      return res.body.data.map((u: { id: number; status: number }) => [u.id, u.status]);
    };
    expect(await ids('status=active')).toEqual([[active.id, 1]]);
    expect(await ids('status=inactive')).toEqual([
      [inactiveTeacher.id, 0],
      [inactive.id, 0],
    ]);
    expect(await ids('status=inactive&role=student')).toEqual([[inactive.id, 0]]);
    expect(await ids('per_page=100')).toEqual([
      [inactiveTeacher.id, 0],
      [active.id, 1],
      [inactive.id, 0],
    ]);
    // Deactivating through the edit form moves the user to the other filter.
    const off = await t.as(admin.token).put(`${USERS}/${active.id}`, editOf(active, { status: 0, birthday: null }));
    expect(off.status).toBe(200);
    expect(await ids('status=active')).toEqual([]);
  });

  it('refuses any other status with 422 and the field message', async () => {
    const admin = await t.factory.admin();
    for (const status of ['aktif', '1', '0', 'ACTIVE', '']) {
      const res = await t.as(admin.token).get(`${USERS}?status=${status}`);
      expect(res.status, status).toBe(422);
      expect(res.body).toEqual({
        success: false,
        message: ADMIN_MSG.statusFilterInvalid,
        errors: { status: [ADMIN_MSG.statusFilterInvalid] },
      });
    }
  });
});

describe('GET /api/admin/resources/users/:id/delete-impact', () => {
  it('counts what a delete would remove (submissions, graded ones, comments with the replies below) and removes nothing', async () => {
    const admin = await t.factory.admin();
    const scene = await t.factory.classScene();
    const victim = await t.factory.student({ rombelId: 1 });
    const impact = async (id: number) => {
      const res = await t.as(admin.token).get(`${USERS}/${id}/delete-impact`);
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'success']);
      return res.body.data;
    };
    expect(await impact(victim.id)).toEqual({ submissions: 0, graded: 0, comments: 0 });

    const a1 = await t.factory.assignment(scene.content.id, scene.teacher.id);
    const a2 = await t.factory.assignment(scene.content.id, scene.teacher.id);
    await t.factory.submission(a1.id, victim.id, { score: 0 });
    await t.factory.submission(a2.id, victim.id);
    await t.factory.submission(a1.id, scene.student.id, { score: 90 });
    const forum = await t.factory.forum(scene.content.id, scene.teacher.id);
    const own = await t.factory.comment(forum.id, victim.id, 'Punya korban');
    await t.factory.comment(forum.id, scene.student.id, 'Balasan orang lain', own.id);
    await t.factory.comment(
      forum.id,
      victim.id,
      'Balasan korban',
      (await t.factory.comment(forum.id, scene.student.id, 'Milik orang lain')).id,
    );
    // A score of 0 is a grade; the other student's graded work is not the victim's.
    expect(await impact(victim.id)).toEqual({ submissions: 2, graded: 1, comments: 3 });

    // A teacher: submissions to their assignments and comments in their forums go with them.
    const author = await t.factory.teacher();
    const theirs = await t.factory.assignment(scene.content.id, author.id);
    await t.factory.submission(theirs.id, scene.student.id, { score: 75 });
    const theirForum = await t.factory.forum(scene.content.id, author.id);
    await t.factory.comment(theirForum.id, scene.student.id, 'Di forum guru');
    expect(await impact(author.id)).toEqual({ submissions: 1, graded: 1, comments: 1 });

    // Nothing was removed; the counts are what the delete then removes.
    expect((await t.db.select().from(submissions).where(eq(submissions.studentId, victim.id))).length).toBe(2);
    const before = (await t.db.select().from(comments)).length;
    expect((await t.as(admin.token).delete(`${USERS}/${victim.id}`)).status).toBe(200);
    expect((await t.db.select().from(comments)).length).toBe(before - 3);
  });

  it("answers 404 for an unknown or malformed id; the admin's own account is counted too", async () => {
    const admin = await t.factory.admin();
    for (const id of ['999999', 'abc', '0', '-1', '99999999999']) {
      const res = await t.as(admin.token).get(`${USERS}/${id}/delete-impact`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ success: false, message: MSG.notFound });
    }
    expect((await t.as(admin.token).get(`${USERS}/${admin.id}/delete-impact`)).body.data).toEqual({
      submissions: 0,
      graded: 0,
      comments: 0,
    });
  });

  it('runs one statement besides the session lookup, however much the user wrote', async () => {
    const admin = await t.factory.admin();
    const scene = await t.factory.classScene();
    const call = () => t.as(admin.token).get(`${USERS}/${scene.student.id}/delete-impact`);
    const few = await statementsDuring(t, call);
    const forum = await t.factory.forum(scene.content.id, scene.teacher.id);
    for (let i = 0; i < 5; i++) await t.factory.comment(forum.id, scene.student.id, `Komentar ${i}`);
    expect(await statementsDuring(t, call)).toBe(few);
    expect(few).toBeLessThanOrEqual(2);
  });
});

describe('the user list total (per-role counts kept by triggers)', () => {
  it('follows creates, multi-row inserts, role changes and deletes, whoever makes them', async () => {
    const admin = await t.factory.admin();
    const real = async (roleId?: number) =>
      (await t.db.select({ id: users.id, roleId: users.roleId }).from(users)).filter(
        (u) => u.id !== admin.id && (roleId === undefined || u.roleId === roleId),
      ).length;
    const totals = async () => ({
      all: (await t.as(admin.token).get(`${USERS}?per_page=1`)).body.meta.total,
      admin: (await t.as(admin.token).get(`${USERS}?role=admin&per_page=1`)).body.meta.total,
      teacher: (await t.as(admin.token).get(`${USERS}?role=teacher&per_page=1`)).body.meta.total,
      student: (await t.as(admin.token).get(`${USERS}?role=student&per_page=1`)).body.meta.total,
    });
    const expectReal = async (step: string) =>
      expect(await totals(), step).toEqual({ all: await real(), admin: await real(1), teacher: await real(2), student: await real(3) });

    await expectReal('start');
    const created = await t.as(admin.token).post(USERS, newUser({ role: ROLE_IDS.student }));
    expect(created.status).toBe(201);
    await expectReal('one student created through the API');
    await t.db.insert(users).values(
      [1, 2, 3].map((i) => ({
        roleId: ROLE_IDS.teacher,
        name: `Guru Massal ${i}`,
        username: `massal${i}${Math.random().toString(36).slice(2, 6)}`,
        passwordHash: 'x',
      })),
    );
    await expectReal('three teachers in one statement');
    const u = created.body.data;
    const moved = await t.as(admin.token).put(`${USERS}/${u.id}`, editOf(u, { role: ROLE_IDS.teacher, nip: '123' }));
    expect(moved.status).toBe(200);
    await expectReal('a student became a teacher');
    await t.as(admin.token).put(`${USERS}/${u.id}`, editOf(u, { role: ROLE_IDS.teacher, name: 'Nama Baru' }));
    await expectReal('an edit that keeps the role');
    expect((await t.as(admin.token).delete(`${USERS}/${u.id}`)).status).toBe(200);
    await expectReal('deleted');
  });
});

describe('GET /api/admin/resources/users/:id', () => {
  it("shows one user, the admin's own account included", async () => {
    const admin = await t.factory.admin();
    const student = await t.factory.student({ name: 'Dewi Lestari', gender: 'P' });
    const res = await t.as(admin.token).get(`${USERS}/${student.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: student.id, name: 'Dewi Lestari', gender: 'P', role: 'student', role_label: 'Siswa' });
    expect(withoutFlag(res.raw.body)).not.toMatch(/password/i);
    const own = await t.as(admin.token).get(`${USERS}/${admin.id}`);
    expect(own.status).toBe(200);
    expect(own.body.data.role_label).toBe('Admin');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const admin = await t.factory.admin();
    for (const id of ['999999', 'abc', '0', '-1', '99999999999']) {
      const res = await t.as(admin.token).get(`${USERS}/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ success: false, message: MSG.notFound });
    }
  });
});

describe('POST /api/admin/resources/users', () => {
  it('creates a student with its student row (rombel optional) who can then log in', async () => {
    const admin = await t.factory.admin();
    const body = newUser({ name: 'Rina Putri', username: 'rina_putri', email: 'rina@sekolah.id', rombel_id: 3 });
    const res = await t.as(admin.token).post(USERS, body);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(ADMIN_MSG.userCreated);
    expect(res.body.data).toMatchObject({
      name: 'Rina Putri',
      username: 'rina_putri',
      email: 'rina@sekolah.id',
      gender: 'P',
      role: 'student',
      role_id: 3,
      status: 1,
      teacher: null,
      student: { nis: null, nisn: null, rombel_id: 3, rombel_name: 'XI TKJ 1' },
    });
    expect((await login('rina_putri', 'rahasia1')).status).toBe(200);

    const noRombel = await t.as(admin.token).post(USERS, newUser());
    expect(noRombel.status).toBe(201);
    expect(noRombel.body.data.student).toEqual({ nis: null, nisn: null, rombel_id: null, rombel_name: null });
    expect(noRombel.body.data.email).toBeNull();
  });

  it('takes the payload of SPEC §7 without confirm_password (or a blank one); a confirmation sent must match', async () => {
    const admin = await t.factory.admin();
    for (const over of [{ confirm_password: undefined }, { confirm_password: '' }, { confirm_password: null }]) {
      const body = newUser(over);
      if (over.confirm_password === undefined) delete (body as Record<string, unknown>).confirm_password;
      const res = await t.as(admin.token).post(USERS, body);
      expect(res.status, JSON.stringify(over)).toBe(201);
      expect((await login(body.username, 'rahasia1')).status).toBe(200);
    }
  });

  it('creates a teacher with its teacher row and an admin without detail rows; the role may come as a string', async () => {
    const admin = await t.factory.admin();
    const teacher = await t.as(admin.token).post(USERS, newUser({ role: '2', gender: 'L', name: 'Pak Joko', nip: '197001012000011001' }));
    expect(teacher.status).toBe(201);
    expect(teacher.body.data).toMatchObject({
      role: 'teacher',
      role_label: 'Guru',
      teacher: { nip: '197001012000011001', nik: null },
      student: null,
    });
    expect((await t.db.select().from(teachers).where(eq(teachers.userId, teacher.body.data.id))).length).toBe(1);

    const second = await t.as(admin.token).post(USERS, newUser({ role: ROLE_IDS.admin, name: 'Admin Kedua' }));
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({ role: 'admin', teacher: null, student: null });
    const id = second.body.data.id;
    expect((await t.db.select().from(teachers).where(eq(teachers.userId, id))).length).toBe(0);
    expect((await t.db.select().from(students).where(eq(students.userId, id))).length).toBe(0);
  });

  const badInputs: Array<[string, Record<string, unknown>, string, string]> = [
    ['numeric name', { name: '12345' }, 'name', MSG.nameNumeric],
    ['numeric name with spaces', { name: ' 3.14 ' }, 'name', MSG.nameNumeric],
    ['empty name', { name: '' }, 'name', MSG.required],
    ['name over 100', { name: 'a'.repeat(101) }, 'name', MSG.nameMax],
    ['missing role', { role: undefined }, 'role', MSG.required],
    ['role 4', { role: 4 }, 'role', MSG.roleInvalid],
    ['role text', { role: 'guru' }, 'role', MSG.roleInvalid],
    ['gender X', { gender: 'X' }, 'gender', MSG.genderInvalid],
    ['missing gender', { gender: undefined }, 'gender', MSG.genderInvalid],
    ['bad email', { email: 'bukan-email' }, 'email', MSG.emailFormat],
    ['missing username', { username: undefined }, 'username', MSG.required],
    ['username of 2', { username: 'ab' }, 'username', MSG.usernameLength],
    ['username of 51', { username: 'a'.repeat(51) }, 'username', MSG.usernameLength],
    ['password of 4', { password: 'abcd', confirm_password: 'abcd' }, 'password', MSG.passwordLength],
    ['password of 65', { password: 'a'.repeat(65), confirm_password: 'a'.repeat(65) }, 'password', MSG.passwordLength],
    ['missing password', { password: undefined }, 'password', MSG.required],
    ['empty password', { password: '', confirm_password: '' }, 'password', MSG.required],
    ['passwords differ', { confirm_password: 'rahasia2' }, 'confirm_password', MSG.passwordMismatch],
  ];
  for (const [label, over, field, message] of badInputs) {
    it(`refuses ${label} with 422 "${message}"`, async () => {
      const admin = await t.factory.admin();
      const body = newUser(over);
      const res = await t.as(admin.token).post(USERS, body);
      expect(res.status).toBe(422);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[field]).toEqual([message]);
      expect(
        (
          await t.db
            .select()
            .from(users)
            .where(eq(users.username, String(body.username)))
        ).length,
      ).toBe(0);
    });
  }

  it('refuses an unknown rombel with 422', async () => {
    const admin = await t.factory.admin();
    const res = await t.as(admin.token).post(USERS, newUser({ rombel_id: 9999 }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, message: MSG.rombelUnknown, errors: { rombel_id: [MSG.rombelUnknown] } });
  });

  it('refuses a taken username or e-mail with 409 naming the field, case-insensitively', async () => {
    const admin = await t.factory.admin();
    const existing = await t.factory.teacher({ username: 'pak_budi', email: 'budi@sekolah.id' });
    for (const username of ['pak_budi', 'PAK_Budi']) {
      const res = await t.as(admin.token).post(USERS, newUser({ username }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, message: MSG.usernameTaken, errors: { username: [MSG.usernameTaken] } });
    }
    for (const email of ['budi@sekolah.id', 'Budi@Sekolah.ID']) {
      const res = await t.as(admin.token).post(USERS, newUser({ email }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, message: MSG.emailTaken, errors: { email: [MSG.emailTaken] } });
    }
    expect((await t.db.select().from(users).where(eq(users.email, existing.email))).length).toBe(1);
  });
});

describe('PUT /api/admin/resources/users/:id', () => {
  it('saves the edit form and keeps the password when none is sent', async () => {
    const admin = await t.factory.admin();
    const u = await t.factory.student({ password: 'lama123' });
    const res = await t
      .as(admin.token)
      .put(`${USERS}/${u.id}`, editOf(u, { name: 'Nama Baru', email: '', password: '', confirm_password: '' }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ADMIN_MSG.userUpdated);
    expect(res.body.data).toMatchObject({
      id: u.id,
      name: 'Nama Baru',
      email: null,
      birthday: '2008-05-17',
      religion: 'Islam',
      address: 'Jl. Merdeka 1',
      telpon: '0812-3456-7890',
      status: 1,
      role: 'student',
      student: { rombel_id: 1, nis: '1234', nisn: u.nisn },
    });
    expect((await login(u.username, 'lama123')).status).toBe(200);
    expect((await t.as(u.token).get('/api/me')).status).toBe(200);
  });

  it('takes a 64-character password on create and on edit (DECISIONS: 5 to 64) and the user logs in with it', async () => {
    const admin = await t.factory.admin();
    const long = 'Panjang#64'.padEnd(64, 'x');
    expect(long).toHaveLength(64);
    const created = await t.as(admin.token).post(USERS, newUser({ username: 'pw_panjang', password: long, confirm_password: long }));
    expect(created.status).toBe(201);
    expect((await login('pw_panjang', long)).status).toBe(200);

    const u = await t.factory.teacher({ password: 'lama123' });
    const other = 'Lain#64'.padEnd(64, 'y');
    const edited = await t.as(admin.token).put(`${USERS}/${u.id}`, editOf(u, { password: other, confirm_password: other }));
    expect(edited.status).toBe(200);
    expect((await login(u.username, other)).status).toBe(200);

    const tooLong = `${other}z`;
    const refused = await t.as(admin.token).put(`${USERS}/${u.id}`, editOf(u, { password: tooLong, confirm_password: tooLong }));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, message: 'Password harus 5 sampai 64 karakter' });
    expect((await login(u.username, other)).status).toBe(200);
  });

  it('sets a new password, which ends every session of that user', async () => {
    const admin = await t.factory.admin();
    const u = await t.factory.teacher({ password: 'lama123' });
    const res = await t.as(admin.token).put(`${USERS}/${u.id}`, editOf(u, { password: 'baru123', confirm_password: 'baru123' }));
    expect(res.status).toBe(200);
    expect((await t.as(u.token).get('/api/me')).status).toBe(401);
    expect((await login(u.username, 'lama123')).status).toBe(401);
    expect((await login(u.username, 'baru123')).status).toBe(200);
  });

  it('lets the admin change their own password without ending the session that asked', async () => {
    const admin = await t.factory.admin({ password: 'lama123' });
    const res = await t.as(admin.token).put(`${USERS}/${admin.id}`, editOf(admin, { password: 'baru123', confirm_password: 'baru123' }));
    expect(res.status).toBe(200);
    expect((await t.as(admin.token).get('/api/me')).status).toBe(200);
    expect((await login(admin.username, 'baru123')).status).toBe(200);
  });

  it('deactivates a user with status 0: their token stops working and they cannot log in', async () => {
    const admin = await t.factory.admin();
    const u = await t.factory.student({ password: 'siswa123' });
    const res = await t.as(admin.token).put(`${USERS}/${u.id}`, editOf(u, { status: 0 }));
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe(0);
    expect((await t.as(u.token).get('/api/me')).status).toBe(401);
    expect((await login(u.username, 'siswa123')).body.message).toBe(MSG.loginInactive);
  });

  it("refuses to demote or deactivate the admin's own account", async () => {
    const admin = await t.factory.admin();
    for (const over of [{ role: ROLE_IDS.teacher }, { role: ROLE_IDS.student }, { status: 0 }]) {
      const res = await t.as(admin.token).put(`${USERS}/${admin.id}`, editOf(admin, over));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, message: MSG.selfDemote });
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ roleId: 1, status: 1 });
    const same = await t
      .as(admin.token)
      .put(`${USERS}/${admin.id}`, editOf(admin, { role: ROLE_IDS.admin, status: 1, name: 'Admin Sendiri' }));
    expect(same.status).toBe(200);
    expect(same.body.data.name).toBe('Admin Sendiri');
  });

  const badEdits: Array<[string, Record<string, unknown>, string, string]> = [
    ['empty name', { name: '' }, 'name', MSG.required],
    ['numeric name', { name: '2024' }, 'name', MSG.nameNumeric],
    ['missing gender', { gender: undefined }, 'gender', MSG.genderInvalid],
    ['empty username', { username: '' }, 'username', MSG.required],
    ['username of 2', { username: 'ab' }, 'username', MSG.usernameLength],
    ['username of 51', { username: 'b'.repeat(51) }, 'username', MSG.usernameLength],
    ['bad email', { email: 'budi@' }, 'email', MSG.emailFormat],
    ['telpon of 5 digits', { telpon: '12345' }, 'telpon', MSG.telponFormat],
    ['telpon with letters', { telpon: '0812abc' }, 'telpon', MSG.telponFormat],
    ['telpon of 9 digits', { telpon: '0812-345-67' }, 'telpon', MSG.telponFormat],
    ['telpon of 16 digits', { telpon: '0812345678901234' }, 'telpon', MSG.telponFormat],
    ['birthday after 2021-12-31', { birthday: '2022-01-01' }, 'birthday', MSG.birthdayMax],
    ['impossible birthday', { birthday: '2010-02-30' }, 'birthday', MSG.dateFormat],
    ['status 2', { status: 2 }, 'status', MSG.statusInvalid],
    ['role 0', { role: 0 }, 'role', MSG.roleInvalid],
    ['religion unknown', { religion: 'Jedi' }, 'religion', MSG.religionInvalid],
    ['password of 4', { password: 'abcd', confirm_password: 'abcd' }, 'password', MSG.passwordLength],
    ['password of 65', { password: 'c'.repeat(65), confirm_password: 'c'.repeat(65) }, 'password', MSG.passwordLength],
    ['passwords differ', { password: 'baru123', confirm_password: 'baru124' }, 'confirm_password', MSG.passwordMismatch],
    ['password without confirmation', { password: 'baru123' }, 'confirm_password', MSG.passwordMismatch],
    ['NIS with letters', { nis: '12ab' }, 'nis', MSG.nisFormat],
  ];
  for (const [label, over, field, message] of badEdits) {
    it(`refuses ${label} with 422 "${message}"`, async () => {
      const admin = await t.factory.admin();
      const u = await t.factory.student();
      const res = await t.as(admin.token).put(`${USERS}/${u.id}`, editOf(u, over));
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[field]).toEqual([message]);
      const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
      expect(row!.name).toBe(u.name);
    });
  }

  it('accepts the oldest birthdays (no lower bound for the admin) and the last allowed day', async () => {
    const admin = await t.factory.admin();
    const u = await t.factory.teacher();
    for (const birthday of ['1950-01-01', '2021-12-31']) {
      const res = await t.as(admin.token).put(`${USERS}/${u.id}`, editOf(u, { birthday }));
      expect(res.status).toBe(200);
      expect(res.body.data.birthday).toBe(birthday);
    }
  });

  it('refuses a username or e-mail of another user with 409, case-insensitively', async () => {
    const admin = await t.factory.admin();
    const other = await t.factory.student({ username: 'dewi_l', email: 'dewi@sekolah.id' });
    const u = await t.factory.student();
    const byName = await t.as(admin.token).put(`${USERS}/${u.id}`, editOf(u, { username: 'DEWI_L' }));
    expect(byName.status).toBe(409);
    expect(byName.body).toEqual({ success: false, message: MSG.usernameTaken, errors: { username: [MSG.usernameTaken] } });
    const byEmail = await t.as(admin.token).put(`${USERS}/${u.id}`, editOf(u, { email: 'DEWI@sekolah.id' }));
    expect(byEmail.status).toBe(409);
    expect(byEmail.body.message).toBe(MSG.emailTaken);
    // Keeping one's own username in another case is not a conflict.
    const own = await t.as(admin.token).put(`${USERS}/${other.id}`, editOf(other, { username: 'Dewi_L' }));
    expect(own.status).toBe(200);
    expect(own.body.data.username).toBe('Dewi_L');
  });

  it('answers 404 for an unknown user', async () => {
    const admin = await t.factory.admin();
    const res = await t.as(admin.token).put(`${USERS}/999999`, editOf({ name: 'Siapa', username: 'siapa_saja', email: 'x@y.id' }));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: MSG.notFound });
  });

  it('moves the detail row when the role changes: a student who becomes a teacher leaves the rombel', async () => {
    const admin = await t.factory.admin();
    const u = await t.factory.student({ rombelId: 4 });
    const res = await t.as(admin.token).put(`${USERS}/${u.id}`, editOf(u, { role: ROLE_IDS.teacher, nip: '123' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: 'teacher', role_id: 2, teacher: { nip: '123', nik: null }, student: null });
    expect((await t.db.select().from(students).where(eq(students.userId, u.id))).length).toBe(0);
    const rombel = await t.as(admin.token).get('/api/admin/resources/rombel-classes/4');
    expect(rombel.body.data.students.map((s: { id: number }) => s.id)).not.toContain(u.id);
  });

  it('turns a teacher without classes into a student of the given rombel', async () => {
    const admin = await t.factory.admin();
    const u = await t.factory.teacher();
    const res = await t.as(admin.token).put(`${USERS}/${u.id}`, editOf(u, { role: ROLE_IDS.student, rombel_id: 2, nis: '2324099' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: 'student', teacher: null, student: { rombel_id: 2, nis: '2324099', nisn: null } });
    expect((await t.db.select().from(teachers).where(eq(teachers.userId, u.id))).length).toBe(0);
  });

  it('refuses to change the role of a teacher who still teaches classes (409)', async () => {
    const admin = await t.factory.admin();
    const u = await t.factory.teacher();
    await t.factory.onlineClass(u.id);
    const res = await t.as(admin.token).put(`${USERS}/${u.id}`, editOf(u, { role: ROLE_IDS.student }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: MSG.teacherHasClasses });
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.roleId).toBe(2);
  });

  it('refuses an unknown rombel for a student with 422', async () => {
    const admin = await t.factory.admin();
    const u = await t.factory.student();
    const res = await t.as(admin.token).put(`${USERS}/${u.id}`, editOf(u, { rombel_id: 9999 }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ rombel_id: [MSG.rombelUnknown] });
  });
});

describe('PATCH /api/admin/resources/users/:id/status', () => {
  const setStatus = (token: string, id: number | string, body: unknown) => t.as(token).patch(`${USERS}/${id}/status`, body);

  it('deactivates a user: their open session ends at once, login is refused, all history stays', async () => {
    const admin = await t.factory.admin();
    const scene = await t.factory.classScene();
    const u = await t.factory.student({ rombelId: 1, password: 'siswa123' });
    const assignment = await t.factory.assignment(scene.content.id, scene.teacher.id);
    await t.factory.submission(assignment.id, u.id, { score: 80 });
    expect((await t.as(u.token).get('/api/me')).status).toBe(200);

    const res = await setStatus(admin.token, u.id, { status: 0 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'User dinonaktifkan. Ia tidak dapat masuk sampai diaktifkan kembali.',
      data: { id: u.id, status: 0, name: u.name, role: 'student', student: { rombel_id: 1 } },
    });
    expect(res.body.message).toBe(ADMIN_MSG.userDeactivated);
    const me = await t.as(u.token).get('/api/me');
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ success: false, message: MSG.unauthenticated });
    const refused = await login(u.username, 'siswa123');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: MSG.loginInactive });
    expect((await t.db.select().from(submissions).where(eq(submissions.studentId, u.id))).length).toBe(1);
    expect((await t.as(admin.token).get(`${USERS}?status=inactive&q=${u.username}`)).body.data.map((x: { id: number }) => x.id)).toEqual([
      u.id,
    ]);
  });

  it('reactivates a user, who can then log in again; a user without a gender needs nothing else', async () => {
    const admin = await t.factory.admin();
    const u = await t.factory.student({ password: 'siswa123', status: 0 });
    // An imported user may lack the gender the full edit requires.
    await t.db.update(users).set({ gender: null }).where(eq(users.id, u.id));
    const res = await setStatus(admin.token, u.id, { status: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'User diaktifkan kembali.', data: { id: u.id, status: 1, gender: null } });
    expect(res.body.message).toBe(ADMIN_MSG.userActivated);
    expect((await login(u.username, 'siswa123')).status).toBe(200);
    // Activating an active user, or deactivating twice, is no error.
    expect((await setStatus(admin.token, u.id, { status: 1 })).status).toBe(200);
    expect((await setStatus(admin.token, u.id, { status: 0 })).status).toBe(200);
    expect((await setStatus(admin.token, u.id, { status: '0' })).body.data.status).toBe(0);
  });

  it("refuses to deactivate the admin's own account (403) and keeps the session; activating oneself is harmless", async () => {
    const admin = await t.factory.admin();
    const res = await setStatus(admin.token, admin.id, { status: 0 });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, message: MSG.selfDemote });
    const [row] = await t.db.select().from(users).where(eq(users.id, admin.id));
    expect(row!.status).toBe(1);
    expect((await t.as(admin.token).get('/api/me')).status).toBe(200);
    expect((await setStatus(admin.token, admin.id, { status: 1 })).status).toBe(200);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const admin = await t.factory.admin();
    for (const id of ['999999', 'abc', '0', '-1', '99999999999']) {
      const res = await setStatus(admin.token, id, { status: 0 });
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ success: false, message: MSG.notFound });
    }
  });

  const badBodies: Array<[string, unknown, string]> = [
    ['status 2', { status: 2 }, ADMIN_MSG.userStatusInvalid],
    ['status -1', { status: -1 }, ADMIN_MSG.userStatusInvalid],
    ['status 0.5', { status: 0.5 }, ADMIN_MSG.userStatusInvalid],
    ['status "aktif"', { status: 'aktif' }, ADMIN_MSG.userStatusInvalid],
    ['status true', { status: true }, ADMIN_MSG.userStatusInvalid],
    ['no status', {}, MSG.required],
    ['a blank status', { status: '' }, MSG.required],
  ];
  for (const [label, body, message] of badBodies) {
    it(`refuses ${label} with 422 "${message}" and changes nothing`, async () => {
      const admin = await t.factory.admin();
      const u = await t.factory.student();
      const res = await setStatus(admin.token, u.id, body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ success: false, message, errors: { status: [message] } });
      expect((await t.as(u.token).get('/api/me')).status).toBe(200);
    });
  }
});

describe('DELETE /api/admin/resources/users/:id', () => {
  it("refuses to delete the admin's own account", async () => {
    const admin = await t.factory.admin();
    const res = await t.as(admin.token).delete(`${USERS}/${admin.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, message: MSG.selfDelete });
    expect((await t.as(admin.token).get('/api/me')).status).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const admin = await t.factory.admin();
    const res = await t.as(admin.token).delete(`${USERS}/999999`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: MSG.notFound });
  });

  it('refuses to delete a teacher who still teaches classes (409), and deletes one without classes', async () => {
    const admin = await t.factory.admin();
    const busy = await t.factory.teacher();
    await t.factory.onlineClass(busy.id);
    const refused = await t.as(admin.token).delete(`${USERS}/${busy.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ success: false, message: MSG.teacherHasClasses });
    expect((await t.as(busy.token).get('/api/me')).status).toBe(200);

    const free = await t.factory.teacher();
    const res = await t.as(admin.token).delete(`${USERS}/${free.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: ADMIN_MSG.userDeleted });
    expect((await t.db.select().from(teachers).where(eq(teachers.userId, free.id))).length).toBe(0);
    expect((await t.as(admin.token).get(`${USERS}/${free.id}`)).status).toBe(404);
  });

  it('deletes a student with their submissions, comments, avatar and stored files', async () => {
    const admin = await t.factory.admin();
    const scene = await t.factory.classScene();
    const victim = await t.factory.student({ rombelId: 1, password: 'siswa123' });
    const assignment = await t.factory.assignment(scene.content.id, scene.teacher.id);
    const forum = await t.factory.forum(scene.content.id, scene.teacher.id);
    const submission = await t.factory.submission(assignment.id, victim.id);
    const kept = await t.factory.submission(assignment.id, scene.student.id);
    const comment = await t.factory.comment(forum.id, victim.id, 'Saya siswa');
    const othersComment = await t.factory.comment(forum.id, scene.student.id, 'Saya juga');
    const avatar = await t
      .as(victim.token)
      .upload('POST', '/api/profile/update-avatar', {}, { avatar: { name: 'me.png', data: samples.png(), type: 'image/png' } });
    expect(avatar.status).toBe(200);
    const [{ avatarFileId }] = (await t.db.select({ avatarFileId: users.avatarFileId }).from(users).where(eq(users.id, victim.id))) as [
      { avatarFileId: number },
    ];
    const goneFiles = [submission.fileId, avatarFileId];
    const keys = (await t.db.select().from(storedFiles).where(inArray(storedFiles.id, goneFiles))).map((f) => f.storageKey);
    expect(keys).toHaveLength(2);

    const res = await t.as(admin.token).delete(`${USERS}/${victim.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ADMIN_MSG.userDeleted);

    expect(await t.db.select().from(submissions).where(eq(submissions.studentId, victim.id))).toEqual([]);
    expect(await t.db.select().from(comments).where(eq(comments.id, comment.id))).toEqual([]);
    expect(await t.db.select().from(students).where(eq(students.userId, victim.id))).toEqual([]);
    expect(await t.db.select().from(storedFiles).where(inArray(storedFiles.id, goneFiles))).toEqual([]);
    const stored: string[] = [];
    for await (const o of t.app.files.storage.list()) stored.push(o.key);
    for (const key of keys) expect(stored).not.toContain(key);
    // Other people's work stays.
    expect((await t.db.select().from(submissions).where(eq(submissions.id, kept.id))).length).toBe(1);
    expect((await t.db.select().from(storedFiles).where(eq(storedFiles.id, kept.fileId))).length).toBe(1);
    expect((await t.db.select().from(comments).where(eq(comments.id, othersComment.id))).length).toBe(1);
    // The account is gone for good.
    expect((await t.as(victim.token).get('/api/me')).status).toBe(401);
    expect((await login(victim.username, 'siswa123')).status).toBe(401);
  });
});

describe('PUT /api/admin/resources/users/:id: phone numbers as schools write them', () => {
  const accepted: Array<[string, string]> = [
    ['081234567890', '0812-3456-7890'],
    ['08123456789', '0812-3456-789'],
    ['0812345678901', '0812-3456-78901'],
    ['+62 812-3456-7890', '0812-3456-7890'],
    ['62812345678', '0812-3456-78'],
    ['0812 3456 789', '0812-3456-789'],
    ['(021) 555.1234', '0215-5512-34'],
  ];
  for (const [typed, stored] of accepted) {
    it(`keeps "${typed}" as ${stored}`, async () => {
      const admin = await t.factory.admin();
      const u = await t.factory.student();
      const res = await t.as(admin.token).put(`${USERS}/${u.id}`, editOf(u, { telpon: typed }));
      expect(res.status).toBe(200);
      expect(res.body.data.telpon).toBe(stored);
      const [row] = await t.db.select({ telpon: users.telpon }).from(users).where(eq(users.id, u.id));
      expect(row!.telpon).toBe(stored);
      expect((await t.as(admin.token).get(`${USERS}/${u.id}`)).body.data.telpon).toBe(stored);
    });
  }
});
