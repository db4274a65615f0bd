import { z } from 'zod';
import {
  FORUM_MSG,
  LIMITS,
  commentBody,
  commentEditBody,
  errorEnvelope,
  forumBody,
  forumComment,
  forumCommentParams,
  forumContentParams,
  forumParams,
  forumReply,
  forumThread,
  mentionable,
  mentionableQuery,
  ok,
  okMessage,
  pageMeta,
  replyBody,
  threadQuery,
  THREAD_PER_PAGE,
  type LiveForumEvent,
  type NotificationKind,
} from '@kelasku/contract';
import type { App, AuthUser } from '../../types.js';
import {
  authorize,
  commentIn,
  contentFor,
  forumFor,
  type Intent,
  mayDeleteComment,
  withinEditWindow,
  type Comment,
  type Content,
  type Forum,
  type OnlineClass,
} from '../../access/index.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { notFound, tooManyRequests } from '../../http/errors.js';
import { takeSlot } from '../../auth/login-limits.js';
import { topics } from '../../live/bus.js';
import type { NewNotification } from '../notifications/service.js';
import {
  classMembersAmong,
  commentView,
  deleteComment,
  deleteForum,
  insertComment,
  insertForum,
  listMentionable,
  loadThreadPage,
  newCommentView,
  replyTargetIn,
  updateComment,
  updateForum,
  type ForumValues,
} from './queries.js';
import { forumLink } from './present.js';

const values = (b: { topic: string; description?: string | null }): ForumValues => ({ topic: b.topic, description: b.description ?? null });

/** Runs a write whose parent (forum, comment, content) may have been deleted meanwhile: that is a 404. */
async function underLiveParent<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw notFound();
    throw err;
  }
}

/**
 * At most LIMITS.commentsPerMinute comments and replies of one user a minute (DECISIONS "API
 * conventions"): a loop cannot flood a class. Counted in the database, so every instance agrees.
 */
async function throttleComments(app: App, user: AuthUser): Promise<void> {
  if (!(await takeSlot(app.db, `c:${user.id}`, LIMITS.commentsPerMinute, 1))) throw tooManyRequests(FORUM_MSG.commentRateLimited);
}

type ForumPath = { classId: number; contentId: number; forumId: number };
type Reached = { klass: OnlineClass; content: Content; forum: Forum };

/** The class, content and forum of the path, within the caller's reach (404 otherwise; an archived class refuses writes with 409). */
async function reachForum(app: App, user: AuthUser, path: ForumPath, intent: Intent): Promise<Reached> {
  return forumFor(app.db, user, path, intent);
}

/** A page of the forum's thread with its `meta`; the first page of {@link THREAD_PER_PAGE} unless asked otherwise. */
const threadPage = (app: App, user: AuthUser, content: Content, forum: Forum, page = 1, perPage = THREAD_PER_PAGE) =>
  loadThreadPage(app.db, app.files, user, content, forum, page, perPage);

/** The forum and comment of the path, within the caller's reach (404 otherwise), for a write. */
async function reachComment(app: App, user: AuthUser, path: ForumPath & { commentId: number }): Promise<Reached & { target: Comment }> {
  const reached = await reachForum(app, user, path, 'write');
  return { ...reached, target: await commentIn(app.db, reached.forum, path.commentId) };
}

/** A comment as the thread shows it now (404 when it went meanwhile). */
async function shownComment(app: App, user: AuthUser, commentId: number) {
  const shown = await commentView(app.db, app.files, user, commentId);
  if (!shown) throw notFound();
  return shown;
}

/** Tells the streams showing the thread that one of its comments changed. */
const publishChange = (app: App, forum: Forum, commentId: number | null, action: LiveForumEvent['action']) =>
  app.notifier.publish([
    { topic: topics.forum(forum.id), event: 'forum', data: { forum_id: forum.id, comment_id: commentId, action } satisfies LiveForumEvent },
  ]);

/**
 * The bell after a comment, a reply or an edit: the author of the answered comment ('reply'), then
 * each newly mentioned member not told already ('mention'), then — for a new comment or reply — the
 * class's teacher ('forum_comment') unless told already. Each recipient gets the link of their own
 * area; the notifier skips the actor.
 */
async function notifyThread(
  app: App,
  r: Reached,
  actorId: number,
  who: { repliedTo: number | null; mentioned: readonly number[]; teacher: boolean },
): Promise<void> {
  const items = new Map<string, NewNotification & { userIds: number[] }>();
  const told = new Set<number>([actorId]);
  const tell = (kind: NotificationKind, userId: number | null) => {
    if (userId === null || told.has(userId)) return;
    told.add(userId);
    const link = forumLink(r.klass, r.content.id, r.forum.id, userId);
    const key = `${kind} ${link}`;
    const item = items.get(key);
    if (item) item.userIds.push(userId);
    else items.set(key, { userIds: [userId], kind, actorId, subject: r.forum.topic, context: r.klass.name, link });
  };
  tell('reply', who.repliedTo);
  for (const id of who.mentioned) tell('mention', id);
  if (who.teacher) tell('forum_comment', r.klass.teacherId);
  if (items.size > 0) await app.notifier.send(...items.values());
}

/**
 * Posts a comment (no parent) or a reply, after the throttle, with the mentions that are members of
 * the class; then tells the thread's streams and the people concerned, and answers the comment as
 * the thread shows it.
 */
async function postComment(
  app: App,
  user: AuthUser,
  r: Reached,
  c: { body: string; mentions: readonly number[] | undefined; parentId: number | null; answered: Comment | null },
) {
  await throttleComments(app, user);
  const mentions = await classMembersAmong(app.db, r.klass, c.mentions);
  const row = await underLiveParent(() =>
    insertComment(app.db, {
      forumId: r.forum.id,
      authorId: user.id,
      body: c.body,
      parentId: c.parentId,
      replyToId: c.answered?.id ?? null,
      mentions,
    }),
  );
  await publishChange(app, r.forum, row.id, 'created');
  const repliedTo = c.answered && !c.answered.deletedAt ? c.answered.authorId : null;
  await notifyThread(app, r, user.id, { repliedTo, mentioned: mentions, teacher: true });
  return (await shownComment(app, user, row.id)).view;
}

/**
 * The thread read, comments, replies, edits and comment deletion, the same for both roles under `base`
 * (…/contents/:contentId). Access: forumFor checks in one query that the forum belongs to the
 * content and the content to a class within the caller's reach; the comment must belong to the
 * forum; anything else is a 404. Every change of a comment is published to the thread's live
 * streams, and the people it concerns are notified.
 */
function threadRoutes(app: App, base: string, tags: string[]): void {
  app.get(
    `${base}/forums/:forumId`,
    {
      schema: {
        tags,
        summary:
          'A forum with one page of its thread: top-level comments oldest first, each with all its replies (sub_comments) oldest first, and `meta` ' +
          'counting top-level comments; `page` (default 1) and `per_page` (default 20, at most 100). A fixed number of queries, cheap to poll; ' +
          'always paged, so a long thread never makes one request read it all.',
        params: forumParams,
        querystring: threadQuery,
        response: { 200: ok(forumThread).extend({ meta: pageMeta }), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { content, forum } = await reachForum(app, request.user, request.params, 'read');
      const { page, per_page: perPage } = request.query;
      const { thread, meta } = await threadPage(app, request.user, content, forum, page, perPage);
      return { success: true as const, data: thread, meta };
    },
  );

  app.get(
    `${base}/forums/:forumId/mentionable`,
    {
      schema: {
        tags,
        summary:
          'The people of the forum’s class for the `@` suggestions: its teacher and the active students of its rombel, by name, at most 20; ' +
          '`q` keeps those whose name contains it (any case).',
        params: forumParams,
        querystring: mentionableQuery,
        response: { 200: ok(z.array(mentionable)), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { klass } = await reachForum(app, request.user, request.params, 'read');
      return { success: true as const, data: await listMentionable(app.db, app.files, klass, request.query.q) };
    },
  );

  app.post(
    `${base}/forums/:forumId/comments`,
    {
      schema: {
        tags,
        summary:
          'Comment on a forum (plain text kept as typed; not empty, at most 5,000 characters). `mentions`: user ids the text mentions; ' +
          'those of members of the class (its teacher, its rombel’s active students) are kept and notified, others are dropped. ' +
          'At most 20 comments and replies a minute per user, then 429 "Terlalu banyak komentar. Tunggu sebentar lalu coba lagi."',
        params: forumParams,
        body: commentBody,
        response: { 201: ok(forumComment), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const reached = await reachForum(app, request.user, request.params, 'write');
      const { comment, mentions } = request.body;
      const view = await postComment(app, request.user, reached, { body: comment, mentions, parentId: null, answered: null });
      reply.code(201);
      return { success: true as const, message: FORUM_MSG.commentCreated, data: newCommentView(view) };
    },
  );

  app.post(
    `${base}/forums/:forumId/comments/:commentId/sub-comments`,
    {
      schema: {
        tags,
        summary:
          'Reply to a comment; a reply to a reply joins the same top-level comment (one level of nesting). `reply_to`: the comment or reply ' +
          'answered (the top-level comment or one of its replies, else 404); without it, the comment of the path. Its author is notified, ' +
          'and shown as "@Name" before the reply. `mentions` as for a comment. ' +
          'Counts toward the 20 comments and replies a minute per user (429 past them)',
        params: forumCommentParams,
        body: replyBody,
        response: { 201: ok(forumComment), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { target, ...reached } = await reachComment(app, request.user, request.params);
      const rootId = target.parentId ?? target.id;
      const answered =
        request.body.reply_to === undefined ? target : await replyTargetIn(app.db, reached.forum.id, rootId, request.body.reply_to);
      if (!answered) throw notFound();
      const { comment, mentions } = request.body;
      const view = await postComment(app, request.user, reached, { body: comment, mentions, parentId: rootId, answered });
      reply.code(201);
      return { success: true as const, message: FORUM_MSG.replyCreated, data: newCommentView(view) };
    },
  );

  app.put(
    `${base}/forums/:forumId/comments/:commentId`,
    {
      schema: {
        tags,
        summary:
          'Change the text of a comment or reply: only its author (403 "Kamu hanya dapat mengubah komentarmu sendiri.") and only within ' +
          '15 minutes of posting (403 "Komentar hanya dapat diubah dalam 15 menit setelah dikirim."); a deleted comment is 404. ' +
          'It is shown as edited ("diedit"); `mentions` replace the earlier ones, and newly mentioned members are notified.',
        params: forumCommentParams,
        body: commentEditBody,
        response: { 200: ok(forumReply), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { target, ...reached } = await reachComment(app, request.user, request.params);
      if (target.deletedAt) throw notFound();
      authorize(target.authorId === request.user.id, FORUM_MSG.commentEditNotOwn);
      authorize(withinEditWindow(target.createdAt), FORUM_MSG.commentEditExpired);
      const mentions = await classMembersAmong(app.db, reached.klass, request.body.mentions);
      const changed = await updateComment(app.db, reached.forum.id, target.id, request.body.comment, mentions);
      if (!changed) throw notFound();
      const { view, replyToAuthorId } = await shownComment(app, request.user, target.id);
      await publishChange(app, reached.forum, target.id, 'edited');
      // The person answered was told of the reply already: a mention added now does not tell them again.
      const mentioned = changed.mentioned.filter((id) => id !== replyToAuthorId);
      await notifyThread(app, reached, request.user.id, { repliedTo: null, mentioned, teacher: false });
      return { success: true as const, message: FORUM_MSG.commentUpdated, data: view };
    },
  );

  app.delete(
    `${base}/forums/:forumId/comments/:commentId`,
    {
      schema: {
        tags,
        summary:
          "Delete a comment or reply: one's own, or any comment of the class for its teacher (403 for a student deleting someone else's). " +
          'A comment that has replies stays for them as `deleted: true` ("Komentar ini telah dihapus.", author hidden); one without is removed, ' +
          'and a deleted comment whose last reply goes is removed with it. A comment already deleted is 404.',
        params: forumCommentParams,
        response: { 200: okMessage, 403: errorEnvelope, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { forum, target } = await reachComment(app, request.user, request.params);
      if (target.deletedAt) throw notFound();
      authorize(mayDeleteComment(request.user, target), FORUM_MSG.commentNotOwn);
      if (!(await app.db.transaction((tx) => deleteComment(tx, forum.id, target.id)))) throw notFound();
      await publishChange(app, forum, target.id, 'deleted');
      return { success: true as const, message: FORUM_MSG.commentDeleted };
    },
  );
}

/** /api/teacher/online-classes/:classId/contents/:contentId/forums: forums of the teacher's own classes, with moderation. */
export async function teacherRoutes(app: App): Promise<void> {
  const tags = ['teacher: forums'];
  const base = '/online-classes/:classId/contents/:contentId';

  app.post(
    `${base}/forums`,
    {
      schema: {
        tags,
        summary: 'Open a forum under a content (topic required, description optional); answers with the new forum as its first thread page',
        params: forumContentParams,
        body: forumBody,
        response: { 201: ok(forumThread).extend({ meta: pageMeta }), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { content } = await contentFor(app.db, request.user, request.params.classId, request.params.contentId, 'write');
      const forum = await underLiveParent(() => insertForum(app.db, content.id, request.user.id, values(request.body)));
      reply.code(201);
      const { thread, meta } = await threadPage(app, request.user, content, forum);
      return { success: true as const, message: FORUM_MSG.forumCreated, data: thread, meta };
    },
  );

  app.put(
    `${base}/forums/:forumId`,
    {
      schema: {
        tags,
        summary: "Edit a forum's topic and description; answers with the first page of its thread",
        params: forumParams,
        body: forumBody,
        response: { 200: ok(forumThread).extend({ meta: pageMeta }), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { content, forum } = await reachForum(app, request.user, request.params, 'write');
      const row = await updateForum(app.db, content.id, forum.id, values(request.body));
      if (!row) throw notFound();
      await publishChange(app, forum, null, 'forum');
      const { thread, meta } = await threadPage(app, request.user, content, row);
      return { success: true as const, message: FORUM_MSG.forumUpdated, data: thread, meta };
    },
  );

  app.delete(
    `${base}/forums/:forumId`,
    {
      schema: {
        tags,
        summary: 'Delete a forum with all its comments and replies',
        params: forumParams,
        response: { 200: okMessage, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { content, forum } = await reachForum(app, request.user, request.params, 'write');
      if (!(await deleteForum(app.db, content.id, forum.id))) throw notFound();
      // Open threads reload and find it gone.
      await publishChange(app, forum, null, 'forum');
      return { success: true as const, message: FORUM_MSG.forumDeleted };
    },
  );

  threadRoutes(app, base, tags);
}

/** /api/student/my-classes/:classId/contents/:contentId/forums: threads of classes of the student's rombel. */
export async function studentRoutes(app: App): Promise<void> {
  threadRoutes(app, '/my-classes/:classId/contents/:contentId', ['student: forums']);
}
