import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG, assignmentWithSubmission, errorEnvelope, ok, studentAssignmentParams } from '@kelasku/contract';
import type { App } from '../../types.js';
import type { Tx } from '../../db/client.js';
import { assignmentForStudent } from '../../access/index.js';
import { readMultipartWithFile } from '../../files/multipart.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { conflict, notFound } from '../../http/errors.js';
import { authorName } from '../assignments/queries.js';
import { toAssignment } from '../assignments/present.js';
import { isGraded, submissionOf, writeSubmission } from './queries.js';
import { toStudentSubmission } from './present.js';

/** A graded submission is not replaced: the 409 naming the file field. */
const gradedLocked = () => conflict(MSG.gradedLocked, 'file');

/**
 * Hands in the student's file inside the upload's transaction (writeSubmission); an assignment
 * deleted meanwhile is a 404 and a graded submission a 409, thrown so the transaction rolls back.
 */
export async function saveSubmission(tx: Tx, assignmentId: number, studentId: number, fileId: number) {
  const outcome = await writeSubmission(tx, assignmentId, studentId, fileId);
  if (!outcome.saved) throw outcome.why === 'graded' ? gradedLocked() : notFound();
  return { created: outcome.created, replacedFileId: outcome.replacedFileId };
}

/** /api/student/submissions/:assignmentId: the student's own work for an assignment of their rombel's classes. */
export default async function submissionsRoutes(app: App): Promise<void> {
  const tags = ['student: submissions'];

  /** The assignment with the student's submission as it is now. */
  const view = async (studentId: number, found: Awaited<ReturnType<typeof assignmentForStudent>>) => {
    const { assignment: a, klass } = found;
    const [author, row] = await Promise.all([authorName(app.db, a.authorId), submissionOf(app.db, a.id, studentId)]);
    return { ...toAssignment(a, author, klass), submission: toStudentSubmission(app.files, a, row) };
  };

  app.get(
    '/submissions/:assignmentId',
    {
      schema: {
        tags,
        summary: "An assignment of one of the student's classes with the student's submission (status, score, signed file link)",
        params: studentAssignmentParams,
        response: { 200: ok(assignmentWithSubmission), 404: errorEnvelope },
      },
    },
    async (request) => {
      const found = await assignmentForStudent(app.db, request.user, request.params.assignmentId);
      return { success: true as const, data: await view(request.user.id, found) };
    },
  );

  const uploadRoute = {
    schema: {
      tags,
      summary:
        "Hand in (201) or replace (200) the student's file: multipart field `file` (one file, at most 50 MB; `_method=PUT` " +
        'accepted). Status 2 when handed in on or before the deadline, 3 after it. A graded submission cannot be replaced (409). ' +
        'The replaced file is deleted only after the new one is stored.',
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
    // Refused before any byte is stored; saveSubmission checks again under the row lock.
    if (await isGraded(app.db, a.id, me.id)) throw gradedLocked();
    const { file } = await readMultipartWithFile(request, 'file', 'document');
    let saved;
    try {
      saved = await app.files.commit(file, (tx, fileId) => saveSubmission(tx, a.id, me.id, fileId));
    } catch (err) {
      // The assignment or the student was deleted meanwhile (the stored file is already removed).
      if (isForeignKeyViolation(err)) throw notFound();
      throw err;
    }
    await app.files.release([saved.replacedFileId]);
    reply.code(saved.created ? 201 : 200);
    return { success: true as const, message: MSG.submissionSaved, data: await view(me.id, found) };
  };
  app.post('/submissions/:assignmentId', uploadRoute, upload);
  app.put('/submissions/:assignmentId', uploadRoute, upload);
}
