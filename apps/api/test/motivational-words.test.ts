import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_MSG, MSG } from '@kelasku/contract';
import { useTestApp } from './helpers.js';
import { expectAdminOnly } from './admin-access.js';
import { motivationalWords } from '../src/db/schema.js';

const t = useTestApp();
const WORDS = '/api/admin/resources/motivational-words';
const RANDOM = '/api/student/random-motivational-word';
const word = { title: 'Semangat', body: 'Belajar hari ini, memimpin esok hari.', from: 'Ki Hajar Dewantara' };

describe('access', () => {
  it('refuses the admin endpoints to teachers and students (403) and to callers without a token (401)', async () => {
    const w = await t.factory.word();
    await expectAdminOnly(t, [
      ['GET', WORDS],
      ['POST', WORDS, word],
      ['GET', `${WORDS}/${w.id}`],
      ['PUT', `${WORDS}/${w.id}`, word],
      ['DELETE', `${WORDS}/${w.id}`],
    ]);
    expect((await t.db.select().from(motivationalWords).where(eq(motivationalWords.id, w.id)))[0]!.title).toBe(w.title);
  });

  it('gives the random word to students only: 403 for admins and teachers, 401 without a token', async () => {
    for (const u of [await t.factory.admin(), await t.factory.teacher()]) {
      const res = await t.as(u.token).get(RANDOM);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, message: MSG.forbidden });
    }
    const res = await t.as().get(RANDOM);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: MSG.unauthenticated });
  });
});

describe('admin CRUD', () => {
  it('creates a word, active by default, or inactive when told', async () => {
    const admin = await t.factory.admin();
    const res = await t.as(admin.token).post(WORDS, word);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(ADMIN_MSG.wordCreated);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      ...word,
      active: true,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
    });
    const off = await t.as(admin.token).post(WORDS, { ...word, title: 'Diam', active: false });
    expect(off.status).toBe(201);
    expect(off.body.data.active).toBe(false);
  });

  const badInputs: Array<[string, Record<string, unknown>, string, string]> = [
    ['an empty title', { title: '' }, 'title', MSG.required],
    ['a blank body', { body: '   ' }, 'body', MSG.required],
    ['a missing from', { from: undefined }, 'from', MSG.required],
    ['a title over 255', { title: 't'.repeat(256) }, 'title', 'Maksimal 255 karakter'],
    ['a non-boolean active', { active: 'mungkin' }, 'active', ADMIN_MSG.activeInvalid],
  ];
  for (const [label, over, field, message] of badInputs) {
    it(`refuses ${label} with 422 "${message}" on create and on edit`, async () => {
      const admin = await t.factory.admin();
      const w = await t.factory.word();
      const created = await t.as(admin.token).post(WORDS, { ...word, ...over });
      const edited = await t.as(admin.token).put(`${WORDS}/${w.id}`, { ...word, ...over });
      for (const res of [created, edited]) {
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ success: false, message, errors: { [field]: [message] } });
      }
      expect((await t.db.select().from(motivationalWords).where(eq(motivationalWords.id, w.id)))[0]!.title).toBe(w.title);
    });
  }

  it('lists every word, newest first, with all fields', async () => {
    const admin = await t.factory.admin();
    const older = await t.factory.word({ title: 'Lama', active: false });
    const newer = (await t.as(admin.token).post(WORDS, { ...word, title: 'Baru' })).body.data;
    const res = await t.as(admin.token).get(WORDS);
    expect(res.status).toBe(200);
    const list: any[] = res.body.data;
    expect(list[0]).toEqual(newer);
    expect(list.find((w) => w.id === older.id)).toEqual({
      id: older.id,
      title: 'Lama',
      body: older.body,
      from: older.from,
      active: false,
      created_at: older.createdAt.toISOString(),
    });
    expect(list.findIndex((w) => w.id === newer.id)).toBeLessThan(list.findIndex((w) => w.id === older.id));
  });

  it('shows, edits and deletes one word; unknown ids answer 404', async () => {
    const admin = await t.factory.admin();
    const w = await t.factory.word({ active: false });
    const shown = await t.as(admin.token).get(`${WORDS}/${w.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ id: w.id, title: w.title, active: false });

    const edited = await t.as(admin.token).put(`${WORDS}/${w.id}`, { title: 'Baru', body: 'Isi baru', from: 'Penulis' });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(ADMIN_MSG.wordUpdated);
    expect(edited.body.data).toMatchObject({ id: w.id, title: 'Baru', body: 'Isi baru', from: 'Penulis', active: false });
    const activated = await t.as(admin.token).put(`${WORDS}/${w.id}`, { title: 'Baru', body: 'Isi baru', from: 'Penulis', active: true });
    expect(activated.body.data.active).toBe(true);

    const deleted = await t.as(admin.token).delete(`${WORDS}/${w.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: ADMIN_MSG.wordDeleted });

    for (const res of [
      await t.as(admin.token).get(`${WORDS}/${w.id}`),
      await t.as(admin.token).put(`${WORDS}/${w.id}`, word),
      await t.as(admin.token).delete(`${WORDS}/${w.id}`),
      await t.as(admin.token).get(`${WORDS}/abc`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: MSG.notFound });
    }
  });
});

describe('GET /api/student/random-motivational-word', () => {
  it('picks only among active words', async () => {
    const student = await t.factory.student();
    await t.db.update(motivationalWords).set({ active: false });
    const active = await t.factory.word({ title: 'Aktif', body: 'Jangan menyerah.', from: 'Bu Guru' });
    await t.factory.word({ active: false });
    await t.factory.word({ active: false });
    for (let i = 0; i < 10; i++) {
      const res = await t.as(student.token).get(RANDOM);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: { id: active.id, title: 'Aktif', body: 'Jangan menyerah.', from: 'Bu Guru' } });
    }
  });

  it('answers 200 with data null and a friendly message when no word is active', async () => {
    const student = await t.factory.student({ rombelId: null });
    await t.db.update(motivationalWords).set({ active: false });
    const res = await t.as(student.token).get(RANDOM);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MSG.noActiveWord, data: null });
  });
});
