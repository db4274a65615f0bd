/**
 * Issue 21, order and numbers: the class's contents and each list inside a content can be put in a
 * new order; "Pembelajaran N" is the content's own number, never renumbered.
 */
import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { CLASS_MSG, MSG } from '@kelasku/contract';
import { useTestApp } from './helpers.js';
import { statementsDuring } from './admin-access.js';
import { expectNotFound, expectOtherRolesRefused } from './assignment-scene.js';
import { lessons, materials, onlineClasses } from '../src/db/schema.js';

const t = useTestApp();

const lessonsUrl = (classId: number) => `/api/teacher/online-classes/${classId}/contents`;
const orderUrl = (classId: number) => `${lessonsUrl(classId)}/order`;
const itemOrderUrl = (classId: number, lessonId: number) => `${lessonsUrl(classId)}/${lessonId}/order`;
const studentLessons = (classId: number) => `/api/student/my-classes/${classId}/contents`;

const ids = (list: Array<{ id: number }>) => list.map((x) => x.id);

/** A class with three contents (Pembelajaran 1, 2, 3) and, in the first, three materials, forums and assignments. */
async function scene() {
  const s = await t.factory.classScene();
  const second = await t.factory.content(s.klass.id, { title: 'Kedua' });
  const third = await t.factory.content(s.klass.id, { title: 'Ketiga' });
  const m = [await t.factory.material(s.content.id), await t.factory.material(s.content.id), await t.factory.material(s.content.id)];
  const f = [
    await t.factory.forum(s.content.id, s.teacher.id),
    await t.factory.forum(s.content.id, s.teacher.id),
    await t.factory.forum(s.content.id, s.teacher.id),
  ];
  const a = [
    await t.factory.assignment(s.content.id, s.teacher.id),
    await t.factory.assignment(s.content.id, s.teacher.id),
    await t.factory.assignment(s.content.id, s.teacher.id),
  ];
  return { ...s, first: s.content, second, third, m, f, a };
}

async function teacherList(token: string, classId: number) {
  const res = await t.as(token).get(lessonsUrl(classId));
  expect(res.status).toBe(200);
  return res.body.data as Array<{
    id: number;
    number: number;
    position: number;
    materials: Array<{ id: number }>;
    forums: Array<{ id: number }>;
    assignment: Array<{ id: number }>;
  }>;
}

describe('access', () => {
  it('refuses admins and students (403) and callers without a token (401), changing nothing', async () => {
    const s = await scene();
    await expectOtherRolesRefused(
      t,
      [s.admin, s.student, s.outsider],
      [
        ['PUT', orderUrl(s.klass.id), { ids: [s.third.id, s.first.id] }],
        ['PUT', itemOrderUrl(s.klass.id, s.first.id), { kind: 'materials', ids: [s.m[2]!.id] }],
      ],
    );
    expect(ids(await teacherList(s.teacher.token, s.klass.id))).toEqual([s.first.id, s.second.id, s.third.id]);
  });

  it("answers 404 for another teacher's class or content, and for a content outside the path's class", async () => {
    const s = await scene();
    const otherMaterial = await t.factory.material(s.otherLesson.id);
    await expectNotFound(t, s.otherTeacher.token, [
      ['PUT', orderUrl(s.klass.id), { ids: [s.third.id] }],
      ['PUT', itemOrderUrl(s.klass.id, s.first.id), { kind: 'materials', ids: [s.m[2]!.id] }],
    ]);
    await expectNotFound(t, s.teacher.token, [
      ['PUT', orderUrl(s.otherClass.id), { ids: [s.otherLesson.id] }],
      ['PUT', itemOrderUrl(s.otherClass.id, s.otherLesson.id), { kind: 'materials', ids: [otherMaterial.id] }],
      ['PUT', itemOrderUrl(s.klass.id, s.otherLesson.id), { kind: 'materials', ids: [otherMaterial.id] }],
      ['PUT', orderUrl(999999), { ids: [s.first.id] }],
      ['PUT', itemOrderUrl(s.klass.id, 999999), { kind: 'materials', ids: [s.m[0]!.id] }],
    ]);
  });

  it('refuses a reorder in an archived class with 409', async () => {
    const s = await scene();
    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, s.klass.id));
    for (const [url, body] of [
      [orderUrl(s.klass.id), { ids: [s.third.id] }],
      [itemOrderUrl(s.klass.id, s.first.id), { kind: 'forums', ids: [s.f[2]!.id] }],
    ] as const) {
      const res = await t.as(s.teacher.token).put(url, body);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, message: CLASS_MSG.classArchived });
    }
  });
});

describe('PUT …/contents/order', () => {
  it('puts the contents in the new order for the teacher and the students; numbers stay', async () => {
    const s = await scene();
    const res = await t.as(s.teacher.token).put(orderUrl(s.klass.id), { ids: [s.third.id, s.first.id, s.second.id] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: CLASS_MSG.orderSaved });
    const list = await teacherList(s.teacher.token, s.klass.id);
    expect(list.map((c) => [c.id, c.number, c.position])).toEqual([
      [s.third.id, 3, 1],
      [s.first.id, 1, 2],
      [s.second.id, 2, 3],
    ]);
    const student = await t.as(s.student.token).get(studentLessons(s.klass.id));
    expect(student.body.data.map((c: { id: number; number: number }) => [c.id, c.number])).toEqual([
      [s.third.id, 3],
      [s.first.id, 1],
      [s.second.id, 2],
    ]);
  });

  it('keeps the contents not named after the named ones, in their order', async () => {
    const s = await scene();
    const fourth = await t.factory.content(s.klass.id);
    const res = await t.as(s.teacher.token).put(orderUrl(s.klass.id), { ids: [fourth.id, s.second.id] });
    expect(res.status).toBe(200);
    expect(ids(await teacherList(s.teacher.token, s.klass.id))).toEqual([fourth.id, s.second.id, s.first.id, s.third.id]);
  });

  it('answers 404 and changes nothing when an id is a content of another class (even of the same teacher) or unknown', async () => {
    const s = await scene();
    const sibling = await t.factory.onlineClass(s.teacher.id);
    const siblingLesson = await t.factory.content(sibling.id);
    for (const foreign of [siblingLesson.id, s.otherLesson.id, 999999]) {
      const res = await t.as(s.teacher.token).put(orderUrl(s.klass.id), { ids: [s.third.id, foreign, s.first.id] });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, message: MSG.notFound });
    }
    const rows = await t.db.select().from(lessons).where(eq(lessons.onlineClassId, s.klass.id)).orderBy(asc(lessons.id));
    expect(rows.map((r) => r.position)).toEqual([1, 2, 3]);
    expect((await t.db.select().from(lessons).where(eq(lessons.id, siblingLesson.id)))[0]!.position).toBe(1);
  });

  it('refuses bad bodies with 422 and the exact message', async () => {
    const s = await scene();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ ids: [s.first.id, s.second.id, s.first.id] }, { ids: [CLASS_MSG.orderDuplicate] }],
      [{ ids: [] }, { ids: [MSG.required] }],
      [{}, { ids: [MSG.required] }],
      [{ ids: 'semua' }, { ids: [MSG.required] }],
    ];
    for (const [body, errors] of cases) {
      const res = await t.as(s.teacher.token).put(orderUrl(s.klass.id), body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body, JSON.stringify(body)).toEqual({ success: false, message: Object.values(errors)[0]![0], errors });
    }
    const bad = await t.as(s.teacher.token).put(orderUrl(s.klass.id), { ids: [s.first.id, 'abc'] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['ids.1']);
    expect(ids(await teacherList(s.teacher.token, s.klass.id))).toEqual([s.first.id, s.second.id, s.third.id]);
  });

  it('writes the same number of statements for 3 contents as for 30', async () => {
    const s = await scene();
    const big = await t.factory.onlineClass(s.teacher.id);
    const many: Array<{ id: number }> = [];
    for (let i = 0; i < 30; i++) many.push(await t.factory.content(big.id));
    const small = await statementsDuring(t, () =>
      t.as(s.teacher.token).put(orderUrl(s.klass.id), { ids: [s.third.id, s.second.id, s.first.id] }),
    );
    const large = await statementsDuring(t, () => t.as(s.teacher.token).put(orderUrl(big.id), { ids: ids(many).reverse() }));
    expect(large).toBe(small);
    expect(ids(await teacherList(s.teacher.token, big.id))).toEqual(ids(many).reverse());
  });
});

describe('PUT …/contents/:lessonId/order', () => {
  it('orders the materials, forums and assignments of the content', async () => {
    const s = await scene();
    const lists = [
      ['materials', s.m],
      ['forums', s.f],
      ['assignments', s.a],
    ] as const;
    for (const [kind, items] of lists) {
      const res = await t.as(s.teacher.token).put(itemOrderUrl(s.klass.id, s.first.id), {
        kind,
        ids: [items[2]!.id, items[0]!.id, items[1]!.id],
      });
      expect(res.status, kind).toBe(200);
      expect(res.body).toEqual({ success: true, message: CLASS_MSG.orderSaved });
    }
    const [first] = await teacherList(s.teacher.token, s.klass.id);
    const want = (items: Array<{ id: number }>) => [items[2]!.id, items[0]!.id, items[1]!.id];
    expect(ids(first!.materials)).toEqual(want(s.m));
    expect(ids(first!.forums)).toEqual(want(s.f));
    expect(ids(first!.assignment)).toEqual(want(s.a));
    const student = await t.as(s.student.token).get(`${studentLessons(s.klass.id)}/${s.first.id}`);
    expect(ids(student.body.data.materials)).toEqual(want(s.m));
    expect(ids(student.body.data.forums)).toEqual(want(s.f));
    expect(ids(student.body.data.assignment)).toEqual(want(s.a));
  });

  it('moves one item to the front, the others keep their order; a new item goes to the end', async () => {
    const s = await scene();
    await t.as(s.teacher.token).put(itemOrderUrl(s.klass.id, s.first.id), { kind: 'materials', ids: [s.m[1]!.id] });
    const added = await t.factory.material(s.first.id);
    const [first] = await teacherList(s.teacher.token, s.klass.id);
    expect(ids(first!.materials)).toEqual([s.m[1]!.id, s.m[0]!.id, s.m[2]!.id, added.id]);
  });

  it('answers 404 and changes nothing for an item of another content, another class, or another kind', async () => {
    const s = await scene();
    const siblingMaterial = await t.factory.material(s.second.id);
    const otherMaterial = await t.factory.material(s.otherLesson.id);
    const otherForum = await t.factory.forum(s.otherLesson.id, s.otherTeacher.id);
    // A forum id that is not also a material id of this content (ids are counted per table).
    const forumOnly = s.f.find((f) => !ids(s.m).includes(f.id))!;
    const assignmentOnly = s.a.find((a) => !ids(s.m).includes(a.id))!;
    const cases = [
      { kind: 'materials', ids: [s.m[2]!.id, siblingMaterial.id] },
      { kind: 'materials', ids: [s.m[2]!.id, otherMaterial.id] },
      { kind: 'forums', ids: [otherForum.id, s.f[0]!.id] },
      { kind: 'materials', ids: [forumOnly.id] },
      { kind: 'materials', ids: [assignmentOnly.id] },
    ];
    await expectNotFound(
      t,
      s.teacher.token,
      cases.map((body) => ['PUT', itemOrderUrl(s.klass.id, s.first.id), body]),
    );
    const rows = await t.db.select().from(materials).where(eq(materials.lessonId, s.first.id)).orderBy(asc(materials.id));
    expect(rows.map((r) => r.position)).toEqual([1, 2, 3]);
  });

  it('refuses bad bodies with 422 and the exact message', async () => {
    const s = await scene();
    const dup = await t.as(s.teacher.token).put(itemOrderUrl(s.klass.id, s.first.id), {
      kind: 'forums',
      ids: [s.f[0]!.id, s.f[0]!.id],
    });
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({ success: false, message: CLASS_MSG.orderDuplicate, errors: { ids: [CLASS_MSG.orderDuplicate] } });
    const noIds = await t.as(s.teacher.token).put(itemOrderUrl(s.klass.id, s.first.id), { kind: 'forums' });
    expect(noIds.body).toEqual({ success: false, message: MSG.required, errors: { ids: [MSG.required] } });
    const kind = await t.as(s.teacher.token).put(itemOrderUrl(s.klass.id, s.first.id), { kind: 'komentar', ids: [s.f[0]!.id] });
    expect(kind.status).toBe(422);
    expect(Object.keys(kind.body.errors)).toEqual(['kind']);
  });

  it('writes the same number of statements for 3 items as for 25', async () => {
    const s = await scene();
    const many: Array<{ id: number }> = [];
    for (let i = 0; i < 25; i++) many.push(await t.factory.material(s.second.id));
    const small = await statementsDuring(t, () =>
      t.as(s.teacher.token).put(itemOrderUrl(s.klass.id, s.first.id), { kind: 'materials', ids: ids(s.m).reverse() }),
    );
    const large = await statementsDuring(t, () =>
      t.as(s.teacher.token).put(itemOrderUrl(s.klass.id, s.second.id), { kind: 'materials', ids: ids(many).reverse() }),
    );
    expect(large).toBe(small);
  });
});

describe('"Pembelajaran N"', () => {
  it('is the content number: deleting a content renumbers none, a new one takes the next number', async () => {
    const s = await scene();
    const del = await t.as(s.teacher.token).delete(`${lessonsUrl(s.klass.id)}/${s.second.id}`);
    expect(del.status).toBe(200);
    const list = await teacherList(s.teacher.token, s.klass.id);
    expect(list.map((c) => [c.id, c.number])).toEqual([
      [s.first.id, 1],
      [s.third.id, 3],
    ]);
    const added = await t.as(s.teacher.token).post(lessonsUrl(s.klass.id), { title: 'Keempat' });
    expect(added.body.data).toMatchObject({ number: 4, position: 4 });
    const student = await t.as(s.student.token).get(studentLessons(s.klass.id));
    expect(student.body.data.map((c: { number: number }) => c.number)).toEqual([1, 3, 4]);
  });

  it('numbers each class on its own', async () => {
    const s = await scene();
    const fresh = await t.as(s.teacher.token).post(lessonsUrl(s.otherClass.id), { title: 'Bukan kelasku' });
    expect(fresh.status).toBe(404);
    const sibling = await t.factory.onlineClass(s.teacher.id);
    const res = await t.as(s.teacher.token).post(lessonsUrl(sibling.id), { title: 'Pertama' });
    expect(res.body.data).toMatchObject({ number: 1, position: 1 });
  });
});
