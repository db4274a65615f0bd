import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { anyOf, userOf } from '../../db/lookups.js';
import { preparedFor } from '../../db/prepared.js';
import {
  assignmentExtensions,
  assignments,
  lessons,
  onlineClasses,
  quizAttempts,
  quizzes,
  students,
  submissions,
  users,
} from '../../db/schema.js';

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
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .where(inArray(lessons.onlineClassId, classIds));

/** The assignments of the classes with their content, by content (as the class page lists them) then deadline. */
export const assignmentsOf = (db: Db, classIds: number[]) =>
  db
    .select({
      id: assignments.id,
      title: assignments.title,
      deadline: assignments.deadline,
      closesAt: assignments.closesAt,
      categoryId: assignments.categoryId,
      classId: lessons.onlineClassId,
      lessonId: lessons.id,
      lessonTitle: lessons.title,
    })
    .from(assignments)
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .where(inArray(lessons.onlineClassId, classIds))
    .orderBy(asc(lessons.id), asc(assignments.deadline), asc(assignments.id));
export type GradebookAssignmentRow = Awaited<ReturnType<typeof assignmentsOf>>[number];

/** The quizzes of the classes with their content, by content (as the class page lists them) then closing time. */
export const quizzesOf = (db: Db, classIds: number[]) =>
  db
    .select({
      id: quizzes.id,
      title: quizzes.title,
      closesAt: quizzes.closesAt,
      gradingMethod: quizzes.gradingMethod,
      categoryId: quizzes.categoryId,
      classId: lessons.onlineClassId,
      lessonId: lessons.id,
      lessonTitle: lessons.title,
    })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .where(inArray(lessons.onlineClassId, classIds))
    .orderBy(asc(lessons.id), sql`${quizzes.closesAt} asc nulls last`, asc(quizzes.id));
export type GradebookQuizRow = Awaited<ReturnType<typeof quizzesOf>>[number];

/** Only one student's rows (Nilai Saya), or every student's (undefined). */
const onlyOf = (column: AnyColumn, student: number | undefined) => (student === undefined ? undefined : eq(column, student));

/** The finished quiz attempts of the classes (what a quiz's grade is made of). */
export const quizAttemptsOf = (db: Db, classIds: number[], student?: number) =>
  db
    .select({
      id: quizAttempts.id,
      quizId: quizAttempts.quizId,
      studentId: quizAttempts.studentId,
      number: quizAttempts.number,
      finishedAt: quizAttempts.finishedAt,
      score: quizAttempts.score,
      maxScore: quizAttempts.maxScore,
    })
    .from(quizAttempts)
    .where(
      and(
        isNotNull(quizAttempts.finishedAt),
        onlyOf(quizAttempts.studentId, student),
        inArray(
          quizAttempts.quizId,
          db
            .select({ id: quizzes.id })
            .from(quizzes)
            .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
            .where(inArray(lessons.onlineClassId, classIds)),
        ),
      ),
    );
export type GradebookQuizAttemptRow = Awaited<ReturnType<typeof quizAttemptsOf>>[number];

/** The students of the rombels, by name. */
export function studentsOfRombels(db: Db, rombelIds: number[], student?: number) {
  const user = userOf(db, 'u', students.userId);
  return db
    .select({ rombelId: students.rombelClassId, id: students.userId, name: user.name, nis: students.nis })
    .from(students)
    .innerJoinLateral(user, sql`true`)
    .where(and(inArray(students.rombelClassId, rombelIds), onlyOf(students.userId, student)))
    .orderBy(asc(sql`lower(${user.name})`), asc(students.userId));
}

/**
 * The students with work on an assignment of the classes (a submission row: handed in, graded, or
 * unsubmitted) or an attempt of one of their quizzes, per class, by name: the students of an
 * archived class, whose rombel now holds another year's students (the rule of the grading columns).
 * With `student`, only that student's rows.
 */
export const submittersOf = async (db: Db, classIds: number[], student?: number) => {
  const person = {
    classId: lessons.onlineClassId,
    id: users.id,
    name: users.name,
    nis: students.nis,
    sortName: sql<string>`lower(${users.name})`,
  };
  const handedIn = await db
    .selectDistinct(person)
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .innerJoin(users, eq(users.id, submissions.studentId))
    .innerJoin(students, eq(students.userId, submissions.studentId))
    .where(and(inArray(lessons.onlineClassId, classIds), onlyOf(submissions.studentId, student)))
    .orderBy(sql`lower(${users.name})`, asc(users.id));
  const tookQuiz = await db
    .selectDistinct(person)
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(users, eq(users.id, quizAttempts.studentId))
    .innerJoin(students, eq(students.userId, quizAttempts.studentId))
    .where(and(inArray(lessons.onlineClassId, classIds), onlyOf(quizAttempts.studentId, student)));
  const key = (r: { classId: number; id: number }) => `${r.classId}:${r.id}`;
  const seen = new Set(handedIn.map(key));
  const more = tookQuiz.filter((r) => !seen.has(key(r)));
  if (more.length === 0) return handedIn;
  return [...handedIn, ...more].sort((x, y) => x.sortName.localeCompare(y.sortName) || x.id - y.id);
};

export type GradebookStudentRow = { id: number; name: string; nis: string | null };

/** Every submission row of the classes' assignments (handed in, unsubmitted or graded). */
export const workOf = (db: Db, classIds: number[], student?: number) =>
  db
    .select({
      assignmentId: submissions.assignmentId,
      studentId: submissions.studentId,
      submittedAt: submissions.submittedAt,
      score: submissions.score,
      lastScore: submissions.lastScore,
    })
    .from(submissions)
    .where(and(inArray(submissions.assignmentId, assignmentIdsOf(db, classIds)), onlyOf(submissions.studentId, student)));
export type GradebookWorkRow = Awaited<ReturnType<typeof workOf>>[number];

/** The per-student deadlines of the classes' assignments. */
export const extensionsOf = (db: Db, classIds: number[], student?: number) =>
  db
    .select({
      assignmentId: assignmentExtensions.assignmentId,
      studentId: assignmentExtensions.studentId,
      deadline: assignmentExtensions.deadline,
      closesAt: assignmentExtensions.closesAt,
    })
    .from(assignmentExtensions)
    .where(and(inArray(assignmentExtensions.assignmentId, assignmentIdsOf(db, classIds)), onlyOf(assignmentExtensions.studentId, student)));
export type GradebookExtensionRow = Awaited<ReturnType<typeof extensionsOf>>[number];

/**
 * Everything the gradebooks of these classes are made of; at most eight queries whatever the number
 * of classes, students, assignments and quizzes. With `student`, only that student's row and work
 * (a student's own report part reads one row of each class, not the rombel's 36).
 */
export async function gradebookRows(db: Db, classes: GradebookClass[], student?: number) {
  const ids = classes.map((c) => c.id);
  const current = classes.filter((c) => !c.archivedAt);
  const archived = classes.filter((c) => c.archivedAt).map((c) => c.id);
  // One after another on one connection: a gradebook never holds several of the pool's connections.
  const columns = await assignmentsOf(db, ids);
  const roster = current.length ? await studentsOfRombels(db, [...new Set(current.map((c) => c.rombelClassId))], student) : [];
  const submitters = archived.length ? await submittersOf(db, archived, student) : [];
  const work = await workOf(db, ids, student);
  const extensions = await extensionsOf(db, ids, student);
  const quizColumns = await quizzesOf(db, ids);
  const quizAttempts = quizColumns.length ? await quizAttemptsOf(db, ids, student) : [];
  const studentsOf = (c: GradebookClass): GradebookStudentRow[] =>
    c.archivedAt ? submitters.filter((s) => s.classId === c.id) : roster.filter((s) => s.rombelId === c.rombelClassId);
  return { columns, studentsOf, work, extensions, quizColumns, quizAttempts };
}

/**
 * How much work waits for a score in each class ("menunggu dinilai"): hand-ins (submitted_at set,
 * score null) and, issue 41, finished quiz attempts whose essay waits for a hand grade (score null);
 * those of the students of the class's rombel (whom the grading columns show), in an archived class
 * all of them. One query; a class without any is left out. Hand-ins are found by their
 * assignment's class (assignments.online_class_id), without the contents between.
 */
export async function waitingCounts(db: Db, classIds: number[]): Promise<Map<number, number>> {
  if (!classIds.length) return new Map();
  const rows = await waitingStatement(db).execute({ classIds });
  return new Map(rows.map((r) => [r.classId, r.n]));
}

/**
 * The teacher's class list runs it on every visit, and planning its two five-table joins cost more
 * than running them: a named prepared statement (db/prepared.ts). Placeholder: classIds (an array).
 */
const waitingStatement = preparedFor((db) => {
  const classIds = sql.placeholder('classIds');
  const shownStudent = or(isNotNull(onlineClasses.archivedAt), eq(students.rombelClassId, onlineClasses.rombelClassId));
  const handIns = db
    .select({ classId: sql<number>`${onlineClasses.id}`.as('class_id') })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, assignments.onlineClassId))
    .innerJoin(students, eq(students.userId, submissions.studentId))
    .where(and(anyOf(onlineClasses.id, classIds), isNotNull(submissions.submittedAt), isNull(submissions.score), shownStudent));
  const attempts = db
    .select({ classId: sql<number>`${onlineClasses.id}`.as('class_id') })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, lessons.onlineClassId))
    .innerJoin(students, eq(students.userId, quizAttempts.studentId))
    .where(and(anyOf(onlineClasses.id, classIds), isNotNull(quizAttempts.finishedAt), isNull(quizAttempts.score), shownStudent));
  const waiting = handIns.unionAll(attempts).as('waiting');
  return db.select({ classId: waiting.classId, n: count() }).from(waiting).groupBy(waiting.classId).prepare('waiting_counts');
});
