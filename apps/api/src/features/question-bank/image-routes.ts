import type { FastifyRequest } from 'fastify';
import { MSG, QUESTION_IMAGE_TYPES, QUESTION_LIMITS, QUESTION_MSG, errorEnvelope, ok, question, questionParams } from '@kelasku/contract';
import type { App } from '../../types.js';
import { questionForTeacher } from '../../access/question-bank.js';
import { HttpError, invalidField, notFound, tooLarge, unsupportedType } from '../../http/errors.js';
import { formParts, multipartFailure } from '../../files/multipart.js';
import type { ReceivedFile } from '../../files/service.js';
import { toQuestion } from './present.js';
import { questionWithUse, setQuestionImage } from './queries.js';

/** The picture of a question (multipart `image`): JPEG, PNG, GIF or WebP by content, at most 5 MB. */
async function receiveImage(app: App, request: FastifyRequest): Promise<ReceivedFile> {
  let file: ReceivedFile | null = null;
  try {
    const parts = formParts(request, { fileSize: QUESTION_LIMITS.imageBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11 });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'image') {
        part.file.resume();
        continue;
      }
      file = await app.files.receive(part, 'document');
    }
  } catch (err) {
    await app.files.discard(file);
    const status = err instanceof HttpError ? err.statusCode : (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? 413 : 0;
    if (status === 413) throw tooLarge(QUESTION_MSG.imageTooLarge);
    if (status === 415) throw unsupportedType(QUESTION_MSG.imageType, 'image');
    throw multipartFailure(request, err, 'image') ?? err;
  }
  if (!file) throw invalidField('image', MSG.fileRequired);
  if (!(QUESTION_IMAGE_TYPES as readonly string[]).includes(file.mimeType)) {
    await app.files.discard(file);
    throw unsupportedType(QUESTION_MSG.imageType, 'image');
  }
  return file;
}

/** /api/teacher/questions/:questionId/image: set, replace or remove a question's picture. */
export function imageRoutes(app: App, tags: string[]): void {
  app.put(
    '/questions/:questionId/image',
    {
      schema: {
        tags,
        summary: "Set or replace the question's picture (multipart `image`: JPEG, PNG, GIF or WebP by content, at most 5 MB)",
        consumes: ['multipart/form-data'],
        params: questionParams,
        response: { 200: ok(question), 404: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const own = await questionForTeacher(app.db, request.user, request.params.questionId);
      const file = await receiveImage(app, request);
      const old = await app.files.commit(file, async (tx, fileId) => {
        const previous = await setQuestionImage(tx, own.id, fileId);
        // Deleted meanwhile: the transaction is undone and the new file removed.
        if (previous === undefined) throw notFound();
        return previous;
      });
      await app.files.release([old]);
      const row = await questionWithUse(app.db, own.id);
      if (!row) throw notFound();
      return { success: true as const, message: QUESTION_MSG.imageSaved, data: toQuestion(row, app.files.forUser(request.user.id)) };
    },
  );

  app.delete(
    '/questions/:questionId/image',
    {
      schema: {
        tags,
        summary: "Remove the question's picture",
        params: questionParams,
        response: { 200: ok(question), 404: errorEnvelope },
      },
    },
    async (request) => {
      const own = await questionForTeacher(app.db, request.user, request.params.questionId);
      const old = await app.db.transaction((tx) => setQuestionImage(tx, own.id, null));
      if (old === undefined) throw notFound();
      await app.files.release([old]);
      const row = await questionWithUse(app.db, own.id);
      if (!row) throw notFound();
      return { success: true as const, message: QUESTION_MSG.imageRemoved, data: toQuestion(row, app.files.forUser(request.user.id)) };
    },
  );
}
