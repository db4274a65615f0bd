import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { assignments, lessons, students, submissions, users } from '../../db/schema.js';
import type { OnlineClass } from '../../access/index.js';
import { gradingSelect, inClass } from '../grading/queries.js';

/**
 * Every student of the class (its rombel's; in an archived class those who handed in) by name, each
 * with their work on the assignment and their extension (`only`: that student). One query.
 */
export const quickRoster = (db: Executor, assignmentId: number, klass: Pick<OnlineClass, 'rombelClassId' | 'archivedAt'>, only?: number) =>
  gradingSelect(db, assignmentId, and(inClass(klass), only === undefined ? undefined : eq(students.userId, only)));
export type QuickRosterRow = Awaited<ReturnType<typeof quickRoster>>[number];

/** The class's assignments (for the import's columns), by content then deadline as the export writes them. */
export const classAssignments = (db: Db, classId: number) =>
  db
    .select({ id: assignments.id, title: assignments.title, deadline: assignments.deadline, lessonId: lessons.id })
    .from(assignments)
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .where(eq(lessons.onlineClassId, classId))
    .orderBy(asc(lessons.id), asc(assignments.deadline), asc(assignments.id));
export type ClassAssignmentRow = Awaited<ReturnType<typeof classAssignments>>[number];

/** The submissions of the class's assignments: what an imported cell changes and what it needs (handed in, revision). */
export const classWork = (db: Db, classId: number) =>
  db
    .select({
      assignmentId: submissions.assignmentId,
      studentId: submissions.studentId,
      submittedAt: submissions.submittedAt,
      score: submissions.score,
      lastScore: submissions.lastScore,
      feedback: submissions.feedback,
      revision: submissions.revision,
    })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .where(eq(lessons.onlineClassId, classId));
export type ClassWorkRow = Awaited<ReturnType<typeof classWork>>[number];

/** Students elsewhere in the school (another rombel) with one of these NIS: rows of the sheet that are not of the class. One query. */
export async function studentsElsewhere(db: Db, rombelId: number, nis: string[]) {
  if (!nis.length) return [];
  return db
    .select({ id: users.id, name: users.name, nis: students.nis })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(sql`${students.rombelClassId} is distinct from ${rombelId}`, inArray(students.nis, nis)));
}
