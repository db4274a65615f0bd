import {
  QUESTION_MSG,
  errorEnvelope,
  ok,
  okMessage,
  questionCategory,
  questionCategoryBody,
  questionCategoryParams,
} from '@kelasku/contract';
import { z } from 'zod';
import type { App } from '../../types.js';
import { categoryForTeacher } from '../../access/question-bank.js';
import { isForeignKeyViolation, uniqueViolation } from '../../http/db-errors.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { deleteCategory, insertCategory, listCategories, questionCount, renameCategory } from './queries.js';

/** A category name the teacher already uses (case-insensitive): 422 on `name`. */
const nameTaken = (err: unknown) => uniqueViolation(err) === 'question_categories_teacher_name_uq';

/** /api/teacher/question-categories: the teacher's categories — list, add, rename, delete. */
export function categoryRoutes(app: App, tags: string[]): void {
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
}
