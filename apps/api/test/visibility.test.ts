/**
 * Issue 21, visibility: a content or an item can be a draft (hidden) or scheduled (publish_at).
 * Students, through every student path, see only what is visible now, and an item only while its
 * content is visible too; the teacher sees everything.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLASS_MSG, MSG } from '@kelasku/contract';
import { useTestApp } from './helpers.js';
import { expectNotFound, expectOtherRolesRefused, submit } from './assignment-scene.js';
import { lessons, materials, onlineClasses } from '../src/db/schema.js';

const t = useTestApp();

const T = (classId: number, lessonId: number) => `/api/teacher/online-classes/${classId}/contents/${lessonId}`;
const S = (classId: number, lessonId: number) => `/api/student/my-classes/${classId}/contents/${lessonId}`;
const lessonVisibility = (classId: number, lessonId: number) => `${T(classId, lessonId)}/visibility`;
const itemVisibility = (classId: number, lessonId: number, kind: string, id: number) => `${T(classId, lessonId)}/${kind}/${id}/visibility`;

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const aMinuteAgo = () => new Date(Date.now() - 60_000).toISOString();

/** A class with one content holding a material, a forum and an assignment, plus a second, plain content. */
async function scene() {
  const s = await t.factory.classScene();
  // Every scene's student is of rombel 1 and sees the other scenes' classes too: titles of this scene only.
  const tag = randomBytes(4).toString('hex');
  const material = await t.factory.material(s.content.id, { title: `Materi Rahasia ${tag}` });
  const forum = await t.factory.forum(s.content.id, s.teacher.id, { topic: `Forum Rahasia ${tag}` });
  const assignment = await t.factory.assignment(s.content.id, s.teacher.id, { title: `Tugas Rahasia ${tag}` });
  const other = await t.factory.content(s.klass.id, { title: 'Konten Terbuka' });
  const openMaterial = await t.factory.material(other.id, { title: 'Materi Terbuka' });
  return { ...s, tag, material, forum, assignment, other, openMaterial };
}
type Scene = Awaited<ReturnType<typeof scene>>;

/** What the student reaches of the scene's content and its items, each as a status (or presence in a list). */
async function studentSees(s: Scene) {
  const as = t.as(s.student.token);
  const list = await as.get(`/api/student/my-classes/${s.klass.id}/contents`);
  const listed = list.body.data.find((c: { id: number }) => c.id === s.content.id);
  const lists = [
    await as.get('/api/student/assignments'),
    await as.get('/api/student/upcoming-assignments'),
    await as.get(`/api/student/my-classes/${s.klass.id}/contents`),
  ];
  return {
    inList: listed !== undefined,
    materialListed: JSON.stringify(list.body).includes(s.material.title),
    forumListed: JSON.stringify(list.body).includes(s.forum.topic),
    assignmentListed: lists.map((r) => JSON.stringify(r.body).includes(s.assignment.title)),
    content: (await as.get(S(s.klass.id, s.content.id))).status,
    forum: (await as.get(`${S(s.klass.id, s.content.id)}/forums/${s.forum.id}`)).status,
    comment: (await as.post(`${S(s.klass.id, s.content.id)}/forums/${s.forum.id}/comments`, { comment: 'Halo' })).status,
    assignment: (await as.get(`/api/student/submissions/${s.assignment.id}`)).status,
    privateComments: (await as.get(`/api/student/submissions/${s.assignment.id}/comments`)).status,
    file: (await as.get(`/api/files/${s.material.fileId}/link`)).status,
  };
}

const ALL_SEEN = {
  inList: true,
  materialListed: true,
  forumListed: true,
  assignmentListed: [true, true, true],
  content: 200,
  forum: 200,
  comment: 201,
  assignment: 200,
  privateComments: 200,
  file: 200,
};
const NONE_SEEN = {
  inList: false,
  materialListed: false,
  forumListed: false,
  assignmentListed: [false, false, false],
  content: 404,
  forum: 404,
  comment: 404,
  assignment: 404,
  privateComments: 404,
  file: 404,
};

describe('access', () => {
  it('refuses admins and students (403) and callers without a token (401), changing nothing', async () => {
    const s = await scene();
    await expectOtherRolesRefused(
      t,
      [s.admin, s.student, s.outsider],
      [
        ['PUT', lessonVisibility(s.klass.id, s.content.id), { hidden: true }],
        ['PUT', itemVisibility(s.klass.id, s.content.id, 'materials', s.material.id), { hidden: true }],
      ],
    );
    const [row] = await t.db.select().from(lessons).where(eq(lessons.id, s.content.id));
    expect(row!.hidden).toBe(false);
  });

  it("answers 404 for another teacher's objects, an item of another content or class, and an unknown kind", async () => {
    const s = await scene();
    const otherMaterial = await t.factory.material(s.otherLesson.id);
    await expectNotFound(t, s.otherTeacher.token, [
      ['PUT', lessonVisibility(s.klass.id, s.content.id), { hidden: true }],
      ['PUT', itemVisibility(s.klass.id, s.content.id, 'forums', s.forum.id), { hidden: true }],
    ]);
    await expectNotFound(t, s.teacher.token, [
      ['PUT', lessonVisibility(s.otherClass.id, s.otherLesson.id), { hidden: true }],
      ['PUT', lessonVisibility(s.klass.id, s.otherLesson.id), { hidden: true }],
      ['PUT', itemVisibility(s.klass.id, s.content.id, 'materials', otherMaterial.id), { hidden: true }],
      ['PUT', itemVisibility(s.klass.id, s.other.id, 'materials', s.material.id), { hidden: true }],
      ['PUT', itemVisibility(s.klass.id, s.content.id, 'materials', 999999), { hidden: true }],
      ['PUT', itemVisibility(s.klass.id, s.content.id, 'komentar', s.material.id), { hidden: true }],
    ]);
    const [m] = await t.db.select().from(materials).where(eq(materials.id, s.material.id));
    expect(m!.hidden).toBe(false);
  });

  it('refuses a change in an archived class with 409', async () => {
    const s = await scene();
    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, s.klass.id));
    for (const url of [lessonVisibility(s.klass.id, s.content.id), itemVisibility(s.klass.id, s.content.id, 'forums', s.forum.id)]) {
      const res = await t.as(s.teacher.token).put(url, { hidden: true });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, message: CLASS_MSG.classArchived });
    }
  });
});

describe('PUT …/visibility', () => {
  it('saves a draft, a schedule (WIB without an offset) and "show now", and answers the visibility', async () => {
    const s = await scene();
    const url = lessonVisibility(s.klass.id, s.content.id);
    const draft = await t.as(s.teacher.token).put(url, { hidden: true });
    expect(draft.status).toBe(200);
    expect(draft.body).toEqual({ success: true, message: CLASS_MSG.visibilitySaved, data: { hidden: true, publish_at: null } });
    const scheduled = await t.as(s.teacher.token).put(url, { hidden: false, publish_at: '2030-01-02T08:00' });
    expect(scheduled.body.data).toEqual({ hidden: false, publish_at: '2030-01-02T01:00:00.000Z' });
    const shown = await t.as(s.teacher.token).put(url, { hidden: false, publish_at: null });
    expect(shown.body.data).toEqual({ hidden: false, publish_at: null });
    const blank = await t.as(s.teacher.token).put(itemVisibility(s.klass.id, s.content.id, 'assignments', s.assignment.id), {
      hidden: false,
      publish_at: '2030-01-02T08:00:00+07:00',
    });
    expect(blank.body).toEqual({
      success: true,
      message: CLASS_MSG.visibilitySaved,
      data: { hidden: false, publish_at: '2030-01-02T01:00:00.000Z' },
    });
  });

  it('refuses bad bodies with 422 and the exact message, changing nothing', async () => {
    const s = await scene();
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { hidden: [MSG.required] }],
      [{ hidden: 'ya' }, { hidden: [MSG.required] }],
      [{ hidden: false, publish_at: 'besok pagi' }, { publish_at: [CLASS_MSG.publishAtFormat] }],
      [{ hidden: false, publish_at: '2030-02-30T08:00' }, { publish_at: [CLASS_MSG.publishAtFormat] }],
      [{ hidden: false, publish_at: 1893456000000 }, { publish_at: [CLASS_MSG.publishAtFormat] }],
    ];
    for (const url of [lessonVisibility(s.klass.id, s.content.id), itemVisibility(s.klass.id, s.content.id, 'materials', s.material.id)]) {
      for (const [body, errors] of cases) {
        const res = await t.as(s.teacher.token).put(url, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(res.body, JSON.stringify(body)).toEqual({ success: false, message: Object.values(errors)[0]![0], errors });
      }
    }
    const [c] = await t.db.select().from(lessons).where(eq(lessons.id, s.content.id));
    expect([c!.hidden, c!.publishAt]).toEqual([false, null]);
  });

  it('the teacher still sees a draft and a scheduled item, with their visibility', async () => {
    const s = await scene();
    await t.as(s.teacher.token).put(lessonVisibility(s.klass.id, s.content.id), { hidden: true });
    const at = inAnHour();
    await t
      .as(s.teacher.token)
      .put(itemVisibility(s.klass.id, s.content.id, 'materials', s.material.id), { hidden: false, publish_at: at });
    const list = await t.as(s.teacher.token).get(`/api/teacher/online-classes/${s.klass.id}/contents`);
    const content = list.body.data.find((c: { id: number }) => c.id === s.content.id);
    expect(content).toMatchObject({ hidden: true, publish_at: null });
    expect(content.materials[0]).toMatchObject({ id: s.material.id, hidden: false, publish_at: at });
    expect((await t.as(s.teacher.token).get(`${T(s.klass.id, s.content.id)}/forums/${s.forum.id}`)).status).toBe(200);
    expect((await t.as(s.teacher.token).get(`${T(s.klass.id, s.content.id)}/assignments/${s.assignment.id}`)).status).toBe(200);
    expect((await t.as(s.teacher.token).get(`/api/files/${s.material.fileId}/link`)).status).toBe(200);
  });
});

describe('what students see', () => {
  it('sees everything that is shown', async () => {
    const s = await scene();
    expect(await studentSees(s)).toEqual(ALL_SEEN);
  });

  it('a draft content hides itself and every item in it from every student path', async () => {
    const s = await scene();
    await t.as(s.teacher.token).put(lessonVisibility(s.klass.id, s.content.id), { hidden: true });
    expect(await studentSees(s)).toEqual(NONE_SEEN);
    // The other content stays.
    const list = await t.as(s.student.token).get(`/api/student/my-classes/${s.klass.id}/contents`);
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([s.other.id]);
    expect((await t.as(s.student.token).get(`/api/files/${s.openMaterial.fileId}/link`)).status).toBe(200);
    // Shown again: everything is back.
    await t.as(s.teacher.token).put(lessonVisibility(s.klass.id, s.content.id), { hidden: false });
    expect(await studentSees(s)).toEqual(ALL_SEEN);
  });

  it('a scheduled content is a 404 before its time and visible once publish_at has passed', async () => {
    const s = await scene();
    await t.as(s.teacher.token).put(lessonVisibility(s.klass.id, s.content.id), { hidden: false, publish_at: inAnHour() });
    expect(await studentSees(s)).toEqual(NONE_SEEN);
    await t.as(s.teacher.token).put(lessonVisibility(s.klass.id, s.content.id), { hidden: false, publish_at: aMinuteAgo() });
    expect(await studentSees(s)).toEqual(ALL_SEEN);
  });

  it('a scheduled material, forum and assignment are each a 404 before their time and visible after', async () => {
    const s = await scene();
    const put = (kind: string, id: number, publishAt: string) =>
      t.as(s.teacher.token).put(itemVisibility(s.klass.id, s.content.id, kind, id), { hidden: false, publish_at: publishAt });
    for (const [kind, id] of [
      ['materials', s.material.id],
      ['forums', s.forum.id],
      ['assignments', s.assignment.id],
    ] as const) {
      expect((await put(kind, id, inAnHour())).status).toBe(200);
    }
    expect(await studentSees(s)).toEqual({ ...NONE_SEEN, inList: true, content: 200 });
    // The content itself still shows, without those items.
    const detail = await t.as(s.student.token).get(S(s.klass.id, s.content.id));
    expect(detail.body.data).toMatchObject({ materials: [], forums: [], assignment: [] });
    // A hand-in to the scheduled assignment is refused as if it did not exist.
    const handIn = await submit(t, s.student.token, s.assignment.id);
    expect(handIn.status).toBe(404);
    expect(handIn.body).toEqual({ success: false, message: MSG.notFound });
    for (const [kind, id] of [
      ['materials', s.material.id],
      ['forums', s.forum.id],
      ['assignments', s.assignment.id],
    ] as const) {
      await put(kind, id, aMinuteAgo());
    }
    expect(await studentSees(s)).toEqual(ALL_SEEN);
    expect((await submit(t, s.student.token, s.assignment.id)).status).toBe(201);
  });

  it('a draft item hides only itself', async () => {
    const s = await scene();
    const second = await t.factory.material(s.content.id, { title: 'Materi Kedua' });
    await t.as(s.teacher.token).put(itemVisibility(s.klass.id, s.content.id, 'materials', s.material.id), { hidden: true });
    const detail = await t.as(s.student.token).get(S(s.klass.id, s.content.id));
    expect(detail.body.data.materials.map((m: { id: number }) => m.id)).toEqual([second.id]);
    expect(detail.body.data.forums).toHaveLength(1);
    expect(detail.body.data.assignment).toHaveLength(1);
    expect((await t.as(s.student.token).get(`/api/files/${s.material.fileId}/link`)).status).toBe(404);
    expect((await t.as(s.student.token).get(`/api/files/${second.fileId}/link`)).status).toBe(200);
  });

  it('a hidden assignment leaves "Tugas Saya" and "Nilai Saya" even when graded; shown again it is back', async () => {
    const s = await scene();
    await t.factory.submission(s.assignment.id, s.student.id, { score: 90 });
    const grades = () => t.as(s.student.token).get('/api/student/grades');
    const title = s.assignment.title;
    expect(JSON.stringify((await grades()).body)).toContain(title);
    await t.as(s.teacher.token).put(itemVisibility(s.klass.id, s.content.id, 'assignments', s.assignment.id), { hidden: true });
    expect(JSON.stringify((await grades()).body)).not.toContain(title);
    expect(JSON.stringify((await t.as(s.student.token).get('/api/student/assignments?tab=done')).body)).not.toContain(title);
    await t.as(s.teacher.token).put(itemVisibility(s.klass.id, s.content.id, 'assignments', s.assignment.id), { hidden: false });
    expect(JSON.stringify((await grades()).body)).toContain(title);
  });

  it("another rombel's student never sees the class, shown or not", async () => {
    const s = await scene();
    await expectNotFound(t, s.outsider.token, [
      ['GET', S(s.klass.id, s.content.id)],
      ['GET', `/api/student/submissions/${s.assignment.id}`],
      ['GET', `/api/files/${s.material.fileId}/link`],
    ]);
  });
});
