/**
 * "Kunci nilai" (issue 39): once the admin locks a semester's grades, every grade write of its
 * classes is refused with 409 until the admin unlocks it. A class's semester is the one of its
 * teaching assignment; a class without one (made before the school year existed) is never locked.
 */
import { sql } from 'drizzle-orm';
import { GRADE_MSG } from '@kelasku/contract';
import type { Executor } from '../db/client.js';
import { conflict } from '../http/errors.js';

/** True when the class's semester has its grades locked. One query. */
export async function gradesLocked(db: Executor, classId: number): Promise<boolean> {
  const rows = await db.execute<{ locked: boolean }>(sql`
    select s.grades_locked_at is not null as locked
    from teaching_assignments ta join semesters s on s.id = ta.semester_id
    where ta.online_class_id = ${classId}`);
  return rows.rows[0]?.locked ?? false;
}

/** Refuses (409 GRADE_MSG.locked) a grade write in a class whose semester's grades are locked. */
export async function assertGradesOpen(db: Executor, classId: number): Promise<void> {
  if (await gradesLocked(db, classId)) throw conflict(GRADE_MSG.locked);
}
