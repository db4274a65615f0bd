import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { learningObjectives, onlineClasses, rombelClasses, subjects, teachingAssignments } from '../../db/schema.js';
import type { EraporClassInfo } from './fill.js';

/**
 * What a template is checked against: the class's subject (its teaching assignment) and rombel
 * names, and its TPs (in the order given) with the e-Rapor ids Kelasku remembers. Two queries.
 */
export async function eraporClassInfo(db: Db, classId: number, objectiveIds: number[]): Promise<EraporClassInfo> {
  const [names] = await db
    .select({ subject: subjects.name, rombel: rombelClasses.name })
    .from(onlineClasses)
    .leftJoin(rombelClasses, eq(rombelClasses.id, onlineClasses.rombelClassId))
    .leftJoin(teachingAssignments, eq(teachingAssignments.onlineClassId, onlineClasses.id))
    .leftJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .where(eq(onlineClasses.id, classId))
    .limit(1);
  const ids = objectiveIds.length
    ? await db
        .select({ id: learningObjectives.id, eraporId: learningObjectives.eraporId })
        .from(learningObjectives)
        .where(inArray(learningObjectives.id, objectiveIds))
    : [];
  const eraporOf = new Map(ids.map((r) => [r.id, r.eraporId]));
  return {
    subject: names?.subject ?? '-',
    rombel: names?.rombel ?? '-',
    objectives: objectiveIds.map((id) => ({ id, eraporId: eraporOf.get(id) ?? null })),
  };
}

/** Remembers e-Rapor's tp_id of TPs matched by order (one statement). */
export async function rememberEraporIds(db: Db, rows: Array<{ id: number; eraporId: string }>): Promise<void> {
  if (rows.length === 0) return;
  const cases = sql.join(
    rows.map((r) => sql`when ${r.id} then ${r.eraporId}`),
    sql` `,
  );
  await db
    .update(learningObjectives)
    .set({ eraporId: sql`case ${learningObjectives.id} ${cases} end` })
    .where(
      inArray(
        learningObjectives.id,
        rows.map((r) => r.id),
      ),
    );
}
