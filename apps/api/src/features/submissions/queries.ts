import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { assignments, storedFiles, submissions } from '../../db/schema.js';

/** The student's submission of an assignment with its stored file; one query. */
export async function submissionOf(db: Executor, assignmentId: number, studentId: number) {
  const [row] = await db
    .select({ submission: submissions, file: { originalName: storedFiles.originalName, size: storedFiles.size } })
    .from(submissions)
    .innerJoin(storedFiles, eq(storedFiles.id, submissions.fileId))
    .where(and(eq(submissions.assignmentId, assignmentId), eq(submissions.studentId, studentId)));
  return row ?? null;
}

/** True when the student's submission is already graded (a quick check before accepting an upload). */
export async function isGraded(db: Executor, assignmentId: number, studentId: number): Promise<boolean> {
  const rows = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignmentId), eq(submissions.studentId, studentId), isNotNull(submissions.score)));
  return rows.length > 0;
}

/** What writeSubmission did: handed in (`replacedFileId` to release after the commit), or why it did not. */
export type SaveOutcome =
  { saved: true; created: boolean; replacedFileId: number | null } | { saved: false; why: 'assignment-gone' | 'graded' };

/**
 * Hands in `fileId` (already recorded in this transaction) as the student's work, stamped with the
 * transaction's time. First time: inserts the row; later: replaces the file while ungraded (not
 * once graded). Writes nothing when it answers `saved: false`; the caller then rolls back.
 *
 * Concurrency: the assignment is held FOR SHARE, so a delete of it waits for this upload (or this
 * upload finds it gone). The student's row is read FOR UPDATE, so two uploads of the same
 * student are applied one after the other: when both find no row, the INSERT of the second waits
 * for the first and then does nothing, and the loop reads the first's row and replaces its file.
 * Either way one row and one file remain, and the replaced file is returned. A grade racing
 * this either commits first (the locked row then shows its score) or waits for it.
 */
export async function writeSubmission(tx: Tx, assignmentId: number, studentId: number, fileId: number): Promise<SaveOutcome> {
  const [live] = await tx.select({ id: assignments.id }).from(assignments).where(eq(assignments.id, assignmentId)).for('share');
  if (!live) return { saved: false, why: 'assignment-gone' };
  for (let attempt = 0; attempt < 5; attempt++) {
    const [current] = await tx
      .select({ id: submissions.id, fileId: submissions.fileId, score: submissions.score })
      .from(submissions)
      .where(and(eq(submissions.assignmentId, assignmentId), eq(submissions.studentId, studentId)))
      .for('update');
    if (current) {
      if (current.score !== null) return { saved: false, why: 'graded' };
      await tx
        .update(submissions)
        .set({ fileId, submittedAt: sql`now()` })
        .where(eq(submissions.id, current.id));
      return { saved: true, created: false, replacedFileId: current.fileId };
    }
    const inserted = await tx
      .insert(submissions)
      .values({ assignmentId, studentId, fileId, submittedAt: sql`now()` })
      .onConflictDoNothing({ target: [submissions.assignmentId, submissions.studentId] })
      .returning({ id: submissions.id });
    if (inserted.length) return { saved: true, created: true, replacedFileId: null };
  }
  throw new Error(`submission of student ${studentId} for assignment ${assignmentId} did not settle`);
}
