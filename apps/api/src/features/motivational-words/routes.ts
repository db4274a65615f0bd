import { ADMIN_MSG, MSG, errorEnvelope, motivationalWord, ok, okMessage, randomWord, wordBody, wordParams } from '@kelasku/contract';
import type { App } from '../../types.js';
import { notFound } from '../../http/errors.js';
import { deleteWord, findWord, insertWord, listWords, randomActiveWord, updateWord } from './queries.js';
import { toWord } from './present.js';
import { auditRecord, snapshotOf } from '../../audit/changes.js';

/** /api/admin/resources/motivational-words — the admin's CRUD. */
export async function adminRoutes(app: App): Promise<void> {
  const tags = ['admin: motivational words'];

  app.get(
    '/resources/motivational-words',
    { schema: { tags, summary: 'Every motivational word, newest first', response: { 200: ok(motivationalWord.array()) } } },
    async () => ({ success: true as const, data: (await listWords(app.db)).map(toWord) }),
  );

  app.get(
    '/resources/motivational-words/:id',
    {
      schema: { tags, summary: 'One motivational word', params: wordParams, response: { 200: ok(motivationalWord), 404: errorEnvelope } },
    },
    async (request) => {
      const word = await findWord(app.db, request.params.id);
      if (!word) throw notFound();
      return { success: true as const, data: toWord(word) };
    },
  );

  app.post(
    '/resources/motivational-words',
    {
      schema: {
        tags,
        summary: 'Create a motivational word (active unless told otherwise)',
        body: wordBody,
        response: { 201: ok(motivationalWord), 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const word = await app.db.transaction(async (tx) => {
        const created = await insertWord(tx, { ...request.body, active: request.body.active ?? true });
        await auditRecord(tx, request, 'word', 'create', created.id);
        return created;
      });
      reply.code(201);
      return { success: true as const, message: ADMIN_MSG.wordCreated, data: toWord(word) };
    },
  );

  app.put(
    '/resources/motivational-words/:id',
    {
      schema: {
        tags,
        summary: 'Edit a motivational word (active left as it is when not sent)',
        params: wordParams,
        body: wordBody,
        response: { 200: ok(motivationalWord), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const word = await app.db.transaction(async (tx) => {
        const before = await snapshotOf(tx, 'word', request.params.id);
        const updated = await updateWord(tx, request.params.id, request.body);
        if (updated) await auditRecord(tx, request, 'word', 'update', updated.id, before);
        return updated;
      });
      if (!word) throw notFound();
      return { success: true as const, message: ADMIN_MSG.wordUpdated, data: toWord(word) };
    },
  );

  app.delete(
    '/resources/motivational-words/:id',
    {
      schema: { tags, summary: 'Delete a motivational word', params: wordParams, response: { 200: okMessage, 404: errorEnvelope } },
    },
    async (request) => {
      const deleted = await app.db.transaction(async (tx) => {
        const before = await snapshotOf(tx, 'word', request.params.id);
        const gone = await deleteWord(tx, request.params.id);
        if (gone) await auditRecord(tx, request, 'word', 'delete', request.params.id, before);
        return gone;
      });
      if (!deleted) throw notFound();
      return { success: true as const, message: ADMIN_MSG.wordDeleted };
    },
  );
}

/** GET /api/student/random-motivational-word — the quote of the student's dashboard. */
export async function studentRoutes(app: App): Promise<void> {
  app.get(
    '/random-motivational-word',
    {
      schema: {
        tags: ['student dashboard'],
        summary: 'One active motivational word at random; data is null (with a message) when none is active',
        response: { 200: ok(randomWord) },
      },
    },
    async () => {
      const word = await randomActiveWord(app.db);
      return word ? { success: true as const, data: word } : { success: true as const, message: MSG.noActiveWord, data: null };
    },
  );
}
