import {
  ASSIGNMENT_MSG,
  assignment,
  assignmentBody,
  assignmentParams,
  assignmentsParams,
  errorEnvelope,
  ok,
  okMessage,
  type Assignment as AssignmentView,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { assignmentFor, lessonFor } from '../../access/index.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { notFound } from '../../http/errors.js';
import { authorName, deleteAssignment, insertAssignment, updateAssignment } from './queries.js';
import { toAssignment } from './present.js';
import { itemsShown } from '../notifications/events.js';
import { assertTagsOpen, checkTags, tagsOf, writeTags, type WorkTags } from '../grade-scheme/tags.js';

/** The category and TPs an assignment body carries (issue 39; absent: unchanged). */
const tagsOfBody = (b: WorkTags): WorkTags => ({ category_id: b.category_id, objective_ids: b.objective_ids });

/** The teacher's reply: the assignment with its category and TPs. */
async function withTags(app: App, a: AssignmentView): Promise<AssignmentView> {
  const tags = (await tagsOf(app.db, 'assignment', [a.id])).get(a.id);
  return { ...a, category_id: tags?.category_id ?? null, objective_ids: tags?.objective_ids ?? [] };
}

/** /api/teacher/online-classes/:classId/contents/:lessonId/assignments: the teacher's assignments. */
export default async function assignmentsRoutes(app: App): Promise<void> {
  const tags = ['teacher: assignments'];
  const base = '/online-classes/:classId/contents/:lessonId/assignments';

  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Add an assignment to a content (title, description and deadline required; the deadline keeps its offset)',
        params: assignmentsParams,
        body: assignmentBody,
        response: { 201: ok(assignment), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { klass, content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'write');
      const tags = tagsOfBody(request.body);
      await checkTags(app.db, klass.id, tags);
      await assertTagsOpen(app.db, klass.id, { category_id: null, objective_ids: [] }, tags);
      let row;
      try {
        row = await app.db.transaction(async (tx) => {
          const row = await insertAssignment(tx, content, request.user.id, request.body);
          await writeTags(tx, 'assignment', row.id, tags);
          return row;
        });
      } catch (err) {
        // The content (or a category or TP) was deleted meanwhile.
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
      await itemsShown(app, 'assignments', [row.id]);
      reply.code(201);
      return {
        success: true as const,
        message: ASSIGNMENT_MSG.created,
        data: await withTags(app, toAssignment(row, request.user.name, klass)),
      };
    },
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'One assignment (the Assignment of SPEC §3)',
        params: assignmentParams,
        response: { 200: ok(assignment), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, assignment: row } = await assignmentFor(app.db, request.user, request.params, 'read');
      return { success: true as const, data: await withTags(app, toAssignment(row, await authorName(app.db, row.authorId), klass)) };
    },
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary:
          "Edit an assignment's title, description and deadline. Lateness is judged against the current deadline, " +
          'so moving it re-judges submissions already handed in.',
        params: assignmentParams,
        body: assignmentBody,
        response: { 200: ok(assignment), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, content, assignment: current } = await assignmentFor(app.db, request.user, request.params, 'write');
      const tags = tagsOfBody(request.body);
      await checkTags(app.db, klass.id, tags);
      const now = (await tagsOf(app.db, 'assignment', [current.id])).get(current.id);
      if (now) await assertTagsOpen(app.db, klass.id, now, tags);
      const row = await app.db
        .transaction(async (tx) => {
          const row = await updateAssignment(tx, content.id, current.id, request.body);
          if (row) await writeTags(tx, 'assignment', row.id, tags);
          return row;
        })
        .catch((err) => {
          if (isForeignKeyViolation(err)) throw notFound();
          throw err;
        });
      if (!row) throw notFound();
      return {
        success: true as const,
        message: ASSIGNMENT_MSG.updated,
        data: await withTags(app, toAssignment(row, await authorName(app.db, row.authorId), klass)),
      };
    },
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Delete an assignment with its submissions and their stored files',
        params: assignmentParams,
        response: { 200: okMessage, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { content, assignment: target } = await assignmentFor(app.db, request.user, request.params, 'write');
      const fileIds = await app.db.transaction((tx) => deleteAssignment(tx, content.id, target.id));
      if (!fileIds) throw notFound();
      await app.files.release(fileIds);
      return { success: true as const, message: ASSIGNMENT_MSG.deleted };
    },
  );
}
