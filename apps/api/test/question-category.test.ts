/**
 * Issue 41, "Tambah soal" inside the quiz form: GET /api/teacher/classes/:classId/question-category
 * answers the class's category of the caller's bank, made on first use and named after the class.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onlineClasses, questionCategories, teachingAssignmentTeachers, teachingAssignments } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import { activeSemester, makeSubject } from './teaching-helpers.js';

const t = useTestApp();
const url = (classId: number) => `/api/teacher/classes/${classId}/question-category`;

const categoriesOf = (teacherId: number) =>
  t.db.select().from(questionCategories).where(eq(questionCategories.teacherId, teacherId)).orderBy(questionCategories.id);

describe("the class's question category", () => {
  it('is made on first use, named after the class, and the same one afterwards', async () => {
    const me = await t.factory.teacher();
    const klass = await t.factory.onlineClass(me.id, { name: 'Matematika — X TKJ 1' });
    const as = t.as(me.token);

    const first = await as.get(url(klass.id));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, data: { id: expect.any(Number), name: 'Matematika — X TKJ 1', question_count: 0 } });

    // A question written into it is counted; the next call answers the same category.
    await t.factory.question(first.body.data.id, me.id);
    const again = await as.get(url(klass.id));
    expect(again.body.data).toEqual({ id: first.body.data.id, name: 'Matematika — X TKJ 1', question_count: 1 });

    // It is one of the teacher's categories in the Bank Soal.
    const list = await as.get('/api/teacher/question-categories');
    expect(list.body.data).toEqual([{ id: first.body.data.id, name: 'Matematika — X TKJ 1', question_count: 1 }]);
  });

  it('keeps its place when the teacher renames it, and another class gets its own', async () => {
    const me = await t.factory.teacher();
    const a = await t.factory.onlineClass(me.id, { name: 'Informatika — X TKJ 1' });
    const b = await t.factory.onlineClass(me.id, { name: 'Informatika — X TKJ 2' });
    const as = t.as(me.token);
    const ca = (await as.get(url(a.id))).body.data;
    const renamed = await as.put(`/api/teacher/question-categories/${ca.id}`, { name: 'Soal Informatika' });
    expect(renamed.status).toBe(200);
    expect((await as.get(url(a.id))).body.data).toEqual({ id: ca.id, name: 'Soal Informatika', question_count: 0 });
    const cb = (await as.get(url(b.id))).body.data;
    expect(cb).toEqual({ id: expect.any(Number), name: 'Informatika — X TKJ 2', question_count: 0 });
    expect(cb.id).not.toBe(ca.id);
  });

  it("takes the next free name when the teacher's bank already has the class's name (ignoring case)", async () => {
    const me = await t.factory.teacher();
    const klass = await t.factory.onlineClass(me.id, { name: 'Fisika — XI TKR 2' });
    await t.factory.questionCategory(me.id, 'FISIKA — xi tkr 2');
    await t.factory.questionCategory(me.id, 'Fisika — XI TKR 2 (2)');
    const res = await t.as(me.token).get(url(klass.id));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: expect.any(Number), name: 'Fisika — XI TKR 2 (3)', question_count: 0 });
    // Another teacher's category of that name is no clash.
    const other = await t.factory.teacher();
    const theirs = await t.factory.onlineClass(other.id, { name: 'Fisika — XI TKR 2' });
    expect((await t.as(other.token).get(url(theirs.id))).body.data.name).toBe('Fisika — XI TKR 2');
  });

  it('cuts a long class name to the 100 characters a category name holds', async () => {
    const me = await t.factory.teacher();
    const long = `${'Pemrograman Berorientasi Objek '.repeat(6)}— XII RPL 1`;
    const klass = await t.factory.onlineClass(me.id, { name: long });
    await t.factory.questionCategory(me.id, long.slice(0, 100).trim());
    const res = await t.as(me.token).get(url(klass.id));
    expect(res.status).toBe(200);
    expect(res.body.data.name).toHaveLength(100);
    expect(res.body.data.name.endsWith(' (2)')).toBe(true);
  });

  it('is made once when many calls arrive together', async () => {
    const me = await t.factory.teacher();
    const klass = await t.factory.onlineClass(me.id, { name: 'Bahasa Indonesia — X AKL 1' });
    const as = t.as(me.token);
    const answers = await Promise.all(Array.from({ length: 8 }, () => as.get(url(klass.id))));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((r) => r.body.data.id)).size).toBe(1);
    const rows = await categoriesOf(me.id);
    expect(rows.map((r) => [r.name, r.classId])).toEqual([['Bahasa Indonesia — X AKL 1', klass.id]]);
  });

  it("answers 404 for another teacher's class or one that does not exist, and makes nothing", async () => {
    const me = await t.factory.teacher();
    const other = await t.factory.teacher();
    const theirs = await t.factory.onlineClass(other.id, { name: 'Kelas Guru Lain' });
    for (const id of [theirs.id, 2_147_483_000]) {
      const res = await t.as(me.token).get(url(id));
      expect(res.status).toBe(404);
      expect(res.body.success).toBe(false);
    }
    expect(await categoriesOf(me.id)).toEqual([]);
    expect(await categoriesOf(other.id)).toEqual([]);
  });

  it('refuses other roles with 403; an id that is no id is a 404', async () => {
    const owner = await t.factory.teacher();
    const klass = await t.factory.onlineClass(owner.id);
    for (const user of [await t.factory.admin(), await t.factory.student()]) {
      expect((await t.as(user.token).get(url(klass.id))).status).toBe(403);
    }
    expect((await t.as(owner.token).get(url(0))).status).toBe(404);
    expect((await t.as(owner.token).get('/api/teacher/classes/abc/question-category')).status).toBe(404);
  });

  it('gives each teacher of a team-taught class a category of their own bank', async () => {
    const owner = await t.factory.teacher();
    const partner = await t.factory.teacher();
    const rombel = await t.factory.rombel();
    const subject = await makeSubject(t);
    const klass = await t.factory.onlineClass(owner.id, { rombelId: rombel.id, name: `${subject.name} — ${rombel.name}` });
    const [ta] = await t.db
      .insert(teachingAssignments)
      .values({ semesterId: await activeSemester(t), rombelClassId: rombel.id, subjectId: subject.id, onlineClassId: klass.id })
      .returning();
    await t.db.insert(teachingAssignmentTeachers).values([
      { assignmentId: ta!.id, teacherId: owner.id, position: 0 },
      { assignmentId: ta!.id, teacherId: partner.id, position: 1 },
    ]);
    const mine = (await t.as(owner.token).get(url(klass.id))).body.data;
    const theirs = await t.as(partner.token).get(url(klass.id));
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.name).toBe(`${subject.name} — ${rombel.name}`);
    expect(theirs.body.data.id).not.toBe(mine.id);
    const [row] = await t.db
      .select()
      .from(questionCategories)
      .where(and(eq(questionCategories.id, theirs.body.data.id), eq(questionCategories.teacherId, partner.id)));
    expect(row?.classId).toBe(klass.id);
  });

  it('still answers for an archived class (its teacher may read it), which keeps its category', async () => {
    const me = await t.factory.teacher();
    const klass = await t.factory.onlineClass(me.id, { name: 'Kimia — X KI 1' });
    const before = (await t.as(me.token).get(url(klass.id))).body.data;
    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, klass.id));
    const after = await t.as(me.token).get(url(klass.id));
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual(before);
  });
});
