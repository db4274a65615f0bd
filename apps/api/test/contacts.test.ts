/**
 * Issue 42 — WhatsApp: the numbers of students for "Chat WhatsApp". A teacher gets those of the
 * students of the rombel of a class they teach, the wali kelas those of their rombel this semester;
 * another teacher, another rombel, the admin, students and parents get none.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@kelasku/contract';
import { onlineClasses, users } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import type { TestUser } from './factory.js';
import { makeHomeroom } from './areas/homerooms.js';

const t = useTestApp();

const classUrl = (classId: number) => `/api/teacher/online-classes/${classId}/student-contacts`;
const homeroomUrl = (rombelId: number) => `/api/teacher/homerooms/${rombelId}/student-contacts`;

interface Scene {
  rombelId: number;
  classId: number;
  teacher: TestUser;
  wali: TestUser;
  otherTeacher: TestUser;
  otherClassId: number;
  otherRombelId: number;
  budi: TestUser;
  ani: TestUser;
  other: TestUser;
  parent: TestUser;
  admin: TestUser;
}

const setTelpon = (id: number, telpon: string | null) => t.db.update(users).set({ telpon }).where(eq(users.id, id));

let s: Scene;
beforeAll(async () => {
  const rombel = await t.factory.rombel();
  const otherRombel = await t.factory.rombel();
  const teacher = await t.factory.teacher();
  const wali = await t.factory.teacher();
  const otherTeacher = await t.factory.teacher();
  const klass = await t.factory.onlineClass(teacher.id, { rombelId: rombel.id });
  const otherClass = await t.factory.onlineClass(otherTeacher.id, { rombelId: otherRombel.id });
  const budi = await t.factory.student({ rombelId: rombel.id, name: 'Budi Santoso' });
  const ani = await t.factory.student({ rombelId: rombel.id, name: 'ani Lestari' });
  const gone = await t.factory.student({ rombelId: rombel.id, name: 'Cici Keluar', status: 0 });
  const other = await t.factory.student({ rombelId: otherRombel.id, name: 'Dodi Lain' });
  await setTelpon(budi.id, '0812-3456-7890');
  await setTelpon(gone.id, '0813-0000-1111');
  await setTelpon(other.id, '0857-1111-2222');
  await makeHomeroom(t.db, rombel.id, wali.id);
  await makeHomeroom(t.db, otherRombel.id, otherTeacher.id);
  const parent = await t.factory.parent([budi.id]);
  s = {
    rombelId: rombel.id,
    classId: klass.id,
    teacher,
    wali,
    otherTeacher,
    otherClassId: otherClass.id,
    otherRombelId: otherRombel.id,
    budi,
    ani,
    other,
    parent,
    admin: await t.factory.admin(),
  };
});

const expected = () => [
  { id: s.ani.id, name: 'ani Lestari', telpon: null },
  { id: s.budi.id, name: 'Budi Santoso', telpon: '0812-3456-7890' },
];

describe("the class's student numbers", () => {
  it("give the class's teacher the active students of its rombel by name, with their numbers", async () => {
    const res = await t.as(s.teacher.token).get(classUrl(s.classId));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(expected());
  });

  it('are 404 for a class of another teacher (never another rombel’s numbers), 403 for the other roles', async () => {
    const res = await t.as(s.teacher.token).get(classUrl(s.otherClassId));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.notFound);
    expect(JSON.stringify(res.body)).not.toContain('0857');
    // The wali kelas of the rombel does not teach this class.
    expect((await t.as(s.wali.token).get(classUrl(s.classId))).status).toBe(404);
    for (const who of [s.admin, s.budi, s.parent]) {
      const refused = await t.as(who.token).get(classUrl(s.classId));
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(MSG.forbidden);
    }
    expect((await t.as(null).get(classUrl(s.classId))).status).toBe(401);
  });

  it('are none for an archived class (its rombel holds the next year)', async () => {
    const klass = await t.factory.onlineClass(s.teacher.id, { rombelId: s.rombelId });
    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, klass.id));
    const res = await t.as(s.teacher.token).get(classUrl(klass.id));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

describe("the wali kelas's student numbers", () => {
  it('give the wali kelas the active students of the rombel', async () => {
    const res = await t.as(s.wali.token).get(homeroomUrl(s.rombelId));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(expected());
  });

  it("are 404 for a teacher of the rombel who is not its wali kelas and for another rombel's wali kelas; 403 for the other roles", async () => {
    for (const who of [s.teacher, s.otherTeacher]) {
      const res = await t.as(who.token).get(homeroomUrl(s.rombelId));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MSG.notFound);
    }
    expect((await t.as(s.wali.token).get(homeroomUrl(s.otherRombelId))).status).toBe(404);
    for (const who of [s.admin, s.budi, s.parent]) {
      const res = await t.as(who.token).get(homeroomUrl(s.rombelId));
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('0812');
    }
  });
});
