import {
  ASSIGNMENT_MSG,
  IMPORT_MSG,
  QUICK_MSG,
  assignmentParams,
  errorEnvelope,
  gradebookImportPreview,
  gradebookImportQuery,
  gradebookParams,
  ok,
  quickGradeBody,
  quickGradingParams,
  quickGradingRow,
  returnAllBody,
  returnAllResult,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { assertGradesOpen, assignmentFor, classForTeacher } from '../../access/index.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { currentGrade, isStudentOfRombel, returnAllGraded, returnMessages, returnSubmission } from '../grading/queries.js';
import { gradeWithAudit } from '../grading/act.js';
import { gradeNoticeKind } from '../grading/present.js';
import { checkRubricGrade } from '../rubrics/grade.js';
import { gradeNotices, gradedOrReturned, workPath } from '../notifications/events.js';
import { readForm } from '../timetable/upload.js';
import { quickRoster } from './queries.js';
import { toQuickRow } from './present.js';
import { applyImport, planImport } from './import.js';

const tags = ['teacher: quick grading'];
const base = '/online-classes/:classId/contents/:lessonId/assignments/:id';

/** /api/teacher: quick grading, "Kembalikan semua", the gradebook import (issue 39; contract schemas/quick-grading.ts). */
export default async function quickGradingRoutes(app: App): Promise<void> {
  tableRoutes(app);
  returnAllRoute(app);
  importRoute(app);
}

/** The quick table and the save of one of its rows. */
function tableRoutes(app: App): void {
  app.get(
    `${base}/quick-grading`,
    {
      schema: {
        tags,
        summary:
          "Penilaian cepat: every student of the class's rombel by name (an archived class: those who handed in) with the " +
          'state as the gradebook shows it, score, last grade kept while awaiting a new one, feedback, revision, late, returned (one query)',
        params: assignmentParams,
        response: { 200: ok(quickGradingRow.array()), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, assignment: a } = await assignmentFor(app.db, request.user, request.params, 'read');
      const now = new Date();
      const rows = await quickRoster(app.db, a.id, klass);
      return { success: true as const, data: rows.map((r) => toQuickRow(a, r, now)) };
    },
  );

  app.put(
    `${base}/quick-grading/:studentId`,
    {
      schema: {
        tags,
        summary:
          'Saves one row of the quick table as the grade route does (same revision race: 409; audit row; rubric marks checked ' +
          'when the assignment has a rubric). Not handed in: 422; a student of another rombel: 404; grades locked: 409. ' +
          '`and_return`: "Nilai & kembalikan" in one act, one notification (returned, with the score).',
        params: quickGradingParams,
        body: quickGradeBody,
        response: { 200: ok(quickGradingRow), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const found = await assignmentFor(app.db, request.user, request.params, 'write');
      const { klass, assignment: a } = found;
      const studentId = request.params.studentId;
      await assertGradesOpen(app.db, klass.id);
      if (!(await isStudentOfRombel(app.db, klass.rombelClassId, studentId))) throw notFound();
      const { score, feedback, revision, rubric_marks, and_return } = request.body;
      const rubricMarks = await checkRubricGrade(app.db, a, score, rubric_marks);
      const before = await currentGrade(app.db, a.id, studentId);
      const g = { assignmentId: a.id, rombelId: klass.rombelClassId, studentId };
      const outcome = await app.db.transaction(async (tx) => {
        const graded = await gradeWithAudit(tx, request, { ...g, score, feedback: feedback ?? null, seenRevision: revision, rubricMarks });
        if (graded === 'graded' && and_return) await returnSubmission(tx, g);
        return graded;
      });
      if (outcome === 'not-in-class') throw notFound();
      if (outcome === 'not-submitted') throw invalidField('score', QUICK_MSG.notSubmitted);
      if (outcome === 'changed') throw conflict(ASSIGNMENT_MSG.fileChanged, 'revision');
      const kind = and_return ? 'returned' : gradeNoticeKind(before, feedback ?? null);
      await gradedOrReturned(app, workPath(found, studentId), kind, score);
      const [row] = await quickRoster(app.db, a.id, klass, studentId);
      if (!row) throw notFound(); // removed meanwhile
      return { success: true as const, message: and_return ? QUICK_MSG.savedAndReturned : QUICK_MSG.saved, data: toQuickRow(a, row) };
    },
  );
}

/** "Kembalikan semua yang sudah dinilai". */
function returnAllRoute(app: App): void {
  app.post(
    `${base}/return-all`,
    {
      schema: {
        tags,
        summary:
          "Returns every graded, not yet returned work of the class's rombel in one transaction (the optional `message` " +
          'into each private thread), one notification each with its score. Grades locked: 409.',
        params: assignmentParams,
        body: returnAllBody,
        response: { 200: ok(returnAllResult), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const found = await assignmentFor(app.db, request.user, request.params, 'write');
      const { klass, assignment: a } = found;
      await assertGradesOpen(app.db, klass.id);
      const message = request.body.message ?? null;
      const returned = await app.db.transaction(async (tx) => {
        const rows = await returnAllGraded(tx, { assignmentId: a.id, rombelId: klass.rombelClassId });
        await returnMessages(tx, {
          assignmentId: a.id,
          authorId: request.user.id,
          body: message,
          studentIds: rows.map((r) => r.studentId),
        });
        return rows;
      });
      const notices = returned.map((r) => ({ ...r, assignmentId: a.id, assignmentTitle: a.title }));
      await gradeNotices(app, klass, 'returned', notices, message);
      return { success: true as const, message: QUICK_MSG.returnedAll(returned.length), data: { returned: returned.length } };
    },
  );
}

/** Grades from the gradebook's XLSX edited in Excel: previewed, then applied all or nothing. */
function importRoute(app: App): void {
  app.post(
    '/online-classes/:classId/gradebook/import',
    {
      config: { expensive: (request) => ((request.query as { apply?: string }).apply === '1' ? 'import' : 'import-preview') },
      schema: {
        tags: ['teacher: gradebook'],
        summary:
          'Reads the gradebook XLSX (multipart `file`, as gradebook.xlsx writes it, edited in Excel): rows matched by NIS (else ' +
          'name), columns by assignment title (quiz columns skipped with a warning); answers every changed cell (A1 name, ' +
          'student, assignment, before → after) and every error. apply=1 writes the changes in one transaction (audited, one ' +
          'notification per changed grade) unless there is an error (then nothing: applied false). Not XLSX: 422; over 10 MB: 413; grades locked: 409.',
        params: gradebookParams,
        querystring: gradebookImportQuery,
        consumes: ['multipart/form-data'],
        response: {
          200: ok(gradebookImportPreview),
          404: errorEnvelope,
          409: errorEnvelope,
          413: errorEnvelope,
          415: errorEnvelope,
          422: errorEnvelope,
        },
      },
    },
    async (request) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'write');
      await assertGradesOpen(app.db, klass.id);
      const form = await readForm(request, ['file'], IMPORT_MSG.tooLarge);
      const bytes = form.files.get('file');
      if (!bytes) throw invalidField('file', QUICK_MSG.notXlsx);
      const plan = await planImport(app.db, klass, bytes);
      if (request.query.apply !== '1' || plan.errors.length > 0 || plan.changes.length === 0) {
        const message = plan.errors.length ? QUICK_MSG.importHasErrors : plan.changes.length ? undefined : QUICK_MSG.importNothing;
        return { success: true as const, ...(message ? { message } : {}), data: { ...plan.preview, applied: false } };
      }
      await applyImport(app, request, klass, plan);
      return { success: true as const, message: QUICK_MSG.importApplied(plan.changes.length), data: { ...plan.preview, applied: true } };
    },
  );
}
