import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { FORUM_MSG, MSG } from '@kelasku/contract';
import { comments, forums } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import { forumPaths, forumScene, giveAvatar, isoDate, signedLink } from './forums-scene.js';

const t = useTestApp();

const notFound = { success: false, message: MSG.notFound };
const forbidden = { success: false, message: MSG.forbidden };
const unauthenticated = { success: false, message: MSG.unauthenticated };

describe('POST /api/teacher/online-classes/:classId/contents/:lessonId/forums', () => {
  it('opens a forum and answers with the empty thread', async () => {
    const s = await forumScene(t);
    const avatar = await giveAvatar(t, s.teacher.id);
    const p = forumPaths('teacher', s.klass.id, s.content.id);
    const res = await t.as(s.teacher.token).post(p.forums, { topic: '  Subnetting  ', description: 'Hitung subnet /26.' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: FORUM_MSG.forumCreated,
      data: {
        id: expect.any(Number),
        content_id: s.content.id,
        content_of: s.content.title,
        topic: 'Subnetting',
        description: 'Hitung subnet /26.',
        created_at: expect.stringMatching(isoDate),
        updated_at: expect.stringMatching(isoDate),
        author: s.teacher.name,
        author_id: s.teacher.id,
        author_role: 'Guru',
        avatar: expect.stringMatching(signedLink(avatar)),
        total_comment: 0,
        comments: [],
      },
      meta: { page: 1, per_page: 20, total: 0, last_page: 1 },
    });
    const [row] = await t.db.select().from(forums).where(eq(forums.id, res.body.data.id));
    expect(row).toMatchObject({ lessonId: s.content.id, authorId: s.teacher.id, topic: 'Subnetting' });
  });

  it('takes the description as optional: missing or blank is stored as null', async () => {
    const s = await forumScene(t);
    const p = forumPaths('teacher', s.klass.id, s.content.id);
    for (const body of [
      { topic: 'Tanpa deskripsi' },
      { topic: 'Deskripsi kosong', description: '   ' },
      { topic: 'Null', description: null },
    ]) {
      const res = await t.as(s.teacher.token).post(p.forums, body);
      expect(res.status).toBe(201);
      expect(res.body.data.description).toBeNull();
    }
  });

  it('refuses a missing, blank or too long topic and a description over 10,000 characters with 422', async () => {
    const s = await forumScene(t);
    const p = forumPaths('teacher', s.klass.id, s.content.id);
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { topic: [MSG.required] }],
      [{ topic: '   ', description: 'x' }, { topic: [MSG.required] }],
      [{ topic: 'x'.repeat(256) }, { topic: ['Maksimal 255 karakter'] }],
      [{ topic: 'Ok', description: 'x'.repeat(10_001) }, { description: ['Maksimal 10000 karakter'] }],
      [{ topic: 'a\u0000b' }, { topic: [FORUM_MSG.textInvalidChar] }],
    ];
    for (const [body, errors] of cases) {
      const res = await t.as(s.teacher.token).post(p.forums, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(res.body).toEqual({ success: false, message: Object.values(errors)[0]![0], errors });
    }
    const ok = await t.as(s.teacher.token).post(p.forums, { topic: 'x'.repeat(255) });
    expect(ok.status).toBe(201);
  });

  it("is 404 for another teacher's class, a content of another class and unknown ids; 403 for students and admins; 401 without a token", async () => {
    const s = await forumScene(t);
    const body = { topic: 'Masuk?' };
    const cases: [string | null, string, number, object][] = [
      [s.otherTeacher.token, forumPaths('teacher', s.klass.id, s.content.id).forums, 404, notFound],
      [s.teacher.token, forumPaths('teacher', s.klass.id, s.otherLesson.id).forums, 404, notFound],
      [s.teacher.token, forumPaths('teacher', s.otherClass.id, s.otherLesson.id).forums, 404, notFound],
      [s.teacher.token, forumPaths('teacher', s.klass.id, 999_999).forums, 404, notFound],
      [s.teacher.token, forumPaths('teacher', s.klass.id, 'x' as never).forums, 404, notFound],
      [s.student.token, forumPaths('teacher', s.klass.id, s.content.id).forums, 403, forbidden],
      [s.outsider.token, forumPaths('teacher', s.klass.id, s.content.id).forums, 403, forbidden],
      [s.admin.token, forumPaths('teacher', s.klass.id, s.content.id).forums, 403, forbidden],
      [null, forumPaths('teacher', s.klass.id, s.content.id).forums, 401, unauthenticated],
    ];
    for (const [token, url, status, expected] of cases) {
      const res = await t.as(token).post(url, body);
      expect(res.status, url).toBe(status);
      expect(res.body).toEqual(expected);
    }
    const count = await t.db.select().from(forums).where(eq(forums.topic, 'Masuk?'));
    expect(count).toEqual([]);
  });
});

describe('PUT /api/teacher/…/forums/:forumId', () => {
  it('edits the topic and description and answers with the thread, comments kept', async () => {
    const s = await forumScene(t);
    await t.factory.comment(s.forum.id, s.student.id, 'Pertanyaan saya');
    const p = forumPaths('teacher', s.klass.id, s.content.id);
    const res = await t.as(s.teacher.token).put(p.forum(s.forum.id), { topic: 'Topologi bus', description: '' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(FORUM_MSG.forumUpdated);
    expect(res.body.data).toMatchObject({ id: s.forum.id, topic: 'Topologi bus', description: null, total_comment: 1 });
    expect(res.body.data.comments.map((c: { comment: string }) => c.comment)).toEqual(['Pertanyaan saya']);
    const read = await t.as(s.teacher.token).get(p.forum(s.forum.id));
    expect(read.body.data).toMatchObject({ topic: 'Topologi bus', description: null });
  });

  it('refuses a blank topic with 422 and leaves the forum unchanged', async () => {
    const s = await forumScene(t);
    const p = forumPaths('teacher', s.klass.id, s.content.id);
    const res = await t.as(s.teacher.token).put(p.forum(s.forum.id), { topic: ' ' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ success: false, message: MSG.required, errors: { topic: [MSG.required] } });
    const [row] = await t.db.select().from(forums).where(eq(forums.id, s.forum.id));
    expect(row!.topic).toBe('Topologi jaringan');
  });
});

describe('DELETE /api/teacher/…/forums/:forumId', () => {
  it('deletes the forum with its comments and replies', async () => {
    const s = await forumScene(t);
    const top = await t.factory.comment(s.forum.id, s.student.id, 'Komentar');
    await t.factory.comment(s.forum.id, s.teacher.id, 'Balasan', top.id);
    const p = forumPaths('teacher', s.klass.id, s.content.id);
    const res = await t.as(s.teacher.token).delete(p.forum(s.forum.id));
    expect(res).toMatchObject({ status: 200, body: { success: true, message: FORUM_MSG.forumDeleted } });
    expect(await t.db.select().from(forums).where(eq(forums.id, s.forum.id))).toEqual([]);
    expect(await t.db.select().from(comments).where(eq(comments.forumId, s.forum.id))).toEqual([]);
    // Other forums keep their comments.
    expect(await t.db.select().from(comments).where(eq(comments.id, s.siblingComment.id))).toHaveLength(1);
    for (const url of [p.forum(s.forum.id), forumPaths('student', s.klass.id, s.content.id).forum(s.forum.id)]) {
      const token = url.includes('/student/') ? s.student.token : s.teacher.token;
      expect((await t.as(token).get(url)).status).toBe(404);
    }
    expect((await t.as(s.teacher.token).delete(p.forum(s.forum.id))).status).toBe(404);
  });
});

describe('teacher forum endpoints: who may reach a forum', () => {
  it('answer 404 for another teacher, a forum of another content, a content of another class and unknown ids', async () => {
    const s = await forumScene(t);
    const own = forumPaths('teacher', s.klass.id, s.content.id);
    const calls = (url: string): [string, string, unknown?][] => [
      ['GET', url],
      ['PUT', url, { topic: 'Diubah orang lain' }],
      ['DELETE', url],
    ];
    const cases: [string, string][] = [
      [s.otherTeacher.token, own.forum(s.forum.id)],
      [s.teacher.token, own.forum(s.siblingForum.id)], // forum of another content of the same class
      [s.teacher.token, forumPaths('teacher', s.klass.id, s.sibling.id).forum(s.forum.id)], // the forum's class, wrong content
      [s.teacher.token, forumPaths('teacher', s.klass.id, s.otherLesson.id).forum(s.otherForum.id)], // content of another class
      [s.teacher.token, forumPaths('teacher', s.otherClass.id, s.otherLesson.id).forum(s.otherForum.id)], // another teacher's class
      [s.otherTeacher.token, forumPaths('teacher', s.otherClass.id, s.content.id).forum(s.forum.id)], // own class id, foreign content
      [s.teacher.token, own.forum(999_999)],
      [s.teacher.token, own.forum('abc')],
      [s.teacher.token, own.forum(0)],
    ];
    for (const [token, url] of cases) {
      for (const [method, u, body] of calls(url)) {
        const res = await t.as(token).request(method as 'GET', u, body);
        expect(res.status, `${method} ${u}`).toBe(404);
        expect(res.body).toEqual(notFound);
      }
    }
    const [row] = await t.db
      .select()
      .from(forums)
      .where(inArray(forums.id, [s.forum.id]));
    expect(row!.topic).toBe('Topologi jaringan');
  });

  it('answer 403 to students (of the class or not) and admins, 401 without a token', async () => {
    const s = await forumScene(t);
    const url = forumPaths('teacher', s.klass.id, s.content.id).forum(s.forum.id);
    for (const [method, body] of [['GET'], ['PUT', { topic: 'X' }], ['DELETE']] as const) {
      for (const token of [s.student.token, s.outsider.token, s.admin.token]) {
        const res = await t.as(token).request(method, url, body);
        expect(res.status, method).toBe(403);
        expect(res.body).toEqual(forbidden);
      }
      const anon = await t.as().request(method, url, body);
      expect(anon.status).toBe(401);
      expect(anon.body).toEqual(unauthenticated);
    }
    expect(await t.db.select().from(forums).where(eq(forums.id, s.forum.id))).toHaveLength(1);
  });
});
