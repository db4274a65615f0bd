import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FORUM_MSG, LIMITS, MSG } from '@kelasku/contract';
import { comments, loginFailures } from '../src/db/schema.js';
import { useTestApp } from './helpers.js';
import { statementsDuring } from './admin-access.js';
import { forumPaths, forumScene, giveAvatar, isoDate, signedLink } from './forums-scene.js';

const t = useTestApp();

const notFound = { success: false, message: MSG.notFound };
const forbidden = { success: false, message: MSG.forbidden };
const unauthenticated = { success: false, message: MSG.unauthenticated };

type Area = 'teacher' | 'student';

describe('GET …/forums/:forumId (the thread)', () => {
  it('returns the forum of SPEC §3 with comments and replies oldest first, role labels, avatars and the real count', async () => {
    const s = await forumScene(t);
    const studentAvatar = await giveAvatar(t, s.student.id);
    const classmate = await t.factory.student({ rombelId: 1 });
    const c1 = await t.factory.comment(s.forum.id, s.student.id, 'Apa itu topologi star?');
    const c2 = await t.factory.comment(s.forum.id, classmate.id, 'Saya juga bingung');
    const r1 = await t.factory.comment(s.forum.id, s.teacher.id, 'Semua node ke satu hub.', c1.id);
    const r2 = await t.factory.comment(s.forum.id, classmate.id, 'Terima kasih, Bu', c1.id);

    const res = await t.as(s.student.token).get(forumPaths('student', s.klass.id, s.content.id).forum(s.forum.id));
    expect(res.status).toBe(200);
    const entry = (
      id: number,
      who: { id: number; name: string },
      role: string,
      comment: string,
      can_delete: boolean,
      avatar: unknown = null,
      reply_to: { id: number; name: string } | null = null,
    ) => ({
      id,
      author: who.name,
      author_id: who.id,
      author_role: role,
      avatar,
      comment,
      created_at: expect.stringMatching(isoDate),
      deleted: false,
      can_delete,
      // The student's own comments may still be edited (within 15 minutes).
      edited: false,
      can_edit: can_delete,
      reply_to,
    });
    expect(res.body).toEqual({
      success: true,
      data: {
        id: s.forum.id,
        content_id: s.content.id,
        content_of: s.content.title,
        topic: 'Topologi jaringan',
        description: 'Bahas topologi star.',
        created_at: expect.stringMatching(isoDate),
        updated_at: expect.stringMatching(isoDate),
        author: s.teacher.name,
        author_id: s.teacher.id,
        author_role: 'Guru',
        avatar: null,
        total_comment: 4,
        comments: [
          {
            ...entry(c1.id, s.student, 'Siswa', 'Apa itu topologi star?', true, expect.stringMatching(signedLink(studentAvatar))),
            sub_comments: [
              entry(r1.id, s.teacher, 'Guru', 'Semua node ke satu hub.', false, null, { id: c1.id, name: s.student.name }),
              entry(r2.id, classmate, 'Siswa', 'Terima kasih, Bu', false, null, { id: c1.id, name: s.student.name }),
            ],
          },
          { ...entry(c2.id, classmate, 'Siswa', 'Saya juga bingung', false), sub_comments: [] },
        ],
      },
      meta: { page: 1, per_page: 20, total: 2, last_page: 1 },
    });

    // The class teacher may delete every comment; the same thread otherwise.
    const teacherView = await t.as(s.teacher.token).get(forumPaths('teacher', s.klass.id, s.content.id).forum(s.forum.id));
    expect(teacherView.status).toBe(200);
    const flags = teacherView.body.data.comments.flatMap((c: any) => [c.can_delete, ...c.sub_comments.map((r: any) => r.can_delete)]);
    expect(flags).toEqual([true, true, true, true]);
    expect({ ...teacherView.body.data, comments: null }).toEqual({ ...res.body.data, comments: null });
  });

  it('shows an admin author as "Admin" and a reply to a reply under its top-level comment', async () => {
    const s = await forumScene(t);
    const forum = await t.factory.forum(s.content.id, s.admin.id, { topic: 'Pengumuman' });
    const top = await t.factory.comment(forum.id, s.student.id, 'Baik');
    const reply = await t.factory.comment(forum.id, s.teacher.id, 'Balasan', top.id);
    // Written straight into the database two levels deep: still shown one level deep.
    const deep = await t.factory.comment(forum.id, s.student.id, 'Balasan dari balasan', reply.id);
    const res = await t.as(s.student.token).get(forumPaths('student', s.klass.id, s.content.id).forum(forum.id));
    expect(res.body.data.author_role).toBe('Admin');
    expect(res.body.data.total_comment).toBe(3);
    expect(res.body.data.comments).toHaveLength(1);
    expect(res.body.data.comments[0].sub_comments.map((c: { id: number }) => c.id)).toEqual([reply.id, deep.id]);
  });

  it('runs the same small number of queries for a 3-comment and a 100-comment thread', async () => {
    const s = await forumScene(t);
    const small = await t.factory.forum(s.content.id, s.teacher.id);
    const big = await t.factory.forum(s.content.id, s.teacher.id);
    const writers = [s.student, s.teacher, await t.factory.student({ rombelId: 1 }), await t.factory.student({ rombelId: 1 })];
    for (let i = 0; i < 3; i++) await t.factory.comment(small.id, writers[i]!.id, `Komentar ${i}`);
    let top = 0;
    for (let i = 0; i < 100; i++) {
      const c = await t.factory.comment(big.id, writers[i % writers.length]!.id, `Komentar ${i}`, i % 3 === 0 ? null : top);
      if (i % 3 === 0) top = c.id;
    }
    for (const area of ['student', 'teacher'] as const) {
      const token = area === 'student' ? s.student.token : s.teacher.token;
      const p = forumPaths(area, s.klass.id, s.content.id);
      await t.as(token).get(p.forum(small.id)); // warm the token
      let smallBody: any;
      let bigBody: any;
      const forSmall = await statementsDuring(t, async () => (smallBody = (await t.as(token).get(p.forum(small.id))).body));
      const forBig = await statementsDuring(t, async () => (bigBody = (await t.as(token).get(p.forum(big.id))).body));
      expect(smallBody.data.total_comment).toBe(3);
      expect(bigBody.data.total_comment).toBe(100);
      expect(bigBody.data.comments).toHaveLength(20);
      expect(bigBody.meta).toEqual({ page: 1, per_page: 20, total: 34, last_page: 2 });
      expect(forBig).toBe(forSmall);
      // The largest page holds the whole 100-comment thread for the same number of statements.
      const forWhole = await statementsDuring(t, async () => (bigBody = (await t.as(token).get(`${p.forum(big.id)}?per_page=100`)).body));
      expect(bigBody.data.comments).toHaveLength(34);
      expect(bigBody.data.comments.flatMap((c: any) => [c, ...c.sub_comments])).toHaveLength(100);
      expect(forWhole).toBe(forSmall);
      expect(forSmall).toBeLessThanOrEqual(5);
    }
  });
});

describe('POST …/forums/:forumId/comments and …/comments/:commentId/sub-comments', () => {
  it.each(['student', 'teacher'] as const)(
    'lets the %s comment and reply; a reply to a reply joins the top-level comment; the count grows',
    async (area: Area) => {
      const s = await forumScene(t);
      const me = area === 'student' ? s.student : s.teacher;
      const p = forumPaths(area, s.klass.id, s.content.id);
      const avatar = await giveAvatar(t, me.id);
      const created = await t.as(me.token).post(p.comments(s.forum.id), { comment: 'Komentar pertama' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        success: true,
        message: FORUM_MSG.commentCreated,
        data: {
          id: expect.any(Number),
          author: me.name,
          author_id: me.id,
          author_role: area === 'student' ? 'Siswa' : 'Guru',
          avatar: expect.stringMatching(signedLink(avatar)),
          comment: 'Komentar pertama',
          created_at: expect.stringMatching(isoDate),
          deleted: false,
          can_delete: true,
          edited: false,
          can_edit: true,
          reply_to: null,
          sub_comments: [],
        },
      });
      const topId: number = created.body.data.id;
      const reply = await t.as(me.token).post(p.replies(s.forum.id, topId), { comment: 'Balasan' });
      expect(reply.status).toBe(201);
      expect(reply.body.message).toBe(FORUM_MSG.replyCreated);
      const replyToReply = await t.as(me.token).post(p.replies(s.forum.id, reply.body.data.id), { comment: 'Balasan kedua' });
      expect(replyToReply.status).toBe(201);
      const rows = await t.db.select().from(comments).where(eq(comments.forumId, s.forum.id));
      expect(
        rows
          .filter((r) => r.parentId === topId)
          .map((r) => r.body)
          .sort(),
      ).toEqual(['Balasan', 'Balasan kedua']);

      const thread = await t.as(me.token).get(p.forum(s.forum.id));
      expect(thread.body.data.total_comment).toBe(3);
      expect(thread.body.data.comments).toHaveLength(1);
      expect(thread.body.data.comments[0].sub_comments.map((c: { comment: string }) => c.comment)).toEqual(['Balasan', 'Balasan kedua']);
    },
  );

  it('keeps the text exactly as typed: HTML and scripts come back as the same characters', async () => {
    const s = await forumScene(t);
    const p = forumPaths('student', s.klass.id, s.content.id);
    const texts = [
      '<img src=x onerror=alert(1)>',
      '<script>alert("x")</script> & &amp; \'kutip\'',
      '  spasi di depan\n\nbaris baru  ',
      'Emoji 🙂 dan aksara ꦗꦮ',
    ];
    for (const text of texts) {
      const res = await t.as(s.student.token).post(p.comments(s.forum.id), { comment: text });
      expect(res.status).toBe(201);
      expect(res.body.data.comment).toBe(text);
    }
    const thread = await t.as(s.teacher.token).get(forumPaths('teacher', s.klass.id, s.content.id).forum(s.forum.id));
    expect(thread.body.data.comments.map((c: { comment: string }) => c.comment)).toEqual(texts);
    expect(thread.headers['content-type']).toMatch(/^application\/json/);
  });

  it('refuses empty, whitespace-only, non-text and oversized comments with 422; 5,000 characters pass', async () => {
    const s = await forumScene(t);
    const top = await t.factory.comment(s.forum.id, s.teacher.id, 'Ada pertanyaan?');
    const cases: [unknown, string][] = [
      [{}, MSG.commentEmpty],
      [{ comment: null }, MSG.commentEmpty],
      [{ comment: '' }, MSG.commentEmpty],
      [{ comment: ' \n\t ' }, MSG.commentEmpty],
      [{ comment: 'x'.repeat(5_001) }, MSG.commentMax],
      [{ comment: 42 }, MSG.invalid],
      [{ comment: 'a\u0000b' }, FORUM_MSG.textInvalidChar],
    ];
    for (const area of ['student', 'teacher'] as const) {
      const token = area === 'student' ? s.student.token : s.teacher.token;
      const p = forumPaths(area, s.klass.id, s.content.id);
      for (const url of [p.comments(s.forum.id), p.replies(s.forum.id, top.id)]) {
        for (const [body, message] of cases) {
          const res = await t.as(token).post(url, body);
          expect(res.status, `${url} ${JSON.stringify(body).slice(0, 30)}`).toBe(422);
          expect(res.body).toEqual({ success: false, message, errors: { comment: [message] } });
        }
      }
    }
    expect(await t.db.select().from(comments).where(eq(comments.forumId, s.forum.id))).toHaveLength(1);
    const longest = await t
      .as(s.student.token)
      .post(forumPaths('student', s.klass.id, s.content.id).comments(s.forum.id), { comment: 'x'.repeat(5_000) });
    expect(longest.status).toBe(201);
  });

  it('answers 404 when the forum was deleted or the replied comment is gone', async () => {
    const s = await forumScene(t);
    const p = forumPaths('student', s.klass.id, s.content.id);
    const top = await t.factory.comment(s.forum.id, s.student.id, 'Akan dihapus');
    await t.as(s.student.token).delete(p.comment(s.forum.id, top.id));
    const reply = await t.as(s.student.token).post(p.replies(s.forum.id, top.id), { comment: 'Terlambat' });
    expect(reply.status).toBe(404);
    await t.as(s.teacher.token).delete(forumPaths('teacher', s.klass.id, s.content.id).forum(s.forum.id));
    const comment = await t.as(s.student.token).post(p.comments(s.forum.id), { comment: 'Halo?' });
    expect(comment.status).toBe(404);
    expect(comment.body).toEqual(notFound);
  });
});

describe('comments a minute (DECISIONS "API conventions")', () => {
  const limited = { success: false, message: FORUM_MSG.commentRateLimited };

  it('25 parallel comments of one user: exactly 20 created, 5 answered 429; others and the next minute are not held', async () => {
    const s = await forumScene(t);
    const p = forumPaths('student', s.klass.id, s.content.id);
    expect(LIMITS.commentsPerMinute).toBe(20);
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => t.as(s.student.token).post(p.comments(s.forum.id), { comment: `Banjir ${i}` })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(20).fill(201), ...Array(5).fill(429)]);
    for (const r of answers.filter((a) => a.status === 429)) expect(r.body).toEqual(limited);
    const mine = await t.db.select().from(comments).where(eq(comments.authorId, s.student.id));
    expect(mine).toHaveLength(20);

    // Replies count too.
    const top = mine[0]!;
    const reply = await t.as(s.student.token).post(p.replies(s.forum.id, top.id), { comment: 'Balasan' });
    expect(reply.status).toBe(429);
    expect(reply.body).toEqual(limited);
    // Another user (the teacher, a classmate) is not held.
    const classmate = await t.factory.student({ rombelId: 1 });
    expect((await t.as(classmate.token).post(p.replies(s.forum.id, top.id), { comment: 'Saya boleh' })).status).toBe(201);
    expect(
      (await t.as(s.teacher.token).post(forumPaths('teacher', s.klass.id, s.content.id).comments(s.forum.id), { comment: 'Guru juga' }))
        .status,
    ).toBe(201);
    // A refused comment (empty, or in a forum out of reach) does not count.
    expect((await t.as(classmate.token).post(p.comments(s.forum.id), { comment: '' })).status).toBe(422);
    expect((await t.as(classmate.token).post(p.comments(s.otherForum.id), { comment: 'Bukan kelasku' })).status).toBe(404);
    const [counter] = await t.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.key, `c:${classmate.id}`));
    expect(counter?.count).toBe(1);

    // A minute later the student may write again.
    await t.db
      .update(loginFailures)
      .set({ windowStart: new Date(Date.now() - 61_000) })
      .where(eq(loginFailures.key, `c:${s.student.id}`));
    expect((await t.as(s.student.token).post(p.comments(s.forum.id), { comment: 'Sudah tenang' })).status).toBe(201);
  });
});

describe('DELETE …/forums/:forumId/comments/:commentId', () => {
  /** A deleted comment kept for its replies, as the thread shows it. */
  const tombstone = (id: number) => ({
    id,
    author: null,
    author_id: null,
    author_role: null,
    avatar: null,
    comment: FORUM_MSG.commentRemoved,
    created_at: expect.stringMatching(isoDate),
    deleted: true,
    can_delete: false,
    edited: false,
    can_edit: false,
    reply_to: null,
  });

  it('a comment with replies stays as "Komentar ini telah dihapus." without its author; the replies stay whole', async () => {
    const s = await forumScene(t);
    await giveAvatar(t, s.student.id);
    const mine = await t.factory.comment(s.forum.id, s.student.id, 'Salah ketik RAHASIA');
    const reply = await t.factory.comment(s.forum.id, s.teacher.id, 'Balasan guru', mine.id);
    const kept = await t.factory.comment(s.forum.id, s.teacher.id, 'Tetap ada');
    const p = forumPaths('student', s.klass.id, s.content.id);
    const res = await t.as(s.student.token).delete(p.comment(s.forum.id, mine.id));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: FORUM_MSG.commentDeleted });
    for (const [area, token] of [
      ['student', s.student.token],
      ['teacher', s.teacher.token],
    ] as const) {
      const thread = await t.as(token).get(forumPaths(area, s.klass.id, s.content.id).forum(s.forum.id));
      // Two living comments; the tombstone keeps its place on the page.
      expect(thread.body.data.total_comment).toBe(2);
      expect(thread.body.meta.total).toBe(2);
      const [first, second] = thread.body.data.comments;
      expect(first).toEqual({
        ...tombstone(mine.id),
        sub_comments: [expect.objectContaining({ id: reply.id, comment: 'Balasan guru', author: s.teacher.name, deleted: false })],
      });
      expect(second).toMatchObject({ id: kept.id, comment: 'Tetap ada', deleted: false });
      // Neither the words nor the author's name are anywhere in the answer.
      expect(thread.raw.body).not.toContain('RAHASIA');
      expect(JSON.stringify(thread.body.data.comments)).not.toContain(s.student.name);
    }
    // The words are gone from the database too.
    const [row] = await t.db.select().from(comments).where(eq(comments.id, mine.id));
    expect(row).toMatchObject({ body: '', deletedAt: expect.any(Date) });

    // A deleted comment cannot be deleted again (by its author or the teacher); replying to it still works.
    expect((await t.as(s.student.token).delete(p.comment(s.forum.id, mine.id))).body).toEqual(notFound);
    expect((await t.as(s.teacher.token).delete(forumPaths('teacher', s.klass.id, s.content.id).comment(s.forum.id, mine.id))).status).toBe(
      404,
    );
    const more = await t.as(s.student.token).post(p.replies(s.forum.id, mine.id), { comment: 'Masih lanjut' });
    expect(more.status).toBe(201);
  });

  it('a comment without replies is removed; a deleted comment goes with its last reply', async () => {
    const s = await forumScene(t);
    const classmate = await t.factory.student({ rombelId: 1 });
    const lonely = await t.factory.comment(s.forum.id, s.student.id, 'Sendirian');
    const top = await t.factory.comment(s.forum.id, s.student.id, 'Ada balasan');
    const r1 = await t.factory.comment(s.forum.id, classmate.id, 'Balasan 1', top.id);
    const r2 = await t.factory.comment(s.forum.id, s.teacher.id, 'Balasan 2', top.id);
    const p = forumPaths('student', s.klass.id, s.content.id);
    const ids = async () =>
      (await t.db.select({ id: comments.id }).from(comments).where(eq(comments.forumId, s.forum.id)))
        .map((r) => r.id)
        .sort((a, b) => a - b);

    expect((await t.as(s.student.token).delete(p.comment(s.forum.id, lonely.id))).status).toBe(200);
    expect(await ids()).toEqual([top.id, r1.id, r2.id]);
    expect((await t.as(s.student.token).delete(p.comment(s.forum.id, top.id))).status).toBe(200);
    expect(await ids()).toEqual([top.id, r1.id, r2.id]);
    // One reply goes: the tombstone stays for the other.
    expect((await t.as(classmate.token).delete(p.comment(s.forum.id, r1.id))).status).toBe(200);
    expect(await ids()).toEqual([top.id, r2.id]);
    const thread = await t.as(s.student.token).get(p.forum(s.forum.id));
    expect(thread.body.data.comments).toEqual([{ ...tombstone(top.id), sub_comments: [expect.objectContaining({ id: r2.id })] }]);
    expect(thread.body.data.total_comment).toBe(1);
    // The last reply goes (the teacher moderating): the tombstone goes with it.
    expect((await t.as(s.teacher.token).delete(forumPaths('teacher', s.klass.id, s.content.id).comment(s.forum.id, r2.id))).status).toBe(
      200,
    );
    expect(await ids()).toEqual([]);
    expect((await t.as(s.student.token).get(p.forum(s.forum.id))).body.data).toMatchObject({ total_comment: 0, comments: [] });
  });

  it('a reply posted while its comment is deleted either makes it a tombstone or finds it gone (404), never lost', async () => {
    for (let round = 0; round < 5; round++) {
      const s = await forumScene(t);
      const top = await t.factory.comment(s.forum.id, s.student.id, 'Balapan');
      const p = forumPaths('student', s.klass.id, s.content.id);
      const [del, reply] = await Promise.all([
        t.as(s.student.token).delete(p.comment(s.forum.id, top.id)),
        t
          .as(s.teacher.token)
          .post(forumPaths('teacher', s.klass.id, s.content.id).replies(s.forum.id, top.id), { comment: 'Balasan cepat' }),
      ]);
      expect(del.status).toBe(200);
      const rows = await t.db.select().from(comments).where(eq(comments.forumId, s.forum.id));
      if (reply.status === 201) {
        // The reply stays, under a tombstone.
        expect(rows.map((r) => [r.id === top.id, r.deletedAt !== null]).sort()).toEqual([
          [false, false],
          [true, true],
        ]);
      } else {
        expect(reply.status).toBe(404);
        expect(rows).toEqual([]);
      }
    }
  });

  it("lets a student delete their own reply, and refuses someone else's comment or reply with 403", async () => {
    const s = await forumScene(t);
    const classmate = await t.factory.student({ rombelId: 1 });
    const theirs = await t.factory.comment(s.forum.id, classmate.id, 'Punya teman');
    const teachers = await t.factory.comment(s.forum.id, s.teacher.id, 'Punya guru', theirs.id);
    const myReply = await t.factory.comment(s.forum.id, s.student.id, 'Balasan saya', theirs.id);
    const p = forumPaths('student', s.klass.id, s.content.id);
    for (const target of [theirs, teachers]) {
      const res = await t.as(s.student.token).delete(p.comment(s.forum.id, target.id));
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, message: FORUM_MSG.commentNotOwn });
    }
    const own = await t.as(s.student.token).delete(p.comment(s.forum.id, myReply.id));
    expect(own.status).toBe(200);
    const left = await t.db.select({ id: comments.id }).from(comments).where(eq(comments.forumId, s.forum.id));
    expect(left.map((r) => r.id).sort()).toEqual([theirs.id, teachers.id].sort());
  });

  it('lets the class teacher delete any comment of the class (moderation)', async () => {
    const s = await forumScene(t);
    const top = await t.factory.comment(s.forum.id, s.student.id, 'Tidak pantas');
    const reply = await t.factory.comment(s.forum.id, s.student.id, 'Juga tidak pantas', top.id);
    const other = await t.factory.comment(s.forum.id, s.student.id, 'Sopan');
    const p = forumPaths('teacher', s.klass.id, s.content.id);
    const res = await t.as(s.teacher.token).delete(p.comment(s.forum.id, other.id));
    expect(res).toMatchObject({ status: 200, body: { success: true, message: FORUM_MSG.commentDeleted } });
    // A comment with a reply stays as a tombstone until the reply goes too.
    expect((await t.as(s.teacher.token).delete(p.comment(s.forum.id, top.id))).status).toBe(200);
    expect((await t.as(s.teacher.token).get(p.forum(s.forum.id))).body.data).toMatchObject({
      total_comment: 1,
      comments: [{ id: top.id, deleted: true }],
    });
    expect((await t.as(s.teacher.token).delete(p.comment(s.forum.id, reply.id))).status).toBe(200);
    expect(await t.db.select().from(comments).where(eq(comments.id, top.id))).toEqual([]);
    expect((await t.as(s.teacher.token).get(p.forum(s.forum.id))).body.data).toMatchObject({ total_comment: 0, comments: [] });
    expect((await t.as(s.teacher.token).delete(p.comment(s.forum.id, top.id))).status).toBe(404);
  });
});

describe('comment endpoints: who may reach a thread', () => {
  const calls = (area: Area, classId: number, lessonId: number, forumId: number | string, commentId: number | string) => {
    const p = forumPaths(area, classId, lessonId);
    return [
      ['GET', p.forum(forumId)],
      ['POST', p.comments(forumId), { comment: 'Masuk?' }],
      ['POST', p.replies(forumId, commentId), { comment: 'Masuk?' }],
      ['DELETE', p.comment(forumId, commentId)],
    ] as ['GET' | 'POST' | 'DELETE', string, unknown?][];
  };

  it('answers 404 to a student of another rombel, a student without a rombel, and for mismatched ids', async () => {
    const s = await forumScene(t);
    const top = await t.factory.comment(s.forum.id, s.student.id, 'Komentar saya');
    const noRombel = await t.factory.student({ rombelId: null });
    const otherComment = await t.factory.comment(s.otherForum.id, s.outsider.id, 'Komentar kelas lain');
    const cases: [string, ReturnType<typeof calls>][] = [
      [s.outsider.token, calls('student', s.klass.id, s.content.id, s.forum.id, top.id)],
      [noRombel.token, calls('student', s.klass.id, s.content.id, s.forum.id, top.id)],
      // the outsider's own rombel class, with the forum and comment of this class
      [s.outsider.token, calls('student', s.otherClass.id, s.otherLesson.id, s.forum.id, top.id)],
      // a class of another rombel
      [s.student.token, calls('student', s.otherClass.id, s.otherLesson.id, s.otherForum.id, otherComment.id)],
      // forum of another content of the same class
      [s.student.token, calls('student', s.klass.id, s.content.id, s.siblingForum.id, s.siblingComment.id)],
      // content of another class the student can reach, with this class's id
      [s.student.token, calls('student', s.klass.id, s.sameRombelLesson.id, s.forum.id, top.id)],
      [s.student.token, calls('student', s.sameRombelClass.id, s.content.id, s.forum.id, top.id)],
      // unknown and malformed ids
      [s.student.token, calls('student', s.klass.id, s.content.id, 999_999, top.id)],
      [s.student.token, calls('student', s.klass.id, s.content.id, 'x', top.id)],
    ];
    for (const [token, list] of cases) {
      for (const [method, url, body] of list) {
        const res = await t.as(token).request(method, url, body);
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body).toEqual(notFound);
      }
    }
    // A comment of another forum in the path (reply and delete): 404, for both roles.
    for (const area of ['student', 'teacher'] as const) {
      const token = area === 'student' ? s.student.token : s.teacher.token;
      const p = forumPaths(area, s.klass.id, s.content.id);
      for (const commentId of [s.siblingComment.id, otherComment.id, 999_999, 'x']) {
        const reply = await t.as(token).post(p.replies(s.forum.id, commentId), { comment: 'Salah forum' });
        expect(reply.status, `${area} reply ${commentId}`).toBe(404);
        const del = await t.as(token).delete(p.comment(s.forum.id, commentId));
        expect(del.status, `${area} delete ${commentId}`).toBe(404);
        expect(del.body).toEqual(notFound);
      }
    }
    const all = await t.db.select().from(comments);
    expect(all.filter((c) => c.body === 'Masuk?' || c.body === 'Salah forum')).toEqual([]);
    expect(all.some((c) => c.id === s.siblingComment.id)).toBe(true);
    expect(all.some((c) => c.id === otherComment.id)).toBe(true);
  });

  it('answers 404 to another teacher on the teacher paths, including their own class id with a foreign content', async () => {
    const s = await forumScene(t);
    const top = await t.factory.comment(s.forum.id, s.student.id, 'Komentar');
    for (const list of [
      calls('teacher', s.klass.id, s.content.id, s.forum.id, top.id),
      calls('teacher', s.otherClass.id, s.content.id, s.forum.id, top.id),
      calls('teacher', s.otherClass.id, s.otherLesson.id, s.forum.id, top.id),
    ]) {
      for (const [method, url, body] of list) {
        const res = await t.as(s.otherTeacher.token).request(method, url, body);
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body).toEqual(notFound);
      }
    }
    expect(await t.db.select().from(comments).where(eq(comments.id, top.id))).toHaveLength(1);
  });

  it('answers 403 to the wrong role (teachers on student paths, students on teacher paths, admins on both) and 401 without a token', async () => {
    const s = await forumScene(t);
    const top = await t.factory.comment(s.forum.id, s.student.id, 'Komentar');
    const areas: [Area, string[]][] = [
      ['student', [s.teacher.token, s.admin.token]],
      ['teacher', [s.student.token, s.outsider.token, s.admin.token]],
    ];
    for (const [area, tokens] of areas) {
      for (const [method, url, body] of calls(area, s.klass.id, s.content.id, s.forum.id, top.id)) {
        for (const token of tokens) {
          const res = await t.as(token).request(method, url, body);
          expect(res.status, `${method} ${url}`).toBe(403);
          expect(res.body).toEqual(forbidden);
        }
        const anon = await t.as().request(method, url, body);
        expect(anon.status).toBe(401);
        expect(anon.body).toEqual(unauthenticated);
      }
    }
    expect(await t.db.select().from(comments).where(eq(comments.forumId, s.forum.id))).toHaveLength(1);
  });
});

describe('revalidating a thread (ETag)', () => {
  it('answers 304 with no body while the thread is unchanged, and the new thread once someone comments', async () => {
    const s = await forumScene(t);
    const p = forumPaths('student', s.klass.id, s.content.id);
    const first = await t.as(s.student.token).get(p.forum(s.forum.id));
    expect(first.status).toBe(200);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^"[^"]+"$/);
    expect(first.headers['cache-control']).toBe('no-store');

    const again = await t.as(s.student.token).request('GET', p.forum(s.forum.id), undefined, { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.raw.rawPayload.length).toBe(0);

    const posted = await t
      .as(s.teacher.token)
      .post(forumPaths('teacher', s.klass.id, s.content.id).comments(s.forum.id), { comment: 'Ada pertanyaan?' });
    expect(posted.status).toBe(201);
    const changed = await t.as(s.student.token).request('GET', p.forum(s.forum.id), undefined, { 'if-none-match': tag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    expect(changed.body.data.comments.map((c: { comment: string }) => c.comment)).toContain('Ada pertanyaan?');
  });
});
