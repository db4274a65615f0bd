import { z } from 'zod';
import {
  LEAVE_FILE_MAX_MB,
  LEAVE_MSG,
  errorEnvelope,
  homeroomLeaveParams,
  homeroomLeaveQuery,
  homeroomSummary,
  leaveDecisionBody,
  leaveListQuery,
  leaveParams,
  leaveRequest,
  ok,
  rombelIdParams,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { homeroomOf, leaveForAdmin, leaveForHomeroom, leaveForStudent } from '../../access/leave-requests.js';
import { conflict } from '../../http/errors.js';
import { decide } from './decide.js';
import { sendLetter } from './download.js';
import { applyForLeave } from './form.js';
import { homeroomSummaries, leaveFilter, leaveRow, leaveRows, withdrawLeave } from './queries.js';
import { toHomeroomSummary, toLeaveRequest } from './present.js';

const letterBytes = z.any().describe('The letter (JPEG, PNG, WebP or PDF) as an attachment under its original name');
const uploadErrors = { 400: errorEnvelope, 409: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope };

/** /api/student: izin and sakit requests (issue 38; contract schemas/leave-requests.ts). */
export async function studentRoutes(app: App): Promise<void> {
  const tags = ['student: izin'];

  app.get(
    '/leave-requests',
    { schema: { tags, summary: "The student's own requests, newest first", response: { 200: ok(leaveRequest.array()) } } },
    async (request) => {
      const rows = await leaveRows(app.db, leaveFilter({ studentId: request.user.id }));
      return { success: true as const, data: rows.map(toLeaveRequest) };
    },
  );

  app.post(
    '/leave-requests',
    {
      schema: {
        tags,
        summary:
          'Ask for izin or sakit: multipart with `kind` (S or I), `starts_on`, `ends_on`, `reason` and the letter as `file` ' +
          `(a photo — JPEG, PNG, WebP — or a PDF by its content, at most ${LEAVE_FILE_MAX_MB} MB). The days lie in the active semester, ` +
          'at most 14 of them, starting at most 7 days ago (422); a pending or approved request sharing a day: 409. ' +
          "A student without a rombel, or whose rombel has no wali kelas this semester: 422. The rombel's wali kelas is notified.",
        consumes: ['multipart/form-data'],
        response: { 201: ok(leaveRequest), ...uploadErrors },
      },
    },
    async (request, reply) => {
      const row = await applyForLeave(app, request, { studentId: request.user.id, requestedBy: request.user.id });
      reply.code(201);
      return { success: true as const, message: LEAVE_MSG.created, data: toLeaveRequest(row) };
    },
  );

  app.post(
    '/leave-requests/:id/withdraw',
    {
      schema: {
        tags,
        summary: 'Withdraw one of the own requests while it is pending (409 once decided or withdrawn)',
        params: leaveParams,
        response: { 200: ok(leaveRequest), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const lr = await leaveForStudent(app.db, request.user.id, request.params.id);
      if (!(await withdrawLeave(app.db, request.user.id, lr.id))) throw conflict(LEAVE_MSG.notPending);
      return { success: true as const, message: LEAVE_MSG.withdrawn, data: toLeaveRequest(await leaveRow(app.db, lr.id)) };
    },
  );

  app.get(
    '/leave-requests/:id/file',
    {
      schema: {
        tags,
        summary: 'The letter of one of the own requests',
        params: leaveParams,
        response: { 200: letterBytes, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const lr = await leaveForStudent(app.db, request.user.id, request.params.id);
      return sendLetter(app, request, reply, lr.fileId);
    },
  );
}

/** /api/teacher: the wali kelas decides. */
export async function teacherRoutes(app: App): Promise<void> {
  const tags = ['teacher: perwalian'];
  const base = '/homerooms/:rombelId/leave-requests';

  app.get(
    '/homerooms',
    {
      schema: {
        tags,
        summary: 'The rombels of which the caller is wali kelas in the active semester, with their students and pending requests',
        response: { 200: ok(homeroomSummary.array()) },
      },
    },
    async (request) => ({ success: true as const, data: (await homeroomSummaries(app.db, request.user.id)).map(toHomeroomSummary) }),
  );

  app.get(
    base,
    {
      schema: {
        tags,
        summary:
          "The rombel's requests (of the semesters in which the caller is its wali kelas), newest first; 404 unless the caller is its wali kelas this semester",
        params: rombelIdParams,
        querystring: homeroomLeaveQuery,
        response: { 200: ok(leaveRequest.array()), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { rombelId } = request.params;
      await homeroomOf(app.db, request.user.id, rombelId);
      const rows = await leaveRows(app.db, leaveFilter({ rombelId, status: request.query.status, deciderId: request.user.id }));
      return { success: true as const, data: rows.map(toLeaveRequest) };
    },
  );

  const decision = (status: 'approved' | 'refused') => ({
    schema: {
      tags,
      summary:
        status === 'approved'
          ? 'Approve a pending request (`note` optional): every meeting (not cancelled) of the rombel’s classes in its days marks the ' +
            'student S or I, except a mark H or T. Only the wali kelas of the rombel in the request’s semester (404 otherwise); 409 when not pending.'
          : 'Refuse a pending request with a `note` (422 without one). Only the wali kelas of the rombel in the request’s semester (404 otherwise); 409 when not pending.',
      params: homeroomLeaveParams,
      body: leaveDecisionBody,
      response: { 200: ok(leaveRequest), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
    },
  });

  app.post(`${base}/:id/approve`, decision('approved'), async (request) => {
    const row = await decide(app, request, request.params, 'approved', request.body.note ?? null);
    return { success: true as const, message: LEAVE_MSG.approved, data: toLeaveRequest(row) };
  });

  app.post(`${base}/:id/refuse`, decision('refused'), async (request) => {
    const row = await decide(app, request, request.params, 'refused', request.body.note ?? null);
    return { success: true as const, message: LEAVE_MSG.refused, data: toLeaveRequest(row) };
  });

  app.get(
    `${base}/:id/file`,
    {
      schema: {
        tags,
        summary: 'The letter of a request of the rombel',
        params: homeroomLeaveParams,
        response: { 200: letterBytes, 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const lr = await leaveForHomeroom(app.db, request.user.id, request.params.rombelId, request.params.id);
      return sendLetter(app, request, reply, lr.fileId);
    },
  );
}

/** /api/admin: reads. */
export async function adminRoutes(app: App): Promise<void> {
  const tags = ['admin: izin'];

  app.get(
    '/leave-requests',
    {
      schema: {
        tags,
        summary: "Every student's requests, newest first, filtered by `status`, `rombel_id` and `semester_id`",
        querystring: leaveListQuery,
        response: { 200: ok(leaveRequest.array()), 422: errorEnvelope },
      },
    },
    async (request) => {
      const q = request.query;
      const rows = await leaveRows(app.db, leaveFilter({ status: q.status, rombelId: q.rombel_id, semesterId: q.semester_id }));
      return { success: true as const, data: rows.map(toLeaveRequest) };
    },
  );

  app.get(
    '/leave-requests/:id/file',
    { schema: { tags, summary: 'The letter of any request', params: leaveParams, response: { 200: letterBytes, 404: errorEnvelope } } },
    async (request, reply) => {
      const lr = await leaveForAdmin(app.db, request.params.id);
      return sendLetter(app, request, reply, lr.fileId);
    },
  );
}
