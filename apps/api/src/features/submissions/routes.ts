import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ASSIGNMENT_MSG,
  MSG,
  SUBMISSION_MSG,
  LIMITS,
  assignmentWithSubmission,
  errorEnvelope,
  handInFields,
  myClassGrades,
  myWorkItem,
  myWorkQuery,
  ok,
  privateComment,
  privateCommentBody,
  studentAssignmentParams,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { assignmentForStudent } from '../../access/index.js';
import { readMultipartFiles } from '../../files/multipart.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { fieldErrorsOf, invalid, notFound } from '../../http/errors.js';
import { authorName } from '../assignments/queries.js';
import { toAssignment } from '../assignments/present.js';
import { addPrivateComment, handInRefusal, loadWork, privateComments, rowAndDue, unsubmit, writeHandIn } from './queries.js';
import { toPrivateComment, toSubmissionDetail } from './present.js';
import { gradesOf, workOf } from './overview.js';
import { handedIn, privateCommented, workChanged, workPath } from '../notifications/events.js';
import { rubricOfAssignment } from '../rubrics/queries.js';
import { toAssignmentRubric } from '../rubrics/present.js';

type Found = Awaited<ReturnType<typeof assignmentForStudent>>;

const tags = ['student: submissions'];

/** The assignment with the student's work as it is now. */
async function view(app: App, studentId: number, { assignment: a, klass }: Found) {
  const [author, work, rubric] = await Promise.all([
    authorName(app.db, a.authorId),
    loadWork(app.db, a, studentId),
    rubricOfAssignment(app.db, a),
  ]);
  return {
    ...toAssignment(a, author, klass),
    submission: toSubmissionDetail(app.files.forUser(studentId), work),
    rubric: toAssignmentRubric(rubric),
  };
}

/** /api/student/…: the student's own work on the assignments of their rombel's classes. */
export default async function submissionsRoutes(app: App): Promise<void> {
  workRoutes(app);
  privateThreadRoutes(app);
  overviewRoutes(app);
}

/** One assignment's work: read, handed in (again), taken back. */
function workRoutes(app: App): void {
  app.get(
    '/submissions/:assignmentId',
    {
      schema: {
        tags,
        summary:
          "An assignment of one of the student's classes with the student's work: this student's deadline and closing " +
          'time, status, score and feedback, the current files (signed links), the text answer and the returned versions',
        params: studentAssignmentParams,
        response: { 200: ok(assignmentWithSubmission), 404: errorEnvelope },
      },
    },
    async (request) => {
      const found = await assignmentForStudent(app.db, request.user, request.params.assignmentId);
      return { success: true as const, data: await view(app, request.user.id, found) };
    },
  );

  const uploadRoute = {
    schema: {
      tags,
      summary:
        'Hand in (201 the first time, 200 after): multipart with the files in the repeated field `files` (or `file`; at most ' +
        '10 together with the kept ones, each at most 50 MB, all at most 100 MB), `keep` (ids of current files to keep, ' +
        'comma separated or repeated) and `text` (the answer). A file or a text is needed. Refused when the assignment is ' +
        'closed for this student (409) or the work is graded and not returned (409). Returned work is kept in the history and ' +
        'this starts the next version. Nothing is stored when anything is refused.',
      params: studentAssignmentParams,
      consumes: ['multipart/form-data'],
      response: {
        200: ok(assignmentWithSubmission),
        201: ok(assignmentWithSubmission),
        404: errorEnvelope,
        409: errorEnvelope,
        413: errorEnvelope,
        415: errorEnvelope,
        422: errorEnvelope,
      },
    },
  };
  const upload = async (request: FastifyRequest<{ Params: { assignmentId: number } }>, reply: FastifyReply) => {
    const me = request.user;
    const found = await assignmentForStudent(app.db, me, request.params.assignmentId);
    const a = found.assignment;
    // Refused before any byte is stored; writeHandIn checks again under the row lock.
    const before = await rowAndDue(app.db, a, me.id);
    const refused = handInRefusal(before.submission, before.due);
    if (refused) throw refused;
    const { fields, files } = await readMultipartFiles(request, ['files', 'file'], 'document', {
      maxFiles: LIMITS.submissionFiles,
      maxTotalBytes: LIMITS.submissionBytes,
      tooMany: SUBMISSION_MSG.tooManyFiles,
      totalMessage: SUBMISSION_MSG.totalTooLarge,
    });
    const parsed = handInFields.safeParse(fields);
    if (!parsed.success) {
      await Promise.all(files.map((f) => app.files.discard(f)));
      throw invalid(fieldErrorsOf(parsed.error.issues));
    }
    let saved;
    try {
      saved = await app.files.commitMany(files, (tx, newFileIds) =>
        writeHandIn(tx, { assignmentId: a.id, studentId: me.id, newFileIds, keep: parsed.data.keep, text: parsed.data.text ?? null }),
      );
    } catch (err) {
      // The assignment or the student was deleted meanwhile (the stored files are already removed).
      if (isForeignKeyViolation(err)) throw notFound();
      throw err;
    }
    await app.files.release(saved.released);
    await handedIn(app, workPath(found, me.id), Date.now() > before.due.deadline.getTime());
    reply.code(saved.created ? 201 : 200);
    return { success: true as const, message: MSG.submissionSaved, data: await view(app, me.id, found) };
  };
  app.post('/submissions/:assignmentId', uploadRoute, upload);
  app.put('/submissions/:assignmentId', uploadRoute, upload);

  app.delete(
    '/submissions/:assignmentId/hand-in',
    {
      schema: {
        tags,
        summary:
          '"Batalkan pengiriman": the work (files, text) stays but is no longer handed in. Refused (409) when nothing is ' +
          'handed in, when graded, or when the assignment is closed for this student (it could not be handed in again).',
        params: studentAssignmentParams,
        response: { 200: ok(assignmentWithSubmission), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const found = await assignmentForStudent(app.db, request.user, request.params.assignmentId);
      await app.db.transaction((tx) => unsubmit(tx, found.assignment, request.user.id));
      await workChanged(app, { assignmentId: found.assignment.id, studentId: request.user.id });
      return { success: true as const, message: SUBMISSION_MSG.unsubmitted, data: await view(app, request.user.id, found) };
    },
  );
}

/** The private thread with the class's teacher about one assignment. */
function privateThreadRoutes(app: App): void {
  app.get(
    '/submissions/:assignmentId/comments',
    {
      schema: {
        tags,
        summary: 'The private thread between this student and the teacher about the assignment, oldest first',
        params: studentAssignmentParams,
        response: { 200: ok(privateComment.array()), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { assignment: a } = await assignmentForStudent(app.db, request.user, request.params.assignmentId);
      const rows = await privateComments(app.db, a.id, request.user.id);
      return { success: true as const, data: rows.map((c) => toPrivateComment(app.files.forUser(request.user.id), c)) };
    },
  );

  app.post(
    '/submissions/:assignmentId/comments',
    {
      schema: {
        tags,
        summary: 'Write to the teacher in the private thread of this assignment (only this student and the teacher see it)',
        params: studentAssignmentParams,
        body: privateCommentBody,
        response: { 201: ok(privateComment.array()), 404: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const me = request.user;
      const found = await assignmentForStudent(app.db, me, request.params.assignmentId);
      const a = found.assignment;
      await addPrivateComment(app.db, { assignmentId: a.id, studentId: me.id, authorId: me.id, body: request.body.body });
      await privateCommented(app, workPath(found, me.id), me.id);
      reply.code(201);
      const rows = await privateComments(app.db, a.id, me.id);
      return {
        success: true as const,
        message: ASSIGNMENT_MSG.commentSent,
        data: rows.map((c) => toPrivateComment(app.files.forUser(request.user.id), c)),
      };
    },
  );
}

/** Every assignment of the student's classes ("Tugas Saya") and their grades. */
function overviewRoutes(app: App): void {
  app.get(
    '/assignments',
    {
      schema: {
        tags,
        summary:
          '"Tugas Saya": the assignments of all the student\'s classes with this student\'s deadline, state and score. ' +
          '`tab`: todo (soonest deadline first), late (deadline passed, nothing handed in; latest deadline first) or done ' +
          '(handed in, graded or returned; latest hand-in first); absent: everything',
        querystring: myWorkQuery,
        response: { 200: ok(myWorkItem.array()) },
      },
    },
    async (request) => ({ success: true as const, data: await workOf(app.db, request.user.id, request.query.tab) }),
  );

  app.get(
    '/grades',
    {
      schema: {
        tags,
        summary:
          '"Nilai Saya": per class (by name) the student\'s assignments (by deadline) with score and feedback, and the average ' +
          'of the graded ones (one decimal; null when none is graded)',
        response: { 200: ok(myClassGrades.array()) },
      },
    },
    async (request) => ({ success: true as const, data: await gradesOf(app.db, request.user.id) }),
  );
}
