import {
  RUBRIC_MSG,
  assignmentParams,
  assignmentRubricBody,
  errorEnvelope,
  ok,
  okMessage,
  rubric,
  rubricBody,
  rubricParams,
  rubricSummary,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { assignmentFor } from '../../access/index.js';
import { conflict, notFound } from '../../http/errors.js';
import { deleteRubric, insertRubric, listRubrics, rubricById, setAssignmentRubric, updateRubric } from './queries.js';
import { toRubric, toRubricSummary } from './present.js';

const tags = ['teacher: rubrics'];

/** /api/teacher: rubrics, and an assignment's rubric (issue 39; contract schemas/rubrics.ts). */
export default async function rubricRoutes(app: App): Promise<void> {
  rubricCrudRoutes(app);
  rubricCopyRoutes(app);
}

/** The teacher's rubric with its use, or 404 (another teacher's too). */
async function ownRubric(app: App, teacherId: number, id: number) {
  const row = await rubricById(app.db, id, teacherId);
  if (!row) throw notFound();
  return row;
}

function rubricCrudRoutes(app: App): void {
  app.get(
    '/rubrics',
    { schema: { tags, summary: "The teacher's own rubrics, newest first", response: { 200: ok(rubricSummary.array()) } } },
    async (request) => ({ success: true as const, data: (await listRubrics(app.db, request.user.id)).map(toRubricSummary) }),
  );

  app.post(
    '/rubrics',
    {
      schema: {
        tags,
        summary: 'A new rubric: 1–12 criteria of 2–6 levels each; one level of each criterion is worth its maximum',
        body: rubricBody,
        response: { 201: ok(rubric), 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const id = await insertRubric(app.db, request.user.id, request.body.title, request.body.criteria);
      reply.code(201);
      return { success: true as const, message: RUBRIC_MSG.created, data: toRubric(await ownRubric(app, request.user.id, id)) };
    },
  );

  app.get(
    '/rubrics/:id',
    {
      schema: {
        tags,
        summary: "One of the teacher's rubrics (another teacher's: 404)",
        params: rubricParams,
        response: { 200: ok(rubric), 404: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: toRubric(await ownRubric(app, request.user.id, request.params.id)) }),
  );

  app.put(
    '/rubrics/:id',
    {
      schema: {
        tags,
        summary: 'Change a rubric. Once it graded work it can only be copied (409).',
        params: rubricParams,
        body: rubricBody,
        response: { 200: ok(rubric), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const outcome = await updateRubric(app.db, request.user.id, request.params.id, request.body);
      if (outcome === 'missing') throw notFound();
      if (outcome === 'used') throw conflict(RUBRIC_MSG.usedForGrading);
      return {
        success: true as const,
        message: RUBRIC_MSG.updated,
        data: toRubric(await ownRubric(app, request.user.id, request.params.id)),
      };
    },
  );

  app.delete(
    '/rubrics/:id',
    {
      schema: {
        tags,
        summary: 'Delete a rubric; 409 while an assignment uses it',
        params: rubricParams,
        response: { 200: okMessage, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const outcome = await deleteRubric(app.db, request.user.id, request.params.id);
      if (outcome === 'missing') throw notFound();
      if (typeof outcome === 'number') throw conflict(RUBRIC_MSG.inUse(outcome));
      return { success: true as const, message: RUBRIC_MSG.deleted };
    },
  );
}

function rubricCopyRoutes(app: App): void {
  app.post(
    '/rubrics/:id/copy',
    {
      schema: {
        tags,
        summary: '"Salin": a copy of one of the teacher\'s rubrics titled "Salinan <judul>", free to change',
        params: rubricParams,
        response: { 201: ok(rubric), 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const source = await ownRubric(app, request.user.id, request.params.id);
      const id = await insertRubric(app.db, request.user.id, `Salinan ${source.title}`.slice(0, 120), source.criteria);
      reply.code(201);
      return { success: true as const, message: RUBRIC_MSG.copied, data: toRubric(await ownRubric(app, request.user.id, id)) };
    },
  );

  app.put(
    '/online-classes/:classId/contents/:lessonId/assignments/:id/rubric',
    {
      schema: {
        tags,
        summary:
          "Attach one of the teacher's rubrics to an assignment of their class (rubric_id null: detach). Another teacher's " +
          'rubric is a 404. Once work of the assignment was graded with rubric marks the rubric cannot change (409).',
        params: assignmentParams,
        body: assignmentRubricBody,
        response: { 200: ok(rubric.nullable()), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { assignment: a } = await assignmentFor(app.db, request.user, request.params, 'write');
      const rubricId = request.body.rubric_id;
      const row = rubricId === null ? null : await ownRubric(app, request.user.id, rubricId);
      if (!(await setAssignmentRubric(app.db, a.id, rubricId))) throw conflict(RUBRIC_MSG.attachedAfterGrading, 'rubric_id');
      return {
        success: true as const,
        message: row ? RUBRIC_MSG.attached : RUBRIC_MSG.detached,
        data: row ? toRubric((await rubricById(app.db, row.id))!) : null,
      };
    },
  );
}
