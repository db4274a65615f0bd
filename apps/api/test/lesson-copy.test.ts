import { describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { CLASS_MSG, MSG } from '@kelasku/contract';
import { readStored, useTestApp } from './helpers.js';
import { expectNotFound, expectOtherRolesRefused } from './assignment-scene.js';
import {
  announcements,
  assignmentExtensions,
  assignments,
  comments,
  lessons,
  forums,
  materials,
  onlineClasses,
  quizAttempts,
  quizSlots,
  quizzes,
  storedFiles,
  submissions,
} from '../src/db/schema.js';

const t = useTestApp();

const DAY = 24 * 3600 * 1000;
const classUrl = (classId: number) => `/api/teacher/online-classes/${classId}`;
const copyLessonUrl = (classId: number, lessonId: number) => `${classUrl(classId)}/contents/${lessonId}/copy`;
const copyClassUrl = (classId: number) => `${classUrl(classId)}/copy`;

/**
 * A teacher's class (its own rombel) with a built content: two file materials (one file shared by
 * both), a link, a hidden forum with comments, a scheduled assignment with a closing time, a
 * submission and an extension, and items not in their order of creation. Plus a second current
 * class of the teacher (the target, with two contents), a student of the target's rombel, and the
 * outsiders.
 */
async function copyScene() {
  const f = t.factory;
  const rombel = await f.rombel();
  const targetRombel = await f.rombel();
  const teacher = await f.teacher();
  const otherTeacher = await f.teacher();
  const klass = await f.onlineClass(teacher.id, { rombelId: rombel.id, description: 'Kelas sumber' });
  const target = await f.onlineClass(teacher.id, { rombelId: targetRombel.id, name: 'XI TKJ 2 Jaringan' });
  const otherClass = await f.onlineClass(otherTeacher.id, { rombelId: targetRombel.id });
  await f.content(target.id, { title: 'Sudah ada 1' });
  await f.content(target.id, { title: 'Sudah ada 2' });
  const first = await f.content(klass.id, { title: 'Pendahuluan' });
  const content = await f.content(klass.id, { title: 'Topologi Jaringan', description: 'Bus, star dan ring' });
  await t.db.update(lessons).set({ hidden: true }).where(eq(lessons.id, first.id));
  const file = await f.file('modul.pdf', Buffer.from('%PDF-1.4\nmodul topologi\n%%EOF\n'));
  const modul = await f.material(content.id, { title: 'Modul', fileId: file.id });
  const ringkasan = await f.material(content.id, { title: 'Ringkasan', fileId: file.id });
  const [link] = await t.db
    .insert(materials)
    .values({ lessonId: content.id, title: 'Video', url: 'https://youtu.be/dQw4w9WgXcQ', position: 3, hidden: true })
    .returning();
  // The teacher put the link first.
  await t.db.update(materials).set({ position: 0 }).where(eq(materials.id, link!.id));
  const student = await f.student({ rombelId: rombel.id });
  const forum = await f.forum(content.id, otherTeacher.id, { topic: 'Diskusi topologi', description: 'Mana yang terbaik?' });
  await t.db.update(forums).set({ hidden: true }).where(eq(forums.id, forum.id));
  await f.comment(forum.id, student.id, 'Star!');
  const deadline = new Date('2026-03-02T16:59:00.000Z');
  const assignment = await f.assignment(content.id, teacher.id, {
    title: 'Gambar topologi',
    description: 'Gambar tiga topologi.',
    deadline,
  });
  await t.db
    .update(assignments)
    .set({ closesAt: new Date(deadline.getTime() + 2 * DAY), publishAt: new Date('2026-02-23T00:00:00.000Z') })
    .where(eq(assignments.id, assignment.id));
  await f.submission(assignment.id, student.id);
  await t.db
    .insert(assignmentExtensions)
    .values({ assignmentId: assignment.id, studentId: student.id, deadline: new Date(deadline.getTime() + DAY) });
  // A timed quiz: one fixed question of the teacher's bank and two drawn from a category, with an attempt.
  const category = await f.questionCategory(teacher.id);
  const question = await f.question(category.id, teacher.id);
  for (let i = 0; i < 2; i++) await f.question(category.id, teacher.id);
  const quiz = await f.quiz(content.id, teacher.id, [question.id], { title: 'Kuis topologi', timeLimitMinutes: 30, attemptsAllowed: 2 });
  await t.db.insert(quizSlots).values({ quizId: quiz.id, position: 2, categoryId: category.id, pickCount: 2 });
  await t.db
    .update(quizzes)
    .set({ opensAt: new Date('2026-03-02T00:00:00.000Z'), closesAt: new Date('2026-03-03T00:00:00.000Z'), showReview: true })
    .where(eq(quizzes.id, quiz.id));
  await f.quizAttempt(quiz.id, student.id, [question.id]);
  const targetStudent = await f.student({ rombelId: targetRombel.id });
  const outsider = await f.student({ rombelId: rombel.id });
  const admin = await f.admin();
  return {
    rombel,
    targetRombel,
    teacher,
    otherTeacher,
    klass,
    target,
    otherClass,
    first,
    content,
    file,
    modul,
    ringkasan,
    link: link!,
    forum,
    assignment,
    deadline,
    student,
    targetStudent,
    outsider,
    admin,
  };
}

/** Materials, forums and assignments of a content, each in its order. */
async function itemsOf(lessonId: number) {
  return {
    materials: await t.db
      .select()
      .from(materials)
      .where(eq(materials.lessonId, lessonId))
      .orderBy(asc(materials.position), asc(materials.id)),
    forums: await t.db.select().from(forums).where(eq(forums.lessonId, lessonId)).orderBy(asc(forums.position), asc(forums.id)),
    assignments: await t.db
      .select()
      .from(assignments)
      .where(eq(assignments.lessonId, lessonId))
      .orderBy(asc(assignments.position), asc(assignments.id)),
    quizzes: await t.db.select().from(quizzes).where(eq(quizzes.lessonId, lessonId)).orderBy(asc(quizzes.position), asc(quizzes.id)),
  };
}

/** A quiz's slots, without their ids and the quiz's. */
const slotsOf = async (quizId: number) =>
  (await t.db.select().from(quizSlots).where(eq(quizSlots.quizId, quizId)).orderBy(asc(quizSlots.position))).map(
    ({ position, questionId, categoryId, pickCount }) => ({ position, questionId, categoryId, pickCount }),
  );

const plus = (d: Date | null, days: number) => (d ? new Date(d.getTime() + days * DAY) : null);

/** Checks that the copy's items are the source's, with dates moved by `days` and the teacher as author. */
async function expectItemsCopied(sourceId: number, copyId: number, days: number, authorId: number) {
  const src = await itemsOf(sourceId);
  const copy = await itemsOf(copyId);
  const pick = <T extends object, K extends keyof T>(rows: T[], ks: K[]) =>
    rows.map((r) => Object.fromEntries(ks.map((k) => [k, r[k]])) as Pick<T, K>);
  expect(pick(copy.materials, ['title', 'fileId', 'url', 'position', 'hidden'])).toEqual(
    pick(src.materials, ['title', 'fileId', 'url', 'position', 'hidden']),
  );
  expect(copy.materials.map((m) => m.publishAt)).toEqual(src.materials.map((m) => plus(m.publishAt, days)));
  expect(pick(copy.forums, ['topic', 'description', 'position', 'hidden'])).toEqual(
    pick(src.forums, ['topic', 'description', 'position', 'hidden']),
  );
  expect(copy.forums.every((f) => f.authorId === authorId)).toBe(true);
  expect(pick(copy.assignments, ['title', 'description', 'position', 'hidden'])).toEqual(
    pick(src.assignments, ['title', 'description', 'position', 'hidden']),
  );
  expect(copy.assignments.map((a) => [a.deadline, a.closesAt, a.publishAt])).toEqual(
    src.assignments.map((a) => [plus(a.deadline, days), plus(a.closesAt, days), plus(a.publishAt, days)]),
  );
  expect(copy.assignments.every((a) => a.authorId === authorId)).toBe(true);
  const settings = [
    'title',
    'description',
    'timeLimitMinutes',
    'attemptsAllowed',
    'gradingMethod',
    'shuffleQuestions',
    'shuffleOptions',
    'onePerPage',
    'showResults',
    'showReview',
    'position',
    'hidden',
  ] as const;
  expect(pick(copy.quizzes, [...settings])).toEqual(pick(src.quizzes, [...settings]));
  expect(copy.quizzes.map((q) => [q.opensAt, q.closesAt, q.publishAt])).toEqual(
    src.quizzes.map((q) => [plus(q.opensAt, days), plus(q.closesAt, days), plus(q.publishAt, days)]),
  );
  expect(copy.quizzes.every((q) => q.authorId === authorId)).toBe(true);
  for (const [i, q] of copy.quizzes.entries()) expect(await slotsOf(q.id)).toEqual(await slotsOf(src.quizzes[i]!.id));
  // Nothing of the students comes along.
  const forumIds = copy.forums.map((f) => f.id);
  const assignmentIds = copy.assignments.map((a) => a.id);
  if (forumIds.length) expect(await t.db.select().from(comments).where(inArray(comments.forumId, forumIds))).toEqual([]);
  const quizIds = copy.quizzes.map((q) => q.id);
  if (quizIds.length) expect(await t.db.select().from(quizAttempts).where(inArray(quizAttempts.quizId, quizIds))).toEqual([]);
  if (assignmentIds.length) {
    expect(await t.db.select().from(submissions).where(inArray(submissions.assignmentId, assignmentIds))).toEqual([]);
    expect(await t.db.select().from(assignmentExtensions).where(inArray(assignmentExtensions.assignmentId, assignmentIds))).toEqual([]);
  }
  return copy;
}

describe('access', () => {
  it('refuses both copies to admins and students (403) and without a token (401), copying nothing', async () => {
    const s = await copyScene();
    await expectOtherRolesRefused(
      t,
      [s.admin, s.student, s.targetStudent],
      [
        ['POST', copyLessonUrl(s.klass.id, s.content.id), { online_class_id: s.target.id }],
        ['POST', copyClassUrl(s.klass.id), { rombel_class_id: s.targetRombel.id, name: 'Salinan' }],
      ],
    );
    expect(await t.db.select().from(lessons).where(eq(lessons.onlineClassId, s.target.id))).toHaveLength(2);
    expect(await t.db.select().from(onlineClasses).where(eq(onlineClasses.teacherId, s.teacher.id))).toHaveLength(2);
  });

  it("answers 404 for another teacher's content or class, a content under another class's path, and copying into another teacher's class", async () => {
    const s = await copyScene();
    const otherLesson = await t.factory.content(s.otherClass.id);
    await expectNotFound(t, s.teacher.token, [
      // Into another teacher's class: their class is not the teacher's to fill.
      ['POST', copyLessonUrl(s.klass.id, s.content.id), { online_class_id: s.otherClass.id }],
      ['POST', copyLessonUrl(s.klass.id, s.content.id), { online_class_id: 2_147_483_000 }],
      ['POST', copyLessonUrl(s.otherClass.id, otherLesson.id), { online_class_id: s.target.id }],
      ['POST', copyLessonUrl(s.klass.id, otherLesson.id), { online_class_id: s.target.id }],
      ['POST', copyLessonUrl(s.target.id, s.content.id), { online_class_id: s.target.id }],
      ['POST', copyLessonUrl(s.klass.id, 999999), { online_class_id: s.target.id }],
      ['POST', copyClassUrl(s.otherClass.id), { rombel_class_id: s.targetRombel.id, name: 'Salinan' }],
      ['POST', copyClassUrl(999999), { rombel_class_id: s.targetRombel.id, name: 'Salinan' }],
    ]);
    // The other teacher cannot copy this teacher's content into their own class either.
    await expectNotFound(t, s.otherTeacher.token, [
      ['POST', copyLessonUrl(s.klass.id, s.content.id), { online_class_id: s.otherClass.id }],
      ['POST', copyClassUrl(s.klass.id), { rombel_class_id: s.targetRombel.id, name: 'Salinan' }],
    ]);
    expect(await t.db.select().from(lessons).where(eq(lessons.onlineClassId, s.otherClass.id))).toHaveLength(1);
    expect(await t.db.select().from(lessons).where(eq(lessons.onlineClassId, s.target.id))).toHaveLength(2);
    expect(
      await t.db
        .select()
        .from(onlineClasses)
        .where(inArray(onlineClasses.teacherId, [s.teacher.id, s.otherTeacher.id])),
    ).toHaveLength(3);
  });

  it('refuses an archived target with 409 and copies nothing; an archived source is copied', async () => {
    const s = await copyScene();
    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, s.target.id));
    const res = await t.as(s.teacher.token).post(copyLessonUrl(s.klass.id, s.content.id), { online_class_id: s.target.id });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: CLASS_MSG.classArchived });
    expect(await t.db.select().from(lessons).where(eq(lessons.onlineClassId, s.target.id))).toHaveLength(2);

    // Last year's archived class is where this year's lessons come from.
    const current = await t.factory.onlineClass(s.teacher.id, { rombelId: s.targetRombel.id, name: 'Tahun ini' });
    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, s.klass.id));
    const fromArchive = await t.as(s.teacher.token).post(copyLessonUrl(s.klass.id, s.content.id), { online_class_id: current.id });
    expect(fromArchive.status).toBe(201);
    expect(fromArchive.body.message).toBe(CLASS_MSG.lessonCopied('Tahun ini'));
    const wholeClass = await t.as(s.teacher.token).post(copyClassUrl(s.klass.id), { rombel_class_id: s.targetRombel.id, name: 'Baru' });
    expect(wholeClass.status).toBe(201);
    expect(wholeClass.body.data.archived_at).toBeNull();
  });
});

describe('POST …/contents/:lessonId/copy', () => {
  it('copies the content with its materials, forums and assignments to the end of the target, dates moved', async () => {
    const s = await copyScene();
    const before = await itemsOf(s.content.id);
    const res = await t.as(s.teacher.token).post(copyLessonUrl(s.klass.id, s.content.id), { online_class_id: s.target.id, shift_days: 7 });
    expect(res.status).toBe(201);
    const [copy] = await t.db
      .select()
      .from(lessons)
      .where(and(eq(lessons.onlineClassId, s.target.id), eq(lessons.number, 3)));
    expect(res.body).toEqual({
      success: true,
      message: 'Konten berhasil disalin ke XI TKJ 2 Jaringan',
      data: {
        id: copy!.id,
        online_class_id: s.target.id,
        number: 3,
        position: 3,
        hidden: false,
        publish_at: null,
        title: 'Topologi Jaringan',
        description: 'Bus, star dan ring',
        created_at: copy!.createdAt.toISOString(),
        updated_at: copy!.updatedAt.toISOString(),
      },
    });
    const items = await expectItemsCopied(s.content.id, copy!.id, 7, s.teacher.id);
    // The link first, then the two materials sharing one stored file (never duplicated).
    expect(items.materials.map((m) => [m.title, m.fileId, m.url])).toEqual([
      ['Video', null, 'https://youtu.be/dQw4w9WgXcQ'],
      ['Modul', s.file.id, null],
      ['Ringkasan', s.file.id, null],
    ]);
    expect(items.forums.map((f) => [f.topic, f.hidden])).toEqual([['Diskusi topologi', true]]);
    expect(items.assignments[0]!.deadline.toISOString()).toBe('2026-03-09T16:59:00.000Z');
    expect(items.assignments[0]!.closesAt!.toISOString()).toBe('2026-03-11T16:59:00.000Z');
    expect(items.assignments[0]!.publishAt!.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, s.file.id))).toHaveLength(1);

    // The teacher sees it in the target class's list, as the last "Pembelajaran".
    const list = await t.as(s.teacher.token).get(`${classUrl(s.target.id)}/contents`);
    expect(list.body.data.map((c: { number: number; title: string }) => [c.number, c.title])).toEqual([
      [1, 'Sudah ada 1'],
      [2, 'Sudah ada 2'],
      [3, 'Topologi Jaringan'],
    ]);
    expect(list.body.data[2].materials.map((m: { kind: string; title: string }) => [m.kind, m.title])).toEqual([
      ['link', 'Video'],
      ['file', 'Modul'],
      ['file', 'Ringkasan'],
    ]);
    // The source is untouched: its comment, submission and extension stay.
    expect(await itemsOf(s.content.id)).toEqual(before);
    expect(await t.db.select().from(comments).where(eq(comments.forumId, s.forum.id))).toHaveLength(1);
    expect(await t.db.select().from(submissions).where(eq(submissions.assignmentId, s.assignment.id))).toHaveLength(1);
  });

  it('keeps a hidden or scheduled content so, its schedule moved, and moves dates back with a negative shift', async () => {
    const s = await copyScene();
    const publishAt = new Date('2026-05-01T01:00:00.000Z');
    await t.db.update(lessons).set({ publishAt }).where(eq(lessons.id, s.content.id));
    const hidden = await t.as(s.teacher.token).post(copyLessonUrl(s.klass.id, s.first.id), { online_class_id: s.target.id });
    expect(hidden.status).toBe(201);
    expect(hidden.body.data).toMatchObject({ number: 3, hidden: true, publish_at: null });
    const scheduled = await t.as(s.teacher.token).post(copyLessonUrl(s.klass.id, s.content.id), {
      online_class_id: s.target.id,
      shift_days: '-3',
    });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body.data).toMatchObject({ number: 4, position: 4, hidden: false, publish_at: '2026-04-28T01:00:00.000Z' });
    const items = await expectItemsCopied(s.content.id, scheduled.body.data.id, -3, s.teacher.id);
    expect(items.assignments[0]!.deadline.toISOString()).toBe('2026-02-27T16:59:00.000Z');
  });

  it('gives the next number after the highest one, even when lower ones were deleted', async () => {
    const s = await copyScene();
    const [one] = await t.db
      .select()
      .from(lessons)
      .where(and(eq(lessons.onlineClassId, s.target.id), eq(lessons.number, 1)));
    await t.as(s.teacher.token).delete(`${classUrl(s.target.id)}/contents/${one!.id}`);
    const res = await t.as(s.teacher.token).post(copyLessonUrl(s.klass.id, s.content.id), { online_class_id: s.target.id });
    expect(res.body.data).toMatchObject({ number: 3, position: 3 });
  });

  it('copies into the same class too: a duplicate at its end', async () => {
    const s = await copyScene();
    const res = await t.as(s.teacher.token).post(copyLessonUrl(s.klass.id, s.content.id), { online_class_id: s.klass.id });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ online_class_id: s.klass.id, number: 3, title: 'Topologi Jaringan' });
    await expectItemsCopied(s.content.id, res.body.data.id, 0, s.teacher.id);
  });

  it('refuses a missing target or a bad shift_days with 422 and its exact message, copying nothing', async () => {
    const s = await copyScene();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { online_class_id: [MSG.required] }],
      [{ online_class_id: '' }, { online_class_id: [MSG.required] }],
      [{ online_class_id: null }, { online_class_id: [MSG.required] }],
      [{ online_class_id: 'kelas' }, { online_class_id: ['Kelas tujuan tidak ditemukan'] }],
      [{ online_class_id: -1 }, { online_class_id: ['Kelas tujuan tidak ditemukan'] }],
      [{ online_class_id: 1.5 }, { online_class_id: ['Kelas tujuan tidak ditemukan'] }],
      [{ online_class_id: s.target.id, shift_days: 367 }, { shift_days: [CLASS_MSG.shiftDays] }],
      [{ online_class_id: s.target.id, shift_days: -367 }, { shift_days: [CLASS_MSG.shiftDays] }],
      [{ online_class_id: s.target.id, shift_days: 1.5 }, { shift_days: [CLASS_MSG.shiftDays] }],
      [{ online_class_id: s.target.id, shift_days: 'seminggu' }, { shift_days: [CLASS_MSG.shiftDays] }],
    ];
    for (const [body, errors] of cases) {
      const res = await t.as(s.teacher.token).post(copyLessonUrl(s.klass.id, s.content.id), body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toEqual({ success: false, message: Object.values(errors)[0]![0], errors });
    }
    expect(CLASS_MSG.shiftDays).toBe('Geser tanggal harus bilangan bulat antara -366 dan 366 hari');
    // The limits themselves are accepted.
    for (const shift_days of [366, -366]) {
      const res = await t.as(s.teacher.token).post(copyLessonUrl(s.klass.id, s.content.id), { online_class_id: s.target.id, shift_days });
      expect(res.status).toBe(201);
    }
    expect(await t.db.select().from(lessons).where(eq(lessons.onlineClassId, s.target.id))).toHaveLength(4);
  });
});

describe('a stored file shared by copies', () => {
  /** The file opened through a fresh signed link, as the user's browser would. */
  async function opens(token: string, fileId: number): Promise<number> {
    const link = await t.as(token).get(`/api/files/${fileId}/link`);
    if (link.status !== 200) return link.status;
    const res = await t.as().get(link.body.data.url);
    if (res.status === 200) expect(res.raw.body).toContain('modul topologi');
    return res.status;
  }

  it('is served to the other class after one material is deleted, and gone after the last one', async () => {
    const s = await copyScene();
    const res = await t.as(s.teacher.token).post(copyLessonUrl(s.klass.id, s.content.id), { online_class_id: s.target.id });
    const copyId: number = res.body.data.id;
    const [stored] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, s.file.id));
    const stillStored = async () => (await readStored(t.app.files.storage, stored!.storageKey)) !== null;
    const copies = (await itemsOf(copyId)).materials.filter((m) => m.fileId === s.file.id);
    expect(copies).toHaveLength(2);

    // The source's two materials go, one by one, then its whole content.
    for (const m of [s.modul, s.ringkasan]) {
      const del = await t.as(s.teacher.token).delete(`${classUrl(s.klass.id)}/contents/${s.content.id}/materials/${m.id}`);
      expect(del.status).toBe(200);
    }
    expect((await t.as(s.teacher.token).delete(`${classUrl(s.klass.id)}/contents/${s.content.id}`)).status).toBe(200);
    expect(await opens(s.teacher.token, s.file.id)).toBe(200);
    expect(await opens(s.targetStudent.token, s.file.id)).toBe(200);
    // The source class's student no longer reaches it: their class has no material with it.
    expect(await opens(s.student.token, s.file.id)).toBe(404);
    expect(await stillStored()).toBe(true);

    // The copy's first material goes: the second still opens.
    const target = `${classUrl(s.target.id)}/contents/${copyId}/materials`;
    expect((await t.as(s.teacher.token).delete(`${target}/${copies[0]!.id}`)).status).toBe(200);
    expect(await opens(s.targetStudent.token, s.file.id)).toBe(200);

    // The last one goes: the stored file and its bytes go with it.
    expect((await t.as(s.teacher.token).delete(`${target}/${copies[1]!.id}`)).status).toBe(200);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, s.file.id))).toEqual([]);
    expect(await stillStored()).toBe(false);
    expect(await opens(s.teacher.token, s.file.id)).toBe(404);
  });

  it('stays while a copied class uses it after the source class is deleted', async () => {
    const s = await copyScene();
    const res = await t.as(s.teacher.token).post(copyClassUrl(s.klass.id), { rombel_class_id: s.targetRombel.id, name: 'Salinan' });
    expect(res.status).toBe(201);
    expect((await t.as(s.teacher.token).delete(classUrl(s.klass.id))).status).toBe(200);
    expect(await opens(s.teacher.token, s.file.id)).toBe(200);
    expect(await opens(s.targetStudent.token, s.file.id)).toBe(200);
    expect((await t.as(s.teacher.token).delete(classUrl(res.body.data.id))).status).toBe(200);
    expect(await t.db.select().from(storedFiles).where(eq(storedFiles.id, s.file.id))).toEqual([]);
  });
});

describe('POST /online-classes/:classId/copy', () => {
  it('makes a new class for the rombel with every content, its number, place and items', async () => {
    const s = await copyScene();
    // A third content, a deleted second one (numbers 1, 3, 4), and the agenda reordered.
    const gone = await t.factory.content(s.klass.id, { title: 'Dihapus' });
    const last = await t.factory.content(s.klass.id, { title: 'Penutup' });
    await t.factory.assignment(last.id, s.teacher.id, { title: 'Ujian', deadline: new Date('2026-06-01T02:00:00.000Z') });
    await t.db.delete(lessons).where(eq(lessons.id, gone.id));
    await t.db.update(lessons).set({ position: 9 }).where(eq(lessons.id, s.first.id));
    await t.db.insert(announcements).values({ onlineClassId: s.klass.id, authorId: s.teacher.id, body: 'Besok libur' });

    const res = await t.as(s.teacher.token).post(copyClassUrl(s.klass.id), {
      rombel_class_id: s.targetRombel.id,
      name: '  Jaringan Dasar B  ',
      shift_days: 364,
    });
    expect(res.status).toBe(201);
    const [klass] = await t.db.select().from(onlineClasses).where(eq(onlineClasses.id, res.body.data.id));
    expect(res.body).toEqual({
      success: true,
      message: 'Kelas berhasil disalin',
      data: {
        id: klass!.id,
        name: 'Jaringan Dasar B',
        description: 'Kelas sumber',
        rombel: { id: s.targetRombel.id, name: s.targetRombel.name },
        teacher: { id: s.teacher.id, name: s.teacher.name, avatar: null },
        // A copy is a class made by hand: it has no subject (issue 37).
        subject: null,
        created_at: klass!.createdAt.toISOString(),
        updated_at: klass!.updatedAt.toISOString(),
        archived_at: null,
      },
    });
    expect(klass!.teacherId).toBe(s.teacher.id);
    const rows = (cls: number) =>
      t.db.select().from(lessons).where(eq(lessons.onlineClassId, cls)).orderBy(asc(lessons.position), asc(lessons.id));
    const source = await rows(s.klass.id);
    const copied = await rows(klass!.id);
    const fields = (c: typeof lessons.$inferSelect) => [c.number, c.position, c.title, c.description, c.hidden, c.publishAt];
    expect(copied.map(fields)).toEqual(source.map(fields));
    expect(copied.map((c) => c.title)).toEqual(['Topologi Jaringan', 'Penutup', 'Pendahuluan']);
    for (const [i, c] of copied.entries()) await expectItemsCopied(source[i]!.id, c.id, 364, s.teacher.id);
    // Announcements stay with their class.
    expect(await t.db.select().from(announcements).where(eq(announcements.onlineClassId, klass!.id))).toEqual([]);

    // The rombel's student finds it among their classes, without the hidden content's items shown as theirs to do.
    const mine = await t.as(s.targetStudent.token).get('/api/student/my-classes');
    expect(mine.body.data.map((c: { id: number }) => c.id)).toContain(klass!.id);
    // The teacher can add to it at once: the next number follows the copied ones.
    const added = await t.as(s.teacher.token).post(`${classUrl(klass!.id)}/contents`, { title: 'Baru' });
    expect(added.body.data).toMatchObject({ number: 5, position: 10 });
  });

  it('copies a class in the same number of statements whatever its size', async () => {
    const s = await copyScene();
    const big = await t.factory.onlineClass(s.teacher.id, { rombelId: s.rombel.id });
    for (let i = 0; i < 6; i++) {
      const c = await t.factory.content(big.id);
      await t.factory.material(c.id, { fileId: s.file.id });
      await t.factory.material(c.id, { fileId: s.file.id });
      await t.factory.forum(c.id, s.teacher.id);
      await t.factory.assignment(c.id, s.teacher.id);
      await t.factory.assignment(c.id, s.teacher.id);
    }
    const small = await t.factory.onlineClass(s.teacher.id, { rombelId: s.rombel.id });
    await t.factory.content(small.id);
    const statements = async (classId: number) => {
      const before = t.database.statements.count;
      const res = await t.as(s.teacher.token).post(copyClassUrl(classId), { rombel_class_id: s.targetRombel.id, name: 'Salinan' });
      expect(res.status).toBe(201);
      return t.database.statements.count - before;
    };
    await statements(small.id);
    const forSmall = await statements(small.id);
    const forBig = await statements(big.id);
    expect(forBig).toBe(forSmall);
    const copies = await t.db.select().from(onlineClasses).where(eq(onlineClasses.name, 'Salinan'));
    const bigCopy = copies.at(-1)!;
    const copiedLessons = await t.db.select().from(lessons).where(eq(lessons.onlineClassId, bigCopy.id));
    expect(copiedLessons).toHaveLength(6);
    const copiedAssignments = await t.db
      .select()
      .from(assignments)
      .where(
        inArray(
          assignments.lessonId,
          copiedLessons.map((c) => c.id),
        ),
      );
    expect(copiedAssignments).toHaveLength(12);
  });

  it('refuses a missing or unknown rombel and an empty or too long name with 422 and its exact message, making no class', async () => {
    const s = await copyScene();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ name: 'Salinan' }, { rombel_class_id: [MSG.required] }],
      [{ rombel_class_id: '', name: 'Salinan' }, { rombel_class_id: [MSG.required] }],
      [{ rombel_class_id: 'X TKJ', name: 'Salinan' }, { rombel_class_id: [MSG.rombelUnknown] }],
      [{ rombel_class_id: 0, name: 'Salinan' }, { rombel_class_id: [MSG.rombelUnknown] }],
      [{ rombel_class_id: 2_000_000_000, name: 'Salinan' }, { rombel_class_id: [MSG.rombelUnknown] }],
      [{ rombel_class_id: s.targetRombel.id }, { name: [MSG.required] }],
      [{ rombel_class_id: s.targetRombel.id, name: '   ' }, { name: [MSG.required] }],
      [{ rombel_class_id: s.targetRombel.id, name: 'x'.repeat(256) }, { name: ['Maksimal 255 karakter'] }],
      [{ rombel_class_id: s.targetRombel.id, name: 'Salinan', shift_days: 400 }, { shift_days: [CLASS_MSG.shiftDays] }],
      [{ rombel_class_id: s.targetRombel.id, name: 'Salinan', shift_days: 0.5 }, { shift_days: [CLASS_MSG.shiftDays] }],
    ];
    for (const [body, errors] of cases) {
      const res = await t.as(s.teacher.token).post(copyClassUrl(s.klass.id), body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body).toEqual({ success: false, message: Object.values(errors)[0]![0], errors });
    }
    expect(MSG.rombelUnknown).toBe('Rombel tidak ditemukan');
    expect(await t.db.select().from(onlineClasses).where(eq(onlineClasses.teacherId, s.teacher.id))).toHaveLength(2);
  });
});
