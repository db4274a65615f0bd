import { and, asc, desc, eq, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { LIMITS, MSG, SUBMISSION_MSG } from '@kelasku/contract';
import type { Executor, Tx } from '../../db/client.js';
import { anyOf } from '../../db/lookups.js';
import {
  assignmentExtensions,
  assignments,
  lessons,
  onlineClasses,
  storedFiles,
  students,
  submissionComments,
  submissionFiles,
  submissionVersions,
  submissions,
  users,
} from '../../db/schema.js';
import { conflict, invalidField, notFound, tooLarge } from '../../http/errors.js';
import { inStudentsRombel, visibleNow, type Assignment } from '../../access/index.js';

export type SubmissionRow = typeof submissions.$inferSelect;
export type Extension = typeof assignmentExtensions.$inferSelect;

/** This student's deadline and closing time: the extension's when there is one, else the assignment's. */
export interface Due {
  deadline: Date;
  closesAt: Date | null;
  extended: boolean;
}

export const dueOf = (a: Pick<Assignment, 'deadline' | 'closesAt'>, ext: Pick<Extension, 'deadline' | 'closesAt'> | null): Due =>
  ext
    ? { deadline: ext.deadline, closesAt: ext.closesAt, extended: true }
    : { deadline: a.deadline, closesAt: a.closesAt, extended: false };

export const isClosed = (due: Due, now = new Date()) => due.closesAt !== null && due.closesAt.getTime() < now.getTime();

export async function deadlineExtensionOf(db: Executor, assignmentId: number, studentId: number): Promise<Extension | null> {
  const [row] = await db
    .select()
    .from(assignmentExtensions)
    .where(and(eq(assignmentExtensions.assignmentId, assignmentId), eq(assignmentExtensions.studentId, studentId)));
  return row ?? null;
}

const fileColumns = {
  submissionId: submissionFiles.submissionId,
  version: submissionFiles.version,
  fileId: submissionFiles.fileId,
  name: storedFiles.originalName,
  mime: storedFiles.mimeType,
  size: storedFiles.size,
};

/** The files of the given submissions, every version (`currentOnly`: just the current one), in the student's order. */
export function filesOfSubmissions(db: Executor, submissionIds: number[], currentOnly = false) {
  if (submissionIds.length === 0) return Promise.resolve([]);
  return db
    .select(fileColumns)
    .from(submissionFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, submissionFiles.fileId))
    .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
    .where(
      and(anyOf(submissionFiles.submissionId, submissionIds), currentOnly ? eq(submissionFiles.version, submissions.version) : undefined),
    )
    .orderBy(asc(submissionFiles.submissionId), desc(submissionFiles.version), asc(submissionFiles.position));
}
export type SubmissionFileRow = Awaited<ReturnType<typeof filesOfSubmissions>>[number];

/** A student's submission row (null before any hand-in) and their deadline; two queries at once. */
export async function rowAndDue(db: Executor, a: Assignment, studentId: number) {
  const [[row], extension] = await Promise.all([
    db
      .select()
      .from(submissions)
      .where(and(eq(submissions.assignmentId, a.id), eq(submissions.studentId, studentId))),
    deadlineExtensionOf(db, a.id, studentId),
  ]);
  return { submission: row ?? null, due: dueOf(a, extension) };
}

/** A student's work on an assignment with everything the detail views show; four queries at most. */
export async function loadWork(db: Executor, a: Assignment, studentId: number) {
  const { submission: row, due } = await rowAndDue(db, a, studentId);
  const [files, versions] = row
    ? await Promise.all([
        filesOfSubmissions(db, [row.id]),
        db.select().from(submissionVersions).where(eq(submissionVersions.submissionId, row.id)).orderBy(desc(submissionVersions.version)),
      ])
    : [[], []];
  return { submission: row, due, files, versions };
}
export type Work = Awaited<ReturnType<typeof loadWork>>;

/** The stored files of the submissions `where` selects (for FileService.release after they are deleted). */
export async function submissionFileIds(db: Executor, where: SQL): Promise<number[]> {
  const rows = await db
    .select({ fileId: submissionFiles.fileId })
    .from(submissionFiles)
    .innerJoin(submissions, eq(submissions.id, submissionFiles.submissionId))
    .where(where);
  return rows.map((r) => r.fileId);
}

/** Deletes the submissions `where` selects with their files and history; returns the stored files to release. */
export async function deleteSubmissions(tx: Executor, where: SQL): Promise<number[]> {
  const fileIds = await submissionFileIds(tx, where);
  await tx.delete(submissions).where(where);
  return fileIds;
}

/** Refusals of a hand-in decided before any byte is read: closed, or graded and not returned. */
export function handInRefusal(s: SubmissionRow | null, due: Due) {
  if (isClosed(due)) return conflict(SUBMISSION_MSG.closed, 'files');
  if (s && s.score !== null && s.returnedAt === null) return conflict(MSG.gradedLocked, 'files');
  return null;
}

const parseKeep = (keep: string | undefined): number[] =>
  (keep ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map(Number);

export interface HandIn {
  assignmentId: number;
  studentId: number;
  /** Stored files just recorded in this transaction, in the order they came. */
  newFileIds: number[];
  /** The `keep` field: ids of current files to keep, comma separated. */
  keep: string | undefined;
  text: string | null;
}

/**
 * Hands in the student's work inside the upload's transaction, stamped with the transaction's
 * time; returns the stored files no longer used (release them after the commit) and whether the
 * row is new. Throws the refusal (the caller's transaction then rolls back and the new files go).
 *
 * The assignment is held FOR SHARE (a delete waits for this hand-in) and the student's row FOR
 * UPDATE, so two hand-ins of one student, an unsubmit, a grade or a return are applied one after
 * the other. Ungraded work is replaced in place (the files not kept are released); returned work
 * is kept as a version in the history and the hand-in starts the next version.
 */
export async function writeHandIn(tx: Tx, h: HandIn): Promise<{ created: boolean; released: number[] }> {
  const [a] = await tx.select().from(assignments).where(eq(assignments.id, h.assignmentId)).for('share');
  if (!a) throw notFound();
  const due = dueOf(a, await deadlineExtensionOf(tx, a.id, h.studentId));
  const keep = parseKeep(h.keep);
  for (let attempt = 0; attempt < 5; attempt++) {
    const [current] = await tx
      .select()
      .from(submissions)
      .where(and(eq(submissions.assignmentId, a.id), eq(submissions.studentId, h.studentId)))
      .for('update');
    const refused = handInRefusal(current ?? null, due);
    if (refused) throw refused;
    let created = false;
    let row: SubmissionRow;
    let released: number[] = [];
    let kept: Array<{ id: number; fileId: number }> = [];
    if (!current) {
      if (keep.length) throw invalidField('keep', SUBMISSION_MSG.unknownKeep);
      const [inserted] = await tx
        .insert(submissions)
        .values({ assignmentId: a.id, studentId: h.studentId, textAnswer: h.text, submittedAt: sql`now()` })
        .onConflictDoNothing({ target: [submissions.assignmentId, submissions.studentId] })
        .returning();
      if (!inserted) continue; // another hand-in of this student committed first: read its row
      created = true;
      row = inserted;
    } else {
      const files = await tx
        .select({ id: submissionFiles.id, fileId: submissionFiles.fileId })
        .from(submissionFiles)
        .where(and(eq(submissionFiles.submissionId, current.id), eq(submissionFiles.version, current.version)))
        .orderBy(asc(submissionFiles.position));
      const byFile = new Map(files.map((f) => [f.fileId, f]));
      if (keep.some((id) => !byFile.has(id)) || new Set(keep).size !== keep.length) {
        throw invalidField('keep', SUBMISSION_MSG.unknownKeep);
      }
      kept = keep.map((id) => byFile.get(id)!);
      const returned = current.score !== null && current.returnedAt !== null;
      if (returned) {
        // The returned version goes to the history with its files; the new one starts with copies of the kept files.
        await tx.insert(submissionVersions).values({
          submissionId: current.id,
          version: current.version,
          textAnswer: current.textAnswer,
          submittedAt: current.submittedAt,
          score: current.score,
          feedback: current.feedback,
          gradedAt: current.gradedAt,
          returnedAt: current.returnedAt,
          rubricMarks: current.rubricMarks,
        });
      } else {
        const dropped = files.filter((f) => !keep.includes(f.fileId));
        if (dropped.length)
          await tx.delete(submissionFiles).where(
            inArray(
              submissionFiles.id,
              dropped.map((f) => f.id),
            ),
          );
        released = dropped.map((f) => f.fileId);
        if (kept.length)
          await tx.delete(submissionFiles).where(
            inArray(
              submissionFiles.id,
              kept.map((f) => f.id),
            ),
          );
      }
      [row] = (await tx
        .update(submissions)
        .set({
          version: returned ? current.version + 1 : current.version,
          revision: current.revision + 1,
          textAnswer: h.text,
          submittedAt: sql`now()`,
          // last_score stays: the returned grade shows until the new version is graded (issue 39).
          score: null,
          feedback: null,
          rubricMarks: null,
          gradedAt: null,
          returnedAt: null,
        })
        .where(eq(submissions.id, current.id))
        .returning()) as [SubmissionRow];
    }
    const fileIds = [...kept.map((k) => k.fileId), ...h.newFileIds];
    if (fileIds.length > LIMITS.submissionFiles) throw invalidField('files', SUBMISSION_MSG.tooManyFiles);
    if (fileIds.length === 0 && !h.text) throw invalidField('files', SUBMISSION_MSG.empty);
    if (fileIds.length) {
      const [{ total }] = (await tx
        .select({ total: sql<string>`coalesce(sum(${storedFiles.size}), 0)` })
        .from(storedFiles)
        .where(inArray(storedFiles.id, fileIds))) as [{ total: string }];
      if (Number(total) > LIMITS.submissionBytes) throw tooLarge(SUBMISSION_MSG.totalTooLarge);
      await tx
        .insert(submissionFiles)
        .values(fileIds.map((fileId, position) => ({ submissionId: row.id, version: row.version, fileId, position })));
    }
    return { created, released };
  }
  throw new Error(`hand-in of student ${h.studentId} for assignment ${h.assignmentId} did not settle`);
}

/** "Batalkan pengiriman": the work stays (files and text) but is no longer handed in. */
export async function unsubmit(tx: Tx, a: Assignment, studentId: number): Promise<void> {
  const [current] = await tx
    .select()
    .from(submissions)
    .where(and(eq(submissions.assignmentId, a.id), eq(submissions.studentId, studentId)))
    .for('update');
  if (!current || current.submittedAt === null) throw conflict(SUBMISSION_MSG.notHandedIn);
  if (current.score !== null) throw conflict(MSG.gradedLocked);
  if (isClosed(dueOf(a, await deadlineExtensionOf(tx, a.id, studentId)))) throw conflict(SUBMISSION_MSG.closed);
  await tx
    .update(submissions)
    .set({ submittedAt: null, revision: current.revision + 1 })
    .where(eq(submissions.id, current.id));
}

// ---------------------------------------------------------------- private comments

/** The private thread of one student on one assignment, oldest first. */
export function privateComments(db: Executor, assignmentId: number, studentId: number) {
  return db
    .select({
      id: submissionComments.id,
      body: submissionComments.body,
      createdAt: submissionComments.createdAt,
      authorId: users.id,
      authorName: users.name,
      authorRole: users.roleId,
      authorAvatar: users.avatarFileId,
    })
    .from(submissionComments)
    .innerJoin(users, eq(users.id, submissionComments.authorId))
    .where(and(eq(submissionComments.assignmentId, assignmentId), eq(submissionComments.studentId, studentId)))
    .orderBy(asc(submissionComments.id));
}
export type PrivateCommentRow = Awaited<ReturnType<typeof privateComments>>[number];

export async function addPrivateComment(
  db: Executor,
  c: { assignmentId: number; studentId: number; authorId: number; body: string },
): Promise<number> {
  const [row] = await db.insert(submissionComments).values(c).returning({ id: submissionComments.id });
  return row!.id;
}

// ---------------------------------------------------------------- the student's work across classes

/**
 * In SQL, what dueOf gives in code: the student's deadline, the extension's when there is one (its
 * deadline is never null). For queries that left-join the student's assignment_extensions row.
 */
export const studentDeadline = sql<Date>`coalesce(${assignmentExtensions.deadline}, ${assignments.deadline})`;

/**
 * The earliest own deadline of the assignments this student has an extension for that is still
 * ahead (null when none): with `todoAt`, the lower end of the deadlines to read, so the index on
 * (class, deadline) reads only the work still ahead, and extended work too.
 */
const earliestExtended = (studentId: number | Placeholder, todoAt: Date | Placeholder) => sql`(
  select min(a.deadline) from assignment_extensions x join assignments a on a.id = x.assignment_id
  where x.student_id = ${studentId} and x.deadline >= ${todoAt})`;

/**
 * Every assignment of the classes of the student's rombel that the student may see now (archived
 * classes, drafts and scheduled ones left out) with this student's deadline, hand-in and grade:
 * "Tugas Saya", "Nilai Saya" and the dashboard. `todoAt`: only the work still to do at that moment
 * (nothing handed in, not graded, this student's deadline not passed: workStateOf's 'todo'), so the
 * dashboard reads a handful of rows instead of every assignment of the year. One query.
 */
export function workOfStudent(db: Executor, studentId: number | Placeholder, todoAt?: Date | Placeholder) {
  return db
    .select({
      id: assignments.id,
      title: assignments.title,
      lessonId: assignments.lessonId,
      classId: onlineClasses.id,
      className: onlineClasses.name,
      deadline: assignments.deadline,
      closesAt: assignments.closesAt,
      ext: { deadline: assignmentExtensions.deadline, closesAt: assignmentExtensions.closesAt },
      submittedAt: submissions.submittedAt,
      score: submissions.score,
      lastScore: submissions.lastScore,
      feedback: submissions.feedback,
      returnedAt: submissions.returnedAt,
    })
    .from(assignments)
    .innerJoin(onlineClasses, eq(onlineClasses.id, assignments.onlineClassId))
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .innerJoin(students, inStudentsRombel({ id: studentId }))
    .leftJoin(submissions, and(eq(submissions.assignmentId, assignments.id), eq(submissions.studentId, studentId)))
    .leftJoin(
      assignmentExtensions,
      and(eq(assignmentExtensions.assignmentId, assignments.id), eq(assignmentExtensions.studentId, studentId)),
    )
    .where(
      and(
        isNull(onlineClasses.archivedAt),
        visibleNow(lessons, assignments),
        todoAt
          ? and(
              isNull(submissions.submittedAt),
              isNull(submissions.score),
              sql`${studentDeadline} >= ${todoAt}`,
              sql`${assignments.deadline} >= least(${todoAt}, ${earliestExtended(studentId, todoAt)})`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(onlineClasses.name), asc(assignments.deadline), asc(assignments.id));
}
export type WorkRow = Awaited<ReturnType<typeof workOfStudent>>[number];
