import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { CLASS_MSG, MSG } from '@kelasku/contract';
import { samples, useTestApp } from './helpers.js';
import { statementsDuring } from './admin-access.js';
import { expectNotFound, expectOtherRolesRefused } from './assignment-scene.js';
import { lessons } from '../src/db/schema.js';
import { expectAllGone, expectMaterialKept, storageKeys } from './class-files.js';

const t = useTestApp();

const lessonsUrl = (classId: number) => `/api/teacher/online-classes/${classId}/contents`;
const lessonUrl = (classId: number, lessonId: number) => `${lessonsUrl(classId)}/${lessonId}`;
const body = { title: 'Pengenalan Topologi', description: 'Bus, star dan ring' };

/** The fields of a content row as the API shows them. */
const shown = (c: typeof lessons.$inferSelect) => ({
  id: c.id,
  online_class_id: c.onlineClassId,
  number: c.number,
  position: c.position,
  hidden: false,
  publish_at: null,
  title: c.title,
  description: c.description,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

describe('access', () => {
  it('refuses every endpoint to admins and students (403) and without a token (401)', async () => {
    const s = await t.factory.classScene();
    await expectOtherRolesRefused(
      t,
      [s.admin, s.student, s.outsider],
      [
        ['GET', lessonsUrl(s.klass.id)],
        ['POST', lessonsUrl(s.klass.id), body],
        ['GET', lessonUrl(s.klass.id, s.content.id)],
        ['PUT', lessonUrl(s.klass.id, s.content.id), body],
        ['DELETE', lessonUrl(s.klass.id, s.content.id)],
      ],
    );
    const [row] = await t.db.select().from(lessons).where(eq(lessons.id, s.content.id));
    expect(row!.title).toBe(s.content.title);
  });

  it("answers 404 for another teacher's class, for a content of another class under this class's path, and for unknown ids", async () => {
    const s = await t.factory.classScene();
    // Another class of the same teacher: its content is still not reachable under this class's path.
    const sibling = await t.factory.onlineClass(s.teacher.id);
    const siblingLesson = await t.factory.content(sibling.id);
    await expectNotFound(t, s.teacher.token, [
      ['GET', lessonsUrl(s.otherClass.id)],
      ['POST', lessonsUrl(s.otherClass.id), body],
      ['GET', lessonUrl(s.otherClass.id, s.otherLesson.id)],
      ['PUT', lessonUrl(s.otherClass.id, s.otherLesson.id), body],
      ['DELETE', lessonUrl(s.otherClass.id, s.otherLesson.id)],
      ['GET', lessonUrl(s.klass.id, s.otherLesson.id)],
      ['PUT', lessonUrl(s.klass.id, s.otherLesson.id), body],
      ['DELETE', lessonUrl(s.klass.id, s.otherLesson.id)],
      ['GET', lessonUrl(s.klass.id, siblingLesson.id)],
      ['PUT', lessonUrl(s.klass.id, siblingLesson.id), body],
      ['DELETE', lessonUrl(s.klass.id, siblingLesson.id)],
      ['GET', lessonUrl(s.klass.id, 999999)],
      ['GET', lessonUrl(s.klass.id, 0)],
      ['GET', `${lessonsUrl(s.klass.id)}/abc`],
      ['GET', lessonsUrl(999999)],
    ]);
    // The other teacher gets 404 for this class too.
    await expectNotFound(t, s.otherTeacher.token, [
      ['GET', lessonsUrl(s.klass.id)],
      ['GET', lessonUrl(s.klass.id, s.content.id)],
      ['DELETE', lessonUrl(s.klass.id, s.content.id)],
    ]);
    const rows = await t.db
      .select()
      .from(lessons)
      .where(inArray(lessons.id, [s.otherLesson.id, siblingLesson.id, s.content.id]));
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.id === s.otherLesson.id)!.title).toBe(s.otherLesson.title);
  });
});

describe('GET …/contents', () => {
  it("lists the class's contents oldest first, each with its materials, forums and assignments", async () => {
    const s = await t.factory.classScene();
    const second = await t.factory.content(s.klass.id, { title: 'Kedua', description: 'Deskripsi' });
    const material = await t.factory.material(s.content.id, { title: 'Modul 1' });
    const forum = await t.factory.forum(second.id, s.teacher.id, { topic: 'Diskusi IP' });
    const assignment = await t.factory.assignment(second.id, s.teacher.id, { title: 'Tugas Subnet' });
    await t.factory.material(s.otherLesson.id);

    const res = await t.as(s.teacher.token).get(lessonsUrl(s.klass.id));
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([s.content.id, second.id]);
    expect(res.body.data[0]).toEqual({
      ...shown(s.content),
      materials: [
        {
          id: material.id,
          kind: 'file',
          title: 'Modul 1',
          file: expect.stringMatching(new RegExp(`^/api/files/${material.fileId}\\?e=\\d+&s=`)),
          filename: 'materi.pdf',
          file_extension: 'pdf',
          size: 15,
          mime: 'application/pdf',
          url: null,
          youtube_id: null,
          position: 1,
          hidden: false,
          publish_at: null,
          created_at: material.createdAt.toISOString(),
          updated_at: material.updatedAt.toISOString(),
        },
      ],
      forums: [],
      assignment: [],
      quizzes: [],
    });
    expect(res.body.data[1]).toMatchObject({
      title: 'Kedua',
      description: 'Deskripsi',
      materials: [],
      forums: [{ id: forum.id, topic: 'Diskusi IP', position: 1, hidden: false, publish_at: null }],
      assignment: [{ id: assignment.id, title: 'Tugas Subnet', position: 1, hidden: false, publish_at: null }],
    });
  });

  it('answers an empty list for a class without contents', async () => {
    const teacher = await t.factory.teacher();
    const klass = await t.factory.onlineClass(teacher.id);
    const res = await t.as(teacher.token).get(lessonsUrl(klass.id));
    expect(res.body).toEqual({ success: true, data: [] });
  });

  it('runs the same number of queries for 1 content as for 6 contents full of materials, forums and assignments', async () => {
    const teacher = await t.factory.teacher();
    const small = await t.factory.onlineClass(teacher.id);
    await t.factory.content(small.id);
    const big = await t.factory.onlineClass(teacher.id);
    for (let i = 0; i < 6; i++) {
      const c = await t.factory.content(big.id);
      await t.factory.material(c.id);
      await t.factory.material(c.id);
      await t.factory.forum(c.id, teacher.id);
      await t.factory.assignment(c.id, teacher.id);
    }
    let bigList: any;
    const one = await statementsDuring(t, () => t.as(teacher.token).get(lessonsUrl(small.id)));
    const six = await statementsDuring(t, async () => (bigList = await t.as(teacher.token).get(lessonsUrl(big.id))));
    expect(bigList.body.data).toHaveLength(6);
    expect(bigList.body.data.every((c: any) => c.materials.length === 2 && c.forums.length === 1 && c.assignment.length === 1)).toBe(true);
    expect(six).toBe(one);
  });
});

describe('POST …/contents', () => {
  it('adds a content and answers it', async () => {
    const s = await t.factory.classScene();
    const res = await t
      .as(s.teacher.token)
      .post(lessonsUrl(s.klass.id), { title: '  Pengenalan Topologi ', description: 'Bus, star dan ring' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(CLASS_MSG.lessonCreated);
    // The scene's class has one content: this one is Pembelajaran 2, last in the agenda.
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      online_class_id: s.klass.id,
      number: 2,
      position: 2,
      hidden: false,
      publish_at: null,
      title: 'Pengenalan Topologi',
      description: 'Bus, star dan ring',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(Date.parse(res.body.data.created_at)).toBeGreaterThan(Date.now() - 60_000);
    const list = await t.as(s.teacher.token).get(lessonsUrl(s.klass.id));
    expect(list.body.data.at(-1)).toMatchObject({ id: res.body.data.id, materials: [], forums: [], assignment: [] });
    const plain = await t.as(s.teacher.token).post(lessonsUrl(s.klass.id), { title: 'Tanpa deskripsi' });
    expect(plain.status).toBe(201);
    expect(plain.body.data.description).toBeNull();
  });

  it('never keeps a description that only repeats the title (the pages would show it twice)', async () => {
    const s = await t.factory.classScene();
    for (const description of [undefined, null, '', '   ']) {
      const res = await t.as(s.teacher.token).post(lessonsUrl(s.klass.id), { title: 'Tanpa deskripsi', description });
      expect(res.status).toBe(201);
      expect(res.body.data.description).toBeNull();
    }
    const copy = await t.as(s.teacher.token).post(lessonsUrl(s.klass.id), { title: 'Subnetting', description: ' Subnetting ' });
    expect(copy.body.data).toMatchObject({ title: 'Subnetting', description: null });
    const [row] = await t.db.select().from(lessons).where(eq(lessons.id, copy.body.data.id));
    expect(row!.description).toBeNull();
    const edited = await t.as(s.teacher.token).put(lessonUrl(s.klass.id, copy.body.data.id), { title: 'VLSM', description: 'VLSM' });
    expect(edited.body.data).toMatchObject({ title: 'VLSM', description: null });
    // The student's list shows the same.
    const list = await t.as(s.student.token).get(`/api/student/my-classes/${s.klass.id}/contents`);
    expect(list.body.data.find((c: { id: number }) => c.id === copy.body.data.id)).toMatchObject({ title: 'VLSM', description: null });
  });

  it('refuses an empty or too long title with 422 and adds nothing', async () => {
    const s = await t.factory.classScene();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ title: '' }, { title: [MSG.required] }],
      [{ title: '   ', description: 'x' }, { title: [MSG.required] }],
      [{ description: 'x' }, { title: [MSG.required] }],
      [{ title: 'x'.repeat(256) }, { title: ['Maksimal 255 karakter'] }],
      [{ title: 'Ok', description: 'x'.repeat(10_001) }, { description: ['Maksimal 10000 karakter'] }],
    ];
    for (const [b, errors] of cases) {
      const res = await t.as(s.teacher.token).post(lessonsUrl(s.klass.id), b);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ success: false, message: Object.values(errors)[0]![0], errors });
    }
    expect(await t.db.select().from(lessons).where(eq(lessons.onlineClassId, s.klass.id))).toHaveLength(1);
  });
});

describe('GET …/contents/{lessonId}', () => {
  it('answers the content with materials (signed links that open), forums and assignments', async () => {
    const s = await t.factory.classScene();
    const file = await t.factory.file('Jaringan Dasar.pdf', samples.pdf('jaringan'));
    const material = await t.factory.material(s.content.id, { title: 'Modul Jaringan', fileId: file.id });
    const forum = await t.factory.forum(s.content.id, s.teacher.id, { topic: 'Topik A' });
    const assignment = await t.factory.assignment(s.content.id, s.teacher.id, { title: 'Tugas A' });
    await t.factory.forum(s.otherLesson.id, s.otherTeacher.id);

    const res = await t.as(s.teacher.token).get(lessonUrl(s.klass.id, s.content.id));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      ...shown(s.content),
      materials: [
        {
          id: material.id,
          kind: 'file',
          title: 'Modul Jaringan',
          file: expect.any(String),
          filename: 'Jaringan Dasar.pdf',
          file_extension: 'pdf',
          size: samples.pdf('jaringan').length,
          mime: 'application/pdf',
          url: null,
          youtube_id: null,
          position: 1,
          hidden: false,
          publish_at: null,
          created_at: material.createdAt.toISOString(),
          updated_at: material.updatedAt.toISOString(),
        },
      ],
      forums: [{ id: forum.id, topic: 'Topik A', position: 1, hidden: false, publish_at: null }],
      assignment: [{ id: assignment.id, title: 'Tugas A', position: 1, hidden: false, publish_at: null }],
      quizzes: [],
    });
    const opened = await t.as().get(res.body.data.materials[0].file);
    expect(opened.status).toBe(200);
    expect(opened.raw.rawPayload.equals(samples.pdf('jaringan'))).toBe(true);
  });

  it('runs the same number of queries for an empty content as for one with 10 materials, forums and assignments', async () => {
    const s = await t.factory.classScene();
    const full = await t.factory.content(s.klass.id);
    for (let i = 0; i < 10; i++) {
      await t.factory.material(full.id);
      await t.factory.forum(full.id, s.teacher.id);
      await t.factory.assignment(full.id, s.teacher.id);
    }
    const empty = await statementsDuring(t, () => t.as(s.teacher.token).get(lessonUrl(s.klass.id, s.content.id)));
    let res: any;
    const many = await statementsDuring(t, async () => (res = await t.as(s.teacher.token).get(lessonUrl(s.klass.id, full.id))));
    expect(res.body.data.materials).toHaveLength(10);
    expect(res.body.data.forums).toHaveLength(10);
    expect(res.body.data.assignment).toHaveLength(10);
    expect(many).toBe(empty);
  });
});

describe('PUT …/contents/{lessonId}', () => {
  it('changes the title and description', async () => {
    const s = await t.factory.classScene();
    const res = await t.as(s.teacher.token).put(lessonUrl(s.klass.id, s.content.id), body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CLASS_MSG.lessonUpdated);
    expect(res.body.data).toMatchObject({ id: s.content.id, title: body.title, description: body.description });
    const [row] = await t.db.select().from(lessons).where(eq(lessons.id, s.content.id));
    expect(row).toMatchObject({ title: body.title, description: body.description });
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(s.content.updatedAt.getTime());
    const cleared = await t.as(s.teacher.token).put(lessonUrl(s.klass.id, s.content.id), { title: body.title, description: '' });
    expect(cleared.body.data.description).toBeNull();
  });

  it('refuses an empty title with 422 and keeps the content', async () => {
    const s = await t.factory.classScene();
    const res = await t.as(s.teacher.token).put(lessonUrl(s.klass.id, s.content.id), { title: ' ' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, message: MSG.required, errors: { title: [MSG.required] } });
    const [row] = await t.db.select().from(lessons).where(eq(lessons.id, s.content.id));
    expect(row!.title).toBe(s.content.title);
  });
});

describe('DELETE …/contents/{lessonId}', () => {
  it('removes the content with its materials, forums, comments, assignments, submissions and stored files, and nothing else', async () => {
    const s = await t.factory.classScene();
    const kept = await t.factory.content(s.klass.id);
    const keptMaterial = await t.factory.material(kept.id);
    const material = await t.factory.material(s.content.id);
    const forum = await t.factory.forum(s.content.id, s.teacher.id);
    await t.factory.comment(forum.id, s.student.id);
    const assignment = await t.factory.assignment(s.content.id, s.teacher.id);
    const submission = await t.factory.submission(assignment.id, s.student.id);
    const fileIds = [material.fileId, submission.fileId];
    const keys = await storageKeys(t, fileIds);

    const res = await t.as(s.teacher.token).delete(lessonUrl(s.klass.id, s.content.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: CLASS_MSG.lessonDeleted });

    await expectAllGone(t, {
      lessonIds: [s.content.id],
      materialIds: [material.id],
      forumIds: [forum.id],
      assignmentIds: [assignment.id],
      submissionIds: [submission.id],
      fileIds,
      keys,
    });
    await expectMaterialKept(t, keptMaterial);
    const list = await t.as(s.teacher.token).get(lessonsUrl(s.klass.id));
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([kept.id]);
    await expectNotFound(t, s.teacher.token, [
      ['GET', lessonUrl(s.klass.id, s.content.id)],
      ['DELETE', lessonUrl(s.klass.id, s.content.id)],
    ]);
  });
});
