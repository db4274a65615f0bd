import type { FastifyRequest } from 'fastify';
import {
  FILE_MSG,
  MSG,
  QUESTION_IMAGE_TYPES,
  QUESTION_LIMITS,
  QUESTION_MSG,
  errorEnvelope,
  ok,
  okMessage,
  question,
  questionBody,
  questionCategory,
  questionCategoryBody,
  questionCategoryParams,
  questionImportCreated,
  questionImportFailed,
  questionImportPreview,
  questionImportQuery,
  questionListQuery,
  questionPage,
  questionParams,
  questionUpdateBody,
} from '@kelasku/contract';
import { z } from 'zod';
import type { App } from '../../types.js';
import { categoryForTeacher, findCategoryOf, questionForTeacher } from '../../access/question-bank.js';
import { isForeignKeyViolation, uniqueViolation } from '../../http/db-errors.js';
import { HttpError, conflict, invalidField, notFound, tooLarge, unsupportedType } from '../../http/errors.js';
import { DOWNLOAD_TYPES, attachment } from '../../http/download.js';
import { multipartFailure } from '../../files/multipart.js';
import type { ReceivedFile } from '../../files/service.js';
import { writeGift } from './gift.js';
import { readImport } from './import.js';
import { keyOf } from './keys.js';
import { keyOfRow, toQuestion } from './present.js';
import {
  allQuestions,
  deleteCategory,
  deleteQuestion,
  hasAnswers,
  insertCategory,
  insertQuestions,
  listCategories,
  listQuestions,
  questionCount,
  questionWithUse,
  renameCategory,
  setQuestionImage,
  updateQuestion,
} from './queries.js';
import { templateWorkbook } from './xlsx.js';

/** A category name the teacher already uses (case-insensitive): 422 on `name`. */
const nameTaken = (err: unknown) => uniqueViolation(err) === 'question_categories_teacher_name_uq';

/** The picture of a question (multipart `image`): JPEG, PNG, GIF or WebP by content, at most 5 MB. */
async function receiveImage(app: App, request: FastifyRequest): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new HttpError(415, FILE_MSG.notMultipart);
  let file: ReceivedFile | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: QUESTION_LIMITS.imageBytes, files: 1, fields: 10, fieldSize: 1024, parts: 11 } });
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

/** /api/teacher: the teacher's question bank (Bank Soal) — categories, questions, images, import and export. */
export default async function questionBankRoutes(app: App): Promise<void> {
  const tags = ['teacher: question bank'];

  // ------------------------------------------------------------ categories

  app.get(
    '/question-categories',
    {
      schema: {
        tags,
        summary: "The teacher's question categories by name, each with its number of questions",
        response: { 200: ok(z.array(questionCategory)) },
      },
    },
    async (request) => ({ success: true as const, data: await listCategories(app.db, request.user.id) }),
  );

  app.post(
    '/question-categories',
    {
      schema: {
        tags,
        summary: 'Add a category (name 1–100 characters, unique per teacher ignoring case: 422 on `name` otherwise)',
        body: questionCategoryBody,
        response: { 201: ok(questionCategory), 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      let row;
      try {
        row = await insertCategory(app.db, request.user.id, request.body.name);
      } catch (err) {
        if (nameTaken(err)) throw invalidField('name', QUESTION_MSG.categoryNameTaken);
        throw err;
      }
      reply.code(201);
      return { success: true as const, message: QUESTION_MSG.categoryCreated, data: { id: row.id, name: row.name, question_count: 0 } };
    },
  );

  app.put(
    '/question-categories/:categoryId',
    {
      schema: {
        tags,
        summary: 'Rename a category (same rules as adding one)',
        params: questionCategoryParams,
        body: questionCategoryBody,
        response: { 200: ok(questionCategory), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const category = await categoryForTeacher(app.db, request.user, request.params.categoryId);
      let row;
      try {
        row = await renameCategory(app.db, category.id, request.body.name);
      } catch (err) {
        if (nameTaken(err)) throw invalidField('name', QUESTION_MSG.categoryNameTaken);
        throw err;
      }
      if (!row) throw notFound();
      return {
        success: true as const,
        message: QUESTION_MSG.categoryUpdated,
        data: { id: row.id, name: row.name, question_count: await questionCount(app.db, row.id) },
      };
    },
  );

  app.delete(
    '/question-categories/:categoryId',
    {
      schema: {
        tags,
        summary: 'Delete a category with its questions. 409 while a quiz draws from it or one of its questions is in a quiz or an attempt.',
        params: questionCategoryParams,
        response: { 200: okMessage, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const category = await categoryForTeacher(app.db, request.user, request.params.categoryId);
      let images: number[];
      try {
        images = await app.db.transaction((tx) => deleteCategory(tx, category.id));
      } catch (err) {
        if (isForeignKeyViolation(err)) throw conflict(QUESTION_MSG.categoryInUse);
        throw err;
      }
      await app.files.release(images);
      return { success: true as const, message: QUESTION_MSG.categoryDeleted };
    },
  );

  // ------------------------------------------------------------ questions

  app.get(
    '/question-categories/:categoryId/questions',
    {
      schema: {
        tags,
        summary: "A page of a category's questions (oldest first) with their keys; `q` finds words of the text",
        params: questionCategoryParams,
        querystring: questionListQuery,
        response: { 200: ok(questionPage), 404: errorEnvelope },
      },
    },
    async (request) => {
      const category = await categoryForTeacher(app.db, request.user, request.params.categoryId);
      const { page, per_page: perPage, q } = request.query;
      const { items, total } = await listQuestions(app.db, category.id, { page, perPage, q });
      return {
        success: true as const,
        data: { items: items.map((r) => toQuestion(r, app.files.forUser(request.user.id))), page, per_page: perPage, total },
      };
    },
  );

  app.post(
    '/question-categories/:categoryId/questions',
    {
      schema: {
        tags,
        summary:
          'Add a question: `type`, `text` (≤ 5,000), `points` (1–100, default 1) and `data`, the key by type (docs/quizzes.md). ' +
          'Options and pairs get their ids here.',
        params: questionCategoryParams,
        body: questionBody,
        response: { 201: ok(question), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const category = await categoryForTeacher(app.db, request.user, request.params.categoryId);
      const body = request.body;
      let row;
      try {
        [row] = await insertQuestions(app.db, category.id, request.user.id, [{ text: body.text, points: body.points, key: keyOf(body) }]);
      } catch (err) {
        // The category was deleted meanwhile.
        if (isForeignKeyViolation(err)) throw notFound();
        throw err;
      }
      reply.code(201);
      return {
        success: true as const,
        message: QUESTION_MSG.questionCreated,
        data: toQuestion({ ...row!, usedInQuizzes: 0 }, app.files.forUser(request.user.id)),
      };
    },
  );

  app.get(
    '/questions/:questionId',
    {
      schema: {
        tags,
        summary: 'One question with its key, its image link and the number of quizzes holding it',
        params: questionParams,
        response: { 200: ok(question), 404: errorEnvelope },
      },
    },
    async (request) => {
      const own = await questionForTeacher(app.db, request.user, request.params.questionId);
      const row = await questionWithUse(app.db, own.id);
      if (!row) throw notFound();
      return { success: true as const, data: toQuestion(row, app.files.forUser(request.user.id)) };
    },
  );

  app.put(
    '/questions/:questionId',
    {
      schema: {
        tags,
        summary:
          'Edit a question (same body as adding one; options and pairs send back the ids they got, new ones none). `category_id` moves it ' +
          "to another of the teacher's categories. The type of a question students have answered cannot change (409).",
        params: questionParams,
        body: questionUpdateBody,
        response: { 200: ok(question), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const current = await questionForTeacher(app.db, request.user, request.params.questionId);
      const body = request.body;
      let categoryId = current.categoryId;
      if (body.category_id !== undefined && body.category_id !== current.categoryId) {
        const target = await findCategoryOf(app.db, request.user.id, body.category_id);
        if (!target) throw invalidField('category_id', QUESTION_MSG.categoryNotFound);
        categoryId = target.id;
      }
      if (body.type !== current.type && (await hasAnswers(app.db, current.id))) throw conflict(QUESTION_MSG.typeLocked, 'type');
      let row;
      try {
        row = await updateQuestion(app.db, current.id, categoryId, { text: body.text, points: body.points, key: keyOf(body) });
      } catch (err) {
        // The target category was deleted meanwhile.
        if (isForeignKeyViolation(err)) throw invalidField('category_id', QUESTION_MSG.categoryNotFound);
        throw err;
      }
      if (!row) throw notFound();
      const withUse = await questionWithUse(app.db, row.id);
      if (!withUse) throw notFound();
      return {
        success: true as const,
        message: QUESTION_MSG.questionUpdated,
        data: toQuestion(withUse, app.files.forUser(request.user.id)),
      };
    },
  );

  app.delete(
    '/questions/:questionId',
    {
      schema: {
        tags,
        summary: 'Delete a question (and its image). 409 while a quiz holds it or a student has answered it.',
        params: questionParams,
        response: { 200: okMessage, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const own = await questionForTeacher(app.db, request.user, request.params.questionId);
      let row;
      try {
        row = await app.db.transaction((tx) => deleteQuestion(tx, own.id));
      } catch (err) {
        if (isForeignKeyViolation(err)) throw conflict(QUESTION_MSG.questionInUse);
        throw err;
      }
      if (!row) throw notFound();
      await app.files.release([row.imageFileId]);
      return { success: true as const, message: QUESTION_MSG.questionDeleted };
    },
  );

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

  // ------------------------------------------------------------ import and export

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
        const shown = questions.map(({ line_or_row, type, text, points, data }) => ({ line_or_row, type, text, points, data }));
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
