import { and, eq } from 'drizzle-orm';
import { nextPosition } from '../lessons/queries.js';
import type { Executor } from '../../db/client.js';
import { assignments, submissions, users } from '../../db/schema.js';
import type { Assignment } from '../../access/index.js';
import { deleteSubmissions } from '../submissions/queries.js';

export async function authorName(db: Executor, userId: number): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? '';
}

export interface AssignmentValues {
  title: string;
  description: string;
  /** ISO instant. */
  deadline: string;
  /** ISO instant or null (never closes); absent on an edit: unchanged. */
  closes_at?: string | null;
}

const closesOf = (v: AssignmentValues) => (v.closes_at === undefined ? undefined : v.closes_at === null ? null : new Date(v.closes_at));

export async function insertAssignment(
  db: Executor,
  content: { id: number; onlineClassId: number },
  authorId: number,
  v: AssignmentValues,
): Promise<Assignment> {
  const lessonId = content.id;
  const [row] = await db
    .insert(assignments)
    .values({
      lessonId,
      onlineClassId: content.onlineClassId,
      authorId,
      title: v.title,
      description: v.description,
      deadline: new Date(v.deadline),
      closesAt: closesOf(v) ?? null,
      position: nextPosition(assignments, lessonId),
    })
    .returning();
  return row!;
}

/** Edits an assignment of this content; null when it is gone meanwhile. */
export async function updateAssignment(db: Executor, lessonId: number, id: number, v: AssignmentValues): Promise<Assignment | null> {
  const [row] = await db
    .update(assignments)
    .set({ title: v.title, description: v.description, deadline: new Date(v.deadline), closesAt: closesOf(v), updatedAt: new Date() })
    .where(and(eq(assignments.id, id), eq(assignments.lessonId, lessonId)))
    .returning();
  return row ?? null;
}

/**
 * Deletes an assignment of this content with its submissions; returns their stored files (for
 * FileService.release after the commit), or null when it is gone. The assignment row is locked
 * first: an upload in flight either commits before (and its file is returned here) or waits and
 * then finds the assignment gone (and its file is removed).
 */
export async function deleteAssignment(tx: Executor, lessonId: number, id: number): Promise<number[] | null> {
  const [locked] = await tx
    .select({ id: assignments.id })
    .from(assignments)
    .where(and(eq(assignments.id, id), eq(assignments.lessonId, lessonId)))
    .for('update');
  if (!locked) return null;
  const gone = await deleteSubmissions(tx, eq(submissions.assignmentId, id));
  await tx.delete(assignments).where(eq(assignments.id, id));
  return gone;
}
