import {
  ASSIGNMENT_MSG,
  MSG,
  assignmentParams,
  assignmentStudent,
  errorEnvelope,
  extensionBody,
  gradeBody,
  ok,
  privateComment,
  privateCommentBody,
  returnBody,
  studentParams,
  studentWork,
} from '@kelasku/contract';
import type { App, AuthUser } from '../../types.js';
import { assertGradesOpen, assignmentFor, type Assignment, type OnlineClass } from '../../access/index.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { addPrivateComment, loadWork, privateComments } from '../submissions/queries.js';
import { toPrivateComment, toSubmissionDetail } from '../submissions/present.js';
import {
  assignmentStudents,
  currentGrade,
  gradeSubmission,
  isStudentOfRombel,
  removeExtension,
  returnMessages,
  returnSubmission,
  setExtension,
  studentInClass,
  type GradingState,
} from './queries.js';
import { gradeNoticeKind, toAssignmentStudent } from './present.js';
import { lockedSubmission } from '../../audit/queries.js';
import { auditAssignmentGrade } from '../../audit/changes.js';
import { gradedOrReturned, privateCommented, workPath } from '../notifications/events.js';
import { checkRubricGrade } from '../rubrics/grade.js';
import { rubricOfAssignment } from '../rubrics/queries.js';
import { toAssignmentRubric } from '../rubrics/present.js';

const columns: Array<[GradingState, string]> = [
  ['unsubmitted', "Ditugaskan: students of the class's rombel with nothing handed in now (never, or unsubmitted)"],
  ['ungrading', 'Diserahkan: students who handed in and are not graded yet (score null)'],
  ['graded', 'Dinilai: students whose work has a score (returned or not)'],
];

const tags = ['teacher: grading'];
const base = '/online-classes/:classId/contents/:lessonId/assignments/:id';

/** /api/teacher/…/assignments/:id/…: the teacher's grading, returns, extensions and private threads. */
export default async function gradingRoutes(app: App): Promise<void> {
  columnRoutes(app);
  gradeRoutes(app);
  extensionRoutes(app);
  privateThreadRoutes(app);
}

/** The grading view of one student of the class (404 when the student is not in it). */
async function workOf(app: App, klass: OnlineClass, a: Assignment, studentId: number) {
  const found = await studentInClass(app.db, a.id, klass, studentId);
  if (!found) throw notFound();
  const [work, comments, rubric] = await Promise.all([
    loadWork(app.db, a, studentId),
    privateComments(app.db, a.id, studentId),
    rubricOfAssignment(app.db, a),
  ]);
  return {
    student: { id: found.student.id, name: found.student.name, nis: found.student.nis, avatar: app.files.url(found.student.avatar) },
    // Links for the class's teacher, the one who asks.
    submission: toSubmissionDetail(app.files.forUser(klass.teacherId), work),
    comments: comments.map((c) => toPrivateComment(app.files.forUser(klass.teacherId), c)),
    previous_student_id: found.previousId,
    next_student_id: found.nextId,
    rubric: toAssignmentRubric(rubric),
  };
}

/** The class and assignment for a change about one student of its rombel (404 for anyone else). */
async function forStudentChange(app: App, params: { classId: number; lessonId: number; id: number; studentId: number }, user: AuthUser) {
  const found = await assignmentFor(app.db, user, params, 'write');
  if (!(await isStudentOfRombel(app.db, found.klass.rombelClassId, params.studentId))) throw notFound();
  return found;
}

/** The three columns of the grading board. */
function columnRoutes(app: App): void {
  for (const [state, summary] of columns) {
    app.get(
      `${base}/${state}`,
      {
        schema: {
          tags,
          summary: `${summary}; by name, with avatar, current files and status against each student's deadline (two queries)`,
          params: assignmentParams,
          response: { 200: ok(assignmentStudent.array()), 404: errorEnvelope },
        },
      },
      async (request) => {
        const { klass, assignment: a } = await assignmentFor(app.db, request.user, request.params, 'read');
        const rows = await assignmentStudents(app.db, a.id, klass, state);
        return { success: true as const, data: rows.map((r) => toAssignmentStudent(app.files.forUser(request.user.id), a, r)) };
      },
    );
  }
}

/** One student's work, its grade and its return. */
function gradeRoutes(app: App): void {
  app.get(
    `${base}/students/:studentId`,
    {
      schema: {
        tags,
        summary:
          "One student's work for the grading view: files (signed links), text answer, score, feedback, the returned " +
          'versions, the private thread, and the previous and next student by name among those who handed in',
        params: studentParams,
        response: { 200: ok(studentWork), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, assignment: a } = await assignmentFor(app.db, request.user, request.params, 'read');
      return { success: true as const, data: await workOf(app, klass, a, request.params.studentId) };
    },
  );

  app.post(
    `${base}/grade`,
    {
      schema: {
        tags,
        summary:
          "Grade (or re-grade) the handed-in work of a student of the class's rombel with an integer score 0–100 and " +
          'optional feedback. Send the `revision` you looked at: when the student handed in again or unsubmitted since, ' +
          'nothing is saved (409). Once graded the student can no longer change the work until it is returned. ' +
          "Refused (409) while the semester's grades are locked; the student is told once, with the score.",
        params: assignmentParams,
        body: gradeBody,
        response: { 200: ok(assignmentStudent), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const found = await assignmentFor(app.db, request.user, request.params, 'write');
      const { klass, assignment: a } = found;
      await assertGradesOpen(app.db, klass.id);
      const { student_id, score, feedback, revision } = request.body;
      const rubricMarks = await checkRubricGrade(app.db, a, score, request.body.rubric_marks);
      const before = await currentGrade(app.db, a.id, student_id);
      // The grade and its audit row (score and feedback before → after) commit together.
      const outcome = await app.db.transaction(async (tx) => {
        const locked = await lockedSubmission(tx, a.id, student_id);
        const graded = await gradeSubmission(tx, {
          assignmentId: a.id,
          rombelId: klass.rombelClassId,
          studentId: student_id,
          score,
          feedback: feedback ?? null,
          seenRevision: revision,
          rubricMarks,
        });
        if (graded === 'graded' && locked) await auditAssignmentGrade(tx, request, locked.id, locked);
        return graded;
      });
      if (outcome === 'not-in-class') throw invalidField('student_id', ASSIGNMENT_MSG.studentNotInClass);
      if (outcome === 'not-submitted') throw invalidField('student_id', MSG.notSubmitted);
      if (outcome === 'changed') throw conflict(ASSIGNMENT_MSG.fileChanged, 'revision');
      const [entry] = await assignmentStudents(app.db, a.id, klass, 'graded', student_id);
      if (!entry) throw notFound(); // deleted meanwhile
      await gradedOrReturned(app, workPath(found, student_id), gradeNoticeKind(before, feedback ?? null), score);
      return {
        success: true as const,
        message: ASSIGNMENT_MSG.graded,
        data: toAssignmentStudent(app.files.forUser(request.user.id), a, entry),
      };
    },
  );

  app.post(
    `${base}/return`,
    {
      schema: {
        tags,
        summary:
          '"Kembalikan": graded work goes back to the student with its score and feedback; the student may hand in again ' +
          '(the returned version stays in the history). Ungraded work is refused (409); a student not in the class is a 404. ' +
          'An optional `message` goes to the private thread of the assignment and in the notification (with the score). ' +
          "Refused (409) while the semester's grades are locked.",
        params: assignmentParams,
        body: returnBody,
        response: { 200: ok(studentWork), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const found = await assignmentFor(app.db, request.user, request.params, 'write');
      const { klass, assignment: a } = found;
      await assertGradesOpen(app.db, klass.id);
      const { student_id: studentId, message } = request.body;
      // The return and the message in the student's private thread commit together.
      const returned = await app.db.transaction(async (tx) => {
        const r = await returnSubmission(tx, { assignmentId: a.id, rombelId: klass.rombelClassId, studentId });
        if (r.outcome === 'returned')
          await returnMessages(tx, { assignmentId: a.id, authorId: request.user.id, body: message, studentIds: [studentId] });
        return r;
      });
      if (returned.outcome !== 'returned') {
        if (returned.outcome === 'not-in-class') throw notFound();
        throw conflict(ASSIGNMENT_MSG.returnUngraded, 'student_id');
      }
      await gradedOrReturned(app, workPath(found, studentId), 'returned', returned.score, message);
      return { success: true as const, message: ASSIGNMENT_MSG.returned, data: await workOf(app, klass, a, studentId) };
    },
  );
}

/** A later deadline for one student, and its removal. */
function extensionRoutes(app: App): void {
  app.put(
    `${base}/students/:studentId/extension`,
    {
      schema: {
        tags,
        summary:
          '"Perpanjang untuk siswa ini": a later deadline (and closing time; null or absent: never closes) for one student ' +
          "of the class's rombel. Lateness and closing for that student follow it. A student of another rombel is a 404.",
        params: studentParams,
        body: extensionBody,
        response: { 200: ok(studentWork), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, assignment: a } = await forStudentChange(app, request.params, request.user);
      const { deadline, closes_at } = request.body;
      await setExtension(app.db, {
        assignmentId: a.id,
        studentId: request.params.studentId,
        deadline: new Date(deadline),
        closesAt: closes_at ? new Date(closes_at) : null,
      });
      return { success: true as const, message: ASSIGNMENT_MSG.extended, data: await workOf(app, klass, a, request.params.studentId) };
    },
  );

  app.delete(
    `${base}/students/:studentId/extension`,
    {
      schema: {
        tags,
        summary: "Remove a student's extension: the assignment's deadline and closing time apply again",
        params: studentParams,
        response: { 200: ok(studentWork), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, assignment: a } = await forStudentChange(app, request.params, request.user);
      await removeExtension(app.db, a.id, request.params.studentId);
      return {
        success: true as const,
        message: ASSIGNMENT_MSG.extensionRemoved,
        data: await workOf(app, klass, a, request.params.studentId),
      };
    },
  );
}

/** The private thread with one student about the assignment. */
function privateThreadRoutes(app: App): void {
  app.get(
    `${base}/students/:studentId/comments`,
    {
      schema: {
        tags,
        summary: 'The private thread with one student of the class about this assignment, oldest first',
        params: studentParams,
        response: { 200: ok(privateComment.array()), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { klass, assignment: a } = await assignmentFor(app.db, request.user, request.params, 'read');
      if (!(await studentInClass(app.db, a.id, klass, request.params.studentId))) throw notFound();
      const rows = await privateComments(app.db, a.id, request.params.studentId);
      return { success: true as const, data: rows.map((c) => toPrivateComment(app.files.forUser(request.user.id), c)) };
    },
  );

  app.post(
    `${base}/students/:studentId/comments`,
    {
      schema: {
        tags,
        summary: 'Write to one student of the class in the private thread of this assignment; answers the whole thread',
        params: studentParams,
        body: privateCommentBody,
        response: { 201: ok(privateComment.array()), 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const found = await forStudentChange(app, request.params, request.user);
      const a = found.assignment;
      await addPrivateComment(app.db, {
        assignmentId: a.id,
        studentId: request.params.studentId,
        authorId: request.user.id,
        body: request.body.body,
      });
      await privateCommented(app, workPath(found, request.params.studentId), request.user.id);
      reply.code(201);
      const rows = await privateComments(app.db, a.id, request.params.studentId);
      return {
        success: true as const,
        message: ASSIGNMENT_MSG.commentSent,
        data: rows.map((c) => toPrivateComment(app.files.forUser(request.user.id), c)),
      };
    },
  );
}
