/** Reads of the parent accounts feature (issue 40): a student's pairing state, a child as the parent sees it, a rombel's student. */
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { MAX_PARENTS_PER_CHILD, ROLE_IDS, type ParentChild, type ParentRelation, type StudentPairing } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { homerooms, pairingCodes, parentLinks, rombelClasses, semesters, students, users } from '../../db/schema.js';
import type { FileService } from '../../files/service.js';
import { notFound } from '../../http/errors.js';

/** The student's unused, unexpired code (its dates only) and linked parents. */
export async function studentPairingOf(db: Executor, studentId: number): Promise<StudentPairing> {
  const [code] = await db
    .select({ createdAt: pairingCodes.createdAt, expiresAt: pairingCodes.expiresAt })
    .from(pairingCodes)
    .where(and(eq(pairingCodes.studentId, studentId), isNull(pairingCodes.usedAt), gt(pairingCodes.expiresAt, sql`now()`)))
    .orderBy(desc(pairingCodes.createdAt))
    .limit(1);
  const linked = await db
    .select({ name: users.name, relation: parentLinks.relation })
    .from(parentLinks)
    .innerJoin(users, eq(users.id, parentLinks.parentId))
    .where(eq(parentLinks.studentId, studentId))
    .orderBy(asc(parentLinks.createdAt), asc(parentLinks.id));
  return {
    active_code: code ? { created_at: code.createdAt.toISOString(), expires_at: code.expiresAt.toISOString() } : null,
    parents: linked,
    max_parents: MAX_PARENTS_PER_CHILD,
  };
}

/** A child as its parent's list shows it: the rombel and its wali kelas this semester. */
export async function parentChildOf(db: Executor, files: FileService, studentId: number, relation: ParentRelation): Promise<ParentChild> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      avatarFileId: users.avatarFileId,
      nis: students.nis,
      rombelId: rombelClasses.id,
      rombelName: rombelClasses.name,
      teacherId: sql<number | null>`(select h.teacher_id from ${homerooms} h join ${semesters} s on s.id = h.semester_id and s.active
        where h.rombel_class_id = ${students.rombelClassId} limit 1)`,
    })
    .from(users)
    .innerJoin(students, eq(students.userId, users.id))
    .leftJoin(rombelClasses, eq(rombelClasses.id, students.rombelClassId))
    .where(eq(users.id, studentId));
  if (!row) throw notFound();
  const [teacher] =
    row.teacherId === null ? [] : await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, row.teacherId));
  return {
    id: row.id,
    name: row.name,
    nis: row.nis,
    rombel: row.rombelId === null ? null : { id: row.rombelId, name: row.rombelName! },
    homeroom_teacher: teacher ?? null,
    relation,
    avatar: files.url(row.avatarFileId),
  };
}

export interface RombelStudent {
  id: number;
  name: string;
  nis: string | null;
  nisn: string | null;
  rombelName: string;
}

/** An active student of the rombel; 404 for anyone else. */
export async function studentOfRombel(db: Executor, rombelId: number, studentId: number): Promise<RombelStudent> {
  const [row] = await db
    .select({ id: users.id, name: users.name, nis: students.nis, nisn: students.nisn, rombelName: rombelClasses.name })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(rombelClasses, eq(rombelClasses.id, students.rombelClassId))
    .where(
      and(eq(students.userId, studentId), eq(students.rombelClassId, rombelId), eq(users.roleId, ROLE_IDS.student), eq(users.status, 1)),
    )
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** A student (any status) by id, for the admin; 404 for a user who is no student. */
export async function anyStudent(db: Executor, studentId: number): Promise<{ id: number; name: string }> {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .innerJoin(students, eq(students.userId, users.id))
    .where(and(eq(users.id, studentId), eq(users.roleId, ROLE_IDS.student)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** Whether any user has this username (any case). */
export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}
