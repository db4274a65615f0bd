import {
  AUDIT_PER_PAGE,
  auditEntry,
  auditFilterQuery,
  auditListQuery,
  errorEnvelope,
  ok,
  pageMeta,
  quizAttemptParams,
  studentParams,
} from '@kelasku/contract';
import { z } from 'zod';
import type { App } from '../../types.js';
import { assignmentFor } from '../../access/index.js';
import { attemptOfQuiz, quizForTeacher } from '../../access/quizzes.js';
import { notFound } from '../../http/errors.js';
import { DOWNLOAD_TYPES, attachment } from '../../http/download.js';
import { auditPage, gradeHistory, submissionIdOf, type AuditFilter } from '../../audit/queries.js';
import { studentInClass } from '../grading/queries.js';
import { toAuditEntry } from './present.js';
import { auditXlsx } from './export.js';

const filterOf = (q: AuditFilter): AuditFilter => ({ actor: q.actor || undefined, action: q.action, from: q.from, to: q.to });

const filters =
  '`actor` (part of the name or username of who acted), `action` (one action code), `from` and `to` (days, YYYY-MM-DD, WIB, inclusive)';

/** /api/admin/audit-log{,.xlsx}: "Log aktivitas", every admin write and grade change, newest first. */
export async function adminRoutes(app: App): Promise<void> {
  const tags = ['admin: audit log'];

  app.get(
    '/audit-log',
    {
      schema: {
        tags,
        summary:
          'One page of the audit log, newest first: when, who (name, role), from which address, what, the target, and the changed ' +
          `fields before → after (never a password, token or slip). Filters: ${filters}; \`page\`, \`per_page\` (default 50, at most 100).`,
        querystring: auditListQuery,
        response: { 200: ok(auditEntry.array()).extend({ meta: pageMeta }), 422: errorEnvelope },
      },
    },
    async (request) => {
      const { page = 1, per_page: perPage = AUDIT_PER_PAGE } = request.query;
      const { rows, total } = await auditPage(app.db, filterOf(request.query), page, perPage);
      return {
        success: true as const,
        data: rows.map((r) => toAuditEntry(r, true)),
        meta: { page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) },
      };
    },
  );

  app.get(
    '/audit-log.xlsx',
    {
      config: { expensive: 'export' },
      schema: {
        tags,
        summary: `"Unduh XLSX": every row of the log that the filters match (${filters}), newest first, streamed as one sheet.`,
        querystring: auditFilterQuery,
        response: { 200: z.any().describe('XLSX: log-aktivitas.xlsx'), 422: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const stream = auditXlsx(app.db, filterOf(request.query), (err) => request.log.warn({ err }, 'audit log export cut short'));
      void reply.header('cache-control', 'no-store');
      return attachment(reply, DOWNLOAD_TYPES.xlsx, 'log-aktivitas.xlsx', stream);
    },
  );
}

/** /api/teacher/…: the grade history of a submission or quiz attempt of the teacher's own class. */
export async function teacherRoutes(app: App): Promise<void> {
  const tags = ['teacher: grading'];
  const T = '/online-classes/:classId/contents/:lessonId';

  app.get(
    `${T}/assignments/:id/students/:studentId/grade-history`,
    {
      schema: {
        tags,
        summary:
          '"Riwayat nilai": every grade of this student\'s work for the assignment, oldest first (who, when, score and feedback ' +
          'before → after). A student not in the class, or another teacher’s class, is a 404.',
        params: studentParams,
        response: { 200: ok(auditEntry.array()), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, assignment } = await assignmentFor(app.db, request.user, request.params, 'read');
      if (!(await studentInClass(app.db, assignment.id, klass, request.params.studentId))) throw notFound();
      const submissionId = await submissionIdOf(app.db, assignment.id, request.params.studentId);
      const rows = submissionId === null ? [] : await gradeHistory(app.db, 'submission', submissionId);
      return { success: true as const, data: rows.map((r) => toAuditEntry(r, false)) };
    },
  );

  app.get(
    `${T}/quizzes/:quizId/attempts/:attemptId/grade-history`,
    {
      schema: {
        tags,
        summary:
          '"Riwayat nilai" of one attempt, oldest first: hand grades, overrides and regrades that changed it (points and score ' +
          'before → after). Another teacher’s quiz or attempt is a 404.',
        params: quizAttemptParams,
        response: { 200: ok(auditEntry.array()), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { quiz } = await quizForTeacher(app.db, request.user, request.params, 'read');
      const attempt = await attemptOfQuiz(app.db, quiz, request.params.attemptId);
      const rows = await gradeHistory(app.db, 'quiz_attempt', attempt.id);
      return { success: true as const, data: rows.map((r) => toAuditEntry(r, false)) };
    },
  );
}
