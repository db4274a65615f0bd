import {
  FORUM_MSG,
  errorEnvelope,
  forumBody,
  forumLessonParams,
  forumParams,
  forumThread,
  ok,
  okMessage,
  pageMeta,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { lessonFor } from '../../access/index.js';
import { notFound } from '../../http/errors.js';
import { deleteForum, insertForum, updateForum } from './queries.js';
import { publishChange, reachForum, threadPage, underLiveParent, values } from './thread.js';
import { threadRoutes } from './thread-routes.js';

/** /api/teacher/online-classes/:classId/contents/:lessonId/forums: forums of the teacher's own classes, with moderation. */
export async function teacherRoutes(app: App): Promise<void> {
  const tags = ['teacher: forums'];
  const base = '/online-classes/:classId/contents/:lessonId';

  app.post(
    `${base}/forums`,
    {
      schema: {
        tags,
        summary: 'Open a forum under a content (topic required, description optional); answers with the new forum as its first thread page',
        params: forumLessonParams,
        body: forumBody,
        response: { 201: ok(forumThread).extend({ meta: pageMeta }), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'write');
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
