import {
  CLASS_MSG,
  classLessonParams,
  classLessonsParams,
  lessonOrderBody,
  errorEnvelope,
  itemOrderBody,
  itemParams,
  ok,
  okMessage,
  visibility,
  visibilityBody,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { classForTeacher, lessonFor } from '../../access/index.js';
import { notFound } from '../../http/errors.js';
import { lessonList, itemList, reorder, setVisibility, type VisibilityValues } from './arrange-queries.js';
import { toVisibility } from './visibility.js';
import { lessonShown, itemsShown } from '../notifications/events.js';

const values = (b: { hidden: boolean; publish_at?: string | null }): VisibilityValues => ({
  hidden: b.hidden,
  publishAt: b.publish_at ? new Date(b.publish_at) : null,
});

const found = <T>(row: T | null | false): T => {
  if (!row) throw notFound();
  return row;
};

/**
 * The order of a class's contents and of the lists inside a content, and who sees each
 * (…/visibility: a draft, scheduled, or shown). Part of /api/teacher/online-classes/:classId/contents.
 */
export async function arrangeRoutes(app: App, tags: string[]): Promise<void> {
  app.put(
    '/online-classes/:classId/contents/order',
    {
      schema: {
        tags,
        summary:
          "The class's contents in a new order: `ids` first in that order, contents not named after them as they were. " +
          'An id that is not a content of the class is a 404 (nothing changed); an id given twice a 422',
        params: classLessonsParams,
        body: lessonOrderBody,
        response: { 200: okMessage, 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'write');
      found(await reorder(app.db, lessonList(klass.id), request.body.ids));
      return { success: true as const, message: CLASS_MSG.orderSaved };
    },
  );

  app.put(
    '/online-classes/:classId/contents/:lessonId/order',
    {
      schema: {
        tags,
        summary:
          "One list of the content (`kind`: materials, forums, assignments or quizzes) in a new order, as for the contents' order; " +
          'an id of another content or class is a 404',
        params: classLessonParams,
        body: itemOrderBody,
        response: { 200: okMessage, 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'write');
      found(await reorder(app.db, itemList(request.body.kind, content.id), request.body.ids));
      return { success: true as const, message: CLASS_MSG.orderSaved };
    },
  );

  app.put(
    '/online-classes/:classId/contents/:lessonId/visibility',
    {
      schema: {
        tags,
        summary:
          'Who sees the content: `hidden` true is a draft; `publish_at` (ISO date-time, WIB without an offset) shows it to ' +
          'students from then on; hidden false without publish_at shows it now. Its items are hidden from students while it is',
        params: classLessonParams,
        body: visibilityBody,
        response: { 200: ok(visibility), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'write');
      const row = found(await setVisibility(app.db, lessonList(klass.id), content.id, values(request.body)));
      // Items students may see from now on are announced (once each; a schedule is announced when its time comes).
      await lessonShown(app, content.id);
      return { success: true as const, message: CLASS_MSG.visibilitySaved, data: toVisibility(row) };
    },
  );

  app.put(
    '/online-classes/:classId/contents/:lessonId/:kind/:id/visibility',
    {
      schema: {
        tags,
        summary: 'Who sees one material, forum, assignment or quiz of the content (`kind`), as for the content',
        params: itemParams,
        body: visibilityBody,
        response: { 200: ok(visibility), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'write');
      const { kind, id } = request.params;
      const row = found(await setVisibility(app.db, itemList(kind, content.id), id, values(request.body)));
      if (kind !== 'forums') await itemsShown(app, kind, [id]);
      return { success: true as const, message: CLASS_MSG.visibilitySaved, data: toVisibility(row) };
    },
  );
}
