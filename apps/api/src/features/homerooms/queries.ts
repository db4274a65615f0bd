import { and, asc, eq, sql } from 'drizzle-orm';
import { semesterLabel } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { homerooms, rombelClasses, semesters, teachers, users } from '../../db/schema.js';

/** Every rombel (by grade, then name) with its wali kelas of the semester, or none; one query. */
export function homeroomRows(db: Executor, semesterId: number, rombelId?: number) {
  return db
    .select({
      rombelId: rombelClasses.id,
      rombelName: rombelClasses.name,
      grade: rombelClasses.grade,
      teacherId: homerooms.teacherId,
      teacherName: users.name,
      nip: teachers.nip,
    })
    .from(rombelClasses)
    .leftJoin(homerooms, and(eq(homerooms.rombelClassId, rombelClasses.id), eq(homerooms.semesterId, semesterId)))
    .leftJoin(users, eq(users.id, homerooms.teacherId))
    .leftJoin(teachers, eq(teachers.userId, homerooms.teacherId))
    .where(rombelId === undefined ? undefined : eq(rombelClasses.id, rombelId))
    .orderBy(asc(rombelClasses.grade), asc(sql`lower(${rombelClasses.name})`), asc(rombelClasses.id));
}
export type HomeroomRow = Awaited<ReturnType<typeof homeroomRows>>[number];

/** The semester asked for, or the active one when none is named; null when there is no such semester. */
export async function semesterFor(db: Executor, id: number | undefined): Promise<{ id: number; label: string } | null> {
  const [row] = await db
    .select({ id: semesters.id, schoolYear: semesters.schoolYear, term: semesters.term })
    .from(semesters)
    .where(id === undefined ? eq(semesters.active, true) : eq(semesters.id, id));
  return row ? { id: row.id, label: semesterLabel({ school_year: row.schoolYear, term: row.term }) } : null;
}

/** A user who may be named a wali kelas: their role and status decide. */
export async function teacherCandidate(db: Executor, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, roleId: users.roleId, status: users.status })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** The rombel's current wali kelas of the semester, its row locked until the transaction ends. */
export async function lockHomeroom(tx: Executor, semesterId: number, rombelId: number) {
  const [row] = await tx
    .select({ teacherId: homerooms.teacherId, name: users.name })
    .from(homerooms)
    .innerJoin(users, eq(users.id, homerooms.teacherId))
    .where(and(eq(homerooms.semesterId, semesterId), eq(homerooms.rombelClassId, rombelId)))
    .for('update', { of: homerooms });
  return row ?? null;
}

export async function setHomeroom(tx: Executor, semesterId: number, rombelId: number, teacherId: number | null): Promise<void> {
  if (teacherId === null) {
    await tx.delete(homerooms).where(and(eq(homerooms.semesterId, semesterId), eq(homerooms.rombelClassId, rombelId)));
    return;
  }
  await tx
    .insert(homerooms)
    .values({ semesterId, rombelClassId: rombelId, teacherId })
    .onConflictDoUpdate({ target: [homerooms.semesterId, homerooms.rombelClassId], set: { teacherId } });
}
