import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { students } from '../../db/schema.js';

/** The student's rombel, or null when their profile has none yet. */
export async function rombelOf(db: Executor, studentId: number): Promise<number | null> {
  const [row] = await db.select({ rombelId: students.rombelClassId }).from(students).where(eq(students.userId, studentId));
  return row?.rombelId ?? null;
}
