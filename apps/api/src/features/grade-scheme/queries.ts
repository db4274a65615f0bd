import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { classGradeSettings, gradeCategories } from '../../db/schema.js';

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
