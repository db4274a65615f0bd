/** What several areas' rows need of the school year: the active semester, and a wali kelas for a chain's rombel. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { homerooms, semesters } from '../../src/db/schema.js';

export async function activeSemesterId(db: Db): Promise<number> {
  const [row] = await db.select({ id: semesters.id }).from(semesters).where(eq(semesters.active, true));
  return row!.id;
}

/** `teacherId` is wali kelas of the rombel this semester (kept as it is when the rombel has one). */
export async function makeHomeroom(db: Db, rombelId: number, teacherId: number): Promise<void> {
  await db
    .insert(homerooms)
    .values({ semesterId: await activeSemesterId(db), rombelClassId: rombelId, teacherId })
    .onConflictDoNothing();
}
