/**
 * Issue 40: what a parent sees of a child, read only, and the izin request for the child (contract
 * schemas/parents.ts). Every child route starts with childOf (404 unless the child is the parent's
 * and active), then runs the student's own functions with the child's id: the parent sees exactly
 * what the child could see of their own — never another student, a forum or a private comment.
 */
import { z } from 'zod';
import {
  LEAVE_FILE_MAX_MB,
  LEAVE_MSG,
  childLeaveParams,
  childParams,
  errorEnvelope,
  leaveRequest,
  myClassGrades,
  myWorkItem,
  myWorkQuery,
  ok,
  parentAnnouncement,
  parentChild,
  parentMessage,
  recapSemesterQuery,
  studentAttendance,
  studentReportCard,
  today,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { childOf } from '../../access/parents.js';
import { leaveForStudent } from '../../access/leave-requests.js';
import { conflict, notFound } from '../../http/errors.js';
import { todayOf } from '../schedule/today.js';
import { gradesOf, workOf } from '../submissions/overview.js';
import { reportCardsOfStudent } from '../report-grades/service.js';
import { studentAttendanceOf } from '../attendance-recaps/recaps.js';
import { classesOfStudent } from '../online-classes/queries.js';
import { announcementsOfClasses } from '../announcements/queries.js';
import { applyForLeave } from '../leave-requests/form.js';
import { leaveFilter, leaveRow, leaveRows, withdrawLeave } from '../leave-requests/queries.js';
import { toLeaveRequest } from '../leave-requests/present.js';
import { sendLetter } from '../leave-requests/download.js';
import { childrenOf, messagesOf } from './queries.js';
import { toParentAnnouncement, toParentChild, toParentMessage } from './present.js';

const tags = ['parent: children'];
const C = '/children/:studentId';
const notTheirs = { 404: errorEnvelope };

/** The children, and each child's day, work, grades and report. */
function childPages(app: App): void {
  app.get(
    '/children',
    {
      schema: {
        tags,
        summary: "The parent's active children by name, each with their rombel and its wali kelas this semester",
        response: { 200: ok(parentChild.array()) },
      },
    },
    async (request) => ({
      success: true as const,
      data: (await childrenOf(app.db, request.user.id)).map((r) => toParentChild(app.files, r)),
    }),
  );

  app.get(
    `${C}/today`,
    {
      schema: {
        tags,
        summary: 'The child\'s "Hari ini" as the child sees it: today\'s lessons, what is due today, the wali kelas',
        params: childParams,
        response: { 200: ok(today), ...notTheirs },
      },
    },
    async (request) => {
      const child = await childOf(app.db, request.user.id, request.params.studentId);
      return { success: true as const, data: await todayOf(app, { role: 'student', id: child.studentId }) };
    },
  );

  app.get(
    `${C}/work`,
    {
      schema: {
        tags,
        summary: 'The child\'s "Tugas Saya" as the child sees it (`tab`: todo, late, done; absent: everything)',
        params: childParams,
        querystring: myWorkQuery,
        response: { 200: ok(myWorkItem.array()), ...notTheirs },
      },
    },
    async (request) => {
      const child = await childOf(app.db, request.user.id, request.params.studentId);
      return { success: true as const, data: await workOf(app.db, child.studentId, request.query.tab) };
    },
  );

  app.get(
    `${C}/grades`,
    {
      schema: {
        tags,
        summary: 'The child\'s "Nilai Saya" per class: scores and feedback of the graded work, as the child sees them',
        params: childParams,
        response: { 200: ok(myClassGrades.array()), ...notTheirs },
      },
    },
    async (request) => {
      const child = await childOf(app.db, request.user.id, request.params.studentId);
      return { success: true as const, data: await gradesOf(app.db, child.studentId) };
    },
  );

  app.get(
    `${C}/report-grades`,
    {
      schema: {
        tags,
        summary: "The child's report part per class as the child sees it: the final grade and description once released",
        params: childParams,
        response: { 200: ok(studentReportCard.array()), ...notTheirs },
      },
    },
    async (request) => {
      const child = await childOf(app.db, request.user.id, request.params.studentId);
      return { success: true as const, data: await reportCardsOfStudent(app.db, child.studentId) };
    },
  );
}

/** The child's attendance, class announcements and the wali kelas's messages. */
function childRecords(app: App): void {
  app.get(
    `${C}/attendance`,
    {
      schema: {
        tags,
        summary: "The child's attendance in the semester (the active one by default), as the child sees it",
        params: childParams,
        querystring: recapSemesterQuery,
        response: { 200: ok(studentAttendance), 422: errorEnvelope, ...notTheirs },
      },
    },
    async (request) => {
      const child = await childOf(app.db, request.user.id, request.params.studentId);
      return { success: true as const, data: await studentAttendanceOf(app.db, child.studentId, request.query.semester_id) };
    },
  );

  app.get(
    `${C}/announcements`,
    {
      schema: {
        tags,
        summary: "The announcements of the child's (not archived) classes, newest first",
        params: childParams,
        response: { 200: ok(parentAnnouncement.array()), ...notTheirs },
      },
    },
    async (request) => {
      const child = await childOf(app.db, request.user.id, request.params.studentId);
      const classes = await classesOfStudent(app.db, child.studentId);
      const names = new Map(classes.map((c) => [c.klass.id, c.klass.name]));
      const rows = await announcementsOfClasses(app.db, [...names.keys()]);
      return { success: true as const, data: rows.map((r) => toParentAnnouncement(r, names)) };
    },
  );

  app.get(
    `${C}/messages`,
    {
      schema: {
        tags,
        summary: "The wali kelas's messages about the child, newest first",
        params: childParams,
        response: { 200: ok(parentMessage.array()), ...notTheirs },
      },
    },
    async (request) => {
      const child = await childOf(app.db, request.user.id, request.params.studentId);
      return { success: true as const, data: (await messagesOf(app.db, child.studentId)).map(toParentMessage) };
    },
  );
}

const letterBytes = z.any().describe('The letter (JPEG, PNG, WebP or PDF) as an attachment under its original name');

/** Izin and sakit requests for the child: the student's form and rules, the parent as the one who asked. */
function childLeave(app: App): void {
  const L = `${C}/leave-requests`;
  app.get(
    L,
    {
      schema: {
        tags,
        summary: "The child's requests (the child's own and their parents'), newest first",
        params: childParams,
        response: { 200: ok(leaveRequest.array()), ...notTheirs },
      },
    },
    async (request) => {
      const child = await childOf(app.db, request.user.id, request.params.studentId);
      const rows = await leaveRows(app.db, leaveFilter({ studentId: child.studentId }));
      return { success: true as const, data: rows.map(toLeaveRequest) };
    },
  );

  app.post(
    L,
    {
      schema: {
        tags,
        summary:
          "Ask for izin or sakit for the child, exactly as the child's own form (POST /api/student/leave-requests): multipart with " +
          `\`kind\`, \`starts_on\`, \`ends_on\`, \`reason\` and the letter as \`file\` (at most ${LEAVE_FILE_MAX_MB} MB). ` +
          "requested_by is the parent; the rombel's wali kelas is notified",
        consumes: ['multipart/form-data'],
        params: childParams,
        response: {
          201: ok(leaveRequest),
          ...{ 400: errorEnvelope, 409: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope },
          ...notTheirs,
        },
      },
    },
    async (request, reply) => {
      const child = await childOf(app.db, request.user.id, request.params.studentId);
      const row = await applyForLeave(app, request, { studentId: child.studentId, requestedBy: request.user.id });
      reply.code(201);
      return { success: true as const, message: LEAVE_MSG.created, data: toLeaveRequest(row) };
    },
  );

  app.post(
    `${L}/:id/withdraw`,
    {
      schema: {
        tags,
        summary: "Withdraw a request the parent made while it is pending (404: not the parent's; 409 once decided or withdrawn)",
        params: childLeaveParams,
        response: { 200: ok(leaveRequest), 409: errorEnvelope, ...notTheirs },
      },
    },
    async (request) => {
      const child = await childOf(app.db, request.user.id, request.params.studentId);
      const lr = await leaveForStudent(app.db, child.studentId, request.params.id);
      if (lr.requestedBy !== request.user.id) throw notFound();
      if (!(await withdrawLeave(app.db, child.studentId, lr.id))) throw conflict(LEAVE_MSG.notPending);
      return { success: true as const, message: LEAVE_MSG.withdrawn, data: toLeaveRequest(await leaveRow(app.db, lr.id)) };
    },
  );

  app.get(
    `${L}/:id/file`,
    {
      schema: {
        tags,
        summary: "The letter of one of the child's requests",
        params: childLeaveParams,
        response: { 200: letterBytes, ...notTheirs },
      },
    },
    async (request, reply) => {
      const child = await childOf(app.db, request.user.id, request.params.studentId);
      const lr = await leaveForStudent(app.db, child.studentId, request.params.id);
      return sendLetter(app, request, reply, lr.fileId);
    },
  );
}

/** /api/parent: the children and each child's pages. */
export async function parentRoutes(app: App): Promise<void> {
  childPages(app);
  childRecords(app);
  childLeave(app);
}
