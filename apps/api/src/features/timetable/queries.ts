/** The weekly timetable's SQL: the active semester, a week's slots, one slot. */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TimetableSlot } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import {
  bellPeriods,
  rombelClasses,
  semesters,
  subjects,
  teachingAssignments,
  teachingAssignmentTeachers,
  timetableSlots,
  users,
} from '../../db/schema.js';
import { showTime } from './bell.js';

/** The active semester's id, or null. */
export async function activeSemesterId(db: Executor): Promise<number | null> {
  const [row] = await db.select({ id: semesters.id }).from(semesters).where(eq(semesters.active, true));
  return row?.id ?? null;
}

export async function semesterExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: semesters.id }).from(semesters).where(eq(semesters.id, id));
  return row !== undefined;
}

/** Slots in the week's order (day, period) with their times, subject, rombel and teachers. */
export async function slotsWhere(db: Executor, where: SQL | undefined): Promise<TimetableSlot[]> {
  const rows = await db
    .select({
      id: timetableSlots.id,
      day: timetableSlots.day,
      period: timetableSlots.period,
      startsAt: bellPeriods.startsAt,
      endsAt: bellPeriods.endsAt,
      assignmentId: teachingAssignments.id,
      classId: teachingAssignments.onlineClassId,
      subjectId: subjects.id,
      subjectCode: subjects.code,
      subjectName: subjects.name,
      rombelId: rombelClasses.id,
      rombelName: rombelClasses.name,
    })
    .from(timetableSlots)
    .innerJoin(teachingAssignments, eq(teachingAssignments.id, timetableSlots.assignmentId))
    .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .innerJoin(rombelClasses, eq(rombelClasses.id, timetableSlots.rombelClassId))
    .leftJoin(bellPeriods, and(eq(bellPeriods.day, timetableSlots.day), eq(bellPeriods.period, timetableSlots.period)))
    .where(where)
    .orderBy(asc(timetableSlots.day), asc(timetableSlots.period), asc(rombelClasses.name));
  const ids = [...new Set(rows.map((r) => r.assignmentId))];
  const teachers = ids.length
    ? await db
        .select({ assignmentId: teachingAssignmentTeachers.assignmentId, id: users.id, name: users.name })
        .from(teachingAssignmentTeachers)
        .innerJoin(users, eq(users.id, teachingAssignmentTeachers.teacherId))
        .where(inArray(teachingAssignmentTeachers.assignmentId, ids))
        .orderBy(asc(teachingAssignmentTeachers.position))
    : [];
  return rows.map((r) => ({
    id: r.id,
    day: r.day,
    period: r.period,
    // A slot whose period the bell no longer has keeps its place, without a time.
    starts_at: r.startsAt ? showTime(r.startsAt) : '',
    ends_at: r.endsAt ? showTime(r.endsAt) : '',
    assignment_id: r.assignmentId,
    subject: { id: r.subjectId, code: r.subjectCode, name: r.subjectName },
    rombel: { id: r.rombelId, name: r.rombelName },
    teachers: teachers.filter((t) => t.assignmentId === r.assignmentId).map((t) => ({ id: t.id, name: t.name })),
    class_id: r.classId,
  }));
}

/** A semester's week: all of it, a rombel's, or a teacher's. */
export function weekSlots(db: Executor, semesterId: number, filter: { rombelId?: number; teacherId?: number }): Promise<TimetableSlot[]> {
  const conditions = [eq(timetableSlots.semesterId, semesterId)];
  if (filter.rombelId !== undefined) conditions.push(eq(timetableSlots.rombelClassId, filter.rombelId));
  if (filter.teacherId !== undefined) {
    conditions.push(
      sql`exists (select 1 from ${teachingAssignmentTeachers} where ${teachingAssignmentTeachers.assignmentId} = ${timetableSlots.assignmentId} and ${teachingAssignmentTeachers.teacherId} = ${filter.teacherId})`,
    );
  }
  return slotsWhere(db, and(...conditions));
}
