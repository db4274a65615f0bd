import {
  ASSIGNMENT_MSG,
  assignment,
  assignmentBody,
  assignmentParams,
  assignmentsParams,
  errorEnvelope,
  ok,
  okMessage,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { assignmentFor, lessonFor } from '../../access/index.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { notFound } from '../../http/errors.js';
import { authorName, deleteAssignment, insertAssignment, updateAssignment } from './queries.js';
import { toAssignment } from './present.js';
import { itemsShown } from '../notifications/events.js';

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
        response: { 201: ok(assignment), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { klass, content } = await lessonFor(app.db, request.user, request.params.classId, request.params.lessonId, 'write');
      let row;
      try {
        row = await insertAssignment(app.db, content.id, request.user.id, request.body);
      } catch (err) {
        // The content was deleted meanwhile.
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
      await itemsShown(app, 'assignments', [row.id]);
      reply.code(201);
      return { success: true as const, message: ASSIGNMENT_MSG.created, data: toAssignment(row, request.user.name, klass) };
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
      return { success: true as const, data: toAssignment(row, await authorName(app.db, row.authorId), klass) };
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
        response: { 200: ok(assignment), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, content, assignment: current } = await assignmentFor(app.db, request.user, request.params, 'write');
      const row = await updateAssignment(app.db, content.id, current.id, request.body);
      if (!row) throw notFound();
      return {
        success: true as const,
        message: ASSIGNMENT_MSG.updated,
        data: toAssignment(row, await authorName(app.db, row.authorId), klass),
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
