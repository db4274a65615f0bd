/**
 * Who reaches a child's data as a parent (issue 40): a parent linked to the child, while the child
 * is an active student. Everything else — a child of another family, a deactivated or graduated
 * child, an id that is no student — answers 404, so an id reveals nothing.
 */
import { and, eq } from 'drizzle-orm';
import type { ParentRelation } from '@kelasku/contract';
import type { Executor } from '../db/client.js';
import { parentLinks, students, users } from '../db/schema.js';
import { notFound } from '../http/errors.js';

export interface ChildOfParent {
  studentId: number;
  name: string;
  rombelId: number | null;
  relation: ParentRelation;
}

/** The parent's child `studentId`; 404 unless linked and active. */
export async function childOf(db: Executor, parentId: number, studentId: number): Promise<ChildOfParent> {
  const [row] = await db
    .select({ studentId: users.id, name: users.name, rombelId: students.rombelClassId, relation: parentLinks.relation })
    .from(parentLinks)
    .innerJoin(users, eq(users.id, parentLinks.studentId))
    .innerJoin(students, eq(students.userId, users.id))
    .where(and(eq(parentLinks.parentId, parentId), eq(parentLinks.studentId, studentId), eq(users.status, 1)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}
