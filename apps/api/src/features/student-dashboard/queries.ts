import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lessons, onlineClasses, quizAttempts, quizzes, students } from '../../db/schema.js';
import { inStudentsRombel, quizShownToStudents } from '../../access/quizzes.js';
import { workOfStudent } from '../submissions/queries.js';
import { myWork, toMyWorkItem } from '../submissions/present.js';

/**
 * Assignments of the classes of the student's rombel that are still to do: nothing handed in and
 * this student's deadline (an extension moves it) not passed; soonest first. One query, which
 * returns only those (the same moment decides in SQL and in workStateOf).
 */
export async function upcomingAssignments(db: Db, studentId: number) {
  const now = new Date();
  return myWork(
    (await workOfStudent(db, studentId, now)).map((r) => toMyWorkItem(r, now)),
    'todo',
  );
}

/**
 * The student's attempts of the quiz (a lateral subquery): how many there are, and whether one is
 * running (not finished, its time not up). An unfinished attempt past its time counts as made: the
 * quiz page closes it on the next visit, and startAttempt counts it so (attempts.ts, refusalOf).
 */
const attemptsOfStudent = (db: Db, studentId: number) =>
  db
    .select({
      made: sql<number>`count(*)::int`.as('made'),
      running:
        sql<boolean>`coalesce(bool_or(${quizAttempts.finishedAt} is null and (${quizAttempts.dueAt} is null or ${quizAttempts.dueAt} > now())), false)`.as(
          'running',
        ),
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizzes.id), eq(quizAttempts.studentId, studentId)))
    .as('a');

/**
 * The quizzes the student can still take in the classes of their rombel: those the student may
 * reach (access/quizzes.ts: class not archived, content and quiz shown), not closed (open now or
 * opening later: refusalOf's window), with an attempt running or attempts left; by closing time,
 * those that never close last. One query.
 */
export function upcomingQuizzes(db: Db, studentId: number) {
  const a = attemptsOfStudent(db, studentId);
  return db
    .select({
      id: quizzes.id,
      title: quizzes.title,
      lessonId: quizzes.lessonId,
      classId: onlineClasses.id,
      className: onlineClasses.name,
      opensAt: quizzes.opensAt,
      closesAt: quizzes.closesAt,
      timeLimitMinutes: quizzes.timeLimitMinutes,
      attemptsAllowed: quizzes.attemptsAllowed,
      made: a.made,
      running: a.running,
    })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, lessons.onlineClassId))
    .innerJoin(students, inStudentsRombel({ id: studentId }))
    .innerJoinLateral(a, sql`true`)
    .where(
      and(
        quizShownToStudents(),
        or(isNull(quizzes.closesAt), gt(quizzes.closesAt, sql`now()`)),
        or(a.running, eq(quizzes.attemptsAllowed, 0), lt(a.made, quizzes.attemptsAllowed)),
      ),
    )
    .orderBy(sql`${quizzes.closesAt} asc nulls last`, sql`${quizzes.opensAt} asc nulls first`, asc(onlineClasses.name), asc(quizzes.id));
}
export type UpcomingQuizRow = Awaited<ReturnType<typeof upcomingQuizzes>>[number];
