/**
 * Issue 22 in the forum: editing one's own comment within 15 minutes, mentions ("@Budi Santoso")
 * of the class's people only, replies that name the person answered, the notifications they send,
 * the `@` suggestions, and the live events of a thread.
 */
import { describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { CLASS_MSG, FORUM_MSG, LIMITS, MSG } from '@kelasku/contract';
import { commentMentions, comments, loginFailures, notifications, onlineClasses } from '../src/db/schema.js';
import { topics } from '../src/live/bus.js';
import { useTestApp, type TestContext } from './helpers.js';
import { statementsDuring } from './admin-access.js';
import { forumPaths, giveAvatar, isoDate, signedLink } from './forums-scene.js';

const t = useTestApp();

/** A class of its own rombel (so its people are known exactly), with a forum, and people outside it. */
async function socialScene(ctx: TestContext = t) {
  const f = ctx.factory;
  const rombel = await f.rombel();
  const otherRombel = await f.rombel();
  const teacher = await f.teacher({ name: 'Bu Sari Wulandari' });
  const otherTeacher = await f.teacher({ name: 'Pak Joko Guru Lain' });
  const klass = await f.onlineClass(teacher.id, { rombelId: rombel.id, name: 'Jaringan Dasar XI' });
  const content = await f.content(klass.id);
  const forum = await f.forum(content.id, teacher.id, { topic: 'Topologi jaringan' });
  const budi = await f.student({ rombelId: rombel.id, name: 'Budi Santoso' });
  const ani = await f.student({ rombelId: rombel.id, name: 'Ani Lestari' });
  const citra = await f.student({ rombelId: rombel.id, name: 'citra ayu' });
  const inactive = await f.student({ rombelId: rombel.id, name: 'Dedi Nonaktif', status: 0 });
  const outsider = await f.student({ rombelId: otherRombel.id, name: 'Eko Rombel Lain' });
  const otherClass = await f.onlineClass(otherTeacher.id, { rombelId: otherRombel.id });
  const otherLesson = await f.content(otherClass.id);
  const otherForum = await f.forum(otherLesson.id, otherTeacher.id);
  const sibling = await f.forum(content.id, teacher.id, { topic: 'Forum lain' });
  return {
    rombel,
    teacher,
    otherTeacher,
    klass,
    content,
    forum,
    sibling,
    budi,
    ani,
    citra,
    inactive,
    outsider,
    otherForum,
    otherLesson,
    otherClass,
    student: forumPaths('student', klass.id, content.id),
    teach: forumPaths('teacher', klass.id, content.id),
    studentLink: `/my-classes/${klass.id}/contents/${content.id}/forums/${forum.id}`,
    teacherLink: `/online-class/${klass.id}/contents/${content.id}/forums/${forum.id}`,
  };
}

const mentionsOf = (url: string) => `${url}/mentionable`;

/** The notifications rows of these users, oldest first. */
async function notesOf(...userIds: number[]) {
  return t.db.select().from(notifications).where(inArray(notifications.userId, userIds)).orderBy(notifications.id);
}

/** Moves a comment's posting time back by `minutes`. */
async function postedAgo(commentId: number, minutes: number) {
  await t.db
    .update(comments)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(comments.id, commentId));
}

describe('PUT …/forums/:forumId/comments/:commentId (edit one’s own comment)', () => {
  it('lets the author change the text within 15 minutes; the thread shows it edited', async () => {
    const s = await socialScene();
    const posted = await t.as(s.budi.token).post(s.student.comments(s.forum.id), { comment: 'Topologi star itu apa?' });
    expect(posted.status).toBe(201);
    expect(posted.body.data).toMatchObject({ edited: false, can_edit: true, reply_to: null });
    const id: number = posted.body.data.id;

    const res = await t.as(s.budi.token).put(s.student.comment(s.forum.id, id), { comment: 'Topologi star itu seperti apa?' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: FORUM_MSG.commentUpdated,
      data: {
        id,
        author: s.budi.name,
        author_id: s.budi.id,
        author_role: 'Siswa',
        avatar: null,
        comment: 'Topologi star itu seperti apa?',
        created_at: expect.stringMatching(isoDate),
        deleted: false,
        can_delete: true,
        edited: true,
        can_edit: true,
        reply_to: null,
      },
    });
    const [row] = await t.db.select().from(comments).where(eq(comments.id, id));
    expect(row!.body).toBe('Topologi star itu seperti apa?');
    expect(row!.editedAt).toBeInstanceOf(Date);

    // Everyone sees it edited; only the author may still change it.
    const mine = await t.as(s.budi.token).get(s.student.forum(s.forum.id));
    expect(mine.body.data.comments[0]).toMatchObject({ comment: 'Topologi star itu seperti apa?', edited: true, can_edit: true });
    const theirs = await t.as(s.teacher.token).get(s.teach.forum(s.forum.id));
    expect(theirs.body.data.comments[0]).toMatchObject({ edited: true, can_edit: false, can_delete: true });
    const classmate = await t.as(s.ani.token).get(s.student.forum(s.forum.id));
    expect(classmate.body.data.comments[0]).toMatchObject({ edited: true, can_edit: false, can_delete: false });

    // The teacher edits their own comments and replies the same way.
    const own = await t.factory.comment(s.forum.id, s.teacher.id, 'Pertanyaan bagus', id);
    const byTeacher = await t.as(s.teacher.token).put(s.teach.comment(s.forum.id, own.id), { comment: 'Pertanyaan yang bagus' });
    expect(byTeacher.status).toBe(200);
    expect(byTeacher.body.data).toMatchObject({ comment: 'Pertanyaan yang bagus', edited: true, author_role: 'Guru' });
  });

  it('refuses an edit after 15 minutes with 403 and its message; the thread stops offering it', async () => {
    const s = await socialScene();
    const c = await t.factory.comment(s.forum.id, s.budi.id, 'Teks lama');
    await postedAgo(c.id, 14);
    expect((await t.as(s.budi.token).get(s.student.forum(s.forum.id))).body.data.comments[0].can_edit).toBe(true);
    await postedAgo(c.id, LIMITS.commentEditMinutes + 1);
    const res = await t.as(s.budi.token).put(s.student.comment(s.forum.id, c.id), { comment: 'Teks baru' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, message: FORUM_MSG.commentEditExpired });
    expect(res.body.message).toBe('Komentar hanya dapat diubah dalam 15 menit setelah dikirim.');
    const [row] = await t.db.select().from(comments).where(eq(comments.id, c.id));
    expect(row).toMatchObject({ body: 'Teks lama', editedAt: null });
    const thread = await t.as(s.budi.token).get(s.student.forum(s.forum.id));
    expect(thread.body.data.comments[0]).toMatchObject({ can_edit: false, edited: false, can_delete: true });
  });

  it("refuses someone else's comment with 403 (the teacher too, who may still delete it)", async () => {
    const s = await socialScene();
    const c = await t.factory.comment(s.forum.id, s.budi.id, 'Punya Budi');
    const byClassmate = await t.as(s.ani.token).put(s.student.comment(s.forum.id, c.id), { comment: 'Diubah Ani' });
    expect(byClassmate.status).toBe(403);
    expect(byClassmate.body).toEqual({ success: false, message: FORUM_MSG.commentEditNotOwn });
    const byTeacher = await t.as(s.teacher.token).put(s.teach.comment(s.forum.id, c.id), { comment: 'Diubah guru' });
    expect(byTeacher.status).toBe(403);
    expect(byTeacher.body).toEqual({ success: false, message: 'Kamu hanya dapat mengubah komentarmu sendiri.' });
    const [row] = await t.db.select().from(comments).where(eq(comments.id, c.id));
    expect(row).toMatchObject({ body: 'Punya Budi', editedAt: null });
    expect((await t.as(s.teacher.token).delete(s.teach.comment(s.forum.id, c.id))).status).toBe(200);
  });

  it('answers 404 for a deleted comment, one of another forum, and out of reach; 409 in an archived class', async () => {
    const s = await socialScene();
    const kept = await t.factory.comment(s.forum.id, s.budi.id, 'Akan dihapus');
    await t.factory.comment(s.forum.id, s.ani.id, 'Balasan yang menahan', kept.id);
    expect((await t.as(s.budi.token).delete(s.student.comment(s.forum.id, kept.id))).status).toBe(200);
    const tombstone = await t.as(s.budi.token).put(s.student.comment(s.forum.id, kept.id), { comment: 'Hidup lagi' });
    expect(tombstone.status).toBe(404);
    expect(tombstone.body).toEqual({ success: false, message: MSG.notFound });

    const gone = await t.factory.comment(s.forum.id, s.budi.id, 'Hilang');
    expect((await t.as(s.budi.token).delete(s.student.comment(s.forum.id, gone.id))).status).toBe(200);
    expect((await t.as(s.budi.token).put(s.student.comment(s.forum.id, gone.id), { comment: 'x' })).status).toBe(404);

    const elsewhere = await t.factory.comment(s.sibling.id, s.budi.id, 'Di forum lain');
    expect((await t.as(s.budi.token).put(s.student.comment(s.forum.id, elsewhere.id), { comment: 'x' })).status).toBe(404);
    const mine = await t.factory.comment(s.forum.id, s.outsider.id, 'Siswa rombel lain (data lama)');
    const outsiderPaths = forumPaths('student', s.klass.id, s.content.id);
    expect((await t.as(s.outsider.token).put(outsiderPaths.comment(s.forum.id, mine.id), { comment: 'x' })).status).toBe(404);
    const teacherOwn = await t.factory.comment(s.forum.id, s.teacher.id, 'Komentar guru');
    expect((await t.as(s.otherTeacher.token).put(s.teach.comment(s.forum.id, teacherOwn.id), { comment: 'x' })).status).toBe(404);

    await t.db.update(onlineClasses).set({ archivedAt: new Date() }).where(eq(onlineClasses.id, s.klass.id));
    const archived = await t.as(s.teacher.token).put(s.teach.comment(s.forum.id, teacherOwn.id), { comment: 'Diubah' });
    expect(archived.status).toBe(409);
    expect(archived.body).toEqual({ success: false, message: CLASS_MSG.classArchived });
    const own = await t.factory.comment(s.forum.id, s.budi.id, 'Kelas diarsipkan');
    expect((await t.as(s.budi.token).put(s.student.comment(s.forum.id, own.id), { comment: 'x' })).status).toBe(404);
    const [row] = await t.db.select().from(comments).where(eq(comments.id, teacherOwn.id));
    expect(row!.body).toBe('Komentar guru');
  });

  it('refuses bad bodies with 422 and the exact messages, changing nothing', async () => {
    const s = await socialScene();
    const c = await t.factory.comment(s.forum.id, s.budi.id, 'Asli');
    const url = s.student.comment(s.forum.id, c.id);
    const cases: [unknown, string][] = [
      [{}, MSG.commentEmpty],
      [{ comment: null }, MSG.commentEmpty],
      [{ comment: '' }, MSG.commentEmpty],
      [{ comment: ' \n\t ' }, MSG.commentEmpty],
      [{ comment: 'x'.repeat(LIMITS.commentMax + 1) }, MSG.commentMax],
      [{ comment: 'a\u0000b' }, FORUM_MSG.textInvalidChar],
    ];
    for (const [body, message] of cases) {
      const res = await t.as(s.budi.token).put(url, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(422);
      expect(res.body).toEqual({ success: false, message, errors: { comment: [message] } });
    }
    for (const mentions of ['semua', [0], [-1], ['x'], Array.from({ length: 21 }, (_, i) => i + 1)]) {
      const res = await t.as(s.budi.token).put(url, { comment: 'Halo', mentions });
      expect(res.status, JSON.stringify(mentions)).toBe(422);
      // The field is `mentions` (the list) or `mentions.0` (one of its ids); the first message is the envelope's.
      const fields = Object.keys(res.body.errors);
      expect(
        fields.every((f) => /^mentions(\.\d+)?$/.test(f)),
        fields.join(),
      ).toBe(true);
      expect(res.body).toMatchObject({ success: false, message: res.body.errors[fields[0]!][0] });
    }
    const [row] = await t.db.select().from(comments).where(eq(comments.id, c.id));
    expect(row).toMatchObject({ body: 'Asli', editedAt: null });
  });

  it('is not counted by the comment rate limit (20 a minute applies to comments and replies only)', async () => {
    const s = await socialScene();
    const c = await t.factory.comment(s.forum.id, s.ani.id, 'Draf');
    for (let i = 0; i <= LIMITS.commentsPerMinute; i++) {
      expect((await t.as(s.ani.token).put(s.student.comment(s.forum.id, c.id), { comment: `Versi ${i}` })).status).toBe(200);
    }
    expect(
      await t.db
        .select()
        .from(loginFailures)
        .where(eq(loginFailures.key, `c:${s.ani.id}`)),
    ).toEqual([]);
    expect((await t.as(s.ani.token).post(s.student.comments(s.forum.id), { comment: 'Masih boleh' })).status).toBe(201);
  });
});

describe('mentions', () => {
  it('notifies each member mentioned once, with its Indonesian text and own link; nobody outside the class', async () => {
    const s = await socialScene();
    const res = await t.as(s.budi.token).post(s.student.comments(s.forum.id), {
      comment: '@Ani Lestari @Bu Sari Wulandari coba lihat',
      mentions: [s.ani.id, s.teacher.id, s.ani.id, s.outsider.id, s.otherTeacher.id, s.inactive.id, s.budi.id, 2_147_000_000],
    });
    expect(res.status).toBe(201);
    const id: number = res.body.data.id;
    const stored = await t.db.select().from(commentMentions).where(eq(commentMentions.commentId, id));
    expect(stored.map((m) => m.userId).sort((a, b) => a - b)).toEqual([s.teacher.id, s.budi.id, s.ani.id].sort((a, b) => a - b));

    const rows = await notesOf(s.ani.id, s.teacher.id, s.budi.id, s.outsider.id, s.otherTeacher.id, s.inactive.id, s.citra.id);
    expect(rows.map((r) => [r.userId, r.kind, r.link])).toEqual([
      [s.ani.id, 'mention', s.studentLink],
      // Mentioned, the teacher is not told a second time that someone commented.
      [s.teacher.id, 'mention', s.teacherLink],
    ]);
    expect(rows[0]).toMatchObject({ actorId: s.budi.id, subject: 'Topologi jaringan', context: 'Jaringan Dasar XI', readAt: null });

    const bell = await t.as(s.ani.token).get('/api/notifications');
    expect(bell.status).toBe(200);
    expect(bell.body.data.unread).toBe(1);
    expect(bell.body.data.items).toEqual([
      {
        id: rows[0]!.id,
        kind: 'mention',
        text: 'Budi Santoso menyebut kamu di forum "Topologi jaringan"',
        link: s.studentLink,
        actor: { id: s.budi.id, name: 'Budi Santoso', avatar: null },
        count: 1,
        read: false,
        created_at: expect.stringMatching(isoDate),
      },
    ]);
    const teacherBell = await t.as(s.teacher.token).get('/api/notifications');
    expect(teacherBell.body.data.items.map((n: any) => [n.text, n.link])).toEqual([
      ['Budi Santoso menyebut kamu di forum "Topologi jaringan"', s.teacherLink],
    ]);
    for (const who of [s.outsider, s.otherTeacher]) {
      expect((await t.as(who.token).get('/api/notifications')).body.data).toMatchObject({ items: [], unread: 0 });
    }
  });

  it('a mention of someone outside the class only notifies nobody', async () => {
    const s = await socialScene();
    const res = await t.as(s.teacher.token).post(s.teach.comments(s.forum.id), {
      comment: '@Eko Rombel Lain @Pak Joko Guru Lain',
      mentions: [s.outsider.id, s.otherTeacher.id],
    });
    expect(res.status).toBe(201);
    expect(await t.db.select().from(commentMentions).where(eq(commentMentions.commentId, res.body.data.id))).toEqual([]);
    expect(await notesOf(s.outsider.id, s.otherTeacher.id, s.teacher.id, s.budi.id, s.ani.id)).toEqual([]);
  });

  it('an edit replaces the mentions and notifies only the newly mentioned', async () => {
    const s = await socialScene();
    const posted = await t.as(s.budi.token).post(s.student.comments(s.forum.id), { comment: '@Ani Lestari', mentions: [s.ani.id] });
    const id: number = posted.body.data.id;
    const edited = await t.as(s.budi.token).put(s.student.comment(s.forum.id, id), {
      comment: '@Ani Lestari @citra ayu @Eko Rombel Lain',
      mentions: [s.ani.id, s.citra.id, s.outsider.id],
    });
    expect(edited.status).toBe(200);
    const kinds = async (userId: number) => (await notesOf(userId)).map((r) => r.kind);
    expect(await kinds(s.ani.id)).toEqual(['mention']);
    expect(await kinds(s.citra.id)).toEqual(['mention']);
    expect(await kinds(s.outsider.id)).toEqual([]);
    // The teacher was told of the new comment once; an edit tells them nothing more.
    expect(await kinds(s.teacher.id)).toEqual(['forum_comment']);

    await t.as(s.budi.token).put(s.student.comment(s.forum.id, id), { comment: '@citra ayu saja', mentions: [s.citra.id] });
    const stored = await t.db.select().from(commentMentions).where(eq(commentMentions.commentId, id));
    expect(stored.map((m) => m.userId)).toEqual([s.citra.id]);
    expect(await kinds(s.citra.id)).toEqual(['mention']);
    await t.as(s.budi.token).put(s.student.comment(s.forum.id, id), { comment: 'tanpa sebutan' });
    expect(await t.db.select().from(commentMentions).where(eq(commentMentions.commentId, id))).toEqual([]);
  });
});

describe('replies: reply_to, "@Name", and who is notified', () => {
  it('a reply names and notifies the author answered; the teacher hears of the comment; replied-to and mentioned gets only the reply', async () => {
    const s = await socialScene();
    const top = await t.as(s.budi.token).post(s.student.comments(s.forum.id), { comment: 'Apa itu topologi bus?' });
    const topId: number = top.body.data.id;
    expect(await notesOf(s.teacher.id).then((r) => r.map((n) => [n.kind, n.actorId, n.link]))).toEqual([
      ['forum_comment', s.budi.id, s.teacherLink],
    ]);

    // Ani answers Budi (no reply_to: the comment of the path).
    const first = await t.as(s.ani.token).post(s.student.replies(s.forum.id, topId), { comment: 'Semua node di satu kabel.' });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ reply_to: { id: topId, name: 'Budi Santoso' }, sub_comments: [], can_edit: true });
    const firstId: number = first.body.data.id;

    // The teacher answers Ani's reply, mentioning Ani and Budi: Ani gets the reply only, Budi the mention.
    const second = await t.as(s.teacher.token).post(s.teach.replies(s.forum.id, topId), {
      comment: '@Ani Lestari betul. @Budi Santoso sudah jelas?',
      reply_to: firstId,
      mentions: [s.ani.id, s.budi.id],
    });
    expect(second.status).toBe(201);
    expect(second.body.data.reply_to).toEqual({ id: firstId, name: 'Ani Lestari' });

    // Citra answers Ani's reply through its own path: the reply joins the top-level comment and names Ani.
    const third = await t.as(s.citra.token).post(s.student.replies(s.forum.id, firstId), { comment: 'Setuju' });
    expect(third.status).toBe(201);
    const rows = await t.db.select().from(comments).where(eq(comments.forumId, s.forum.id)).orderBy(comments.id);
    expect(rows.map((r) => [r.id, r.parentId, r.replyToId])).toEqual([
      [topId, null, null],
      [firstId, topId, topId],
      [second.body.data.id, topId, firstId],
      [third.body.data.id, topId, firstId],
    ]);

    const notes = (await notesOf(s.budi.id, s.ani.id, s.teacher.id, s.citra.id)).map((n) => [n.userId, n.kind, n.actorId]);
    expect(notes).toEqual([
      [s.teacher.id, 'forum_comment', s.budi.id],
      [s.budi.id, 'reply', s.ani.id],
      [s.teacher.id, 'forum_comment', s.ani.id],
      [s.ani.id, 'reply', s.teacher.id],
      [s.budi.id, 'mention', s.teacher.id],
      [s.ani.id, 'reply', s.citra.id],
      [s.teacher.id, 'forum_comment', s.citra.id],
    ]);
    const budiBell = await t.as(s.budi.token).get('/api/notifications');
    expect(budiBell.body.data.items.map((n: any) => n.text)).toEqual([
      'Bu Sari Wulandari menyebut kamu di forum "Topologi jaringan"',
      'Ani Lestari membalas komentarmu di forum "Topologi jaringan"',
    ]);
    const teacherBell = await t.as(s.teacher.token).get('/api/notifications');
    expect(teacherBell.body.data.items[0]).toMatchObject({
      kind: 'forum_comment',
      text: 'citra ayu berkomentar di forum "Topologi jaringan" di Jaringan Dasar XI',
      link: s.teacherLink,
    });

    // The thread shows who each reply answers.
    const thread = await t.as(s.budi.token).get(s.student.forum(s.forum.id));
    const [comment] = thread.body.data.comments;
    expect(comment.reply_to).toBeNull();
    expect(comment.sub_comments.map((r: any) => [r.author, r.reply_to])).toEqual([
      ['Ani Lestari', { id: topId, name: 'Budi Santoso' }],
      ['Bu Sari Wulandari', { id: firstId, name: 'Ani Lestari' }],
      ['citra ayu', { id: firstId, name: 'Ani Lestari' }],
    ]);

    // An answered reply that is deleted is no longer named.
    expect((await t.as(s.ani.token).delete(s.student.comment(s.forum.id, firstId))).status).toBe(200);
    const after = await t.as(s.budi.token).get(s.student.forum(s.forum.id));
    expect(after.body.data.comments[0].sub_comments.map((r: any) => r.reply_to)).toEqual([null, null]);
  });

  it('answering one’s own comment, or as the teacher, tells nobody twice and never the author themself', async () => {
    const s = await socialScene();
    const top = await t.factory.comment(s.forum.id, s.teacher.id, 'Ada pertanyaan?');
    const res = await t.as(s.teacher.token).post(s.teach.replies(s.forum.id, top.id), { comment: 'Silakan bertanya' });
    expect(res.status).toBe(201);
    expect(res.body.data.reply_to).toEqual({ id: top.id, name: 'Bu Sari Wulandari' });
    expect(await notesOf(s.teacher.id)).toEqual([]);
    const byStudent = await t
      .as(s.budi.token)
      .post(s.student.replies(s.forum.id, top.id), { comment: 'Saya, Bu', mentions: [s.teacher.id] });
    expect(byStudent.status).toBe(201);
    expect((await notesOf(s.teacher.id)).map((n) => [n.kind, n.link])).toEqual([['reply', s.teacherLink]]);
  });

  it('refuses a reply_to outside the answered thread with 404 and stores nothing', async () => {
    const s = await socialScene();
    const top = await t.factory.comment(s.forum.id, s.budi.id, 'Komentar satu');
    const reply = await t.factory.comment(s.forum.id, s.ani.id, 'Balasan satu', top.id);
    const another = await t.factory.comment(s.forum.id, s.ani.id, 'Komentar dua');
    const anotherReply = await t.factory.comment(s.forum.id, s.budi.id, 'Balasan dua', another.id);
    const elsewhere = await t.factory.comment(s.sibling.id, s.ani.id, 'Di forum lain');
    const removed = await t.factory.comment(s.forum.id, s.citra.id, 'Dihapus', top.id);
    await t.db.update(comments).set({ deletedAt: new Date(), body: '' }).where(eq(comments.id, removed.id));
    const before = await t.db.select().from(comments).where(eq(comments.forumId, s.forum.id));
    for (const replyTo of [another.id, anotherReply.id, elsewhere.id, removed.id, 2_147_000_000]) {
      const res = await t.as(s.citra.token).post(s.student.replies(s.forum.id, top.id), { comment: 'Jawaban', reply_to: replyTo });
      expect(res.status, String(replyTo)).toBe(404);
      expect(res.body).toEqual({ success: false, message: MSG.notFound });
    }
    expect(await t.db.select().from(comments).where(eq(comments.forumId, s.forum.id))).toHaveLength(before.length);
    expect(await notesOf(s.ani.id, s.budi.id)).toEqual([]);
    for (const replyTo of ['satu', 0, 1.5]) {
      const res = await t.as(s.citra.token).post(s.student.replies(s.forum.id, top.id), { comment: 'Jawaban', reply_to: replyTo });
      expect(res.status, String(replyTo)).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['reply_to']);
    }
    // The top-level comment itself and its replies are fine, through the comment's path or a reply's.
    expect((await t.as(s.citra.token).post(s.student.replies(s.forum.id, top.id), { comment: 'a', reply_to: top.id })).status).toBe(201);
    expect((await t.as(s.citra.token).post(s.student.replies(s.forum.id, reply.id), { comment: 'b', reply_to: top.id })).status).toBe(201);
  });

  it('reads reply_to with the thread in a fixed number of statements', async () => {
    const s = await socialScene();
    const top = await t.factory.comment(s.forum.id, s.budi.id, 'Awal');
    const url = s.student.forum(s.forum.id);
    const few = await statementsDuring(t, () => t.as(s.budi.token).get(url));
    let last = top.id;
    for (let i = 0; i < 12; i++) {
      const [r] = await t.db
        .insert(comments)
        .values({ forumId: s.forum.id, authorId: i % 2 ? s.ani.id : s.citra.id, body: `Balasan ${i}`, parentId: top.id, replyToId: last })
        .returning();
      last = r!.id;
    }
    const many = await statementsDuring(t, () => t.as(s.budi.token).get(url));
    expect(many).toBe(few);
    const thread = await t.as(s.budi.token).get(url);
    expect(thread.body.data.comments[0].sub_comments).toHaveLength(12);
    expect(thread.body.data.comments[0].sub_comments[1].reply_to.name).toBe('citra ayu');
  });
});

describe('GET …/forums/:forumId/mentionable', () => {
  it("lists the class's teacher and active rombel students by name, for both areas", async () => {
    const s = await socialScene();
    const avatar = await giveAvatar(t, s.ani.id);
    const res = await t.as(s.budi.token).get(mentionsOf(s.student.forum(s.forum.id)));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: [
        { id: s.ani.id, name: 'Ani Lestari', role: 'Siswa', avatar: expect.stringMatching(signedLink(avatar)) },
        { id: s.teacher.id, name: 'Bu Sari Wulandari', role: 'Guru', avatar: null },
        { id: s.budi.id, name: 'Budi Santoso', role: 'Siswa', avatar: null },
        { id: s.citra.id, name: 'citra ayu', role: 'Siswa', avatar: null },
      ],
    });
    const teacherView = await t.as(s.teacher.token).get(mentionsOf(s.teach.forum(s.forum.id)));
    expect(teacherView.status).toBe(200);
    expect(teacherView.body.data.map((m: any) => m.id)).toEqual(res.body.data.map((m: any) => m.id));
  });

  it('filters by part of the name in any case, at most 20', async () => {
    const s = await socialScene();
    const q = async (text: string) =>
      (await t.as(s.budi.token).get(`${mentionsOf(s.student.forum(s.forum.id))}?q=${encodeURIComponent(text)}`)).body.data.map(
        (m: any) => m.name,
      );
    expect(await q('SANTO')).toEqual(['Budi Santoso']);
    expect(await q('a')).toEqual(['Ani Lestari', 'Bu Sari Wulandari', 'Budi Santoso', 'citra ayu']);
    expect(await q('%')).toEqual([]);
    expect(await q('_')).toEqual([]);
    expect(await q('Eko')).toEqual([]);
    for (let i = 0; i < 25; i++) await t.factory.student({ rombelId: s.rombel.id, name: `Siswa Tambahan ${String(i).padStart(2, '0')}` });
    const all = await q('');
    expect(all).toHaveLength(20);
    expect(all.slice(0, 4)).toEqual(['Ani Lestari', 'Bu Sari Wulandari', 'Budi Santoso', 'citra ayu']);
    expect(await q('tambahan')).toHaveLength(20);
    const long = await t.as(s.budi.token).get(`${mentionsOf(s.student.forum(s.forum.id))}?q=${'x'.repeat(101)}`);
    expect(long.status).toBe(422);
    const nul = await t.as(s.budi.token).get(`${mentionsOf(s.student.forum(s.forum.id))}?q=a%00b`);
    expect(nul.status).toBe(422);
  });

  it("is 404 for another rombel's student and another teacher, 403 for the wrong area, 401 without a session", async () => {
    const s = await socialScene();
    const outsider = await t.as(s.outsider.token).get(mentionsOf(s.student.forum(s.forum.id)));
    expect(outsider.status).toBe(404);
    expect(outsider.body).toEqual({ success: false, message: MSG.notFound });
    expect((await t.as(s.otherTeacher.token).get(mentionsOf(s.teach.forum(s.forum.id)))).status).toBe(404);
    // The forum of another class under this class's path.
    expect((await t.as(s.budi.token).get(mentionsOf(s.student.forum(s.otherForum.id)))).status).toBe(404);
    expect((await t.as(s.budi.token).get(mentionsOf(s.teach.forum(s.forum.id)))).status).toBe(403);
    expect((await t.as(s.teacher.token).get(mentionsOf(s.student.forum(s.forum.id)))).status).toBe(403);
    expect((await t.as(null).get(mentionsOf(s.student.forum(s.forum.id)))).status).toBe(401);
  });
});

describe('live: the thread’s stream', () => {
  it('carries a forum event for a comment created, edited and deleted (both areas)', async () => {
    const s = await socialScene();
    const got: { event: string; data: any }[] = [];
    const close = await t.app.live.subscribe([topics.forum(s.forum.id)], null, (_id, event, data) => got.push({ event, data }));
    try {
      const waitFor = async (n: number) => {
        for (let i = 0; i < 100 && got.length < n; i++) await new Promise((r) => setTimeout(r, 30));
        expect(got).toHaveLength(n);
      };
      const posted = await t.as(s.budi.token).post(s.student.comments(s.forum.id), { comment: 'Langsung' });
      const id: number = posted.body.data.id;
      await waitFor(1);
      await t.as(s.budi.token).put(s.student.comment(s.forum.id, id), { comment: 'Langsung, diubah' });
      await waitFor(2);
      const reply = await t.as(s.teacher.token).post(s.teach.replies(s.forum.id, id), { comment: 'Balasan langsung' });
      await waitFor(3);
      await t.as(s.teacher.token).delete(s.teach.comment(s.forum.id, reply.body.data.id));
      await waitFor(4);
      await t.as(s.budi.token).delete(s.student.comment(s.forum.id, id));
      await waitFor(5);
      const event = (comment_id: number, action: string) => ({ event: 'forum', data: { forum_id: s.forum.id, comment_id, action } });
      expect(got).toEqual([
        event(id, 'created'),
        event(id, 'edited'),
        event(reply.body.data.id, 'created'),
        event(reply.body.data.id, 'deleted'),
        event(id, 'deleted'),
      ]);
      // A refused change publishes nothing.
      await t.as(s.ani.token).put(s.student.comment(s.forum.id, id), { comment: 'x' });
      await new Promise((r) => setTimeout(r, 200));
      expect(got).toHaveLength(5);
    } finally {
      close();
    }
  });

  it('carries a forum event without a comment when the forum itself is edited or deleted', async () => {
    const s = await socialScene();
    const got: { event: string; data: unknown }[] = [];
    const close = await t.app.live.subscribe([topics.forum(s.forum.id)], null, (_id, event, data) => got.push({ event, data }));
    try {
      const forumUrl = s.teach.forum(s.forum.id);
      expect((await t.as(s.teacher.token).put(forumUrl, { topic: 'Topik baru', description: 'Baru.' })).status).toBe(200);
      expect((await t.as(s.teacher.token).delete(forumUrl)).status).toBe(200);
      const change = { event: 'forum', data: { forum_id: s.forum.id, comment_id: null, action: 'forum' } };
      await expect.poll(() => got).toEqual([change, change]);
    } finally {
      close();
    }
  });
});
