/** The SQL of izin and sakit requests (issue 38). */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { decidesLeave } from '../../access/leave-requests.js';
import { homerooms, leaveRequests, rombelClasses, semesters, storedFiles, students, users } from '../../db/schema.js';

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

/**
 * Days of the range with lessons of the rombel's classes: a day with a meeting that is not cancelled,
 * or a day not made into meetings yet whose weekday has lessons in the timetable.
 */
const schoolDays =
  sql<number>`(select count(*)::int from generate_series(${leaveRequests.startsOn}::timestamp, ${leaveRequests.endsOn}::timestamp, interval '1 day') as d(day)
  where exists (select 1 from meetings m join online_classes oc on oc.id = m.online_class_id
      where oc.rombel_class_id = ${leaveRequests.rombelClassId} and oc.semester_id = ${leaveRequests.semesterId}
        and m.date = d.day::date and m.cancelled_at is null)
    or (not exists (select 1 from meetings m join online_classes oc on oc.id = m.online_class_id
          where oc.rombel_class_id = ${leaveRequests.rombelClassId} and oc.semester_id = ${leaveRequests.semesterId} and m.date = d.day::date)
      and exists (select 1 from timetable_slots ts where ts.rombel_class_id = ${leaveRequests.rombelClassId}
          and ts.semester_id = ${leaveRequests.semesterId} and ts.day = extract(isodow from d.day)::int)))`.mapWith(Number);

/** Requests with what a list shows of them (student, rombel, file, who asked and decided), newest first; one query. */
export function leaveRows(db: Executor, where: SQL | undefined) {
  return db
    .select({
      lr: leaveRequests,
      studentName: users.name,
      nis: students.nis,
      rombelName: rombelClasses.name,
      fileName: storedFiles.originalName,
      fileType: storedFiles.mimeType,
      fileSize: storedFiles.size,
      requesterName: requester.name,
      deciderName: decider.name,
      days: schoolDays,
    })
    .from(leaveRequests)
    .innerJoin(users, eq(users.id, leaveRequests.studentId))
    .leftJoin(students, eq(students.userId, leaveRequests.studentId))
    .innerJoin(rombelClasses, eq(rombelClasses.id, leaveRequests.rombelClassId))
    .leftJoin(storedFiles, eq(storedFiles.id, leaveRequests.fileId))
    .leftJoin(requester, eq(requester.id, leaveRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, leaveRequests.decidedBy))
    .where(where)
    .orderBy(desc(leaveRequests.createdAt), desc(leaveRequests.id));
}
export type LeaveListRow = Awaited<ReturnType<typeof leaveRows>>[number];

/** One request as a list shows it (it exists: the caller has just reached or written it). */
export async function leaveRow(db: Executor, id: number): Promise<LeaveListRow> {
  const [row] = await leaveRows(db, eq(leaveRequests.id, id));
  return row!;
}

/** The filters of a list: status, rombel, semester, student, and the requests a wali kelas decides (`deciderId`). */
export function leaveFilter(f: {
  status?: string;
  rombelId?: number;
  semesterId?: number;
  studentId?: number;
  deciderId?: number;
}): SQL | undefined {
  return and(
    f.deciderId === undefined ? undefined : decidesLeave(f.deciderId),
    f.status === undefined ? undefined : eq(leaveRequests.status, f.status),
    f.rombelId === undefined ? undefined : eq(leaveRequests.rombelClassId, f.rombelId),
    f.semesterId === undefined ? undefined : eq(leaveRequests.semesterId, f.semesterId),
    f.studentId === undefined ? undefined : eq(leaveRequests.studentId, f.studentId),
  );
}

/**
 * Where a student's request goes: their rombel (null: none), the active semester with its dates
 * (null: none), and that rombel's wali kelas this semester (null: none); one query.
 */
export async function requestTarget(db: Executor, studentId: number) {
  const [row] = await db
    .select({
      rombelId: students.rombelClassId,
      rombelName: rombelClasses.name,
      studentName: users.name,
      semesterId: semesters.id,
      startsOn: semesters.startsOn,
      endsOn: semesters.endsOn,
      homeroomId: homerooms.teacherId,
    })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(rombelClasses, eq(rombelClasses.id, students.rombelClassId))
    .leftJoin(semesters, eq(semesters.active, true))
    .leftJoin(homerooms, and(eq(homerooms.semesterId, semesters.id), eq(homerooms.rombelClassId, students.rombelClassId)))
    .where(eq(users.id, studentId));
  return row ?? null;
}

/** Locks the student's row: two requests of one student are checked for overlap one after the other. */
export async function lockStudent(tx: Executor, studentId: number): Promise<void> {
  await tx.select({ id: students.userId }).from(students).where(eq(students.userId, studentId)).for('update');
}

/** True when the student has a pending or approved request sharing a day with the range. */
export async function overlaps(tx: Executor, studentId: number, startsOn: string, endsOn: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: leaveRequests.id })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.studentId, studentId),
        inArray(leaveRequests.status, ['pending', 'approved']),
        sql`${leaveRequests.startsOn} <= ${endsOn}::date and ${leaveRequests.endsOn} >= ${startsOn}::date`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type NewLeave = typeof leaveRequests.$inferInsert;

export async function insertLeave(tx: Executor, values: NewLeave): Promise<number> {
  const [row] = await tx.insert(leaveRequests).values(values).returning({ id: leaveRequests.id });
  return row!.id;
}

/** Withdraws the student's request while it is pending; false when it is not pending (any more). */
export async function withdrawLeave(db: Executor, studentId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(leaveRequests)
    .set({ status: 'withdrawn' })
    .where(and(eq(leaveRequests.id, id), eq(leaveRequests.studentId, studentId), eq(leaveRequests.status, 'pending')))
    .returning({ id: leaveRequests.id });
  return rows.length > 0;
}

/** Records the wali kelas's decision on a pending request (locked by the caller). */
export async function decideLeave(
  tx: Executor,
  id: number,
  d: { status: 'approved' | 'refused'; teacherId: number; note: string | null },
): Promise<void> {
  await tx
    .update(leaveRequests)
    .set({ status: d.status, decidedBy: d.teacherId, decidedAt: new Date(), decisionNote: d.note })
    .where(eq(leaveRequests.id, id));
}

/** The rombels of which the teacher is wali kelas in the active semester, with their students and pending requests; one query. */
export function homeroomSummaries(db: Executor, teacherId: number) {
  return db
    .select({
      rombelId: rombelClasses.id,
      rombelName: rombelClasses.name,
      semesterId: semesters.id,
      schoolYear: semesters.schoolYear,
      term: semesters.term,
      students: sql<number>`(select count(*)::int from students s join users u on u.id = s.user_id
        where s.rombel_class_id = ${rombelClasses.id} and u.status = 1)`.mapWith(Number),
      pending: sql<number>`(select count(*)::int from leave_requests l where l.rombel_class_id = ${rombelClasses.id}
        and l.semester_id = ${semesters.id} and l.status = 'pending')`.mapWith(Number),
    })
    .from(homerooms)
    .innerJoin(semesters, and(eq(semesters.id, homerooms.semesterId), eq(semesters.active, true)))
    .innerJoin(rombelClasses, eq(rombelClasses.id, homerooms.rombelClassId))
    .where(eq(homerooms.teacherId, teacherId))
    .orderBy(rombelClasses.grade, sql`lower(${rombelClasses.name})`, rombelClasses.id);
}

/** The stored file of a letter. */
export async function letterFile(db: Executor, fileId: number | null) {
  if (fileId === null) return null;
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
  return row ?? null;
}
