import type { FastifyRequest } from 'fastify';
import {
  IMPORT_MSG,
  TEACHING_MSG,
  errorEnvelope,
  ok,
  okMessage,
  subject,
  subjectBody,
  subjectParams,
  teachingImportPreview,
  teachingImportResult,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import type { Executor } from '../../db/client.js';
import { HttpError, conflict, invalidField, notFound } from '../../http/errors.js';
import { isForeignKeyViolation, uniqueViolation } from '../../http/db-errors.js';
import { DOWNLOAD_TYPES, attachment } from '../../http/download.js';
import { changedFields, recordAudit } from '../../audit/record.js';
import {
  deleteSubject,
  departmentsExist,
  findSubject,
  insertSubject,
  listSubjects,
  lockSubject,
  lockSubjectWrites,
  subjectAudit,
  subjectClash,
  subjectInUse,
  updateSubject,
  type SubjectValues,
} from './queries.js';
import { SUBJECT_COLUMNS, SUBJECT_REQUIRED, planSubjects, subjectsWorkbook, type PlannedSubject } from './import.js';
import { readTable, totalsOf } from './sheet-table.js';
import { uploadedSheet } from '../imports/upload.js';

const tags = ['admin: subjects'];

const valuesOf = (b: ReturnType<typeof subjectBody.parse>): SubjectValues => ({
  code: b.code,
  name: b.name,
  group: b.group,
  grades: b.grades,
  departmentIds: b.department_ids,
});

/** The departments must exist; code and name must be free (case-insensitively). */
async function checkSubject(tx: Executor, v: SubjectValues, exceptId: number | null): Promise<void> {
  if (!(await departmentsExist(tx, v.departmentIds))) throw invalidField('department_ids', TEACHING_MSG.departmentsInvalid);
  const clash = await subjectClash(tx, v, exceptId);
  if (clash.code) throw conflict(TEACHING_MSG.subjectCodeTaken, 'code');
  if (clash.name) throw conflict(TEACHING_MSG.subjectNameTaken, 'name');
}

/** The unique indexes are the last guard (a write that slipped past the lock cannot happen, but the schema says it too). */
function uniqueRefusal(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint === 'subjects_code_lower_uq') throw conflict(TEACHING_MSG.subjectCodeTaken, 'code');
  if (constraint === 'subjects_name_lower_uq') throw conflict(TEACHING_MSG.subjectNameTaken, 'name');
  throw err;
}

/** /api/admin/subjects: mata pelajaran, their XLSX import and export (issue 37). */
export default async function subjectRoutes(app: App): Promise<void> {
  readRoutes(app);
  writeRoutes(app);
  importRoutes(app);
}

function readRoutes(app: App): void {
  app.get(
    '/subjects',
    {
      schema: {
        tags,
        summary: 'Every subject (by group, then code), with its departments and its assignments this semester',
        response: { 200: ok(subject.array()) },
      },
    },
    async () => ({ success: true as const, data: await listSubjects(app.db) }),
  );

  app.get(
    '/subjects/export',
    {
      config: { expensive: 'export' },
      schema: { tags, summary: 'The subjects as an XLSX (Kode, Nama, Kelompok, Kelas, Jurusan) that imports back unchanged' },
    },
    async (_request, reply) => attachment(reply, DOWNLOAD_TYPES.xlsx, 'mata-pelajaran.xlsx', await subjectsWorkbook(app.db)),
  );
}

function writeRoutes(app: App): void {
  app.post(
    '/subjects',
    {
      schema: {
        tags,
        summary: 'Create a subject (code and name unique, case-insensitively; departments must exist, none: every department)',
        body: subjectBody,
        response: { 201: ok(subject), 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const v = valuesOf(request.body);
      const id = await app.db
        .transaction(async (tx) => {
          await lockSubjectWrites(tx);
          await checkSubject(tx, v, null);
          const id = await insertSubject(tx, v);
          const after = await findSubject(tx, id);
          await recordAudit(tx, request, {
            action: 'subject.create',
            targetType: 'subject',
            targetId: id,
            summary: `${v.code} — ${v.name}`,
            after: subjectAudit(after!),
          });
          return id;
        })
        .catch(uniqueRefusal);
      reply.code(201);
      return { success: true as const, message: TEACHING_MSG.subjectCreated, data: (await findSubject(app.db, id))! };
    },
  );

  app.put(
    '/subjects/:id',
    {
      schema: {
        tags,
        summary: 'Edit a subject',
        params: subjectParams,
        body: subjectBody,
        response: { 200: ok(subject), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const id = request.params.id;
      const v = valuesOf(request.body);
      await app.db
        .transaction(async (tx) => {
          await lockSubjectWrites(tx);
          if (!(await lockSubject(tx, id))) throw notFound();
          await checkSubject(tx, v, id);
          const before = subjectAudit((await findSubject(tx, id))!);
          await updateSubject(tx, id, v);
          const diff = changedFields(before, subjectAudit((await findSubject(tx, id))!));
          await recordAudit(tx, request, {
            action: 'subject.update',
            targetType: 'subject',
            targetId: id,
            summary: `${v.code} — ${v.name}`,
            ...diff,
          });
        })
        .catch(uniqueRefusal);
      const found = await findSubject(app.db, id);
      if (!found) throw notFound();
      return { success: true as const, message: TEACHING_MSG.subjectUpdated, data: found };
    },
  );

  app.delete(
    '/subjects/:id',
    {
      schema: {
        tags,
        summary: 'Delete a subject; refused (409) while a teaching assignment of any semester uses it',
        params: subjectParams,
        response: { 200: okMessage, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const id = request.params.id;
      try {
        await app.db.transaction(async (tx) => {
          if (!(await lockSubject(tx, id))) throw notFound();
          if (await subjectInUse(tx, id)) throw conflict(TEACHING_MSG.subjectInUse);
          const gone = (await findSubject(tx, id))!;
          await deleteSubject(tx, id);
          await recordAudit(tx, request, {
            action: 'subject.delete',
            targetType: 'subject',
            targetId: id,
            summary: `${gone.code} — ${gone.name}`,
            before: subjectAudit(gone),
          });
        });
      } catch (err) {
        // An assignment made meanwhile: the schema refuses the delete (ON DELETE RESTRICT).
        if (isForeignKeyViolation(err)) throw conflict(TEACHING_MSG.subjectInUse);
        throw err;
      }
      return { success: true as const, message: TEACHING_MSG.subjectDeleted };
    },
  );
}

/** Reads the uploaded file and plans its rows against the subjects as they are now (`db`: the import's transaction). */
async function planUpload(db: Executor, bytes: Buffer): Promise<PlannedSubject[]> {
  return planSubjects(db, await readTable(bytes, SUBJECT_COLUMNS, SUBJECT_REQUIRED));
}

const previewOf = (rows: PlannedSubject[]) => ({
  rows: rows.map(({ row, action, summary, errors }) => ({ row, action, summary, errors })),
  totals: totalsOf(rows),
});

function importRoutes(app: App): void {
  app.post(
    '/subjects/import/preview',
    {
      config: { expensive: 'import-preview' },
      schema: {
        tags,
        summary: 'Reads an XLSX of subjects (multipart `file`) and answers what importing it would do with each row; nothing is written',
        response: { 200: ok(teachingImportPreview), 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: previewOf(await planUpload(app.db, await uploadedSheet(request))) }),
  );

  app.post(
    '/subjects/import',
    {
      config: { expensive: 'import' },
      schema: {
        tags,
        summary:
          'Imports the XLSX of subjects (multipart `file`), planned again inside one transaction: every row is written, or none ' +
          '(422 while any row has an error)',
        response: { 200: ok(teachingImportResult), 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const bytes = await uploadedSheet(request);
      const result = await app.db.transaction((tx) => writeImport(tx, request, bytes)).catch(uniqueRefusal);
      return { success: true as const, message: TEACHING_MSG.importDone(result.created + result.updated), data: result };
    },
  );
}

async function writeImport(tx: Executor, request: FastifyRequest, bytes: Buffer) {
  await lockSubjectWrites(tx);
  const rows = await planUpload(tx, bytes);
  const failed = rows.filter((r) => r.action === 'error');
  if (failed.length > 0) {
    throw new HttpError(422, IMPORT_MSG.hasErrors, { file: failed.flatMap((r) => r.errors) });
  }
  const writes = rows.filter((r) => r.action === 'create' || r.action === 'update');
  if (writes.length === 0) throw new HttpError(422, IMPORT_MSG.nothingToDo);
  for (const r of writes) {
    if (r.action === 'create') await insertSubject(tx, r.values!);
    else await updateSubject(tx, r.id!, r.values!);
  }
  const created = writes.filter((r) => r.action === 'create').length;
  const result = { created, updated: writes.length - created };
  await recordAudit(tx, request, {
    action: 'subject.import',
    targetType: 'subject',
    summary: `Impor mata pelajaran: ${result.created} dibuat, ${result.updated} diperbarui`,
    after: { created: result.created, updated: result.updated },
  });
  return result;
}
