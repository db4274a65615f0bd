import { classQuestionCategoryParams, errorEnvelope, ok, questionCategory } from '@kelasku/contract';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { questionCategories, questions } from '../../db/schema.js';
import { classForTeacher } from '../../access/index.js';
import type { App } from '../../types.js';

/** The name column's length (varchar(100)). */
const NAME_MAX = 100;
/** How many names ("X", "X (2)", …) are tried before giving up: a teacher does not hold that many. */
const NAME_TRIES = 50;

/** The class's name, or with " (n)" after it when the teacher already has a category of that name. */
export function classCategoryName(className: string, n: number): string {
  const suffix = n === 1 ? '' : ` (${n})`;
  return `${className
    .trim()
    .slice(0, NAME_MAX - suffix.length)
    .trim()}${suffix}`;
}

async function findClassCategory(db: Db, teacherId: number, classId: number) {
  const [row] = await db
    .select({ id: questionCategories.id, name: questionCategories.name })
    .from(questionCategories)
    .where(and(eq(questionCategories.teacherId, teacherId), eq(questionCategories.classId, classId)))
    .limit(1);
  return row ?? null;
}

/**
 * The category of the teacher's bank that "Tambah soal" of this class's quizzes saves into, made on
 * first use and named after the class. Race-safe: an insert that meets the (teacher, class) index
 * (a parallel call made it) or the (teacher, lower(name)) one (the teacher has that name already)
 * does nothing; the next round finds the parallel call's category or tries the next name.
 */
export async function classCategoryOf(db: Db, teacherId: number, klass: { id: number; name: string }) {
  for (let n = 1; n <= NAME_TRIES; n++) {
    const found = await findClassCategory(db, teacherId, klass.id);
    if (found) return found;
    const [made] = await db
      .insert(questionCategories)
      .values({ teacherId, classId: klass.id, name: classCategoryName(klass.name, n) })
      .onConflictDoNothing()
      .returning({ id: questionCategories.id, name: questionCategories.name });
    if (made) return made;
  }
  const found = await findClassCategory(db, teacherId, klass.id);
  if (found) return found;
  throw new Error(`no free category name for class ${klass.id}`);
}

/** GET /api/teacher/classes/:classId/question-category: the class's category of the caller's bank ("Tambah soal" in the quiz form). */
export function classCategoryRoutes(app: App, tags: string[]): void {
  app.get(
    '/classes/:classId/question-category',
    {
      schema: {
        tags,
        summary:
          "The class's category of the caller's bank, where questions written in a quiz of the class go; made on first use, " +
          'named after the class (with " (2)" when the teacher already has that name). Another teacher\'s class: 404.',
        params: classQuestionCategoryParams,
        response: { 200: ok(questionCategory), 404: errorEnvelope },
      },
    },
    async (request) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'read');
      const category = await classCategoryOf(app.db, request.user.id, klass);
      const [n] = await app.db.select({ n: count() }).from(questions).where(eq(questions.categoryId, category.id));
      return { success: true as const, data: { id: category.id, name: category.name, question_count: n?.n ?? 0 } };
    },
  );
}
