import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ROLE_IDS, type RombelTeaching, type TeacherRef, type TeachingAssignment } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import {
  departments,
  homerooms,
  lessons,
  onlineClasses,
  rombelClasses,
  semesters,
  subjects,
  teachers,
  teachingAssignments,
  users,
} from '../../db/schema.js';

/** A semester and whether it has ended (not active and its last day is past, in WIB). */
export interface SemesterState {
  id: number;
  active: boolean;
  ended: boolean;
}

/** The semester `id`, or the active one when omitted; null when there is none. */
export async function semesterState(db: Executor, id: number | undefined): Promise<SemesterState | null> {
  const [row] = await db
    .select({
      id: semesters.id,
      active: semesters.active,
      ended: sql<boolean>`(not ${semesters.active} and ${semesters.endsOn} < (now() at time zone 'Asia/Jakarta')::date)`,
    })
    .from(semesters)
    .where(id === undefined ? eq(semesters.active, true) : eq(semesters.id, id))
    .limit(1);
  return row ?? null;
}

/** An assignment's teachers, in order, as JSON (the first is the one whose class it is). */
const teachersJson = sql<TeacherRef[]>`coalesce((
  select json_agg(json_build_object('id', u.id, 'name', u.name, 'nip', t.nip) order by tat.position, u.id)
  from teaching_assignment_teachers tat
    join users u on u.id = tat.teacher_id
    left join teachers t on t.user_id = u.id
  where tat.assignment_id = ${teachingAssignments.id}), '[]'::json)`;

/** Assignments with rombel, subject, teachers, class and slots; one query. */
function selectAssignments(db: Executor, where: SQL) {
  return db
    .select({
      id: teachingAssignments.id,
      semester_id: teachingAssignments.semesterId,
      rombel: { id: rombelClasses.id, name: rombelClasses.name, grade: rombelClasses.grade },
      subject: { id: subjects.id, code: subjects.code, name: subjects.name },
      teachers: teachersJson,
      hours_per_week: teachingAssignments.hoursPerWeek,
      online_class: { id: onlineClasses.id, name: onlineClasses.name },
      slots: sql<number>`(select count(*)::int from timetable_slots ts where ts.assignment_id = ${teachingAssignments.id})`.mapWith(Number),
    })
    .from(teachingAssignments)
    .innerJoin(rombelClasses, eq(rombelClasses.id, teachingAssignments.rombelClassId))
    .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .innerJoin(onlineClasses, eq(onlineClasses.id, teachingAssignments.onlineClassId))
    .where(where)
    .orderBy(asc(rombelClasses.grade), asc(sql`lower(${rombelClasses.name})`), asc(sql`lower(${subjects.code})`));
}

export async function findAssignment(db: Executor, id: number): Promise<TeachingAssignment | null> {
  const [row] = await selectAssignments(db, eq(teachingAssignments.id, id));
  return row ?? null;
}

/** The admin grid of a semester: every rombel, every subject, the semester's assignments; three queries. */
export async function assignmentGridOf(db: Executor, semesterId: number) {
  const [rombels, subjectRows, assignments] = await Promise.all([
    db
      .select({ id: rombelClasses.id, name: rombelClasses.name, grade: rombelClasses.grade, department_id: rombelClasses.departmentId })
      .from(rombelClasses)
      .orderBy(asc(rombelClasses.grade), asc(sql`lower(${rombelClasses.name})`), asc(rombelClasses.id)),
    db
      .select({ id: subjects.id, code: subjects.code, name: subjects.name, group: sql<'umum' | 'kejuruan' | 'mulok'>`${subjects.group}` })
      .from(subjects)
      .orderBy(sql`array_position(array['umum','kejuruan','mulok']::varchar[], ${subjects.group})`, asc(sql`lower(${subjects.code})`)),
    selectAssignments(db, eq(teachingAssignments.semesterId, semesterId)),
  ]);
  return { semester_id: semesterId, rombels, subjects: subjectRows, assignments };
}

export async function rombelOf(tx: Executor, id: number) {
  const [row] = await tx
    .select({ id: rombelClasses.id, name: rombelClasses.name, enabled: departments.enabled })
    .from(rombelClasses)
    .innerJoin(departments, eq(departments.id, rombelClasses.departmentId))
    .where(eq(rombelClasses.id, id));
  return row ?? null;
}

export async function subjectOf(tx: Executor, id: number) {
  const [row] = await tx.select({ id: subjects.id, code: subjects.code, name: subjects.name }).from(subjects).where(eq(subjects.id, id));
  return row ?? null;
}

/** The users of the ids with their role and status (the caller refuses non-teachers and deactivated ones). */
export function usersOf(tx: Executor, ids: number[]) {
  return tx
    .select({ id: users.id, name: users.name, roleId: users.roleId, status: users.status })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Every teacher of the school with their NIP and status (the import matches names and NIPs). */
export function allTeachers(db: Executor) {
  return db
    .select({ id: users.id, name: users.name, status: users.status, nip: teachers.nip })
    .from(users)
    .leftJoin(teachers, eq(teachers.userId, users.id))
    .where(eq(users.roleId, ROLE_IDS.teacher));
}

/** The assignment of a rombel and subject in a semester, if any. */
export async function assignmentAt(tx: Executor, semesterId: number, rombelId: number, subjectId: number) {
  const [row] = await tx
    .select({ id: teachingAssignments.id })
    .from(teachingAssignments)
    .where(
      and(
        eq(teachingAssignments.semesterId, semesterId),
        eq(teachingAssignments.rombelClassId, rombelId),
        eq(teachingAssignments.subjectId, subjectId),
      ),
    );
  return row ?? null;
}

/** Locks an assignment; its semester and class. */
export async function lockAssignment(tx: Executor, id: number) {
  const [row] = await tx
    .select({ id: teachingAssignments.id, semesterId: teachingAssignments.semesterId, onlineClassId: teachingAssignments.onlineClassId })
    .from(teachingAssignments)
    .where(eq(teachingAssignments.id, id))
    .for('update');
  return row ?? null;
}

export async function setHours(tx: Executor, id: number, hours: number): Promise<void> {
  await tx.update(teachingAssignments).set({ hoursPerWeek: hours }).where(eq(teachingAssignments.id, id));
}

export async function classHasLessons(tx: Executor, classId: number): Promise<boolean> {
  const rows = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.onlineClassId, classId)).limit(1);
  return rows.length > 0;
}

/** Deletes the assignment (its teachers and slots go by cascade) and then its class. */
export async function deleteAssignment(tx: Executor, id: number, classId: number): Promise<void> {
  await tx.delete(teachingAssignments).where(eq(teachingAssignments.id, id));
  await tx.delete(onlineClasses).where(eq(onlineClasses.id, classId));
}

/** Sets (or keeps) the wali kelas of a rombel in a semester. */
export async function setHomeroom(tx: Executor, semesterId: number, rombelId: number, teacherId: number): Promise<void> {
  await tx
    .insert(homerooms)
    .values({ semesterId, rombelClassId: rombelId, teacherId })
    .onConflictDoUpdate({ target: [homerooms.semesterId, homerooms.rombelClassId], set: { teacherId } });
}

/** The rombels, subjects, assignments and homerooms an import of a semester is planned against; five queries. */
export async function importData(db: Executor, semesterId: number) {
  const [rombels, subjectRows, teacherRows, assignments, homeroomRows] = await Promise.all([
    db
      .select({ id: rombelClasses.id, name: rombelClasses.name, enabled: departments.enabled })
      .from(rombelClasses)
      .innerJoin(departments, eq(departments.id, rombelClasses.departmentId)),
    db.select({ id: subjects.id, code: subjects.code, name: subjects.name }).from(subjects),
    allTeachers(db),
    db
      .select({
        id: teachingAssignments.id,
        rombelId: teachingAssignments.rombelClassId,
        subjectId: teachingAssignments.subjectId,
        hours: teachingAssignments.hoursPerWeek,
        onlineClassId: teachingAssignments.onlineClassId,
        teacherIds: sql<number[]>`coalesce((select array_agg(tat.teacher_id order by tat.position, tat.teacher_id)
          from teaching_assignment_teachers tat where tat.assignment_id = ${teachingAssignments.id}), '{}')`,
      })
      .from(teachingAssignments)
      .where(eq(teachingAssignments.semesterId, semesterId)),
    db
      .select({ rombelId: homerooms.rombelClassId, teacherId: homerooms.teacherId })
      .from(homerooms)
      .where(eq(homerooms.semesterId, semesterId)),
  ]);
  return { rombels, subjects: subjectRows, teachers: teacherRows, assignments, homerooms: homeroomRows };
}
export type ImportData = Awaited<ReturnType<typeof importData>>;

/** A rombel's wali kelas and subjects in the active semester (the admin's rombel page); two queries. */
export async function rombelTeaching(db: Executor, rombelId: number): Promise<RombelTeaching> {
  const active = sql`(select id from semesters where active)`;
  const [[homeroom], assignments] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, nip: teachers.nip })
      .from(homerooms)
      .innerJoin(users, eq(users.id, homerooms.teacherId))
      .leftJoin(teachers, eq(teachers.userId, users.id))
      .where(and(eq(homerooms.rombelClassId, rombelId), sql`${homerooms.semesterId} = ${active}`)),
    selectAssignments(db, and(eq(teachingAssignments.rombelClassId, rombelId), sql`${teachingAssignments.semesterId} = ${active}`)!),
  ]);
  return {
    homeroom: homeroom ?? null,
    subjects: assignments.map((a) => ({
      assignment_id: a.id,
      code: a.subject.code,
      name: a.subject.name,
      teachers: a.teachers,
      hours_per_week: a.hours_per_week,
    })),
  };
}
