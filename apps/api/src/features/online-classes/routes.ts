import { CLASS_MSG, MSG, errorEnvelope, ok, okMessage, onlineClass, onlineClassBody, onlineClassParams } from '@kelasku/contract';
import type { App } from '../../types.js';
import { classForTeacher } from '../../access/index.js';
import { invalidField, notFound } from '../../http/errors.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { classesOfTeacher, deleteClass, insertClass, loadClass, updateClass, type ClassValues } from './queries.js';

const values = (b: { name: string; description?: string | null; rombel_class_id: number }): ClassValues => ({
  name: b.name,
  description: b.description ?? null,
  rombelClassId: b.rombel_class_id,
});

/** A rombel that does not exist (or was deleted meanwhile) is refused by the schema's foreign key. */
async function withKnownRombel<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw invalidField('rombel_class_id', MSG.rombelUnknown);
    throw err;
  }
}

/** /api/teacher/online-classes: the teacher's own classes. */
export default async function onlineClassesRoutes(app: App): Promise<void> {
  const tags = ['teacher: online classes'];

  app.get(
    '/online-classes',
    {
      schema: {
        tags,
        summary: 'The teacher\'s online classes with rombel, teacher and the rombel\'s students, by rombel name then class name',
        response: { 200: ok(onlineClass.array()) },
      },
    },
    async (request) => ({ success: true as const, data: await classesOfTeacher(app.db, app.files, request.user.id) }),
  );

  app.post(
    '/online-classes',
    {
      schema: {
        tags,
        summary: 'Create an online class for a rombel (name required, description optional)',
        body: onlineClassBody,
        response: { 201: ok(onlineClass), 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const id = await withKnownRombel(() => insertClass(app.db, request.user.id, values(request.body)));
      const klass = await loadClass(app.db, app.files, id);
      if (!klass) throw notFound();
      reply.code(201);
      return { success: true as const, message: CLASS_MSG.classCreated, data: klass };
    },
  );

  app.get(
    '/online-classes/:id',
    {
      schema: {
        tags,
        summary: 'One of the teacher\'s online classes (another teacher\'s class is a 404)',
        params: onlineClassParams,
        response: { 200: ok(onlineClass), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { id } = await classForTeacher(app.db, request.user, request.params.id);
      const klass = await loadClass(app.db, app.files, id);
      if (!klass) throw notFound();
      return { success: true as const, data: klass };
    },
  );

  app.put(
    '/online-classes/:id',
    {
      schema: {
        tags,
        summary: 'Edit one of the teacher\'s online classes',
        params: onlineClassParams,
        body: onlineClassBody,
        response: { 200: ok(onlineClass), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { id } = await classForTeacher(app.db, request.user, request.params.id);
      const done = await withKnownRombel(() => updateClass(app.db, id, request.user.id, values(request.body)));
      const klass = done ? await loadClass(app.db, app.files, id) : null;
      if (!klass) throw notFound();
      return { success: true as const, message: CLASS_MSG.classUpdated, data: klass };
    },
  );

  app.delete(
    '/online-classes/:id',
    {
      schema: {
        tags,
        summary:
          'Delete one of the teacher\'s online classes with its contents, materials, forums, assignments, ' +
          'submissions and their stored files',
        params: onlineClassParams,
        response: { 200: okMessage, 404: errorEnvelope },
      },
    },
    async (request) => {
      const { id } = await classForTeacher(app.db, request.user, request.params.id);
      const fileIds = await app.db.transaction((tx) => deleteClass(tx, id, request.user.id));
      if (!fileIds) throw notFound();
      await app.files.release(fileIds);
      return { success: true as const, message: CLASS_MSG.classDeleted };
    },
  );
}
