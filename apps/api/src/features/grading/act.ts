/**
 * One grade as the grade route writes it (issue 39: quick grading and the gradebook import use it
 * too): the submission's row locked, graded through gradeSubmission (the revision race decided under
 * the lock), and its audit row (score and feedback before → after) in the same transaction.
 */
import type { Executor } from '../../db/client.js';
import { lockedSubmission } from '../../audit/queries.js';
import { auditAssignmentGrade } from '../../audit/changes.js';
import type { AuditSource } from '../../audit/record.js';
import { gradeSubmission, type GradeOutcome } from './queries.js';

export async function gradeWithAudit(tx: Executor, source: AuditSource, g: Parameters<typeof gradeSubmission>[1]): Promise<GradeOutcome> {
  const locked = await lockedSubmission(tx, g.assignmentId, g.studentId);
  const graded = await gradeSubmission(tx, g);
  if (graded === 'graded' && locked) await auditAssignmentGrade(tx, source, locked.id, locked);
  return graded;
}
