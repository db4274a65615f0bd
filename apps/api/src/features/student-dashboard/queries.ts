import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assignments, contents, onlineClasses, students, submissions } from '../../db/schema.js';

/**
 * Assignments of the classes of the student's rombel whose deadline has not passed and that the
 * student has not handed in, soonest first; archived classes left out. One query.
 */
export function upcomingAssignments(db: Db, studentId: number) {
  return db
    .select({
      id: assignments.id,
      title: assignments.title,
      deadline: assignments.deadline,
      contentId: assignments.contentId,
      classId: onlineClasses.id,
      className: onlineClasses.name,
    })
    .from(assignments)
    .innerJoin(contents, eq(contents.id, assignments.contentId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, contents.onlineClassId))
    .innerJoin(students, and(eq(students.userId, studentId), eq(students.rombelClassId, onlineClasses.rombelClassId)))
    .leftJoin(submissions, and(eq(submissions.assignmentId, assignments.id), eq(submissions.studentId, studentId)))
    .where(and(isNull(submissions.id), isNull(onlineClasses.archivedAt), gte(assignments.deadline, sql`now()`)))
    .orderBy(asc(assignments.deadline), asc(assignments.id));
}
