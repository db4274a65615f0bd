import type { FastifyRequest } from 'fastify';
import {
  TP_MSG,
  classObjectivesParams,
  errorEnvelope,
  learningObjective,
  objectiveBody,
  objectiveImportQuery,
  objectiveImportResult,
  objectiveOrderBody,
  objectiveParams,
  objectiveUpdateBody,
  objectivesQuery,
  ok,
  okMessage,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import type { Executor } from '../../db/client.js';
import { classForTeacher, enforce } from '../../access/index.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { uniqueViolation } from '../../http/db-errors.js';
import { DOWNLOAD_TYPES, attachment } from '../../http/download.js';
import { changedFields, recordAudit } from '../../audit/record.js';
import { uploadedSheet } from '../imports/upload.js';
import { classContext } from '../grade-scheme/queries.js';
import {
  codeClash,
  deleteObjective,
  findObjective,
  findSubject,
  insertObjectives,
  listObjectives,
  lockObjective,
  lockObjectiveWrites,
  objectiveIdsOf,
  reorderObjectives,
  teachesSubject,
  updateObjectives,
  type SubjectRow,
} from './queries.js';
import { planImport, readObjectivesFile, templateWorkbook } from './import.js';

type Area = 'admin' | 'teacher';

/**
 * The subject a write names, if the caller may write its TPs: 422 for an unknown subject, and for a
 * teacher 403 unless they teach it this semester.
 */
async function writableSubject(db: Executor, request: FastifyRequest, area: Area, subjectId: number): Promise<SubjectRow> {
  const subject = await findSubject(db, subjectId);
  if (!subject) throw invalidField('subject_id', TP_MSG.subjectUnknown);
  if (area === 'teacher') enforce((await teachesSubject(db, request.user.id, subjectId)) ? null : TP_MSG.notYourSubject);
  return subject;
}

/** The TP of the path (404), if the caller may write it (403 for a teacher who does not teach its subject). */
async function writableObjective(db: Executor, request: FastifyRequest, area: Area, id: number) {
  const found = await lockObjective(db, id);
  if (!found) throw notFound();
  if (area === 'teacher') enforce((await teachesSubject(db, request.user.id, found.subjectId)) ? null : TP_MSG.notYourSubject);
  return found;
}

const codeTaken = (code: string) => conflict(TP_MSG.codeTaken(code), 'code');
/** The unique index is the last guard of a code. */
const uniqueRefusal = (code: string) => (err: unknown) => {
  if (uniqueViolation(err) === 'learning_objectives_code_uq') throw codeTaken(code);
  throw err;
};

const snapshot = (o: { code: string; description: string }) => ({ code: o.code, description: o.description });

/** The CRUD, order, import and template of TPs, the same under /api/admin and /api/teacher. */
function objectiveRoutes(app: App, area: Area): void {
  const tags = [`${area}: learning objectives`];
  const base = '/learning-objectives';
  const who = area === 'teacher' ? ' A teacher writes the TPs of a subject they teach this semester (403 otherwise).' : '';

  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'The TPs of a subject and grade, in order, each with the work tagged with it',
        querystring: objectivesQuery,
        response: { 200: ok(learningObjective.array()), 422: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: await listObjectives(app.db, request.query.subject_id, request.query.grade) }),
  );

  app.get(
    `${base}/template.xlsx`,
    { schema: { tags, summary: 'The empty "Kode | Tujuan Pembelajaran" sheet to fill in and import' } },
    async (_request, reply) => attachment(reply, DOWNLOAD_TYPES.xlsx, 'template-tujuan-pembelajaran.xlsx', await templateWorkbook()),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: `Add a TP at the end of its subject and grade (its code unique there, case-insensitively: 409).${who}`,
        body: objectiveBody,
        response: { 201: ok(learningObjective), 403: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const id = await app.db
        .transaction(async (tx) => {
          const subject = await writableSubject(tx, request, area, b.subject_id);
          await lockObjectiveWrites(tx, b.subject_id, b.grade);
          if (await codeClash(tx, b.subject_id, b.grade, b.code, null)) throw codeTaken(b.code);
          const [id] = await insertObjectives(tx, b.subject_id, b.grade, [b]);
          await recordAudit(tx, request, {
            action: 'objective.create',
            targetType: 'learning_objective',
            targetId: id,
            summary: `${subject.name} kelas ${b.grade}: ${b.code}`,
            after: snapshot(b),
          });
          return id!;
        })
        .catch(uniqueRefusal(b.code));
      reply.code(201);
      return { success: true as const, message: TP_MSG.created, data: (await findObjective(app.db, id))! };
    },
  );

  orderRoute(app, area, tags, who);

  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: `Change a TP's code and description (the code unique in its subject and grade: 409).${who}`,
        params: objectiveParams,
        body: objectiveUpdateBody,
        response: { 200: ok(learningObjective), 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const b = request.body;
      await app.db
        .transaction(async (tx) => {
          const found = await writableObjective(tx, request, area, request.params.id);
          await lockObjectiveWrites(tx, found.subjectId, found.grade);
          if (await codeClash(tx, found.subjectId, found.grade, b.code, found.id)) throw codeTaken(b.code);
          await updateObjectives(tx, [{ id: found.id, ...b }]);
          await recordAudit(tx, request, {
            action: 'objective.update',
            targetType: 'learning_objective',
            targetId: found.id,
            summary: `TP ${b.code}`,
            ...changedFields(snapshot(found), snapshot(b)),
          });
        })
        .catch(uniqueRefusal(b.code));
      return { success: true as const, message: TP_MSG.updated, data: (await findObjective(app.db, request.params.id))! };
    },
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: `Delete a TP; refused (409) while an assignment, quiz or quiz question is tagged with it.${who}`,
        params: objectiveParams,
        response: { 200: okMessage, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      await app.db.transaction(async (tx) => {
        const found = await writableObjective(tx, request, area, request.params.id);
        const current = (await findObjective(tx, found.id))!;
        if (current.work_count > 0) throw conflict(TP_MSG.inUse(current.work_count));
        await deleteObjective(tx, found.id);
        await recordAudit(tx, request, {
          action: 'objective.delete',
          targetType: 'learning_objective',
          targetId: found.id,
          summary: `TP ${found.code}`,
          before: snapshot(found),
        });
      });
      return { success: true as const, message: TP_MSG.deleted };
    },
  );

  importRoute(app, area, tags, who);
}

/** PUT /learning-objectives/order: the TPs of a subject and grade in a new order. */
function orderRoute(app: App, area: Area, tags: string[], who: string): void {
  app.put(
    '/learning-objectives/order',
    {
      schema: {
        tags,
        summary: `Put the TPs of a subject and grade in this order: \`ids\` names every one of them once (422 otherwise).${who}`,
        body: objectiveOrderBody,
        response: { 200: ok(learningObjective.array()), 403: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { subject_id: subjectId, grade, ids } = request.body;
      await app.db.transaction(async (tx) => {
        const subject = await writableSubject(tx, request, area, subjectId);
        await lockObjectiveWrites(tx, subjectId, grade);
        const all = await objectiveIdsOf(tx, subjectId, grade);
        const wanted = new Set(ids);
        if (wanted.size !== ids.length || all.length !== ids.length || all.some((id) => !wanted.has(id)))
          throw invalidField('ids', TP_MSG.orderMismatch);
        await reorderObjectives(tx, ids);
        await recordAudit(tx, request, {
          action: 'objective.order',
          targetType: 'learning_objective',
          summary: `${subject.name} kelas ${grade}`,
          after: { ids },
        });
      });
      return { success: true as const, message: TP_MSG.reordered, data: await listObjectives(app.db, subjectId, grade) };
    },
  );
}

function importRoute(app: App, area: Area, tags: string[], who: string): void {
  app.post(
    '/learning-objectives/import',
    {
      config: { expensive: (request) => ((request.query as { dry_run?: string }).dry_run === '1' ? 'import-preview' : 'import') },
      schema: {
        tags,
        summary:
          'Import TPs from an XLSX (multipart `file`): Kelasku\'s "Kode | Tujuan Pembelajaran" sheet, or e-Rapor\'s "Template Import ' +
          'Tujuan Pembelajaran" (its TPs coded "TP 1", "TP 2"… in order; a template of another subject is refused). New codes are added at ' +
          `the end, known codes take the file's description; \`dry_run=1\` answers the same and writes nothing.${who}`,
        querystring: objectiveImportQuery,
        response: { 200: ok(objectiveImportResult), 403: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { subject_id: subjectId, grade } = request.query;
      const dryRun = request.query.dry_run === '1';
      const subject = await writableSubject(app.db, request, area, subjectId);
      const file = await readObjectivesFile(await uploadedSheet(request), subject);
      const result = await app.db.transaction(async (tx) => {
        await lockObjectiveWrites(tx, subjectId, grade);
        const plan = planImport(file, await listObjectives(tx, subjectId, grade), dryRun);
        if (dryRun) return plan.result;
        for (const c of plan.creates) if (await codeClash(tx, subjectId, grade, c.code, null)) throw codeTaken(c.code);
        await updateObjectives(tx, plan.updates);
        await insertObjectives(tx, subjectId, grade, plan.creates);
        await recordAudit(tx, request, {
          action: 'objective.import',
          targetType: 'learning_objective',
          summary: `${subject.name} kelas ${grade}: ${plan.creates.length} ditambahkan, ${plan.updates.length} diperbarui`,
          after: { format: file.format, created: plan.creates.length, updated: plan.updates.length },
        });
        return plan.result;
      });
      const message = dryRun ? TP_MSG.dryRun : TP_MSG.imported(result.created.length, result.updated.length);
      return { success: true as const, message, data: result };
    },
  );
}

/** /api/admin: tujuan pembelajaran per subject and grade (issue 39; contract schemas/learning-objectives.ts). */
export async function adminRoutes(app: App): Promise<void> {
  objectiveRoutes(app, 'admin');
}

/** /api/teacher: the same for the subjects a teacher teaches, and a class's TPs. */
export async function teacherRoutes(app: App): Promise<void> {
  objectiveRoutes(app, 'teacher');
  app.get(
    '/online-classes/:classId/learning-objectives',
    {
      schema: {
        tags: ['teacher: learning objectives'],
        summary: "The TPs of the class's subject and its rombel's grade, in order (none for a class without a teaching assignment)",
        params: classObjectivesParams,
        response: { 200: ok(learningObjective.array()), 404: errorEnvelope },
      },
    },
    async (request) => {
      await classForTeacher(app.db, request.user, request.params.classId, 'read');
      const ctx = await classContext(app.db, request.params.classId);
      const data = ctx.subject && ctx.grade !== null ? await listObjectives(app.db, ctx.subject.id, ctx.grade) : [];
      return { success: true as const, data };
    },
  );
}
