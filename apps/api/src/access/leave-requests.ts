/**
 * Who reaches an izin/sakit request (issue 38): the student it is for, the wali kelas of its rombel
 * in its semester, and admins. Everyone else gets 404, so an id reveals nothing.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { homerooms, leaveRequests, semesters } from '../db/schema.js';
import { notFound } from '../http/errors.js';

export type LeaveRow = typeof leaveRequests.$inferSelect;

/** "The user is the wali kelas of the request's rombel in the request's semester", on leave_requests. */
export function decidesLeave(teacherId: number): SQL {
  return sql`exists (select 1 from homerooms h where h.semester_id = ${leaveRequests.semesterId}
    and h.rombel_class_id = ${leaveRequests.rombelClassId} and h.teacher_id = ${teacherId})`;
}

async function one(db: Executor, where: SQL | undefined, lock: boolean): Promise<LeaveRow> {
  const q = db.select().from(leaveRequests).where(where).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** The student's own request. */
export function leaveForStudent(db: Executor, studentId: number, id: number, lock = false): Promise<LeaveRow> {
  return one(db, and(eq(leaveRequests.id, id), eq(leaveRequests.studentId, studentId)), lock);
}

/** A request of the rombel in the path, for its wali kelas of the request's semester (`lock`: locked until the transaction ends). */
export function leaveForHomeroom(db: Executor, teacherId: number, rombelId: number, id: number, lock = false): Promise<LeaveRow> {
  return one(db, and(eq(leaveRequests.id, id), eq(leaveRequests.rombelClassId, rombelId), decidesLeave(teacherId)), lock);
}

/** Any request, for an admin. */
export function leaveForAdmin(db: Executor, id: number): Promise<LeaveRow> {
  return one(db, eq(leaveRequests.id, id), false);
}

/** The rombel in the path, of which the teacher is wali kelas in the active semester; 404 otherwise. Returns that semester's id. */
export async function homeroomOf(db: Executor, teacherId: number, rombelId: number): Promise<{ semesterId: number }> {
  const [row] = await db
    .select({ semesterId: homerooms.semesterId })
    .from(homerooms)
    .innerJoin(semesters, and(eq(semesters.id, homerooms.semesterId), eq(semesters.active, true)))
    .where(and(eq(homerooms.rombelClassId, rombelId), eq(homerooms.teacherId, teacherId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}
