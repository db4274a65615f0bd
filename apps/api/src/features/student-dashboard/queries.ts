import { and, asc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import { lessons, onlineClasses, quizAttempts, quizOverrides, quizzes, students } from '../../db/schema.js';
import { ownOverride, quizShownToStudents } from '../../access/quizzes.js';
import { inStudentsRombel } from '../../access/index.js';
import { workOfStudent } from '../submissions/queries.js';
import { myWork, toMyWorkItem } from '../submissions/present.js';

const toDate = (v: string | Date | null) => (v === null ? null : new Date(v));

/**
 * Assignments of the classes of the student's rombel that are still to do: nothing handed in and
 * this student's deadline (an extension moves it) not passed; soonest first. One query, which
 * returns only those (the same moment decides in SQL and in workStateOf).
 */
export async function upcomingAssignments(db: Db, studentId: number) {
  const now = new Date();
  return myWork(
    (await upcomingWork(db).execute({ studentId, todoAt: now })).map((r) => toMyWorkItem(r, now)),
    'todo',
  );
}

/** The dashboard's reads run on every visit: named prepared statements (db/prepared.ts). */
const upcomingWork = preparedFor((db) =>
  workOfStudent(db, sql.placeholder('studentId'), sql.placeholder('todoAt')).prepare('upcoming_assignments'),
);

/**
 * The student's attempts of the quiz (a lateral subquery): how many there are, and whether one is
 * running (not finished, its time not up). An unfinished attempt past its time counts as made: the
 * quiz page closes it on the next visit, and startAttempt counts it so (attempts.ts, refusalOf).
 */
const attemptsOfStudent = (db: Db, studentId: Placeholder) =>
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
 * those that never close last. The student's override (issue 41) gives their own window, time
 * limit and extra attempts. One query.
 */
export const upcomingQuizzes = (db: Db, studentId: number) => quizzesToTake(db).execute({ studentId });

const quizzesToTake = preparedFor((db) => quizzesOfStudent(db, sql.placeholder('studentId')).prepare('upcoming_quizzes'));

function quizzesOfStudent(db: Db, studentId: Placeholder) {
  const a = attemptsOfStudent(db, studentId);
  // Issue 41: the student's override moves the window and adds attempts (0 allowed: unlimited stays so).
  const opensAt = sql<Date | null>`coalesce(${quizOverrides.opensAt}, ${quizzes.opensAt})`.mapWith(toDate);
  const closesAt = sql<Date | null>`coalesce(${quizOverrides.closesAt}, ${quizzes.closesAt})`.mapWith(toDate);
  const allowed =
    sql<number>`case when ${quizzes.attemptsAllowed} = 0 then 0 else ${quizzes.attemptsAllowed} + coalesce(${quizOverrides.extraAttempts}, 0) end`.mapWith(
      Number,
    );
  return db
    .select({
      id: quizzes.id,
      title: quizzes.title,
      lessonId: quizzes.lessonId,
      classId: onlineClasses.id,
      className: onlineClasses.name,
      opensAt: opensAt.as('opens_at'),
      closesAt: closesAt.as('closes_at'),
      timeLimitMinutes: sql<number | null>`coalesce(${quizOverrides.timeLimitMinutes}, ${quizzes.timeLimitMinutes})`.as('time_limit'),
      attemptsAllowed: allowed.as('allowed'),
      made: a.made,
      running: a.running,
    })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, lessons.onlineClassId))
    .innerJoin(students, inStudentsRombel({ id: studentId }))
    .leftJoin(quizOverrides, ownOverride({ id: studentId }))
    .innerJoinLateral(a, sql`true`)
    .where(
      and(
        quizShownToStudents(),
        sql`(${closesAt} is null or ${closesAt} > now())`,
        sql`(${a.running} or ${allowed} = 0 or ${a.made} < ${allowed})`,
      ),
    )
    .orderBy(sql`${closesAt} asc nulls last`, sql`${opensAt} asc nulls first`, asc(onlineClasses.name), asc(quizzes.id));
}
export type UpcomingQuizRow = Awaited<ReturnType<typeof upcomingQuizzes>>[number];
