import type { FastifyRequest } from 'fastify';
import {
  FILE_MSG,
  MSG,
  QUESTION_LIMITS,
  QUESTION_MSG,
  errorEnvelope,
  ok,
  questionCategoryParams,
  questionImportCreated,
  questionImportFailed,
  questionImportPreview,
  questionImportQuery,
} from '@kelasku/contract';
import { z } from 'zod';
import type { App } from '../../types.js';
import { categoryForTeacher } from '../../access/question-bank.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { HttpError, invalidField, notFound, tooLarge } from '../../http/errors.js';
import { DOWNLOAD_TYPES, attachment } from '../../http/download.js';
import { multipartFailure } from '../../files/multipart.js';
import { writeGift } from './gift.js';
import { readImport } from './import.js';
import { keyOfRow } from './present.js';
import { allQuestions, insertQuestions } from './queries.js';
import { templateWorkbook } from './xlsx.js';

/** The import file (multipart `file`), read whole: at most 5 MB. */
async function receiveImport(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new HttpError(415, FILE_MSG.notMultipart);
  let found: { name: string; bytes: Buffer } | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: QUESTION_LIMITS.importBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      found = { name: part.filename ?? '', bytes };
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(QUESTION_MSG.importTooLarge);
    throw multipartFailure(request, err, 'file') ?? err;
  }
  if (!found) throw invalidField('file', MSG.fileRequired);
  return found;
}

/** A file name for the category's export: no characters that file systems refuse. */
const exportName = (category: string) => `${category.replace(/[\\/:*?"<>|\r\n]+/g, '-').trim() || 'bank-soal'}.gift`;

/** Import into a category (GIFT or the XLSX template), the template itself, and a category's GIFT export. */
export function transferRoutes(app: App, tags: string[]): void {
  app.post(
    '/question-categories/:categoryId/import',
    {
      config: { expensive: (request) => ((request.query as { preview?: boolean }).preview ? 'import-preview' : 'import') },
      schema: {
        tags,
        summary:
          'Import questions from a file (multipart `file`: GIFT as .gift/.txt, or the XLSX template; at most 5 MB and 1,000 questions). ' +
          'With `preview=1`: 200 with the questions read and the problems by line or row, nothing saved. Without: all are saved when ' +
          'there is no problem (201 `{ created }`), else 422 with the same `errors` list and nothing saved.',
        consumes: ['multipart/form-data'],
        params: questionCategoryParams,
        querystring: questionImportQuery,
        response: {
          200: ok(questionImportPreview),
          201: ok(questionImportCreated),
          404: errorEnvelope,
          413: errorEnvelope,
          415: errorEnvelope,
          422: z.union([questionImportFailed, errorEnvelope]),
        },
      },
    },
    async (request, reply) => {
      const category = await categoryForTeacher(app.db, request.user, request.params.categoryId);
      const upload = await receiveImport(request);
      const { questions, errors } = await readImport(upload.name, upload.bytes);
      if (request.query.preview) {
        const shown = questions.map(({ line_or_row, type, text, points, data }) => ({
          ...{ line_or_row, type, text, points, data },
          ...{ title: null, general_feedback: null, category: null, notes: [] },
        }));
        return { success: true as const, data: { questions: shown, errors } };
      }
      if (errors.length > 0) return reply.code(422).send({ success: false as const, message: QUESTION_MSG.importHasErrors, errors });
      try {
        await app.db.transaction((tx) =>
          insertQuestions(
            tx,
            category.id,
            request.user.id,
            questions.map((q) => ({ text: q.text, points: q.points, key: keyOfRow(q) })),
          ),
        );
      } catch (err) {
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
      reply.code(201);
      return { success: true as const, message: QUESTION_MSG.imported(questions.length), data: { created: questions.length } };
    },
  );

  app.get(
    '/question-template.xlsx',
    {
      schema: {
        tags,
        summary:
          'The XLSX template of the import: sheet "Soal" (one row per question, an example row per type) and sheet "Petunjuk" (the columns explained)',
      },
    },
    async (_request, reply) => attachment(reply, DOWNLOAD_TYPES.xlsx, 'template-bank-soal.xlsx', await templateWorkbook()),
  );

  app.get(
    '/question-categories/:categoryId/export.gift',
    {
      schema: {
        tags,
        summary: 'The category in GIFT (text/plain, UTF-8, as a download); it imports back into the same questions (images left out)',
        params: questionCategoryParams,
      },
    },
    async (request, reply) => {
      const category = await categoryForTeacher(app.db, request.user, request.params.categoryId);
      const rows = await allQuestions(app.db, category.id);
      const text = writeGift(
        category.name,
        rows.map((r) => ({ ...keyOfRow(r), text: r.text, points: r.points })),
      );
      return attachment(reply, 'text/plain; charset=utf-8', exportName(category.name), Buffer.from(text, 'utf8'));
    },
  );
}
