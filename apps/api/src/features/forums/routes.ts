import {
  FORUM_MSG,
  LIMITS,
  commentBody,
  errorEnvelope,
  forumBody,
  forumComment,
  forumCommentParams,
  forumContentParams,
  forumParams,
  forumThread,
  ok,
  okMessage,
  pageMeta,
  threadQuery,
  THREAD_PER_PAGE,
} from '@kelasku/contract';
import type { App, AuthUser } from '../../types.js';
import {
  authorize,
  commentIn,
  contentFor,
  forumFor,
  type Intent,
  mayDeleteComment,
  type Comment,
  type Content,
  type Forum,
} from '../../access/index.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { notFound, tooManyRequests } from '../../http/errors.js';
import { takeSlot } from '../../auth/login-limits.js';
import {
  commentView,
  deleteComment,
  deleteForum,
  insertComment,
  insertForum,
  loadThreadPage,
  updateForum,
  type ForumValues,
} from './queries.js';

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

/** The content and forum of the path, within the caller's reach (404 otherwise). */
async function reachForum(app: App, user: AuthUser, path: ForumPath, intent: Intent): Promise<{ content: Content; forum: Forum }> {
  return forumFor(app.db, user, path, intent);
}

/** A page of the forum's thread with its `meta`; the first page of {@link THREAD_PER_PAGE} unless asked otherwise. */
const threadPage = (app: App, user: AuthUser, content: Content, forum: Forum, page = 1, perPage = THREAD_PER_PAGE) =>
  loadThreadPage(app.db, app.files, user, content, forum, page, perPage);

/** The forum and comment of the path, within the caller's reach (404 otherwise). */
async function reachComment(app: App, user: AuthUser, path: ForumPath & { commentId: number }): Promise<{ forum: Forum; target: Comment }> {
  const { forum } = await reachForum(app, user, path, 'write');
  return { forum, target: await commentIn(app.db, forum, path.commentId) };
}

/**
 * The thread read, comments, replies and comment deletion, the same for both roles under `base`
 * (…/contents/:contentId). Access: forumFor checks in one query that the forum belongs to the
 * content and the content to a class within the caller's reach; the comment must belong to the
 * forum; anything else is a 404.
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

  app.post(
    `${base}/forums/:forumId/comments`,
    {
      schema: {
        tags,
        summary:
          'Comment on a forum (plain text kept as typed; not empty, at most 5,000 characters). ' +
          'At most 20 comments and replies a minute per user, then 429 "Terlalu banyak komentar. Tunggu sebentar lalu coba lagi."',
        params: forumParams,
        body: commentBody,
        response: { 201: ok(forumComment), 404: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { forum } = await reachForum(app, request.user, request.params, 'write');
      await throttleComments(app, request.user);
      const row = await underLiveParent(() => insertComment(app.db, forum.id, request.user.id, request.body.comment, null));
      reply.code(201);
      return { success: true as const, message: FORUM_MSG.commentCreated, data: await commentView(app.db, app.files, request.user, row) };
    },
  );

  app.post(
    `${base}/forums/:forumId/comments/:commentId/sub-comments`,
    {
      schema: {
        tags,
        summary:
          'Reply to a comment; a reply to a reply joins the same top-level comment (one level of nesting). ' +
          'Counts toward the 20 comments and replies a minute per user (429 past them)',
        params: forumCommentParams,
        body: commentBody,
        response: { 201: ok(forumComment), 404: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { forum, target } = await reachComment(app, request.user, request.params);
      await throttleComments(app, request.user);
      const parentId = target.parentId ?? target.id;
      const row = await underLiveParent(() => insertComment(app.db, forum.id, request.user.id, request.body.comment, parentId));
      reply.code(201);
      return { success: true as const, message: FORUM_MSG.replyCreated, data: await commentView(app.db, app.files, request.user, row) };
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
      return { success: true as const, message: FORUM_MSG.forumDeleted };
    },
  );

  threadRoutes(app, base, tags);
}

/** /api/student/my-classes/:classId/contents/:contentId/forums: threads of classes of the student's rombel. */
export async function studentRoutes(app: App): Promise<void> {
  threadRoutes(app, '/my-classes/:classId/contents/:contentId', ['student: forums']);
}
