/**
 * Writing a teaching assignment with the online class it owns. Used by the admin's form and import
 * (routes.ts here), the FET import (features/fet-import) and the next semester's carry-over
 * (features/semesters). The caller checks the rules and holds the transaction.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { onlineClasses, teachingAssignments, teachingAssignmentTeachers } from '../../db/schema.js';

export interface NewAssignment {
  semesterId: number;
  rombelId: number;
  subjectId: number;
  /** The first is the teacher whose class it is. */
  teacherIds: number[];
  hoursPerWeek: number;
  /** The class's name ("Matematika — X TKJ 1"). */
  className: string;
}

/** The default name of an assignment's class: "Matematika — X TKJ 1". */
export const assignmentClassName = (subjectName: string, rombelName: string) => `${subjectName} — ${rombelName}`.slice(0, 255);

/** Inserts the class, the assignment and its teachers (three statements); returns the new ids. */
export async function insertAssignment(tx: Executor, a: NewAssignment): Promise<{ id: number; onlineClassId: number }> {
  const [klass] = await tx
    .insert(onlineClasses)
    .values({ name: a.className, rombelClassId: a.rombelId, teacherId: a.teacherIds[0]!, semesterId: a.semesterId })
    .returning({ id: onlineClasses.id });
  const [row] = await tx
    .insert(teachingAssignments)
    .values({
      semesterId: a.semesterId,
      rombelClassId: a.rombelId,
      subjectId: a.subjectId,
      hoursPerWeek: a.hoursPerWeek,
      onlineClassId: klass!.id,
    })
    .returning({ id: teachingAssignments.id });
  await setAssignmentTeachers(tx, row!.id, klass!.id, a.teacherIds);
  return { id: row!.id, onlineClassId: klass!.id };
}

/**
 * Replaces an assignment's teachers; the first becomes the class's teacher, so giving the
 * assignment to another teacher moves the class with all its history.
 */
export async function setAssignmentTeachers(
  tx: Executor,
  assignmentId: number,
  onlineClassId: number,
  teacherIds: number[],
): Promise<void> {
  await tx.delete(teachingAssignmentTeachers).where(eq(teachingAssignmentTeachers.assignmentId, assignmentId));
  await tx.insert(teachingAssignmentTeachers).values(teacherIds.map((teacherId, position) => ({ assignmentId, teacherId, position })));
  await tx.update(onlineClasses).set({ teacherId: teacherIds[0]!, updatedAt: new Date() }).where(eq(onlineClasses.id, onlineClassId));
}
