import {
  QUESTION_MSG,
  errorEnvelope,
  ok,
  okMessage,
  question,
  questionBody,
  questionCategoryParams,
  questionListQuery,
  questionPage,
  questionParams,
  questionUpdateBody,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { categoryForTeacher, findCategoryOf, questionForTeacher } from '../../access/question-bank.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { keyOf } from './keys.js';
import { toQuestion } from './present.js';
import { deleteQuestion, hasAnswers, insertQuestions, listQuestions, questionWithUse, updateQuestion } from './queries.js';

/** The questions of the teacher's categories: a category's page, add one, read, edit and delete one. */
export function questionRoutes(app: App, tags: string[]): void {
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
          'Add a question: `type`, `text` (≤ 5,000), `points` (1–100, default 1) and `data`, the key by type (docs/features/quizzes.md). ' +
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
        [row] = await insertQuestions(app.db, category.id, request.user.id, [
          { text: body.text, points: body.points, key: keyOf(body), title: body.title, generalFeedback: body.general_feedback },
        ]);
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
        row = await updateQuestion(app.db, current.id, categoryId, {
          ...{ text: body.text, points: body.points, key: keyOf(body) },
          ...{ title: body.title, generalFeedback: body.general_feedback },
        });
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
}
