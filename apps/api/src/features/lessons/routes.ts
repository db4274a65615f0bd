import {
  CLASS_MSG,
  classContent,
  classContentBody,
  classContentDetail,
  classContentParams,
  classContentsParams,
  errorEnvelope,
  ok,
  okMessage,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { classForTeacher, contentFor } from '../../access/index.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { notFound } from '../../http/errors.js';
import { childrenOfContent, contentsOfClass, deleteContent, insertContent, updateContent, type ContentValues } from './queries.js';
import { toContent, toContentDetails } from './present.js';
import { arrangeRoutes } from './arrange.js';

/** A description that only repeats the title is no description: the pages would show the title twice. */
const values = (b: { title: string; description?: string | null }): ContentValues => ({
  title: b.title,
  description: b.description && b.description.trim() !== b.title.trim() ? b.description : null,
});

/** /api/teacher/online-classes/:classId/contents: the learning agenda of a class. */
export default async function contentsRoutes(app: App): Promise<void> {
  const tags = ['teacher: contents'];
  await arrangeRoutes(app, tags);

  app.get(
    '/online-classes/:classId/contents',
    {
      schema: {
        tags,
        summary: "Contents of one of the teacher's classes, oldest first, each with its materials, forums and assignments",
        params: classContentsParams,
        response: { 200: ok(classContentDetail.array()), 404: errorEnvelope },
      },
    },
    async (request) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'read');
      const { rows, children } = await contentsOfClass(app.db, klass.id);
      return { success: true as const, data: toContentDetails(app.files.forUser(request.user.id), rows, children) };
    },
  );

  app.post(
    '/online-classes/:classId/contents',
    {
      schema: {
        tags,
        summary: 'Add a content (title required, description optional)',
        params: classContentsParams,
        body: classContentBody,
        response: { 201: ok(classContent), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'write');
      let row;
      try {
        row = await insertContent(app.db, klass.id, values(request.body));
      } catch (err) {
        // The class was deleted meanwhile.
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
      reply.code(201);
      return { success: true as const, message: CLASS_MSG.contentCreated, data: toContent(row) };
    },
  );

  app.get(
    '/online-classes/:classId/contents/:contentId',
    {
      schema: {
        tags,
        summary: 'One content with its materials (signed file links), forums and assignments',
        params: classContentParams,
        response: { 200: ok(classContentDetail), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { content } = await contentFor(app.db, request.user, request.params.classId, request.params.contentId, 'read');
      return {
        success: true as const,
        data: toContentDetails(app.files.forUser(request.user.id), [content], await childrenOfContent(app.db, content))[0]!,
      };
    },
  );

  app.put(
    '/online-classes/:classId/contents/:contentId',
    {
      schema: {
        tags,
        summary: "Edit a content's title and description",
        params: classContentParams,
        body: classContentBody,
        response: { 200: ok(classContent), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, content } = await contentFor(app.db, request.user, request.params.classId, request.params.contentId, 'write');
      const row = await updateContent(app.db, klass.id, content.id, values(request.body));
      if (!row) throw notFound();
      return { success: true as const, message: CLASS_MSG.contentUpdated, data: toContent(row) };
    },
  );

  app.delete(
    '/online-classes/:classId/contents/:contentId',
    {
      schema: {
        tags,
        summary: 'Delete a content with its materials, forums, assignments, submissions and their stored files',
        params: classContentParams,
        response: { 200: okMessage, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, content } = await contentFor(app.db, request.user, request.params.classId, request.params.contentId, 'write');
      const fileIds = await app.db.transaction((tx) => deleteContent(tx, klass.id, content.id));
      if (!fileIds) throw notFound();
      await app.files.release(fileIds);
      return { success: true as const, message: CLASS_MSG.contentDeleted };
    },
  );
}
