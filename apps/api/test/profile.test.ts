import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { FILE_MSG, LIMITS, MSG, ROLE_IDS } from '@kelasku/contract';
import { samples, storedObjects, useTestApp, type ApiResponse } from './helpers.js';
import { FACTORY_IDENTITY, type TestUser } from './factory.js';
import { storedFiles, users } from '../src/db/schema.js';

const t = useTestApp();

// ---------------------------------------------------------------- bookkeeping for the secret checks at the end

/** Every JSON answer of the profile endpoints, checked at the end for passwords and hashes. */
const answers: ApiResponse[] = [];
/** Every password and bearer token this file sends; none may reach the server log. */
const secrets = new Set<string>();

function api(token?: string | null) {
  if (token) secrets.add(token);
  const c = t.as(token);
  const keep = (res: ApiResponse) => (answers.push(res), res);
  return {
    get: (url: string) => c.get(url),
    put: async (url: string, body: unknown) => keep(await c.put(url, body)),
    patch: async (url: string, body: unknown) => {
      const b = body as Record<string, unknown>;
      for (const k of ['password', 'new_password', 'new_password_confirmation'])
        if (typeof b[k] === 'string' && b[k]) secrets.add(b[k] as string);
      return keep(await c.patch(url, body));
    },
    upload: async (method: 'POST' | 'PATCH', fields: Record<string, string>, files: Parameters<typeof c.upload>[3]) =>
      keep(await c.upload(method, AVATAR, fields, files)),
    request: async (...args: Parameters<typeof c.request>) => keep(await c.request(...args)),
  };
}

/** The school-owned fields each user made here holds now: the profile form resends them unchanged. */
const identityOf = new Map<number, Record<string, unknown>>();

async function make(role: 'admin' | 'teacher' | 'student', over: Parameters<typeof t.factory.user>[1] = {}): Promise<TestUser> {
  const u = await t.factory[role](over);
  secrets.add(u.password);
  secrets.add(u.token);
  const pick = (k: 'nip' | 'nik' | 'nis' | 'nisn') => (k === 'nisn' ? u.nisn : over[k] === undefined ? FACTORY_IDENTITY[k] : over[k]);
  if (role === 'teacher') identityOf.set(u.id, { nip: pick('nip'), nik: pick('nik') });
  if (role === 'student')
    identityOf.set(u.id, { nis: pick('nis'), nisn: pick('nisn'), rombel: over.rombelId === undefined ? 1 : over.rombelId });
  return u;
}

/** A user with none of the school-owned fields set yet (a student without a rombel completing the profile). */
const makeBlank = (role: 'teacher' | 'student') =>
  make(role, role === 'teacher' ? { nip: null, nik: null } : { nis: null, nisn: null, rombelId: null });

const login = async (username: string, password: string) => {
  secrets.add(password);
  const res = await t.as().post('/api/login', { username, password });
  if (res.status === 200) secrets.add(res.body.data.token);
  return res;
};

const PASSWORD = '/api/profile/update-password';
const AVATAR = '/api/profile/update-avatar';

/** The body the profile form sends, filled with valid values; the school-owned fields as they are. */
const formOf = (u: TestUser, over: Record<string, unknown> = {}) => ({
  ...identityOf.get(u.id),
  name: u.name,
  username: u.username,
  email: u.email,
  gender: 'L',
  birthday: '2005-06-15',
  religion: 'Islam',
  address: 'Jl. Merdeka 1, Yogyakarta',
  telpon: '0812-3456-7890',
  ...over,
});

const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

// ---------------------------------------------------------------- PUT /api/profile/{id}

describe('PUT /api/profile/{id}', () => {
  it('answers 401 without a token and with a dead token', async () => {
    const u = await make('student');
    for (const token of [null, 'x'.repeat(43)]) {
      const res = await api(token).put(`/api/profile/${u.id}`, formOf(u, { name: 'Diubah Orang' }));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, message: MSG.unauthenticated });
    }
    expect((await userRow(u.id)).name).toBe(u.name);
  });

  it("refuses another user's id (any role, any target, even an unknown id) with 403 and changes nothing", async () => {
    const people = [await make('admin'), await make('teacher'), await make('student')];
    for (const me of people) {
      for (const other of people) {
        if (other === me) continue;
        const res = await api(me.token).put(`/api/profile/${other.id}`, formOf(other, { name: 'Dibajak' }));
        expect(res.status, `${me.username} → ${other.username}`).toBe(403);
        expect(res.body).toEqual({ success: false, message: MSG.profileOwnOnly });
      }
      const unknown = await api(me.token).put('/api/profile/999999', formOf(me));
      expect(unknown.status).toBe(403);
      expect(unknown.body).toEqual({ success: false, message: MSG.profileOwnOnly });
    }
    for (const p of people) expect((await userRow(p.id)).name).toBe(p.name);
  });

  it('an admin saves every field of their own profile; /api/me shows it', async () => {
    const me = await make('admin');
    const body = formOf(me, {
      name: 'Admin Sekolah',
      username: 'admin_baru',
      email: 'admin.baru@sekolah.id',
      gender: 'P',
      religion: 'Kristen',
    });
    const res = await api(me.token).put(`/api/profile/${me.id}`, body);
    expect(res.status).toBe(200);
    const expected = {
      id: me.id,
      name: 'Admin Sekolah',
      username: 'admin_baru',
      email: 'admin.baru@sekolah.id',
      gender: 'P',
      religion: 'Kristen',
      birthday: '2005-06-15',
      address: 'Jl. Merdeka 1, Yogyakarta',
      telpon: '0812-3456-7890',
      status: 1,
      role: 'admin',
      role_id: 1,
      avatar: null,
      must_change_password: false,
      teacher: null,
      student: null,
    };
    expect(res.body).toEqual({ success: true, message: MSG.profileUpdated, data: expected });
    expect((await api(me.token).get('/api/me')).body.data).toEqual(expected);
    // The new username logs in.
    expect((await login('admin_baru', me.password)).status).toBe(200);
  });

  const owned = { success: false, message: MSG.identitySchoolOwned };

  /** Each change (undefined: the field left out) is 403 and leaves the profile as it was; answers that profile. */
  async function expectOwnedRefused(me: TestUser, changes: Array<Record<string, unknown>>) {
    const before = (await api(me.token).get('/api/me')).body;
    for (const over of changes) {
      const body: Record<string, unknown> = formOf(me, { name: 'Tidak Tersimpan', ...over });
      for (const [k, v] of Object.entries(over)) if (v === undefined) delete body[k];
      const res = await api(me.token).put(`/api/profile/${me.id}`, body);
      expect(res.status, JSON.stringify(over)).toBe(403);
      expect(res.body).toEqual(owned);
    }
    expect((await api(me.token).get('/api/me')).body).toEqual(before);
    return before;
  }

  it('a teacher cannot change NIP or NIK from the profile (403, nothing saved); the same values and student fields are fine', async () => {
    const me = await make('teacher');
    await expectOwnedRefused(me, [
      { nip: '197001012000011002' },
      { nik: '3471020202700002' },
      { nip: '197001012000011002', nik: '3471020202700002' },
      { nip: '' },
      { nik: null },
      { nip: undefined },
    ]);

    // The form resends NIP and NIK unchanged; student fields in the body are ignored.
    const res = await api(me.token).put(
      `/api/profile/${me.id}`,
      formOf(me, { name: 'Guru Baru', nis: '12345678', nisn: '0099887766', rombel: 2 }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Guru Baru',
      role: 'teacher',
      teacher: { nip: FACTORY_IDENTITY.nip, nik: FACTORY_IDENTITY.nik },
      student: null,
    });

    // A teacher without NIP/NIK does not fill them in either: the admin does.
    const blank = await makeBlank('teacher');
    const fill = await api(blank.token).put(`/api/profile/${blank.id}`, formOf(blank, { nip: '197001012000011002' }));
    expect(fill.status).toBe(403);
    expect(fill.body).toEqual(owned);
    expect((await api(blank.token).get('/api/me')).body.data.teacher).toEqual({ nip: null, nik: null });
  });

  it('a student with a rombel cannot move to another rombel or change NIS/NISN (403, nothing saved); the same values are fine', async () => {
    const rombel = await t.factory.rombel({ name: 'XI TKJ Pindah' });
    const me = await make('student');
    const before = await expectOwnedRefused(me, [
      { rombel: rombel.id },
      { rombel: String(rombel.id) },
      { rombel: 999_999 },
      { rombel: null },
      { rombel: '' },
      { nis: '87654321' },
      { nisn: '0011223344' },
      { nis: '' },
      { nisn: null },
      { nis: undefined },
    ]);
    expect(before.data.student).toEqual({ nis: FACTORY_IDENTITY.nis, nisn: me.nisn, rombel_id: 1, rombel_name: 'X TKJ 1' });

    // The whole form resent unchanged (the rombel as text too, as a form sends it) saves the other fields.
    for (const rombelValue of [1, '1']) {
      const res = await api(me.token).put(
        `/api/profile/${me.id}`,
        formOf(me, { name: 'Siswa Baru', rombel: rombelValue, nip: '1', nik: '2' }),
      );
      expect(res.status, String(rombelValue)).toBe(200);
      expect(res.body.data).toMatchObject({ name: 'Siswa Baru', role: 'student', teacher: null, student: before.data.student });
    }
  });

  it('a student without a rombel fills rombel, NIS and NISN once; changing them afterwards is 403; an unknown rombel is 422', async () => {
    const rombel = await t.factory.rombel({ name: 'XI TKJ Uji' });
    const me = await makeBlank('student');

    for (const rombelValue of [999_999, '999999', 0, -1, 'abc', 1.5]) {
      const bad = await api(me.token).put(`/api/profile/${me.id}`, formOf(me, { name: 'Tidak Tersimpan', rombel: rombelValue }));
      expect(bad.status, String(rombelValue)).toBe(422);
      expect(bad.body).toEqual({ success: false, message: MSG.rombelUnknown, errors: { rombel: [MSG.rombelUnknown] } });
    }
    expect((await api(me.token).get('/api/me')).body.data).toMatchObject({
      name: me.name,
      student: { nis: null, nisn: null, rombel_id: null, rombel_name: null },
    });

    const filled = { nis: '87654321', nisn: '0011223344', rombel: rombel.id };
    const res = await api(me.token).put(`/api/profile/${me.id}`, formOf(me, filled));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      role: 'student',
      teacher: null,
      student: { nis: '87654321', nisn: '0011223344', rombel_id: rombel.id, rombel_name: 'XI TKJ Uji' },
    });
    const after = (await api(me.token).get('/api/me')).body;

    for (const over of [{ rombel: 1 }, { nis: '11112222' }, { nisn: '9999999999' }, { rombel: null }, { nis: '' }]) {
      const again = await api(me.token).put(`/api/profile/${me.id}`, formOf(me, { ...filled, ...over, name: 'Tidak Tersimpan' }));
      expect(again.status, JSON.stringify(over)).toBe(403);
      expect(again.body).toEqual(owned);
    }
    expect((await api(me.token).get('/api/me')).body).toEqual(after);

    // The whole form resent unchanged is no change.
    const same = await api(me.token).put(
      `/api/profile/${me.id}`,
      formOf(me, { ...filled, rombel: String(rombel.id), name: 'Sudah Lengkap' }),
    );
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ name: 'Sudah Lengkap', student: after.data.student });
  });

  it('blank optional fields become null', async () => {
    const student = await makeBlank('student');
    const res = await api(student.token).put(`/api/profile/${student.id}`, {
      name: student.name,
      username: student.username,
      email: '',
      gender: '',
      birthday: '',
      religion: '',
      address: '   ',
      telpon: '',
      nis: '',
      nisn: '',
      rombel: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      email: null,
      gender: null,
      birthday: null,
      religion: null,
      address: null,
      telpon: null,
      student: { nis: null, nisn: null, rombel_id: null, rombel_name: null },
    });

    const teacher = await makeBlank('teacher');
    const tres = await api(teacher.token).put(`/api/profile/${teacher.id}`, formOf(teacher, { nip: '', nik: null }));
    expect(tres.status).toBe(200);
    expect(tres.body.data.teacher).toEqual({ nip: null, nik: null });
  });

  it('a body with only the required fields is saved (the other fields become null), never a 500', async () => {
    for (const role of ['admin', 'teacher', 'student'] as const) {
      const me = role === 'admin' ? await make(role) : await makeBlank(role);
      const res = await api(me.token).put(`/api/profile/${me.id}`, { name: 'Hanya Nama', username: me.username });
      expect(res.status, role).toBe(200);
      expect(res.body.data).toMatchObject({ name: 'Hanya Nama', username: me.username, email: null, gender: null, telpon: null });
      if (role === 'teacher') expect(res.body.data.teacher).toEqual({ nip: null, nik: null });
      if (role === 'student') expect(res.body.data.student).toEqual({ nis: null, nisn: null, rombel_id: null, rombel_name: null });
    }
    // Leaving out school-owned fields that are set would clear them: refused.
    for (const role of ['teacher', 'student'] as const) {
      const me = await make(role);
      const res = await api(me.token).put(`/api/profile/${me.id}`, { name: 'Hanya Nama', username: me.username });
      expect(res.status, role).toBe(403);
      expect(res.body).toEqual({ success: false, message: MSG.identitySchoolOwned });
      expect((await userRow(me.id)).name).toBe(me.name);
    }
  });

  it('ignores the role in the body: nobody promotes themself', async () => {
    const me = await make('student');
    for (const role of ['admin', 1, '1', { id: 1 }]) {
      const res = await api(me.token).put(`/api/profile/${me.id}`, { ...formOf(me), role, role_id: ROLE_IDS.admin, status: 0 });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ role: 'student', role_id: 3, status: 1 });
    }
    expect((await userRow(me.id)).roleId).toBe(3);
    const adminArea = await t.as(me.token).get('/api/admin/dashboard/users');
    expect(adminArea.status).toBe(403);
  });

  describe('SPEC §5 limits, each with its message', () => {
    const d = (n: number) => '1'.repeat(n);
    /** A well-formed value of a school-owned field the user may not change: 403, nothing saved. */
    const OWNED = 'school-owned' as const;
    // [field, value, message | null (accepted) | OWNED, role that sees the field]
    const cases: Array<[string, unknown, string | null | typeof OWNED, 'admin' | 'teacher' | 'student']> = [
      ['name', '', MSG.required, 'admin'],
      ['name', '   ', MSG.required, 'admin'],
      ['name', undefined, MSG.required, 'admin'],
      ['name', 'a'.repeat(101), MSG.nameMax, 'admin'],
      ['name', 'a'.repeat(100), null, 'admin'],
      ['name', '12345', MSG.nameNumeric, 'admin'],
      ['name', '3.14', MSG.nameNumeric, 'teacher'],
      ['name', 'Budi 2', null, 'student'],
      ['username', '', MSG.required, 'admin'],
      ['username', undefined, MSG.required, 'teacher'],
      ['username', 'ab', MSG.usernameLength, 'student'],
      ['username', 'a'.repeat(51), MSG.usernameLength, 'student'],
      ['username', 'ab3', null, 'student'],
      ['username', 'u'.repeat(50), null, 'student'],
      ['email', 'bukan-email', MSG.emailFormat, 'admin'],
      ['email', 'a@b', MSG.emailFormat, 'teacher'],
      ['birthday', '1960-01-30', MSG.birthdayRange, 'student'],
      ['birthday', '1960-01-31', null, 'student'],
      ['birthday', '2021-12-31', null, 'student'],
      ['birthday', '2022-01-01', MSG.birthdayRange, 'student'],
      ['birthday', '2005-02-30', MSG.dateFormat, 'student'],
      ['birthday', '15-06-2005', MSG.dateFormat, 'student'],
      ['nip', d(19), MSG.nipFormat, 'teacher'],
      ['nip', d(18), OWNED, 'teacher'],
      ['nip', '19800101abc', MSG.nipFormat, 'teacher'],
      ['nip', `${d(19)}x`, MSG.nipFormat, 'teacher'],
      ['nik', d(17), MSG.nikFormat, 'teacher'],
      ['nik', d(16), OWNED, 'teacher'],
      ['nik', '3471-0101', MSG.nikFormat, 'teacher'],
      ['nis', d(21), MSG.nisFormat, 'student'],
      ['nis', d(20), null, 'student'],
      ['nis', '2122.10.001', null, 'student'],
      ['nis', 'A123', MSG.nisFormat, 'student'],
      ['nisn', d(11), MSG.nisnFormat, 'student'],
      ['nisn', d(10), null, 'student'],
      ['nisn', '12 34', MSG.nisnFormat, 'student'],
      ['nisn', d(9), MSG.nisnFormat, 'student'],
      ['telpon', '12345', MSG.telponFormat, 'student'],
      ['telpon', '0812abc', MSG.telponFormat, 'student'],
      ['telpon', '0812-345-67', MSG.telponFormat, 'student'],
      ['telpon', '0812345678901234', MSG.telponFormat, 'teacher'],
      ['telpon', '0812-3456-789', null, 'teacher'],
      ['telpon', '0812-3456-78901', null, 'admin'],
      ['telpon', 'abcd-efgh-ijkl', MSG.telponFormat, 'admin'],
      ['telpon', '0812-3456-7890', null, 'student'],
      ['gender', 'X', MSG.genderInvalid, 'student'],
      ['religion', 'Lainnya', MSG.religionInvalid, 'student'],
    ];

    it.each(cases)('%s = %j → %s', async (field, value, message, role) => {
      // A student without NIS/NISN fills them in once; a teacher never changes NIP/NIK from the profile.
      const me = role === 'student' && ['nis', 'nisn'].includes(field) ? await makeBlank(role) : await make(role);
      const before = await api(me.token).get('/api/me');
      const body: Record<string, unknown> = formOf(me, { name: 'Nama Baru' });
      if (value === undefined) delete body[field];
      else body[field] = value;
      const res = await api(me.token).put(`/api/profile/${me.id}`, body);
      if (message === null) {
        expect(res.status).toBe(200);
        const saved = ['nip', 'nik'].includes(field)
          ? res.body.data.teacher[field]
          : ['nis', 'nisn'].includes(field)
            ? res.body.data.student[field]
            : res.body.data[field];
        expect(saved).toBe(value);
      } else if (message === OWNED) {
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ success: false, message: MSG.identitySchoolOwned });
        expect((await api(me.token).get('/api/me')).body).toEqual(before.body);
      } else {
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ success: false, message, errors: { [field]: [message] } });
        expect((await api(me.token).get('/api/me')).body).toEqual(before.body);
      }
    });

    it.each([
      ['081234567890', '0812-3456-7890'],
      ['08123456789', '0812-3456-789'],
      ['+62 812-3456-7890', '0812-3456-7890'],
      ['62812345678', '0812-3456-78'],
    ])('keeps the telpon %j as %s', async (typed, stored) => {
      const me = await make('student');
      const res = await api(me.token).put(`/api/profile/${me.id}`, formOf(me, { telpon: typed }));
      expect(res.status).toBe(200);
      expect(res.body.data.telpon).toBe(stored);
      expect((await api(me.token).get('/api/me')).body.data.telpon).toBe(stored);
    });

    it('reports every bad field at once, the first message as the message', async () => {
      const me = await make('teacher');
      const res = await api(me.token).put(`/api/profile/${me.id}`, formOf(me, { name: '', username: 'ab', email: 'x', nip: d(19) }));
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(MSG.required);
      expect(res.body.errors).toEqual({
        name: [MSG.required],
        username: [MSG.usernameLength],
        email: [MSG.emailFormat],
        nip: [MSG.nipFormat],
      });
    });

    it('the limits are those of the contract', () => {
      expect([LIMITS.nameMax, LIMITS.usernameMin, LIMITS.usernameMax, LIMITS.nipMax, LIMITS.nikMax, LIMITS.nisMax, LIMITS.nisnMax]).toEqual(
        [100, 3, 50, 18, 16, 20, 10],
      );
      expect([LIMITS.birthdayMin, LIMITS.birthdayMax]).toEqual(['1960-01-31', '2021-12-31']);
    });
  });

  it("refuses another user's username or e-mail with 409 naming the field, in any letter case", async () => {
    const taken = await make('teacher', { username: 'pak_budi', email: 'budi@sekolah.id' });
    const me = await make('student');
    for (const username of ['pak_budi', 'PAK_Budi']) {
      const res = await api(me.token).put(`/api/profile/${me.id}`, formOf(me, { username }));
      expect(res.status, username).toBe(409);
      expect(res.body).toEqual({ success: false, message: MSG.usernameTaken, errors: { username: [MSG.usernameTaken] } });
    }
    for (const email of ['budi@sekolah.id', 'Budi@SEKOLAH.id']) {
      const res = await api(me.token).put(`/api/profile/${me.id}`, formOf(me, { email }));
      expect(res.status, email).toBe(409);
      expect(res.body).toEqual({ success: false, message: MSG.emailTaken, errors: { email: [MSG.emailTaken] } });
    }
    expect(await userRow(me.id)).toMatchObject({ username: me.username, email: me.email });
    expect(await userRow(taken.id)).toMatchObject({ username: 'pak_budi', email: 'budi@sekolah.id' });
  });

  it("keeping one's own username and e-mail, or changing only their letter case, is not a conflict", async () => {
    const me = await make('admin', { username: 'bu_sari', email: 'sari@sekolah.id' });
    expect((await api(me.token).put(`/api/profile/${me.id}`, formOf(me))).status).toBe(200);
    const res = await api(me.token).put(`/api/profile/${me.id}`, formOf(me, { username: 'Bu_Sari', email: 'SARI@sekolah.id' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ username: 'Bu_Sari', email: 'SARI@sekolah.id' });
  });

  it('a bad path id is 404', async () => {
    const me = await make('student');
    for (const id of ['abc', '0', '-1', '99999999999']) {
      const res = await api(me.token).put(`/api/profile/${id}`, formOf(me));
      expect(res.status, id).toBe(404);
    }
  });
});

// ---------------------------------------------------------------- PATCH /api/profile/update-password

describe('PATCH /api/profile/update-password', () => {
  const change = (token: string, password: string, next: string, confirmation = next) =>
    api(token).patch(PASSWORD, { password, new_password: next, new_password_confirmation: confirmation });

  it('answers 401 without a token', async () => {
    const res = await api().patch(PASSWORD, { password: 'Lama#pw1', new_password: 'Baru#pw1', new_password_confirmation: 'Baru#pw1' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: MSG.unauthenticated });
  });

  it('refuses a wrong old password with 422 on the field password, and keeps the old one', async () => {
    const me = await make('student', { password: 'Asli#pw01' });
    const res = await change(me.token, 'Keliru#pw1', 'Baru#pw01');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, message: MSG.passwordOldWrong, errors: { password: [MSG.passwordOldWrong] } });
    expect((await login(me.username, 'Asli#pw01')).status).toBe(200);
    expect((await login(me.username, 'Baru#pw01')).status).toBe(401);
    expect((await t.as(me.token).get('/api/me')).status).toBe(200);
  });

  it('a new password must be 5 to 64 characters', async () => {
    const me = await make('teacher', { password: 'Mula#pw01' });
    for (const next of ['Kq7!', `Kq7!${'z'.repeat(61)}`]) {
      const res = await change(me.token, 'Mula#pw01', next);
      expect(res.status, next).toBe(422);
      expect(res.body).toEqual({ success: false, message: MSG.passwordLength, errors: { new_password: [MSG.passwordLength] } });
    }
    expect((await login(me.username, 'Mula#pw01')).status).toBe(200);
    // 5 and 64 are allowed (each change ends the session that made it: the next one logs in again).
    expect((await change(me.token, 'Mula#pw01', 'Pq5#x')).status).toBe(200);
    const next = await login(me.username, 'Pq5#x');
    expect(next.status).toBe(200);
    const long = `Rr64#${'kata sandi panjang '.repeat(4)}`.slice(0, 64);
    expect(long).toHaveLength(64);
    expect((await change(next.body.data.token, 'Pq5#x', long)).status).toBe(200);
    expect((await login(me.username, long)).status).toBe(200);
    expect((await login(me.username, long.slice(0, 63))).status).toBe(401);
  });

  it('a confirmation that differs is 422 on new_password_confirmation', async () => {
    const me = await make('admin', { password: 'Awal#pw01' });
    const res = await change(me.token, 'Awal#pw01', 'Satu#pw01', 'Dua#pw002');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      success: false,
      message: MSG.passwordMismatch,
      errors: { new_password_confirmation: [MSG.passwordMismatch] },
    });
    expect((await login(me.username, 'Awal#pw01')).status).toBe(200);
  });

  it('all three fields are required', async () => {
    const me = await make('student');
    for (const body of [{}, { password: '', new_password: '', new_password_confirmation: '' }]) {
      const res = await api(me.token).patch(PASSWORD, body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        success: false,
        message: MSG.required,
        errors: { password: [MSG.required], new_password: [MSG.required], new_password_confirmation: [MSG.required] },
      });
    }
  });

  it.each(['admin', 'teacher', 'student'] as const)(
    'a %s changes the password: the new one logs in, the old one does not, every session ends (this one too)',
    async (role) => {
      const me = await make(role, { password: `Lama#${role.slice(0, 3)}` });
      const other = await login(me.username, me.password);
      expect(other.status).toBe(200);
      const otherToken: string = other.body.data.token;
      expect((await t.as(otherToken).get('/api/me')).status).toBe(200);

      const next = `Baru#${role.slice(0, 3)}9`;
      const res = await change(me.token, me.password, next);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: MSG.passwordChanged });

      expect((await t.as(otherToken).get('/api/me')).status).toBe(401);
      // The session that made the change ends too (the browser logs out, SPEC §4).
      const current = await t.as(me.token).get('/api/me');
      expect(current.status).toBe(401);
      expect(current.body).toEqual({ success: false, message: MSG.unauthenticated });
      expect((await t.as(me.token).post('/api/logout')).status).toBe(401);
      expect((await login(me.username, me.password)).status).toBe(401);
      const fresh = await login(me.username, next);
      expect(fresh.status).toBe(200);
      expect((await t.as(fresh.body.data.token).get('/api/me')).status).toBe(200);
      // The stored hash is argon2id, never the password.
      const row = await userRow(me.id);
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row.passwordHash).not.toContain(next);
    },
  );
});

// ---------------------------------------------------------------- POST/PATCH /api/profile/update-avatar

/** Every stored object in the storage, folder or bucket (unfinished uploads included where it lists them). */
const storageFiles = () => storedObjects(t.app.files.storage);
const storedRows = async () => (await t.db.select({ n: count() }).from(storedFiles))[0]!.n;
const fileIdOf = (url: string) => Number(/^\/api\/files\/(\d+)\?/.exec(url)?.[1]);

/** A PNG of exactly `size` bytes: a real PNG start, padded. */
const pngOfSize = (size: number) => {
  const head = samples.png();
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0)]);
};

describe('POST and PATCH /api/profile/update-avatar', () => {
  it('answers 401 without a token', async () => {
    const before = await storageFiles();
    const res = await api().upload('POST', { _method: 'PATCH' }, { avatar: { name: 'a.png', data: samples.png(), type: 'image/png' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: MSG.unauthenticated });
    expect(await storageFiles()).toEqual(before);
  });

  it.each([
    ['admin', 'POST', 'png', 'image/png'],
    ['teacher', 'PATCH', 'jpeg', 'image/jpeg'],
    ['student', 'POST', 'jpeg', 'image/jpeg'],
    ['student', 'PATCH', 'png', 'image/png'],
  ] as const)(
    'a %s uploads with %s a %s; the link serves the same bytes as %s without a bearer header',
    async (role, method, kind, mime) => {
      const me = await make(role);
      const data = samples[kind]();
      const fields: Record<string, string> = method === 'POST' ? { _method: 'PATCH' } : {};
      const res = await api(me.token).upload(method, fields, {
        avatar: { name: `foto.${kind === 'png' ? 'png' : 'jpg'}`, data, type: mime },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: MSG.avatarUpdated,
        data: { avatar: expect.stringMatching(/^\/api\/files\/\d+\?e=\d+&s=[\w-]+$/) },
      });

      const file = await t.as().get(res.body.data.avatar);
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe(mime);
      expect(file.raw.rawPayload.equals(data)).toBe(true);

      const me2 = await t.as(me.token).get('/api/me');
      expect(fileIdOf(me2.body.data.avatar)).toBe(fileIdOf(res.body.data.avatar));
      expect((await userRow(me.id)).avatarFileId).toBe(fileIdOf(res.body.data.avatar));
    },
  );

  it('the type is read from the content: a GIF or a text file named .png is 415 and nothing is stored', async () => {
    const me = await make('student');
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const beforeFiles = await storageFiles();
    const beforeRows = await storedRows();
    for (const avatar of [
      { name: 'foto.gif', data: gif, type: 'image/gif' },
      { name: 'foto.png', data: gif, type: 'image/png' },
      { name: 'foto.png', data: samples.text('bukan gambar sama sekali'), type: 'image/png' },
      { name: 'foto.jpg', data: samples.pdf(), type: 'image/jpeg' },
    ]) {
      const res = await api(me.token).upload('POST', { _method: 'PATCH' }, { avatar });
      expect(res.status, avatar.name).toBe(415);
      expect(res.body).toEqual({ success: false, message: MSG.avatarType, errors: { avatar: [MSG.avatarType] } });
    }
    expect(await storageFiles()).toEqual(beforeFiles);
    expect(await storedRows()).toBe(beforeRows);
    expect((await userRow(me.id)).avatarFileId).toBeNull();
  });

  it('accepts exactly 5 MB and refuses more with 413, leaving nothing in storage', async () => {
    const me = await make('teacher');
    const exact = await api(me.token).upload(
      'POST',
      { _method: 'PATCH' },
      { avatar: { name: 'besar.png', data: pngOfSize(LIMITS.avatarBytes), type: 'image/png' } },
    );
    expect(exact.status).toBe(200);

    const beforeFiles = await storageFiles();
    const beforeRows = await storedRows();
    const res = await api(me.token).upload(
      'POST',
      { _method: 'PATCH' },
      { avatar: { name: 'terlalu.png', data: pngOfSize(LIMITS.avatarBytes + 1), type: 'image/png' } },
    );
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, message: MSG.avatarTooLarge });
    expect(await storageFiles()).toEqual(beforeFiles);
    expect(await storedRows()).toBe(beforeRows);
    // The avatar of before stays.
    expect((await userRow(me.id)).avatarFileId).toBe(fileIdOf(exact.body.data.avatar));
  });

  it('a form without the file is 422 on the field avatar', async () => {
    const me = await make('admin');
    const before = await storageFiles();
    const noFile = await api(me.token).upload('POST', { _method: 'PATCH' }, {});
    const otherField = await api(me.token).upload('PATCH', {}, { foto: { name: 'a.png', data: samples.png(), type: 'image/png' } });
    for (const res of [noFile, otherField]) {
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ success: false, message: MSG.fileRequired, errors: { avatar: [MSG.fileRequired] } });
    }
    const empty = await api(me.token).upload('PATCH', {}, { avatar: { name: 'kosong.png', data: Buffer.alloc(0), type: 'image/png' } });
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({ success: false, message: MSG.fileEmpty, errors: { avatar: [MSG.fileEmpty] } });
    const json = await api(me.token).request('PATCH', AVATAR, JSON.stringify({ avatar: 'a.png' }), { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
    expect(json.body).toEqual({ success: false, message: FILE_MSG.notMultipart });
    expect(await storageFiles()).toEqual(before);
  });

  it('replacing the avatar removes the old file (row and bytes) once the new one is saved', async () => {
    const me = await make('student');
    const first = await api(me.token).upload(
      'POST',
      { _method: 'PATCH' },
      { avatar: { name: 'satu.png', data: samples.png(), type: 'image/png' } },
    );
    const firstId = fileIdOf(first.body.data.avatar);
    const [firstRow] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, firstId));
    expect(firstRow).toBeDefined();
    expect(await storageFiles()).toContain(firstRow!.storageKey);

    // A refused replacement leaves the old avatar whole.
    const refused = await api(me.token).upload('PATCH', {}, { avatar: { name: 'dua.png', data: samples.text(), type: 'image/png' } });
    expect(refused.status).toBe(415);
    const tooBig = await api(me.token).upload(
      'PATCH',
      {},
      { avatar: { name: 'dua.png', data: pngOfSize(LIMITS.avatarBytes + 10), type: 'image/png' } },
    );
    expect(tooBig.status).toBe(413);
    expect((await userRow(me.id)).avatarFileId).toBe(firstId);
    expect(await storageFiles()).toContain(firstRow!.storageKey);
    expect((await t.as().get(first.body.data.avatar)).status).toBe(200);

    const beforeRows = await storedRows();
    const second = await api(me.token).upload(
      'POST',
      { _method: 'PATCH' },
      { avatar: { name: 'dua.jpg', data: samples.jpeg(), type: 'image/jpeg' } },
    );
    expect(second.status).toBe(200);
    const secondId = fileIdOf(second.body.data.avatar);
    expect(secondId).not.toBe(firstId);
    expect(await storedRows()).toBe(beforeRows);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, firstId))).toEqual([]);
    expect(await storageFiles()).not.toContain(firstRow!.storageKey);
    const [secondRow] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, secondId));
    expect(await storageFiles()).toContain(secondRow!.storageKey);
    // The old link is dead, the new one works, and /api/me shows the new one.
    expect((await t.as().get(first.body.data.avatar)).status).toBe(404);
    const got = await t.as().get(second.body.data.avatar);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.raw.rawPayload.equals(samples.jpeg())).toBe(true);
    expect(fileIdOf((await t.as(me.token).get('/api/me')).body.data.avatar)).toBe(secondId);
  });

  it('other users see the avatar (a logged-in user gets the link from the profile; the link needs no token)', async () => {
    const me = await make('teacher');
    const up = await api(me.token).upload('PATCH', {}, { avatar: { name: 'guru.png', data: samples.png(), type: 'image/png' } });
    const tampered = up.body.data.avatar.replace(/s=[\w-]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const res = await t.as().get(tampered);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, message: MSG.fileLinkInvalid });
  });
});

// ---------------------------------------------------------------- secrets

describe('secrets', () => {
  it('no answer of the profile endpoints carries a password or a password hash', () => {
    expect(answers.length).toBeGreaterThan(50);
    const walk = (v: unknown, where: string): void => {
      if (typeof v === 'string') {
        expect(v, where).not.toMatch(/\$argon2/);
        for (const s of secrets) expect(v.includes(s), `${where} carries a secret`).toBe(false);
      } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${where}[${i}]`));
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          // "password" may only appear as the name of a field with an error, or as the flag must_change_password.
          if (!where.endsWith('.errors') && k !== 'must_change_password') expect(k, where).not.toMatch(/password|hash/i);
          walk(x, `${where}.${k}`);
        }
      }
    };
    for (const res of answers) {
      expect(typeof res.body, res.raw.body.slice(0, 200)).toBe('object');
      walk(res.body, 'body');
      expect(res.raw.body).not.toMatch(/password_?hash|\$argon2/i);
    }
  });

  it('the server log never contains the passwords or bearer tokens used', () => {
    expect(t.logs.length).toBeGreaterThan(0);
    expect(secrets.size).toBeGreaterThan(20);
    for (const line of t.logs) {
      for (const s of secrets) expect(line.includes(s), `log line contains a secret: ${line.slice(0, 300)}`).toBe(false);
    }
  });
});
