import type { FastifyRequest } from 'fastify';
import {
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
import type { Executor } from '../../db/client.js';
import { categoryForTeacher } from '../../access/question-bank.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { invalidField, notFound, tooLarge } from '../../http/errors.js';
import { DOWNLOAD_TYPES, attachment } from '../../http/download.js';
import { formParts, multipartFailure } from '../../files/multipart.js';
import { writeGift } from './gift.js';
import { readImport, type ImportedQuestion } from './import.js';
import { keyOfRow } from './present.js';
import { allQuestions, categoryNamed, insertQuestions } from './queries.js';
import { templateWorkbook } from './xlsx.js';

/** The import file (multipart `file`), read whole: at most 5 MB. */
async function receiveImport(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  let found: { name: string; bytes: Buffer } | null = null;
  try {
    const parts = formParts(request, { fileSize: QUESTION_LIMITS.importBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11 });
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

/**
 * Saves imported questions: into the category imported into, or, under a GIFT `$CATEGORY:`, into
 * the teacher's category of that name (made when missing).
 */
async function saveImported(tx: Executor, categoryId: number, teacherId: number, questions: ImportedQuestion[]): Promise<void> {
  const groups = new Map<string | null, ImportedQuestion[]>();
  for (const q of questions) {
    const list = groups.get(q.category);
    if (list) list.push(q);
    else groups.set(q.category, [q]);
  }
  for (const [name, list] of groups) {
    const target = name === null ? categoryId : await categoryNamed(tx, teacherId, name);
    const values = list.map((q) => ({
      text: q.text,
      points: q.points,
      key: keyOfRow(q),
      title: q.title,
      generalFeedback: q.general_feedback,
    }));
    await insertQuestions(tx, target, teacherId, values);
  }
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
          'there is no problem (201 `{ created, skipped }`), else 422 with the same `errors` list and nothing saved. GIFT `$CATEGORY:` ' +
          'lines send their questions to the category of that name unless `file_categories=0`.',
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
      const read = await readImport(upload.name, upload.bytes);
      const { errors, skipped } = read;
      // Issue 41: the teacher may put the whole file into this category, whatever its `$CATEGORY:` lines say.
      const questions = request.query.file_categories ? read.questions : read.questions.map((q) => ({ ...q, category: null }));
      if (request.query.preview) {
        const shown = questions.map(({ line_or_row, type, text, points, data, title, general_feedback, category: named, notes }) => ({
          ...{ line_or_row, type, text, points, data },
          ...{ title, general_feedback, category: named, notes },
        }));
        return { success: true as const, data: { questions: shown, errors, skipped } };
      }
      if (errors.length > 0) return reply.code(422).send({ success: false as const, message: QUESTION_MSG.importHasErrors, errors });
      try {
        await app.db.transaction((tx) => saveImported(tx, category.id, request.user.id, questions));
      } catch (err) {
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
      reply.code(201);
      const message =
        skipped.length > 0 ? QUESTION_MSG.importedSkipped(questions.length, skipped.length) : QUESTION_MSG.imported(questions.length);
      return { success: true as const, message, data: { created: questions.length, skipped } };
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
        rows.map((r) => ({ ...keyOfRow(r), text: r.text, points: r.points, title: r.title, general_feedback: r.generalFeedback })),
      );
      return attachment(reply, 'text/plain; charset=utf-8', exportName(category.name), Buffer.from(text, 'utf8'));
    },
  );
}
