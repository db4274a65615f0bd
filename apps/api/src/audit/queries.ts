/**
 * The audit log's SQL: the snapshots a change is compared with, and the reads of the log (the
 * admin's filtered pages and export, a teacher's grade history). Nothing here updates or deletes
 * a row of audit_log.
 */
import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { ROLE_LABELS, type AuditAction, ROLE_IDS } from '@kelasku/contract';
import type { Executor } from '../db/client.js';
import {
  assignments,
  auditLog,
  departments,
  motivationalWords,
  quizAttempts,
  quizzes,
  rombelClasses,
  students,
  submissions,
  teachers,
  users,
} from '../db/schema.js';

/** A user as the log shows it before and after a change: readable values, no password. */
export type UserSnapshot = Record<string, string | boolean | null> & { name: string; username: string; role: string };

/** The users' snapshots by id, in one query (missing ids are absent). */
export async function userSnapshots(db: Executor, ids: readonly number[]): Promise<Map<number, UserSnapshot>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      roleId: users.roleId,
      name: users.name,
      username: users.username,
      email: users.email,
      gender: users.gender,
      birthday: users.birthday,
      religion: users.religion,
      address: users.address,
      telpon: users.telpon,
      status: users.status,
      mustChangePassword: users.mustChangePassword,
      nip: teachers.nip,
      nik: teachers.nik,
      nis: students.nis,
      nisn: students.nisn,
      rombel: rombelClasses.name,
    })
    .from(users)
    .leftJoin(teachers, eq(teachers.userId, users.id))
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(rombelClasses, eq(rombelClasses.id, students.rombelClassId))
    .where(inArray(users.id, [...ids]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        name: r.name,
        username: r.username,
        email: r.email,
        role: ROLE_LABELS[r.roleId] ?? String(r.roleId),
        status: r.status === 1 ? 'Aktif' : 'Nonaktif',
        gender: r.gender,
        birthday: r.birthday,
        religion: r.religion,
        address: r.address,
        telpon: r.telpon,
        must_change_password: r.mustChangePassword,
        ...(r.roleId === ROLE_IDS.teacher ? { nip: r.nip, nik: r.nik } : {}),
        ...(r.roleId === ROLE_IDS.student ? { nis: r.nis, nisn: r.nisn, rombel: r.rombel } : {}),
      },
    ]),
  );
}

export async function userSnapshot(db: Executor, id: number): Promise<UserSnapshot | null> {
  return (await userSnapshots(db, [id])).get(id) ?? null;
}

/** How a user is named in a summary: "Siswa Budi Santoso (budi)". */
export const userLabel = (u: { role: string; name: string; username: string }) => `${u.role} ${u.name} (${u.username})`;

/** A rombel as the log shows it: name, grade and department by name. */
export async function rombelSnapshot(db: Executor, id: number): Promise<Record<string, string | number> | null> {
  const [row] = await db
    .select({ name: rombelClasses.name, grade: rombelClasses.grade, department: departments.name })
    .from(rombelClasses)
    .innerJoin(departments, eq(departments.id, rombelClasses.departmentId))
    .where(eq(rombelClasses.id, id));
  return row ?? null;
}

/** A motivational word as the log shows it. */
export async function wordSnapshot(db: Executor, id: number): Promise<Record<string, string | boolean> | null> {
  const [row] = await db
    .select({
      title: motivationalWords.title,
      body: motivationalWords.body,
      from: motivationalWords.from,
      active: motivationalWords.active,
    })
    .from(motivationalWords)
    .where(eq(motivationalWords.id, id));
  return row ?? null;
}

/** A student's graded work, locked for the grade about to change it: its id, score and feedback, and whom it is of. */
export async function lockedSubmission(tx: Executor, assignmentId: number, studentId: number) {
  const [row] = await tx
    .select({ id: submissions.id, score: submissions.score, feedback: submissions.feedback })
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignmentId), eq(submissions.studentId, studentId)))
    .for('update');
  return row ?? null;
}

/** The score and feedback of a submission (after a grade), with its student's name and the assignment's title. */
export async function gradedSubmission(tx: Executor, submissionId: number) {
  const [row] = await tx
    .select({ score: submissions.score, feedback: submissions.feedback, student: users.name, title: assignments.title })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.studentId))
    .innerJoin(assignments, eq(assignments.id, submissions.assignmentId))
    .where(eq(submissions.id, submissionId));
  return row ?? null;
}

/** Attempts with their score, student and quiz, for the summaries of quiz grade changes. */
export async function attemptScores(tx: Executor, attemptIds: readonly number[]) {
  if (attemptIds.length === 0) return [];
  return tx
    .select({
      id: quizAttempts.id,
      number: quizAttempts.number,
      score: quizAttempts.score,
      maxScore: quizAttempts.maxScore,
      student: users.name,
      quiz: quizzes.title,
    })
    .from(quizAttempts)
    .innerJoin(users, eq(users.id, quizAttempts.studentId))
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(inArray(quizAttempts.id, [...attemptIds]));
}

// ---------------------------------------------------------------- reading the log

export interface AuditFilter {
  /** Part of the actor's name (as kept in the row) or the current username of that user. */
  actor?: string;
  action?: AuditAction;
  /** First and last day, YYYY-MM-DD in WIB, inclusive. */
  from?: string;
  to?: string;
}

function filterOf(f: AuditFilter): SQL | undefined {
  const pattern = f.actor ? `%${f.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    pattern === null
      ? undefined
      : or(
          ilike(auditLog.actorName, pattern),
          inArray(auditLog.actorId, sql`(select ${users.id} from ${users} where ${users.username} ilike ${pattern})`),
        ),
    f.action === undefined ? undefined : eq(auditLog.action, f.action),
    f.from === undefined ? undefined : gte(auditLog.at, sql`(${f.from}::date)::timestamp at time zone 'Asia/Jakarta'`),
    f.to === undefined ? undefined : lt(auditLog.at, sql`(${f.to}::date + 1)::timestamp at time zone 'Asia/Jakarta'`),
  );
}

export type AuditRow = typeof auditLog.$inferSelect;

/** One page of the filtered log, newest first, and the number of matching rows: two queries. */
export async function auditPage(db: Executor, f: AuditFilter, page: number, perPage: number) {
  const where = filterOf(f);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The next batch of the filtered log below `beforeId` (newest first): the export reads the log in these. */
export function auditBatch(db: Executor, f: AuditFilter, beforeId: number | null, size: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(filterOf(f), beforeId === null ? undefined : lt(auditLog.id, beforeId)))
    .orderBy(desc(auditLog.id))
    .limit(size);
}

/** The grade history of one submission or quiz attempt, oldest first. */
export function gradeHistory(db: Executor, targetType: 'submission' | 'quiz_attempt', targetId: number): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId), sql`${auditLog.action} like 'grade.%'`))
    .orderBy(auditLog.id);
}

/** The submission of a student for an assignment (null when they have none). */
export async function submissionIdOf(db: Executor, assignmentId: number, studentId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.assignmentId, assignmentId), eq(submissions.studentId, studentId)));
  return row?.id ?? null;
}
