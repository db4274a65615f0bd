import {
  CLASS_MSG,
  classLesson,
  classLessonParams,
  classLessonsParams,
  classSummary,
  copyClassBody,
  copyLessonBody,
  errorEnvelope,
  ok,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { classForTeacher, lessonFor } from '../../access/index.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { notFound } from '../../http/errors.js';
import { toLesson } from '../lessons/present.js';
import { classById, withKnownRombel } from '../online-classes/queries.js';
import { toClassSummary } from '../online-classes/present.js';
import { copyClass, copyLesson } from './queries.js';

/** Copying lessons into another class of the same teacher ("Salin ke kelas lain", "Salin kelas"). */
export default async function lessonCopyRoutes(app: App): Promise<void> {
  const tags = ['teacher: copy'];

  app.post(
    '/online-classes/:classId/contents/:lessonId/copy',
    {
      schema: {
        tags,
        summary:
          'Copy a content (archived source allowed) to the end of another current class of the teacher: materials share ' +
          'their stored files, forums without comments, assignments and quizzes (no attempts) with dates moved by shift_days; ' +
          'places and visibility kept',
        params: classLessonParams,
        body: copyLessonBody,
        response: { 201: ok(classLesson), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { params, body, user } = request;
      const { content } = await lessonFor(app.db, user, params.classId, params.lessonId, 'read');
      const target = await classForTeacher(app.db, user, body.online_class_id, 'write');
      let row;
      try {
        row = await app.db.transaction((tx) => copyLesson(tx, content, target.id, { shiftDays: body.shift_days, authorId: user.id }));
      } catch (err) {
        // The source or the target was deleted meanwhile.
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
      reply.code(201);
      return { success: true as const, message: CLASS_MSG.lessonCopied(target.name), data: toLesson(row) };
    },
  );

  app.post(
    '/online-classes/:classId/copy',
    {
      schema: {
        tags,
        summary:
          'Copy a whole class (archived allowed) into a new class of the teacher for a rombel: description, every content ' +
          'with its number, place and items; one transaction of a fixed number of statements',
        params: classLessonsParams,
        body: copyClassBody,
        response: { 201: ok(classSummary), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { params, body, user } = request;
      const source = await classForTeacher(app.db, user, params.classId, 'read');
      const values = { name: body.name, rombelClassId: body.rombel_class_id, shiftDays: body.shift_days, authorId: user.id };
      const id = await withKnownRombel(() => app.db.transaction((tx) => copyClass(tx, source, values)));
      const row = await classById(app.db, id);
      if (!row) throw notFound();
      reply.code(201);
      return { success: true as const, message: CLASS_MSG.classCopied, data: toClassSummary(app.files, row) };
    },
  );
}
