import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  IMPORT_MSG,
  TEACHING_MSG,
  assignmentGrid,
  errorEnvelope,
  ok,
  okMessage,
  semesterQuery,
  teachingAssignment,
  teachingAssignmentBody,
  teachingAssignmentParams,
  teachingAssignmentUpdateBody,
  teachingImportPreview,
  teachingImportResult,
  type TeachingAssignment,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import type { Executor } from '../../db/client.js';
import { HttpError, conflict, notFound } from '../../http/errors.js';
import { isForeignKeyViolation, uniqueViolation } from '../../http/db-errors.js';
import { DOWNLOAD_TYPES, attachment } from '../../http/download.js';
import { changedFields, recordAudit } from '../../audit/record.js';
import { readTable, totalsOf } from '../subjects/sheet-table.js';
import { uploadedSheet } from '../imports/upload.js';
import {
  assignmentAt,
  assignmentGridOf,
  classHasLessons,
  deleteAssignment,
  findAssignment,
  importData,
  lockAssignment,
  semesterState,
  setHomeroom,
  setHours,
} from './queries.js';
import { checkRombelAndSubject, checkTeachers, openSemester } from './rules.js';
import { assignmentClassName, insertAssignment, setAssignmentTeachers } from './write.js';
import { ASSIGNMENT_COLUMNS, ASSIGNMENT_REQUIRED, assignmentsWorkbook, planAssignments, type PlannedAssignment } from './import.js';

const tags = ['admin: teaching assignments'];

/** What the audit log keeps of an assignment. */
const auditOf = (a: TeachingAssignment) => ({
  rombel: a.rombel.name,
  subject: a.subject.code,
  teachers: a.teachers.map((t) => t.name),
  hours_per_week: a.hours_per_week,
  class: a.online_class.name,
});
const labelOf = (a: TeachingAssignment) => `${a.subject.name} — ${a.rombel.name}`;

/** Writes of assignments run one at a time (a transaction-scoped advisory lock). */
const lockWrites = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('kelasku:teaching_assignments'))`);

/** The unique key (semester, rombel, subject) is the last guard against a second assignment. */
async function guardTaken<T>(work: () => Promise<T>, names: () => { rombel: string; subject: string }): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err) === 'teaching_assignments_uq') {
      const n = names();
      throw conflict(TEACHING_MSG.assignmentTaken(n.rombel, n.subject), 'subject_id');
    }
    throw err;
  }
}

/** /api/admin/teaching-assignments: pembagian tugas mengajar (issue 37). */
export default async function teachingAssignmentRoutes(app: App): Promise<void> {
  readRoutes(app);
  createRoute(app);
  changeRoutes(app);
  importRoutes(app);
}

/** The semester a read names (404 when it does not exist), or the active one. */
async function semesterToRead(app: App, id: number | undefined): Promise<number> {
  const state = await semesterState(app.db, id);
  if (!state) throw notFound();
  return state.id;
}

function readRoutes(app: App): void {
  app.get(
    '/teaching-assignments',
    {
      schema: {
        tags,
        summary: 'The grid of a semester (the active one by default): every rombel, every subject and the assignments in its cells',
        querystring: semesterQuery,
        response: { 200: ok(assignmentGrid), 404: errorEnvelope },
      },
    },
    async (request) => ({
      success: true as const,
      data: await assignmentGridOf(app.db, await semesterToRead(app, request.query.semester_id)),
    }),
  );

  app.get(
    '/teaching-assignments/export',
    {
      config: { expensive: 'export' },
      schema: {
        tags,
        summary: "A semester's assignments as an XLSX in the import's columns",
        querystring: semesterQuery,
        response: { 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const id = await semesterToRead(app, request.query.semester_id);
      return attachment(reply, DOWNLOAD_TYPES.xlsx, 'tugas-mengajar.xlsx', await assignmentsWorkbook(app.db, id));
    },
  );
}

function createRoute(app: App): void {
  app.post(
    '/teaching-assignments',
    {
      schema: {
        tags,
        summary:
          'Create an assignment and the online class it owns ("Matematika — X TKJ 1" unless `class_name`), in one transaction. ' +
          "Refused: a disabled department's rombel, an unknown or deactivated teacher, an ended semester (422); a second one for the rombel and subject (409)",
        body: teachingAssignmentBody,
        response: { 201: ok(teachingAssignment), 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const b = request.body;
      let names = { rombel: '', subject: '' };
      const id = await guardTaken(
        () =>
          app.db.transaction(async (tx) => {
            await lockWrites(tx);
            const semester = openSemester(await semesterState(tx, b.semester_id));
            const { rombel, subject } = await checkRombelAndSubject(tx, b.rombel_id, b.subject_id);
            names = { rombel: rombel.name, subject: subject.name };
            if (await assignmentAt(tx, semester.id, rombel.id, subject.id))
              throw conflict(TEACHING_MSG.assignmentTaken(rombel.name, subject.name), 'subject_id');
            await checkTeachers(tx, b.teacher_ids);
            const created = await insertAssignment(tx, {
              semesterId: semester.id,
              rombelId: rombel.id,
              subjectId: subject.id,
              teacherIds: b.teacher_ids,
              hoursPerWeek: b.hours_per_week,
              className: b.class_name || assignmentClassName(subject.name, rombel.name),
            });
            const after = (await findAssignment(tx, created.id))!;
            await recordAudit(tx, request, {
              action: 'teaching.create',
              targetType: 'teaching',
              targetId: created.id,
              summary: labelOf(after),
              after: auditOf(after),
            });
            return created.id;
          }),
        () => names,
      );
      reply.code(201);
      return { success: true as const, message: TEACHING_MSG.assignmentCreated, data: (await findAssignment(app.db, id))! };
    },
  );
}

function changeRoutes(app: App): void {
  app.put(
    '/teaching-assignments/:id',
    {
      schema: {
        tags,
        summary: 'Change the teachers and hours; a new first teacher gets the class with all its history',
        params: teachingAssignmentParams,
        body: teachingAssignmentUpdateBody,
        response: { 200: ok(teachingAssignment), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const id = request.params.id;
      await app.db.transaction(async (tx) => {
        const locked = await lockAssignment(tx, id);
        if (!locked) throw notFound();
        if ((await semesterState(tx, locked.semesterId))?.ended) throw conflict(TEACHING_MSG.semesterEnded);
        await checkTeachers(tx, request.body.teacher_ids);
        const before = (await findAssignment(tx, id))!;
        await setAssignmentTeachers(tx, id, locked.onlineClassId, request.body.teacher_ids);
        await setHours(tx, id, request.body.hours_per_week);
        const after = (await findAssignment(tx, id))!;
        const diff = changedFields(auditOf(before), auditOf(after));
        await recordAudit(tx, request, {
          action: 'teaching.update',
          targetType: 'teaching',
          targetId: id,
          summary: labelOf(after),
          ...diff,
        });
      });
      return { success: true as const, message: TEACHING_MSG.assignmentUpdated, data: (await findAssignment(app.db, id))! };
    },
  );

  app.delete(
    '/teaching-assignments/:id',
    {
      schema: {
        tags,
        summary: 'Delete an assignment and its empty class; refused (409) while the class holds lessons',
        params: teachingAssignmentParams,
        response: { 200: okMessage, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const id = request.params.id;
      try {
        await app.db.transaction(async (tx) => {
          const locked = await lockAssignment(tx, id);
          if (!locked) throw notFound();
          if (await classHasLessons(tx, locked.onlineClassId)) throw conflict(TEACHING_MSG.assignmentInUse);
          const gone = (await findAssignment(tx, id))!;
          await deleteAssignment(tx, id, locked.onlineClassId);
          await recordAudit(tx, request, {
            action: 'teaching.delete',
            targetType: 'teaching',
            targetId: id,
            summary: labelOf(gone),
            before: auditOf(gone),
          });
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw conflict(TEACHING_MSG.assignmentInUse);
        throw err;
      }
      return { success: true as const, message: TEACHING_MSG.assignmentDeleted };
    },
  );
}

/** The semester an import writes into: it exists and has not ended (422 otherwise). */
async function semesterToWrite(db: Executor, id: number | undefined): Promise<number> {
  return openSemester(await semesterState(db, id)).id;
}

async function planUpload(db: Executor, semesterId: number, bytes: Buffer): Promise<PlannedAssignment[]> {
  const rows = await readTable(bytes, ASSIGNMENT_COLUMNS, ASSIGNMENT_REQUIRED);
  return planAssignments(await importData(db, semesterId), rows);
}

const previewOf = (rows: PlannedAssignment[]) => ({
  rows: rows.map(({ row, action, summary, errors }) => ({ row, action, summary, errors })),
  totals: totalsOf(rows),
});

function importRoutes(app: App): void {
  app.post(
    '/teaching-assignments/import/preview',
    {
      config: { expensive: 'import-preview' },
      schema: {
        tags,
        summary: 'Reads an XLSX of assignments (multipart `file`) and answers what importing it would do with each row; nothing is written',
        querystring: semesterQuery,
        response: { 200: ok(teachingImportPreview), 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const semesterId = await semesterToWrite(app.db, request.query.semester_id);
      return { success: true as const, data: previewOf(await planUpload(app.db, semesterId, await uploadedSheet(request))) };
    },
  );

  app.post(
    '/teaching-assignments/import',
    {
      config: { expensive: 'import' },
      schema: {
        tags,
        summary:
          'Imports the XLSX of assignments (multipart `file`), planned again inside one transaction: new ones get their class, ' +
          'existing ones their teachers and hours, "Wali Kelas" the homeroom; every row or none (422 while any row has an error)',
        querystring: semesterQuery,
        response: { 200: ok(teachingImportResult), 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const bytes = await uploadedSheet(request);
      const result = await guardTaken(
        () => app.db.transaction((tx) => writeImport(tx, request, request.query.semester_id, bytes)),
        () => ({ rombel: '', subject: '' }),
      );
      return { success: true as const, message: TEACHING_MSG.importDone(result.created + result.updated), data: result };
    },
  );
}

async function writeImport(tx: Executor, request: FastifyRequest, semester: number | undefined, bytes: Buffer) {
  await lockWrites(tx);
  const semesterId = await semesterToWrite(tx, semester);
  const rows = await planUpload(tx, semesterId, bytes);
  const failed = rows.filter((r) => r.action === 'error');
  if (failed.length > 0) throw new HttpError(422, IMPORT_MSG.hasErrors, { file: failed.flatMap((r) => r.errors) });
  const writes = rows.filter((r) => r.action === 'create' || r.action === 'update');
  if (writes.length === 0) throw new HttpError(422, IMPORT_MSG.nothingToDo);
  for (const r of writes) {
    if (r.existing) {
      if (r.existing.teacherIds.join() !== r.teacherIds.join())
        await setAssignmentTeachers(tx, r.existing.id, r.existing.onlineClassId, r.teacherIds);
      if (r.existing.hours !== r.hours) await setHours(tx, r.existing.id, r.hours);
    } else {
      await insertAssignment(tx, {
        semesterId,
        rombelId: r.rombelId,
        subjectId: r.subjectId,
        teacherIds: r.teacherIds,
        hoursPerWeek: r.hours,
        className: r.className,
      });
    }
    if (r.homeroomId !== null) await setHomeroom(tx, semesterId, r.rombelId, r.homeroomId);
  }
  const created = writes.filter((r) => !r.existing).length;
  const result = { created, updated: writes.length - created };
  await recordAudit(tx, request, {
    action: 'teaching.import',
    targetType: 'teaching',
    summary: `Impor tugas mengajar: ${result.created} dibuat, ${result.updated} diperbarui`,
    after: { created: result.created, updated: result.updated },
  });
  return result;
}
