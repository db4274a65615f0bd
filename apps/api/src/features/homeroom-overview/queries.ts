/**
 * The SQL of "Kelas Perwalian" (issue 40): the rombel's heading, its active students, their work of
 * every subject, their parents, the messages to the parents and the at-risk settings. Each function
 * is one statement whatever the number of students and subjects.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { RISK_DEFAULTS, semesterLabel } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { alias } from 'drizzle-orm/pg-core';
import {
  appSettings,
  assignments,
  lessons,
  parentLinks,
  parentMessages,
  semesters,
  students,
  rombelClasses,
  users,
} from '../../db/schema.js';
import { visibleNow } from '../../access/visibility.js';

/** The rombel's name, the semester's label and the izin requests of the rombel waiting in that semester. */
export async function overviewHeading(db: Executor, rombelId: number, semesterId: number) {
  const [row] = await db
    .select({
      rombel: rombelClasses.name,
      schoolYear: semesters.schoolYear,
      term: semesters.term,
      pending: sql<number>`(select count(*)::int from leave_requests l where l.rombel_class_id = ${rombelClasses.id}
        and l.semester_id = ${semesters.id} and l.status = 'pending')`.mapWith(Number),
    })
    .from(rombelClasses)
    .innerJoin(semesters, eq(semesters.id, semesterId))
    .where(eq(rombelClasses.id, rombelId));
  if (!row) return null;
  return {
    rombel: { id: rombelId, name: row.rombel },
    semester: { id: semesterId, label: semesterLabel({ school_year: row.schoolYear, term: row.term }) },
    pending: row.pending,
  };
}

/** The active students of the rombel by name. */
export function activeStudentsOf(db: Executor, rombelId: number) {
  return db
    .select({ id: users.id, name: users.name, nis: students.nis })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(students.rombelClassId, rombelId), eq(users.status, 1)))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
}

/** An active student of the rombel, or null. */
export async function activeStudentOf(db: Executor, rombelId: number, studentId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(students.userId, studentId), eq(students.rombelClassId, rombelId), eq(users.status, 1)))
    .limit(1);
  return row ?? null;
}

/** The assignments of the classes a student may see now (neither they nor their content hidden or scheduled for later). */
export function visibleAssignmentsOf(db: Executor, classIds: number[]) {
  if (!classIds.length) return Promise.resolve([]);
  return db
    .select({ id: assignments.id, deadline: assignments.deadline, closesAt: assignments.closesAt, classId: lessons.onlineClassId })
    .from(assignments)
    .innerJoin(lessons, eq(lessons.id, assignments.lessonId))
    .where(and(inArray(lessons.onlineClassId, classIds), visibleNow(lessons, assignments)));
}

/** The active parents linked to the students, in the order they were linked. */
export function parentsOf(db: Executor, studentIds: number[]) {
  if (!studentIds.length) return Promise.resolve([]);
  return db
    .select({
      studentId: parentLinks.studentId,
      id: users.id,
      name: users.name,
      relation: parentLinks.relation,
      telpon: users.telpon,
    })
    .from(parentLinks)
    .innerJoin(users, eq(users.id, parentLinks.parentId))
    .where(and(inArray(parentLinks.studentId, studentIds), eq(users.status, 1)))
    .orderBy(asc(parentLinks.createdAt), asc(parentLinks.id));
}

const sender = alias(users, 'sender');
const child = alias(users, 'child');

/** The messages about a student, newest first (`id`: that one only). */
export function messageRows(db: Executor, studentId: number, id?: number) {
  return db
    .select({
      id: parentMessages.id,
      student: { id: child.id, name: child.name },
      sender: { id: sender.id, name: sender.name },
      senderId: parentMessages.senderId,
      body: parentMessages.body,
      createdAt: parentMessages.createdAt,
    })
    .from(parentMessages)
    .innerJoin(child, eq(child.id, parentMessages.studentId))
    .leftJoin(sender, eq(sender.id, parentMessages.senderId))
    .where(id === undefined ? eq(parentMessages.studentId, studentId) : eq(parentMessages.id, id))
    .orderBy(desc(parentMessages.createdAt), desc(parentMessages.id));
}
export type MessageRow = Awaited<ReturnType<typeof messageRows>>[number];

export async function insertMessage(db: Executor, v: { studentId: number; senderId: number; body: string }): Promise<number> {
  const [row] = await db.insert(parentMessages).values(v).returning({ id: parentMessages.id });
  return row!.id;
}

// ---------------------------------------------------------------- the at-risk settings

export const RISK_KEY = 'homeroom.risk';
export type RiskThresholds = { alpa: number; missing: number };

const wholeIn = (v: unknown, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= max;

/** The school's thresholds (RISK_DEFAULTS for what is not stored, or stored wrong). */
export async function riskThresholds(db: Executor): Promise<RiskThresholds> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, RISK_KEY));
  let stored: Partial<Record<keyof RiskThresholds, unknown>> = {};
  try {
    stored = row ? (JSON.parse(row.value) as typeof stored) : {};
  } catch {
    stored = {};
  }
  return {
    alpa: wholeIn(stored.alpa, 31) ? (stored.alpa as number) : RISK_DEFAULTS.alpa,
    missing: wholeIn(stored.missing, 50) ? (stored.missing as number) : RISK_DEFAULTS.missing,
  };
}

export async function storeRiskThresholds(db: Executor, t: RiskThresholds): Promise<void> {
  const value = JSON.stringify({ alpa: t.alpa, missing: t.missing });
  await db.insert(appSettings).values({ key: RISK_KEY, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
}

/** Two saves of the settings audit their before → after in turn. */
export async function lockRiskSettings(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kelasku:homeroom-risk'))`);
}
