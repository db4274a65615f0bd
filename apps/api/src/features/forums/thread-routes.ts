import { z } from 'zod';
import {
  FORUM_MSG,
  commentBody,
  commentEditBody,
  errorEnvelope,
  forumComment,
  forumCommentParams,
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
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { commentDeleteRefusal, commentEditRefusal, enforce } from '../../access/index.js';
import { notFound } from '../../http/errors.js';
import { classMembersAmong, deleteComment, listMentionable, newCommentView, replyTargetIn, updateComment } from './queries.js';
import { notifyThread, postComment, publishChange, reachComment, reachForum, shownComment, threadPage } from './thread.js';

/**
 * The thread read, comments, replies, edits and comment deletion, the same for both roles under `base`
 * (…/contents/:lessonId). Access: forumFor checks in one query that the forum belongs to the
 * content and the content to a class within the caller's reach; the comment must belong to the
 * forum; anything else is a 404. Every change of a comment is published to the thread's live
 * streams, and the people it concerns are notified.
 */
export function threadRoutes(app: App, base: string, tags: string[]): void {
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
      enforce(commentEditRefusal(request.user, target));
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
      enforce(commentDeleteRefusal(request.user, target));
      if (!(await app.db.transaction((tx) => deleteComment(tx, forum.id, target.id)))) throw notFound();
      await publishChange(app, forum, target.id, 'deleted');
      return { success: true as const, message: FORUM_MSG.commentDeleted };
    },
  );
}
