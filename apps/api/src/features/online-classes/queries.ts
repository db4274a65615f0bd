import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { OnlineClass } from '@kelasku/contract';
import type { Db, Executor } from '../../db/client.js';
import { userOf } from '../../db/lookups.js';
import { assignments, contents, materials, onlineClasses, rombelClasses, students, submissions, users } from '../../db/schema.js';
import type { FileService } from '../../files/service.js';

/** Online classes with their rombel and teacher, one query; the caller adds the filter. */
function selectClasses(db: Db, where: SQL) {
  return db
    .select({
      klass: onlineClasses,
      rombelName: rombelClasses.name,
      teacherName: users.name,
      teacherAvatar: users.avatarFileId,
    })
    .from(onlineClasses)
    .innerJoin(rombelClasses, eq(rombelClasses.id, onlineClasses.rombelClassId))
    .innerJoin(users, eq(users.id, onlineClasses.teacherId))
    .where(where)
    .orderBy(asc(sql`lower(${rombelClasses.name})`), asc(sql`lower(${onlineClasses.name})`), asc(onlineClasses.id));
}

/** Which classes: those a teacher teaches, those of a student's rombel, or one class; `id` names the teacher, student or class. */
export type ClassScope = 'teacher' | 'student' | 'class';

const scopeFilter: Record<ClassScope, (id: number) => SQL> = {
  teacher: (id) => eq(onlineClasses.teacherId, id),
  student: (id) => sql`${onlineClasses.rombelClassId} = (select ${students.rombelClassId} from ${students} where ${students.userId} = ${id})`,
  class: (id) => eq(onlineClasses.id, id),
};

/** Students of the given rombels, by name; one query whatever the number of rombels. */
function studentsOf(db: Db, rombelIds: number[]) {
  const user = userOf(db, 'u', students.userId);
  return db
    .select({ rombelId: students.rombelClassId, id: students.userId, name: user.name, nis: students.nis, avatar: user.avatarFileId })
    .from(students)
    .innerJoinLateral(user, sql`true`)
    .where(inArray(students.rombelClassId, rombelIds))
    .orderBy(asc(sql`lower(${user.name})`), asc(students.userId));
}

/**
 * Online classes in the shape of SPEC §3, students of each class's rombel included, sorted by
 * rombel name then class name. Two queries whatever the number of classes and students.
 */
export async function loadClasses(db: Db, files: FileService, scope: ClassScope, id: number): Promise<OnlineClass[]> {
  const rows = await selectClasses(db, scopeFilter[scope](id));
  const rombelIds = [...new Set(rows.map((r) => r.klass.rombelClassId))];
  const roster = rombelIds.length ? await studentsOf(db, rombelIds) : [];
  const byRombel = new Map<number, OnlineClass['students']['data']>();
  for (const s of roster) {
    const list = byRombel.get(s.rombelId!) ?? [];
    list.push({ id: s.id, name: s.name, nis: s.nis, avatar: files.url(s.avatar) });
    byRombel.set(s.rombelId!, list);
  }
  return rows.map(({ klass, rombelName, teacherName, teacherAvatar }) => {
    const avatar = files.url(teacherAvatar);
    const data = byRombel.get(klass.rombelClassId) ?? [];
    return {
      id: klass.id,
      name: klass.name,
      description: klass.description,
      rombel_class_id: klass.rombelClassId,
      rombel_id: klass.rombelClassId,
      rombel_name: rombelName,
      rombel_class: { id: klass.rombelClassId, name: rombelName },
      teacher: { name: teacherName, avatar },
      teacher_id: klass.teacherId,
      teacher_name: teacherName,
      teacher_avatar: avatar,
      students: { data, total: data.length },
      created_at: klass.createdAt.toISOString(),
      updated_at: klass.updatedAt.toISOString(),
    };
  });
}

export const classesOfTeacher = (db: Db, files: FileService, teacherId: number) => loadClasses(db, files, 'teacher', teacherId);

export async function loadClass(db: Db, files: FileService, classId: number): Promise<OnlineClass | null> {
  const [klass] = await loadClasses(db, files, 'class', classId);
  return klass ?? null;
}

export interface ClassValues {
  name: string;
  description: string | null;
  rombelClassId: number;
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
    .where(and(eq(onlineClasses.id, classId), eq(onlineClasses.teacherId, teacherId)))
    .returning({ id: onlineClasses.id });
  return rows.length > 0;
}

/**
 * Deletes the materials and submissions under the given contents, returning the stored files
 * they pointed at (for FileService.release after the commit). The caller then deletes the
 * contents or the class, and the rest (forums, comments, assignments) goes by cascade.
 */
export async function deleteFilesUnder(tx: Executor, contentIds: SQLWrapper): Promise<number[]> {
  // Locked first, so an upload of a material or a submission under them waits for this delete
  // and then fails (its file is removed), instead of slipping in and leaving its file behind.
  await tx.select({ id: contents.id }).from(contents).where(inArray(contents.id, contentIds)).for('update');
  await tx.select({ id: assignments.id }).from(assignments).where(inArray(assignments.contentId, contentIds)).for('update');
  const fromMaterials = await tx
    .delete(materials)
    .where(inArray(materials.contentId, contentIds))
    .returning({ fileId: materials.fileId });
  const fromSubmissions = await tx
    .delete(submissions)
    .where(inArray(submissions.assignmentId, tx.select({ id: assignments.id }).from(assignments).where(inArray(assignments.contentId, contentIds))))
    .returning({ fileId: submissions.fileId });
  return [...fromMaterials, ...fromSubmissions].map((r) => r.fileId);
}

/** Deletes a class with everything under it; returns the stored files to release, or null when it is gone. */
export async function deleteClass(tx: Executor, classId: number, teacherId: number): Promise<number[] | null> {
  const [locked] = await tx
    .select({ id: onlineClasses.id })
    .from(onlineClasses)
    .where(and(eq(onlineClasses.id, classId), eq(onlineClasses.teacherId, teacherId)))
    .for('update');
  if (!locked) return null;
  const fileIds = await deleteFilesUnder(tx, tx.select({ id: contents.id }).from(contents).where(eq(contents.onlineClassId, classId)));
  await tx.delete(onlineClasses).where(eq(onlineClasses.id, classId));
  return fileIds;
}
