import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLASS_MSG, MSG } from '@kelasku/contract';
import { useTestApp } from './helpers.js';
import { expectNotFound, expectOtherRolesRefused } from './assignment-scene.js';
import { announcements, onlineClasses } from '../src/db/schema.js';

const t = useTestApp();

const listUrl = (classId: number) => `/api/teacher/online-classes/${classId}/announcements`;
const itemUrl = (classId: number, id: number) => `${listUrl(classId)}/${id}`;
const studentUrl = (classId: number) => `/api/student/my-classes/${classId}/announcements`;

/** A class scene of its own rombel with one announcement in this class and one in the other teacher's class. */
async function scene() {
  const s = await t.factory.classScene();
  const [own] = await t.db
    .insert(announcements)
    .values({ onlineClassId: s.klass.id, authorId: s.teacher.id, body: 'Besok ulangan bab 1', createdAt: new Date('2026-01-05T01:00:00Z') })
    .returning();
  const [foreign] = await t.db
    .insert(announcements)
    .values({ onlineClassId: s.otherClass.id, authorId: s.otherTeacher.id, body: 'Pengumuman kelas lain' })
    .returning();
  return { ...s, own: own!, foreign: foreign! };
}

const rowsOf = (classId: number) => t.db.select().from(announcements).where(eq(announcements.onlineClassId, classId));

describe('access', () => {
  it('refuses the teacher endpoints to admins and students (403), the student one to admins and teachers, and all without a token (401)', async () => {
    const s = await scene();
    await expectOtherRolesRefused(
      t,
      [s.admin, s.student, s.outsider],
      [
        ['GET', listUrl(s.klass.id)],
        ['POST', listUrl(s.klass.id), { body: 'Halo' }],
        ['PUT', itemUrl(s.klass.id, s.own.id), { body: 'Halo' }],
        ['DELETE', itemUrl(s.klass.id, s.own.id)],
      ],
    );
    await expectOtherRolesRefused(t, [s.admin, s.teacher], [['GET', studentUrl(s.klass.id)]]);
    const [row] = await t.db.select().from(announcements).where(eq(announcements.id, s.own.id));
    expect(row!.body).toBe('Besok ulangan bab 1');
  });

  it("answers 404 for another teacher's class, another class's announcement, another rombel's class and unknown ids", async () => {
    const s = await scene();
    const sibling = await t.factory.onlineClass(s.teacher.id);
    await expectNotFound(t, s.teacher.token, [
      ['GET', listUrl(s.otherClass.id)],
      ['POST', listUrl(s.otherClass.id), { body: 'Halo' }],
      ['PUT', itemUrl(s.otherClass.id, s.foreign.id), { body: 'Diubah' }],
      ['DELETE', itemUrl(s.otherClass.id, s.foreign.id)],
      // Another class's announcement under this class's path, also of the teacher's own other class.
      ['PUT', itemUrl(s.klass.id, s.foreign.id), { body: 'Diubah' }],
      ['DELETE', itemUrl(s.klass.id, s.foreign.id)],
      ['PUT', itemUrl(sibling.id, s.own.id), { body: 'Diubah' }],
      ['DELETE', itemUrl(sibling.id, s.own.id)],
      ['PUT', itemUrl(s.klass.id, 999999), { body: 'Diubah' }],
      ['GET', listUrl(999999)],
    ]);
    await expectNotFound(t, s.otherTeacher.token, [
      ['GET', listUrl(s.klass.id)],
      ['PUT', itemUrl(s.klass.id, s.own.id), { body: 'Diubah' }],
      ['DELETE', itemUrl(s.klass.id, s.own.id)],
    ]);
    // A student of another rombel does not read this class's announcements.
    await expectNotFound(t, s.outsider.token, [['GET', studentUrl(s.klass.id)]]);
    await expectNotFound(t, s.student.token, [['GET', studentUrl(s.otherClass.id)]]);
    const [foreign] = await t.db.select().from(announcements).where(eq(announcements.id, s.foreign.id));
    expect(foreign!.body).toBe('Pengumuman kelas lain');
    expect(await rowsOf(s.klass.id)).toHaveLength(1);
  });
});

describe('teacher: Pengumuman', () => {
  it('posts, lists newest first with the author, edits (updated_at moves) and deletes', async () => {
    const s = await scene();
    const api = t.as(s.teacher.token);
    const posted = await api.post(listUrl(s.klass.id), { body: '  Minggu depan praktik di lab.\nBawa laptop.  ' });
    expect(posted.status).toBe(201);
    const [row] = await t.db.select().from(announcements).where(eq(announcements.id, posted.body.data.id));
    const shown = {
      id: row!.id,
      body: 'Minggu depan praktik di lab.\nBawa laptop.',
      author: { id: s.teacher.id, name: s.teacher.name, avatar: null },
      created_at: row!.createdAt.toISOString(),
      updated_at: row!.createdAt.toISOString(),
    };
    expect(posted.body).toEqual({ success: true, message: 'Pengumuman berhasil dibuat', data: shown });
    expect(row!.authorId).toBe(s.teacher.id);

    const list = await api.get(listUrl(s.klass.id));
    expect(list.status).toBe(200);
    expect(list.body.data.map((a: { id: number }) => a.id)).toEqual([row!.id, s.own.id]);
    expect(list.body.data[0]).toEqual(shown);

    const edited = await api.put(itemUrl(s.klass.id, row!.id), { body: 'Praktik diundur.' });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe('Pengumuman berhasil diperbarui');
    expect(edited.body.data).toMatchObject({ id: row!.id, body: 'Praktik diundur.', created_at: shown.created_at });
    expect(Date.parse(edited.body.data.updated_at)).toBeGreaterThan(Date.parse(shown.created_at));
    // The edit keeps its place: the list is by posting time.
    expect((await api.get(listUrl(s.klass.id))).body.data.map((a: { id: number }) => a.id)).toEqual([row!.id, s.own.id]);

    const deleted = await api.delete(itemUrl(s.klass.id, row!.id));
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Pengumuman berhasil dihapus' });
    expect((await rowsOf(s.klass.id)).map((a) => a.id)).toEqual([s.own.id]);
    expect((await api.delete(itemUrl(s.klass.id, row!.id))).status).toBe(404);
  });

  it('an empty class has an empty list', async () => {
    const s = await scene();
    const empty = await t.factory.onlineClass(s.teacher.id);
    expect((await t.as(s.teacher.token).get(listUrl(empty.id))).body).toEqual({ success: true, data: [] });
  });

  it('refuses an empty or too long text with 422 and its exact message, changing nothing', async () => {
    const s = await scene();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { body: [MSG.required] }],
      [{ body: '' }, { body: [MSG.required] }],
      [{ body: ' \n\t ' }, { body: [MSG.required] }],
      [{ body: null }, { body: [MSG.required] }],
      [{ body: 'x'.repeat(10_001) }, { body: ['Maksimal 10000 karakter'] }],
    ];
    for (const [body, errors] of cases) {
      for (const [method, url] of [
        ['POST', listUrl(s.klass.id)],
        ['PUT', itemUrl(s.klass.id, s.own.id)],
      ] as const) {
        const res = await t.as(s.teacher.token).request(method, url, body);
        expect(res.status, `${method} ${JSON.stringify(body).slice(0, 40)}`).toBe(422);
        expect(res.body).toEqual({ success: false, message: Object.values(errors)[0]![0], errors });
      }
    }
    // The longest text is accepted.
    expect((await t.as(s.teacher.token).post(listUrl(s.klass.id), { body: 'x'.repeat(10_000) })).status).toBe(201);
    const rows = await rowsOf(s.klass.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === s.own.id)!.body).toBe('Besok ulangan bab 1');
  });

  it('an archived class reads its announcements and refuses every write with 409', async () => {
    const s = await scene();
    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, s.klass.id));
    const api = t.as(s.teacher.token);
    expect((await api.get(listUrl(s.klass.id))).body.data.map((a: { id: number }) => a.id)).toEqual([s.own.id]);
    for (const [method, url, body] of [
      ['POST', listUrl(s.klass.id), { body: 'Halo' }],
      ['PUT', itemUrl(s.klass.id, s.own.id), { body: 'Diubah' }],
      ['DELETE', itemUrl(s.klass.id, s.own.id), undefined],
    ] as const) {
      const res = await api.request(method, url, body);
      expect(res.status, method).toBe(409);
      expect(res.body).toEqual({ success: false, message: CLASS_MSG.classArchived });
    }
    const rows = await rowsOf(s.klass.id);
    expect(rows.map((r) => r.body)).toEqual(['Besok ulangan bab 1']);
    // Its former students no longer reach it.
    await expectNotFound(t, s.student.token, [['GET', studentUrl(s.klass.id)]]);
  });
});

describe('student: Pengumuman', () => {
  it("reads the class's announcements newest first, edits shown", async () => {
    const s = await scene();
    const posted = await t.as(s.teacher.token).post(listUrl(s.klass.id), { body: 'Ulangan diundur ke Jumat.' });
    await t.as(s.teacher.token).put(itemUrl(s.klass.id, s.own.id), { body: 'Besok ulangan bab 1 dan 2' });
    const res = await t.as(s.student.token).get(studentUrl(s.klass.id));
    expect(res.status).toBe(200);
    expect(res.body.data.map((a: { id: number; body: string }) => [a.id, a.body])).toEqual([
      [posted.body.data.id, 'Ulangan diundur ke Jumat.'],
      [s.own.id, 'Besok ulangan bab 1 dan 2'],
    ]);
    expect(res.body.data[0]).toEqual(posted.body.data);
    expect(res.body.data[1].updated_at).not.toBe(res.body.data[1].created_at);
    expect(res.body.data[1].author).toEqual({ id: s.teacher.id, name: s.teacher.name, avatar: null });
  });

  it('a class without announcements gives an empty list', async () => {
    const s = await scene();
    const quiet = await t.factory.onlineClass(s.teacher.id, { rombelId: 1 });
    expect((await t.as(s.student.token).get(studentUrl(quiet.id))).body).toEqual({ success: true, data: [] });
  });
});
