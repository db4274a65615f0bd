import { MSG, TEACHING_MSG } from '@kelasku/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { deleteSubmissions } from '../submissions/queries.js';
import type { Db, Executor } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import { userOf } from '../../db/lookups.js';
import { isForeignKeyViolation } from '../../http/db-errors.js';
import { conflict, invalidField } from '../../http/errors.js';
import {
  assignments,
  lessons,
  materials,
  onlineClasses,
  rombelClasses,
  students,
  subjects,
  submissions,
  teachingAssignments,
  users,
} from '../../db/schema.js';
import { teachesClass } from '../../access/teaching.js';

/**
 * Online classes with their rombel, teacher and subject (of the teaching assignment owning the
 * class; none for a class made by hand), one query; the caller adds the filter (and may put the
 * most recently archived first).
 */
function selectClasses(db: Db, where: SQL, archivedFirst = false) {
  return db
    .select({
      klass: onlineClasses,
      rombelName: rombelClasses.name,
      teacherName: users.name,
      teacherAvatar: users.avatarFileId,
      subject: { id: subjects.id, code: subjects.code, name: subjects.name },
    })
    .from(onlineClasses)
    .innerJoin(rombelClasses, eq(rombelClasses.id, onlineClasses.rombelClassId))
    .innerJoin(users, eq(users.id, onlineClasses.teacherId))
    .leftJoin(teachingAssignments, eq(teachingAssignments.onlineClassId, onlineClasses.id))
    .leftJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .where(where)
    .orderBy(
      ...(archivedFirst ? [desc(onlineClasses.archivedAt)] : []),
      asc(sql`lower(${rombelClasses.name})`),
      asc(sql`lower(${onlineClasses.name})`),
      asc(onlineClasses.id),
    );
}

/** A class with its rombel's name and its teacher's name and avatar. */
export type ClassRow = Awaited<ReturnType<typeof selectClasses>>[number];

/**
 * The classes a teacher teaches, their own and those of a teaching assignment they share (the
 * current ones, or the archived ones), by rombel name then class name; one query.
 */
export const classesOfTeacher = (db: Db, teacherId: number, archived = false): Promise<ClassRow[]> =>
  teachersClasses(db)[archived ? 'archived' : 'current'].execute({ teacherId });

/** The teacher's dashboard and Kelas Saya read it on every visit: named prepared statements (db/prepared.ts). */
const teachersClasses = preparedFor((db) => {
  const teaches = teachesClass(sql.placeholder('teacherId'));
  return {
    current: selectClasses(db, and(teaches, isNull(onlineClasses.archivedAt))!).prepare('classes_of_teacher'),
    archived: selectClasses(db, and(teaches, isNotNull(onlineClasses.archivedAt))!).prepare('archived_classes_of_teacher'),
  };
});

/** The current (not archived) classes of a student's rombel, by rombel name then class name; one query. */
export const classesOfStudent = (db: Db, studentId: number): Promise<ClassRow[]> => studentsClasses(db).execute({ studentId });

/** The student's dashboard reads it on every visit: a named prepared statement (db/prepared.ts). */
const studentsClasses = preparedFor((db) =>
  selectClasses(
    db,
    sql`${onlineClasses.rombelClassId} = (select ${students.rombelClassId} from ${students} where ${students.userId} = ${sql.placeholder('studentId')}) and ${onlineClasses.archivedAt} is null`,
  ).prepare('classes_of_student'),
);

/** Every archived class of the school with its rombel and teacher, most recently archived first; one query. */
export const archivedClasses = (db: Db): Promise<ClassRow[]> => selectClasses(db, isNotNull(onlineClasses.archivedAt), true);

/** One class with its rombel and teacher; null when there is no such class. */
export async function classById(db: Db, classId: number): Promise<ClassRow | null> {
  const [row] = await classStatements(db).byId.execute({ classId });
  return row ?? null;
}

/** Students of a rombel, by name; one query. Placeholder: rombelId. */
function studentsOfRombel(db: Db) {
  const user = userOf(db, 'u', students.userId);
  return db
    .select({ id: students.userId, name: user.name, nis: students.nis, avatar: user.avatarFileId })
    .from(students)
    .innerJoinLateral(user, sql`true`)
    .where(eq(students.rombelClassId, sql.placeholder('rombelId')))
    .orderBy(asc(sql`lower(${user.name})`), asc(students.userId));
}

/** A class page reads both (the class and its roster): named prepared statements (db/prepared.ts). */
const classStatements = preparedFor((db) => ({
  byId: selectClasses(db, eq(onlineClasses.id, sql.placeholder('classId'))).prepare('class_by_id'),
  roster: studentsOfRombel(db).prepare('roster_of_rombel'),
}));
export type RosterRow = Awaited<ReturnType<typeof studentsOfRombel>>[number];

/**
 * One class and the students of its rombel; two queries; null when there is no such class. An
 * archived class has no roster: its rombel now holds another year's students.
 */
export async function classWithRoster(db: Db, classId: number): Promise<{ row: ClassRow; roster: RosterRow[] } | null> {
  const row = await classById(db, classId);
  if (!row) return null;
  return { row, roster: row.klass.archivedAt ? [] : await classStatements(db).roster.execute({ rombelId: row.klass.rombelClassId }) };
}

export interface ClassValues {
  name: string;
  description: string | null;
  rombelClassId: number;
}

/** A rombel that does not exist (or was deleted meanwhile) is refused by the schema's foreign key. */
export async function withKnownRombel<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw invalidField('rombel_class_id', MSG.rombelUnknown);
    throw err;
  }
}

export async function insertClass(db: Db, teacherId: number, v: ClassValues): Promise<number> {
  const [row] = await db
    .insert(onlineClasses)
    .values({ name: v.name, description: v.description, rombelClassId: v.rombelClassId, teacherId })
    .returning({ id: onlineClasses.id });
  return row!.id;
}

/** Updates a class of this teacher; false when it is gone meanwhile. */
export async function updateClass(db: Db, classId: number, teacherId: number, v: ClassValues): Promise<boolean> {
  const rows = await db
    .update(onlineClasses)
    .set({ name: v.name, description: v.description, rombelClassId: v.rombelClassId, updatedAt: new Date() })
    .where(and(eq(onlineClasses.id, classId), teachesClass(teacherId)))
    .returning({ id: onlineClasses.id });
  return rows.length > 0;
}

/**
 * Deletes the materials and submissions under the given contents, returning the stored files
 * they pointed at (for FileService.release after the commit). The caller then deletes the
 * contents or the class, and the rest (forums, comments, assignments) goes by cascade.
 */
export async function deleteFilesUnder(tx: Executor, lessonIds: SQLWrapper): Promise<number[]> {
  // Locked first, so an upload of a material or a submission under them waits for this delete
  // and then fails (its file is removed), instead of slipping in and leaving its file behind.
  await tx.select({ id: lessons.id }).from(lessons).where(inArray(lessons.id, lessonIds)).for('update');
  await tx.select({ id: assignments.id }).from(assignments).where(inArray(assignments.lessonId, lessonIds)).for('update');
  const fromMaterials = await tx.delete(materials).where(inArray(materials.lessonId, lessonIds)).returning({ fileId: materials.fileId });
  const fromSubmissions = await deleteSubmissions(
    tx,
    inArray(submissions.assignmentId, tx.select({ id: assignments.id }).from(assignments).where(inArray(assignments.lessonId, lessonIds))),
  );
  return [...fromMaterials.flatMap((r) => (r.fileId === null ? [] : [r.fileId])), ...fromSubmissions];
}

/** Deletes a class with everything under it; returns the stored files to release, or null when it is gone. */
export async function deleteClass(tx: Executor, classId: number, teacherId: number): Promise<number[] | null> {
  const [locked] = await tx
    .select({ id: onlineClasses.id })
    .from(onlineClasses)
    .where(and(eq(onlineClasses.id, classId), teachesClass(teacherId)))
    .for('update');
  if (!locked) return null;
  // A class of a teaching assignment goes only with its assignment (the admin's DELETE).
  const owned = await tx
    .select({ id: teachingAssignments.id })
    .from(teachingAssignments)
    .where(eq(teachingAssignments.onlineClassId, classId));
  if (owned.length > 0) throw conflict(TEACHING_MSG.classOfAssignment);
  const fileIds = await deleteFilesUnder(tx, tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.onlineClassId, classId)));
  await tx.delete(onlineClasses).where(eq(onlineClasses.id, classId));
  return fileIds;
}
