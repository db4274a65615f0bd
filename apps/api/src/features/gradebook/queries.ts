import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userOf } from '../../db/lookups.js';
import { assignmentExtensions, assignments, contents, onlineClasses, students, submissions, users } from '../../db/schema.js';

/** The class a gradebook is made of. */
export interface GradebookClass {
  id: number;
  name: string;
  rombelClassId: number;
  archivedAt: Date | null;
}

/** The ids of the assignments of the classes (a subquery). */
const assignmentIdsOf = (db: Db, classIds: number[]) =>
  db
    .select({ id: assignments.id })
    .from(assignments)
    .innerJoin(contents, eq(contents.id, assignments.contentId))
    .where(inArray(contents.onlineClassId, classIds));

/** The assignments of the classes with their content, by content (as the class page lists them) then deadline. */
export const assignmentsOf = (db: Db, classIds: number[]) =>
  db
    .select({
      id: assignments.id,
      title: assignments.title,
      deadline: assignments.deadline,
      classId: contents.onlineClassId,
      contentId: contents.id,
      contentTitle: contents.title,
    })
    .from(assignments)
    .innerJoin(contents, eq(contents.id, assignments.contentId))
    .where(inArray(contents.onlineClassId, classIds))
    .orderBy(asc(contents.id), asc(assignments.deadline), asc(assignments.id));
export type GradebookAssignmentRow = Awaited<ReturnType<typeof assignmentsOf>>[number];

/** The students of the rombels, by name. */
export function studentsOfRombels(db: Db, rombelIds: number[]) {
  const user = userOf(db, 'u', students.userId);
  return db
    .select({ rombelId: students.rombelClassId, id: students.userId, name: user.name, nis: students.nis })
    .from(students)
    .innerJoinLateral(user, sql`true`)
    .where(inArray(students.rombelClassId, rombelIds))
    .orderBy(asc(sql`lower(${user.name})`), asc(students.userId));
}

/**
 * The students with work on an assignment of the classes (a submission row: handed in, graded, or
 * unsubmitted), per class, by name: the students of an archived class, whose rombel now holds
 * another year's students (the rule of the grading columns).
 */
export const submittersOf = (db: Db, classIds: number[]) =>
  db
    .selectDistinct({
      classId: contents.onlineClassId,
      id: users.id,
      name: users.name,
      nis: students.nis,
      sortName: sql<string>`lower(${users.name})`,
    })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .innerJoin(contents, eq(contents.id, assignments.contentId))
    .innerJoin(users, eq(users.id, submissions.studentId))
    .innerJoin(students, eq(students.userId, submissions.studentId))
    .where(inArray(contents.onlineClassId, classIds))
    .orderBy(sql`lower(${users.name})`, asc(users.id));

export type GradebookStudentRow = { id: number; name: string; nis: string | null };

/** Every submission row of the classes' assignments (handed in, unsubmitted or graded). */
export const workOf = (db: Db, classIds: number[]) =>
  db
    .select({
      assignmentId: submissions.assignmentId,
      studentId: submissions.studentId,
      submittedAt: submissions.submittedAt,
      score: submissions.score,
    })
    .from(submissions)
    .where(inArray(submissions.assignmentId, assignmentIdsOf(db, classIds)));
export type GradebookWorkRow = Awaited<ReturnType<typeof workOf>>[number];

/** The per-student deadlines of the classes' assignments. */
export const extensionsOf = (db: Db, classIds: number[]) =>
  db
    .select({
      assignmentId: assignmentExtensions.assignmentId,
      studentId: assignmentExtensions.studentId,
      deadline: assignmentExtensions.deadline,
    })
    .from(assignmentExtensions)
    .where(inArray(assignmentExtensions.assignmentId, assignmentIdsOf(db, classIds)));
export type GradebookExtensionRow = Awaited<ReturnType<typeof extensionsOf>>[number];

/** Everything the gradebooks of these classes are made of; at most five queries whatever the number of classes, students and assignments. */
export async function gradebookRows(db: Db, classes: GradebookClass[]) {
  const ids = classes.map((c) => c.id);
  const current = classes.filter((c) => !c.archivedAt);
  const archived = classes.filter((c) => c.archivedAt).map((c) => c.id);
  // One after another on one connection: a gradebook never holds several of the pool's connections.
  const columns = await assignmentsOf(db, ids);
  const roster = current.length ? await studentsOfRombels(db, [...new Set(current.map((c) => c.rombelClassId))]) : [];
  const submitters = archived.length ? await submittersOf(db, archived) : [];
  const work = await workOf(db, ids);
  const extensions = await extensionsOf(db, ids);
  const studentsOf = (c: GradebookClass): GradebookStudentRow[] =>
    c.archivedAt ? submitters.filter((s) => s.classId === c.id) : roster.filter((s) => s.rombelId === c.rombelClassId);
  return { columns, studentsOf, work, extensions };
}

/**
 * How many hand-ins wait for a score in each class (submitted_at set, score null): those of the
 * students of the class's rombel (whom the grading columns show), in an archived class all of them.
 * One query; a class without any is left out.
 */
export async function waitingCounts(db: Db, classIds: number[]): Promise<Map<number, number>> {
  if (!classIds.length) return new Map();
  const rows = await db
    .select({ classId: onlineClasses.id, n: count() })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .innerJoin(contents, eq(contents.id, assignments.contentId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, contents.onlineClassId))
    .innerJoin(students, eq(students.userId, submissions.studentId))
    .where(
      and(
        inArray(onlineClasses.id, classIds),
        isNotNull(submissions.submittedAt),
        isNull(submissions.score),
        or(isNotNull(onlineClasses.archivedAt), eq(students.rombelClassId, onlineClasses.rombelClassId)),
      ),
    )
    .groupBy(onlineClasses.id);
  return new Map(rows.map((r) => [r.classId, r.n]));
}
