import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { classGradeSettings, gradeCategories, gradeCategoryDefaults } from '../../db/schema.js';

export type GradeCategoryRow = typeof gradeCategories.$inferSelect;

export interface ClassScheme {
  categories: GradeCategoryRow[];
  kktp: number;
  releasedAt: Date | null;
  revision: number;
}

/**
 * A class's scheme: its categories in order, its KKTP, release and revision. The first read copies
 * the school's default categories into the class (one INSERT … SELECT, safe when two requests race:
 * the copy is skipped when the class has any category, and the settings row is made once).
 */
export async function loadScheme(db: Executor, classId: number): Promise<ClassScheme> {
  let categories = await db
    .select()
    .from(gradeCategories)
    .where(eq(gradeCategories.onlineClassId, classId))
    .orderBy(asc(gradeCategories.position), asc(gradeCategories.id));
  if (categories.length === 0) {
    await db.execute(sql`
      insert into grade_categories (online_class_id, name, weight, drop_lowest, missing_counts_zero, erapor_part, position)
      select ${classId}, d.name, d.weight, d.drop_lowest, d.missing_counts_zero, d.erapor_part, d.position
      from grade_category_defaults d
      where not exists (select 1 from grade_categories c where c.online_class_id = ${classId})
      on conflict do nothing`);
    categories = await db
      .select()
      .from(gradeCategories)
      .where(eq(gradeCategories.onlineClassId, classId))
      .orderBy(asc(gradeCategories.position), asc(gradeCategories.id));
  }
  const settingsOf = () => db.select().from(classGradeSettings).where(eq(classGradeSettings.onlineClassId, classId));
  let [settings] = await settingsOf();
  if (!settings) {
    await db.insert(classGradeSettings).values({ onlineClassId: classId }).onConflictDoNothing();
    [settings] = await settingsOf();
  }
  return { categories, kktp: settings!.kktp, releasedAt: settings!.releasedAt, revision: settings!.revision };
}

// ---------------------------------------------------------------- issue 39: the scheme's reads and writes

/** A category as a body gives it (validated by the contract's categoryBody). */
export interface CategoryValue {
  id?: number;
  name: string;
  weight: number;
  drop_lowest: number;
  missing_counts_zero: boolean;
  erapor_part: 'lingkup_materi' | 'akhir_tes' | 'akhir_non_tes' | null;
}

const categoryValues = (c: CategoryValue, position: number) => ({
  name: c.name,
  weight: c.weight,
  dropLowest: c.drop_lowest,
  missingCountsZero: c.missing_counts_zero,
  eraporPart: c.erapor_part,
  position,
});

/** The school's default categories, in order. */
export const listDefaults = (db: Executor) =>
  db.select().from(gradeCategoryDefaults).orderBy(asc(gradeCategoryDefaults.position), asc(gradeCategoryDefaults.id));

/** Replaces the school's default categories (they are copied, never referenced: new rows each time). */
export async function replaceDefaults(tx: Executor, categories: CategoryValue[]): Promise<void> {
  await tx.delete(gradeCategoryDefaults);
  await tx.insert(gradeCategoryDefaults).values(categories.map((c, i) => categoryValues(c, i)));
}

/** What the scheme of a class hangs on: its subject and rombel grade (teaching assignment), and its semester's lock. */
export async function classContext(db: Executor, classId: number) {
  const { rows } = await db.execute<{ subject_id: number | null; subject_name: string | null; grade: number | null; locked: boolean }>(sql`
    select ta.subject_id, s.name as subject_name, r.grade, coalesce(sem.grades_locked_at is not null, false) as locked
    from online_classes oc
      left join teaching_assignments ta on ta.online_class_id = oc.id
      left join subjects s on s.id = ta.subject_id
      left join rombel_classes r on r.id = ta.rombel_class_id
      left join semesters sem on sem.id = ta.semester_id
    where oc.id = ${classId}`);
  const row = rows[0];
  return {
    subject: row?.subject_id ? { id: Number(row.subject_id), name: row.subject_name ?? '' } : null,
    grade: row?.grade === null || row?.grade === undefined ? null : Number(row.grade),
    locked: row?.locked === true,
  };
}
export type ClassContext = Awaited<ReturnType<typeof classContext>>;

/**
 * The assignments and quizzes of a class per category id; work without a category counts in the
 * first category (`firstId`). One query.
 */
export async function workCounts(db: Executor, classId: number, firstId: number | null): Promise<Map<number, number>> {
  const { rows } = await db.execute<{ category_id: number | null; n: number }>(sql`
    select w.category_id, count(*)::int as n from (
      select a.category_id from assignments a join contents c on c.id = a.content_id where c.online_class_id = ${classId}
      union all
      select z.category_id from quizzes z join contents c on c.id = z.content_id where c.online_class_id = ${classId}
    ) w group by w.category_id`);
  const counts = new Map<number, number>();
  for (const r of rows) {
    const id = r.category_id === null ? firstId : Number(r.category_id);
    if (id !== null) counts.set(id, (counts.get(id) ?? 0) + Number(r.n));
  }
  return counts;
}

/** The class's settings row, locked to the end of the transaction (two saves of one scheme wait for each other). */
export async function lockSettings(tx: Executor, classId: number) {
  const [row] = await tx.select().from(classGradeSettings).where(eq(classGradeSettings.onlineClassId, classId)).for('update');
  return row!;
}

/**
 * Writes a class's categories as the body gives them: those with an id are updated, those without
 * inserted, the others (already checked to hold no work) deleted. Names are first moved aside, so
 * two categories may swap names. A fixed number of statements whatever the size.
 */
export async function replaceClassCategories(tx: Executor, classId: number, current: GradeCategoryRow[], next: CategoryValue[]) {
  const kept = new Set(next.flatMap((c) => (c.id === undefined ? [] : [c.id])));
  const gone = current.filter((c) => !kept.has(c.id)).map((c) => c.id);
  if (gone.length) await tx.delete(gradeCategories).where(inArray(gradeCategories.id, gone));
  const updates = next.map((c, i) => ({ c, i })).filter(({ c }) => c.id !== undefined);
  if (updates.length) {
    const ids = updates.map(({ c }) => c.id!);
    await tx
      .update(gradeCategories)
      .set({ name: sql`'\u0001' || ${gradeCategories.id}::text` })
      .where(and(eq(gradeCategories.onlineClassId, classId), inArray(gradeCategories.id, ids)));
    const values = sql.join(
      updates.map(
        ({ c, i }) =>
          sql`(${c.id!}::int, ${c.name}::text, ${c.weight}::int, ${c.drop_lowest}::int, ${c.missing_counts_zero}::boolean, ${c.erapor_part}::text, ${i}::int)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update grade_categories g set name = v.name, weight = v.weight, drop_lowest = v.drop_lowest,
        missing_counts_zero = v.mcz, erapor_part = v.part, position = v.pos
      from (values ${values}) as v(id, name, weight, drop_lowest, mcz, part, pos)
      where g.id = v.id and g.online_class_id = ${classId}`);
  }
  const inserts = next.map((c, i) => ({ c, i })).filter(({ c }) => c.id === undefined);
  if (inserts.length) {
    await tx.insert(gradeCategories).values(inserts.map(({ c, i }) => ({ ...categoryValues(c, i), onlineClassId: classId })));
  }
}

/** Saves the class's KKTP and bumps its revision. */
export async function bumpSettings(tx: Executor, classId: number, kktp: number, userId: number): Promise<void> {
  await tx
    .update(classGradeSettings)
    .set({ kktp, revision: sql`${classGradeSettings.revision} + 1`, updatedBy: userId, updatedAt: new Date() })
    .where(eq(classGradeSettings.onlineClassId, classId));
}

/** Shows (now) or hides the class's final grades. */
export async function setReleased(tx: Executor, classId: number, released: boolean, userId: number): Promise<void> {
  await tx
    .update(classGradeSettings)
    .set({ releasedAt: released ? new Date() : null, updatedBy: userId, updatedAt: new Date() })
    .where(eq(classGradeSettings.onlineClassId, classId));
}
