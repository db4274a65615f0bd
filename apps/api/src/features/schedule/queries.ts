/**
 * The caller's day and week (issue 37): the lessons of the active semester's timetable that are the
 * caller's (a teacher of the assignment, a student of the rombel), the bell times, what is due
 * today and the wali kelas. Each function is one statement.
 */
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  assignmentExtensions,
  assignments,
  bellPeriods,
  homerooms,
  lessons,
  onlineClasses,
  quizzes,
  rombelClasses,
  semesters,
  students,
  subjects,
  teachingAssignments,
  timetableSlots,
  users,
} from '../../db/schema.js';
import { quizShownToStudents } from '../../access/quizzes.js';
import { visibleNow } from '../../access/visibility.js';
import { teachesClass } from '../../access/teaching.js';

/** Who asks: a teacher (their assignments) or a student (their rombel). */
export interface Caller {
  role: 'teacher' | 'student';
  id: number;
}

/** The rombel of the student (a scalar subquery). */
const rombelOf = (studentId: number) => sql`(select ${students.rombelClassId} from ${students} where ${students.userId} = ${studentId})`;

export async function activeSemester(db: Db) {
  const [row] = await db
    .select({ id: semesters.id, schoolYear: semesters.schoolYear, term: semesters.term })
    .from(semesters)
    .where(eq(semesters.active, true))
    .limit(1);
  return row ?? null;
}

/** The caller's part of the timetable: a teacher's assignments, a student's rombel. */
const slotOfCaller = (who: Caller): SQL =>
  who.role === 'teacher'
    ? sql`exists (select 1 from teaching_assignment_teachers x where x.assignment_id = ${teachingAssignments.id} and x.teacher_id = ${who.id})`
    : sql`${timetableSlots.rombelClassId} = ${rombelOf(who.id)}`;

/** The teachers of the assignment in their order (a JSON array). */
const teachersOfAssignment = sql<{ id: number; name: string }[]>`(
  select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name) order by x.position, u.id), '[]'::json)
  from teaching_assignment_teachers x join users u on u.id = x.teacher_id
  where x.assignment_id = ${teachingAssignments.id})`;

/** The caller's lesson periods of the active semester (of one day when `day` is given), in time order. */
export function slotsOf(db: Db, who: Caller, day?: number) {
  return db
    .select({
      id: timetableSlots.id,
      day: timetableSlots.day,
      period: timetableSlots.period,
      startsAt: bellPeriods.startsAt,
      endsAt: bellPeriods.endsAt,
      assignmentId: teachingAssignments.id,
      subject: { id: subjects.id, code: subjects.code, name: subjects.name },
      rombel: { id: rombelClasses.id, name: rombelClasses.name },
      teachers: teachersOfAssignment,
      classId: teachingAssignments.onlineClassId,
    })
    .from(timetableSlots)
    .innerJoin(semesters, and(eq(semesters.id, timetableSlots.semesterId), eq(semesters.active, true)))
    .innerJoin(bellPeriods, and(eq(bellPeriods.day, timetableSlots.day), eq(bellPeriods.period, timetableSlots.period)))
    .innerJoin(teachingAssignments, eq(teachingAssignments.id, timetableSlots.assignmentId))
    .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .innerJoin(rombelClasses, eq(rombelClasses.id, timetableSlots.rombelClassId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, teachingAssignments.onlineClassId))
    .where(and(slotOfCaller(who), isNull(onlineClasses.archivedAt), day === undefined ? undefined : eq(timetableSlots.day, day)))
    .orderBy(asc(timetableSlots.day), asc(bellPeriods.startsAt), asc(timetableSlots.id));
}
export type SlotRow = Awaited<ReturnType<typeof slotsOf>>[number];

/** The columns of each side of dueBetween's union: both alike, in one order. */
const dueColumns = <I extends AnyPgColumn, T extends AnyPgColumn>(kind: 'assignment' | 'quiz', id: I, title: T, due: SQL) => ({
  kind: sql<'assignment' | 'quiz'>`${sql.raw(`'${kind}'`)}`.as('kind'),
  id,
  title,
  classId: onlineClasses.id,
  lessonId: lessons.id,
  className: onlineClasses.name,
  dueAt: sql<Date>`${due}`.mapWith((v: string | Date) => new Date(v)).as('due_at'),
});

/**
 * Assignments whose deadline (the student's own, when extended) and quizzes whose closing time
 * fall in [from, to): of the classes the teacher teaches (team teaching too), or those the student sees in their rombel's
 * classes; classes not archived. One statement (a union).
 */
export async function dueBetween(db: Db, who: Caller, from: Date, to: Date) {
  const inRange = (col: SQL) => sql`${col} >= ${from.toISOString()}::timestamptz and ${col} < ${to.toISOString()}::timestamptz`;
  const due =
    who.role === 'student' ? sql`coalesce(${assignmentExtensions.deadline}, ${assignments.deadline})` : sql`${assignments.deadline}`;
  const ofCaller = who.role === 'teacher' ? teachesClass(who.id) : eq(onlineClasses.rombelClassId, rombelOf(who.id));
  const work = db
    .select(dueColumns('assignment', assignments.id, assignments.title, due))
    .from(assignments)
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, lessons.onlineClassId))
    .leftJoin(
      assignmentExtensions,
      and(eq(assignmentExtensions.assignmentId, assignments.id), eq(assignmentExtensions.studentId, who.role === 'student' ? who.id : 0)),
    )
    .where(
      and(ofCaller, isNull(onlineClasses.archivedAt), inRange(due), who.role === 'student' ? visibleNow(lessons, assignments) : undefined),
    );
  const tests = db
    .select(dueColumns('quiz', quizzes.id, quizzes.title, sql`${quizzes.closesAt}`))
    .from(quizzes)
    .innerJoin(lessons, eq(lessons.id, quizzes.lessonId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, lessons.onlineClassId))
    .where(
      and(
        ofCaller,
        isNull(onlineClasses.archivedAt),
        inRange(sql`${quizzes.closesAt}`),
        who.role === 'student' ? quizShownToStudents() : undefined,
      ),
    );
  const rows = await work.unionAll(tests);
  return rows
    .map((r) => ({ ...r, dueAt: new Date(r.dueAt) }))
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.className.localeCompare(b.className) || a.id - b.id);
}
export type DueRow = Awaited<ReturnType<typeof dueBetween>>[number];

/** Wali kelas of the active semester: the rombels the teacher keeps, or the student's rombel's. */
export function homeroomsOf(db: Db, who: Caller) {
  return db
    .select({ rombel: { id: rombelClasses.id, name: rombelClasses.name }, teacher: { id: users.id, name: users.name } })
    .from(homerooms)
    .innerJoin(semesters, and(eq(semesters.id, homerooms.semesterId), eq(semesters.active, true)))
    .innerJoin(rombelClasses, eq(rombelClasses.id, homerooms.rombelClassId))
    .innerJoin(users, eq(users.id, homerooms.teacherId))
    .where(who.role === 'teacher' ? eq(homerooms.teacherId, who.id) : eq(homerooms.rombelClassId, rombelOf(who.id)))
    .orderBy(asc(rombelClasses.grade), asc(rombelClasses.name));
}

/** Issue 38: the teacher's meetings of `date` made from the timetable, as "classId:firstPeriod" → meeting id. */
export async function todayMeetingsOf(db: Db, teacherId: number, date: string): Promise<Map<string, number>> {
  const result = await db.execute<{ id: number; class_id: number; period_from: number }>(sql`
    select m.id, m.online_class_id as class_id, m.period_from
      from meetings m join online_classes oc on oc.id = m.online_class_id
     where m.date = ${date}::date and m.period_from is not null and ${teachesClass(teacherId, 'oc')}`);
  return new Map(result.rows.map((r) => [`${r.class_id}:${r.period_from}`, r.id]));
}
