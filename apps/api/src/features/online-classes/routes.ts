import {
  CLASS_MSG,
  classDetail,
  classListQuery,
  errorEnvelope,
  ok,
  okMessage,
  onlineClassBody,
  onlineClassParams,
  teacherClassSummary,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { classForTeacher } from '../../access/index.js';
import { notFound } from '../../http/errors.js';
import { classWithRoster, classesOfTeacher, deleteClass, insertClass, updateClass, withKnownRombel, type ClassValues } from './queries.js';
import { toClassDetail, toClassSummary } from './present.js';
import { waitingCounts } from '../gradebook/queries.js';

const values = (b: { name: string; description?: string | null; rombel_class_id: number }): ClassValues => ({
  name: b.name,
  description: b.description ?? null,
  rombelClassId: b.rombel_class_id,
});

/** /api/teacher/online-classes: the teacher's own classes. */
export default async function onlineClassesRoutes(app: App): Promise<void> {
  const tags = ['teacher: online classes'];

  app.get(
    '/online-classes',
    {
      schema: {
        tags,
        summary:
          "The teacher's current online classes, by rombel name then class name: each with its rombel and teacher, " +
          'without students (the class detail has them), with `waiting_count`: hand-ins waiting for a score. ' +
          'With `archived=1`: the archived classes instead (read-only, "Arsip"). Two queries.',
        querystring: classListQuery,
        response: { 200: ok(teacherClassSummary.array()) },
      },
    },
    async (request) => {
      const rows = await classesOfTeacher(app.db, request.user.id, request.query.archived === '1');
      const waiting = await waitingCounts(
        app.db,
        rows.map((r) => r.klass.id),
      );
      return {
        success: true as const,
        data: rows.map((r) => ({ ...toClassSummary(app.files, r), waiting_count: waiting.get(r.klass.id) ?? 0 })),
      };
    },
  );

  app.post(
    '/online-classes',
    {
      schema: {
        tags,
        summary: 'Create an online class for a rombel (name required, description optional); answers the class detail',
        body: onlineClassBody,
        response: { 201: ok(classDetail), 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const id = await withKnownRombel(() => insertClass(app.db, request.user.id, values(request.body)));
      const found = await classWithRoster(app.db, id);
      if (!found) throw notFound();
      reply.code(201);
      return { success: true as const, message: CLASS_MSG.classCreated, data: toClassDetail(app.files, found) };
    },
  );

  app.get(
    '/online-classes/:id',
    {
      schema: {
        tags,
        summary: "One of the teacher's online classes with the students of its rombel, by name (another teacher's class is a 404)",
        params: onlineClassParams,
        response: { 200: ok(classDetail), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { id } = await classForTeacher(app.db, request.user, request.params.id, 'read');
      const found = await classWithRoster(app.db, id);
      if (!found) throw notFound();
      return { success: true as const, data: toClassDetail(app.files, found) };
    },
  );

  app.put(
    '/online-classes/:id',
    {
      schema: {
        tags,
        summary: "Edit one of the teacher's online classes; answers the class detail",
        params: onlineClassParams,
        body: onlineClassBody,
        response: { 200: ok(classDetail), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { id } = await classForTeacher(app.db, request.user, request.params.id, 'write');
      const done = await withKnownRombel(() => updateClass(app.db, id, request.user.id, values(request.body)));
      const found = done ? await classWithRoster(app.db, id) : null;
      if (!found) throw notFound();
      return { success: true as const, message: CLASS_MSG.classUpdated, data: toClassDetail(app.files, found) };
    },
  );

  app.delete(
    '/online-classes/:id',
    {
      schema: {
        tags,
        summary:
          "Delete one of the teacher's online classes with its contents, materials, forums, assignments, " +
          'submissions and their stored files',
        params: onlineClassParams,
        response: { 200: okMessage, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { id } = await classForTeacher(app.db, request.user, request.params.id, 'write');
      const fileIds = await app.db.transaction((tx) => deleteClass(tx, id, request.user.id));
      if (!fileIds) throw notFound();
      await app.files.release(fileIds);
      return { success: true as const, message: CLASS_MSG.classDeleted };
    },
  );
}
