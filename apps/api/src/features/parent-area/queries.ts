/**
 * The SQL of a parent's pages (issue 40) that have no student page to borrow from: the children
 * list, the child's quiz results and the wali kelas's messages. Everything else a parent sees runs
 * the student's own queries with the child's id (routes.ts).
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  homerooms,
  lessons,
  onlineClasses,
  parentLinks,
  parentMessages,
  questions,
  quizAttempts,
  quizzes,
  rombelClasses,
  semesters,
  students,
  users,
} from '../../db/schema.js';
import { inStudentsRombel, quizShownToStudents } from '../../access/quizzes.js';
import { categoriesOf, slotsOf } from '../quizzes/queries.js';

const homeroomTeacher = alias(users, 'homeroom_teacher');
const sender = alias(users, 'sender');

/**
 * The parent's active children by name: rombel, the rombel's wali kelas in the active semester
 * (null: none), the relation and the avatar's file. One query.
 */
export function childrenOf(db: Db, parentId: number) {
  return db
    .select({
      id: users.id,
      name: users.name,
      nis: students.nis,
      avatarFileId: users.avatarFileId,
      relation: parentLinks.relation,
      rombelId: rombelClasses.id,
      rombelName: rombelClasses.name,
      homeroomId: homeroomTeacher.id,
      homeroomName: homeroomTeacher.name,
    })
    .from(parentLinks)
    .innerJoin(users, and(eq(users.id, parentLinks.studentId), eq(users.status, 1)))
    .innerJoin(students, eq(students.userId, users.id))
    .leftJoin(rombelClasses, eq(rombelClasses.id, students.rombelClassId))
    .leftJoin(semesters, eq(semesters.active, true))
    .leftJoin(homerooms, and(eq(homerooms.semesterId, semesters.id), eq(homerooms.rombelClassId, students.rombelClassId)))
    .leftJoin(homeroomTeacher, eq(homeroomTeacher.id, homerooms.teacherId))
    .where(eq(parentLinks.parentId, parentId))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}
export type ChildRow = Awaited<ReturnType<typeof childrenOf>>[number];

/**
 * The student's attempts of the quiz (a lateral subquery): how many, the best score of the finished
 * ones (with that attempt's maximum) and when the last one finished.
 */
const attemptsOfStudent = (db: Db, studentId: number) =>
  db
    .select({
      made: sql<number>`count(*)::int`.as('made'),
      best: sql<number | null>`max(${quizAttempts.score}) filter (where ${quizAttempts.finishedAt} is not null)`.as('best'),
      bestMax: sql<number | null>`(array_agg(${quizAttempts.maxScore} order by ${quizAttempts.score} desc nulls last)
        filter (where ${quizAttempts.finishedAt} is not null and ${quizAttempts.score} is not null))[1]`.as('best_max'),
      lastFinished: sql<string | null>`to_char(max(${quizAttempts.finishedAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
        'last_finished',
      ),
    })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizzes.id), eq(quizAttempts.studentId, studentId)))
    .as('a');

/**
 * The quizzes the student may reach (access/quizzes.ts: of a class of their rombel not archived,
 * content and quiz shown now), by class name, with the student's attempts and the database's clock
 * (the quiz's show_results is judged on it). One query.
 */
export function quizResultsOf(db: Db, studentId: number) {
  const a = attemptsOfStudent(db, studentId);
  return db
    .select({
      quiz: quizzes,
      classId: onlineClasses.id,
      className: onlineClasses.name,
      made: a.made,
      best: a.best,
      bestMax: a.bestMax,
      lastFinished: a.lastFinished,
      now: sql<Date>`now()`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, lessons.onlineClassId))
    .innerJoin(students, inStudentsRombel({ id: studentId }))
    .innerJoinLateral(a, sql`true`)
    .where(quizShownToStudents())
    .orderBy(asc(sql`lower(${onlineClasses.name})`), asc(onlineClasses.id), asc(lessons.position), asc(quizzes.position), asc(quizzes.id));
}
export type QuizResultRow = Awaited<ReturnType<typeof quizResultsOf>>[number];

/** What the quizzes are made of (their slots, fixed questions' points and categories), to count their points. Three queries at most. */
export async function quizSizesOf(db: Db, quizIds: number[]) {
  const slots = await slotsOf(db, quizIds);
  const fixedIds = slots.flatMap((s) => (s.questionId === null ? [] : [s.questionId]));
  const [fixed, categories] = await Promise.all([
    fixedIds.length
      ? db.select({ id: questions.id, points: questions.points }).from(questions).where(inArray(questions.id, fixedIds))
      : Promise.resolve([]),
    categoriesOf(db, slots),
  ]);
  return { slots, fixed, categories };
}

/** The wali kelas's messages about the student, newest first, with their sender (null: account gone). One query. */
export function messagesOf(db: Db, studentId: number) {
  return db
    .select({
      id: parentMessages.id,
      studentId: parentMessages.studentId,
      studentName: users.name,
      senderId: sender.id,
      senderName: sender.name,
      body: parentMessages.body,
      createdAt: parentMessages.createdAt,
    })
    .from(parentMessages)
    .innerJoin(users, eq(users.id, parentMessages.studentId))
    .leftJoin(sender, eq(sender.id, parentMessages.senderId))
    .where(eq(parentMessages.studentId, studentId))
    .orderBy(desc(parentMessages.createdAt), desc(parentMessages.id));
}
export type MessageRow = Awaited<ReturnType<typeof messagesOf>>[number];
