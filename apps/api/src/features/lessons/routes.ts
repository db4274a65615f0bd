import {
  CLASS_MSG,
  classLesson,
  classLessonBody,
  classLessonDetail,
  classLessonParams,
  classLessonsParams,
  errorEnvelope,
  ok,
  okMessage,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { classForTeacher, lessonFor } from '../../access/index.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { notFound } from '../../http/errors.js';
import { childrenOfLesson, lessonsOfClass, deleteLesson, insertLesson, updateLesson, type LessonValues } from './queries.js';
import { toLesson, toLessonDetails } from './present.js';
import { arrangeRoutes } from './arrange.js';

/** A description that only repeats the title is no description: the pages would show the title twice. */
const values = (b: { title: string; description?: string | null }): LessonValues => ({
  title: b.title,
  description: b.description && b.description.trim() !== b.title.trim() ? b.description : null,
});

/** /api/teacher/online-classes/:classId/contents: the learning agenda of a class. */
export default async function lessonsRoutes(app: App): Promise<void> {
  const tags = ['teacher: contents'];
  await arrangeRoutes(app, tags);

  app.get(
    '/online-classes/:classId/contents',
    {
      schema: {
        tags,
        summary: "Contents of one of the teacher's classes, oldest first, each with its materials, forums and assignments",
        params: classLessonsParams,
        response: { 200: ok(classLessonDetail.array()), 404: errorEnvelope },
      },
    },
    async (request) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'read');
      const { rows, children } = await lessonsOfClass(app.db, klass.id);
      return { success: true as const, data: toLessonDetails(app.files.forUser(request.user.id), rows, children) };
    },
  );

  app.post(
    '/online-classes/:classId/contents',
    {
      schema: {
        tags,
        summary: 'Add a content (title required, description optional)',
        params: classLessonsParams,
        body: classLessonBody,
        response: { 201: ok(classLesson), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'write');
      let row;
      try {
        row = await insertLesson(app.db, klass.id, values(request.body));
      } catch (err) {
        // The class was deleted meanwhile.
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
      reply.code(201);
      return { success: true as const, message: CLASS_MSG.lessonCreated, data: toLesson(row) };
    },
  );

  app.get(
    '/online-classes/:classId/contents/:lessonId',
    {
      schema: {
        tags,
        summary: 'One content with its materials (signed file links), forums and assignments',
        params: classLessonParams,
        response: { 200: ok(classLessonDetail), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'read');
      return {
        success: true as const,
        data: toLessonDetails(app.files.forUser(request.user.id), [content], await childrenOfLesson(app.db, content))[0]!,
      };
    },
  );

  app.put(
    '/online-classes/:classId/contents/:lessonId',
    {
      schema: {
        tags,
        summary: "Edit a content's title and description",
        params: classLessonParams,
        body: classLessonBody,
        response: { 200: ok(classLesson), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'write');
      const row = await updateLesson(app.db, klass.id, content.id, values(request.body));
      if (!row) throw notFound();
      return { success: true as const, message: CLASS_MSG.lessonUpdated, data: toLesson(row) };
    },
  );

  app.delete(
    '/online-classes/:classId/contents/:lessonId',
    {
      schema: {
        tags,
        summary: 'Delete a content with its materials, forums, assignments, submissions and their stored files',
        params: classLessonParams,
        response: { 200: okMessage, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'write');
      const fileIds = await app.db.transaction((tx) => deleteLesson(tx, klass.id, content.id));
      if (!fileIds) throw notFound();
      await app.files.release(fileIds);
      return { success: true as const, message: CLASS_MSG.lessonDeleted };
    },
  );
}
