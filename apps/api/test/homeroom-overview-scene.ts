/**
 * Issue 40 tests of "Kelas Perwalian": another subject's class for a report scene's rombel (its
 * teaching assignment this semester, the school's default categories), assignments in a chosen
 * category, and dates of this month (WIB) away from today.
 */
import { eq } from 'drizzle-orm';
import { assignments, teachingAssignments, teachingAssignmentTeachers } from '../src/db/schema.js';
import type { TestContext } from './helpers.js';
import type { TestUser } from './factory.js';
import { makeSubject } from './teaching-helpers.js';
import { copyDefaultCategories } from './report-grades-scene.js';
import { wibDate } from './attendance-scene.js';

export const DAY = 24 * 3600_000;
export const YESTERDAY = () => new Date(Date.now() - DAY);
export const TOMORROW = () => new Date(Date.now() + DAY);

/** A class of a new subject `name` for the rombel this semester, taught by `teacher`, with one content; its categories in order. */
export async function subjectClass(
  t: TestContext,
  s: { semesterId: number; rombelId: number; rombelName: string },
  name: string,
  teacher: TestUser,
) {
  const subject = await makeSubject(t, name);
  const klass = await t.factory.onlineClass(teacher.id, { rombelId: s.rombelId, name: `${name} ${s.rombelName}` });
  const [ta] = await t.db
    .insert(teachingAssignments)
    .values({ semesterId: s.semesterId, rombelClassId: s.rombelId, subjectId: subject.id, onlineClassId: klass.id })
    .returning();
  await t.db.insert(teachingAssignmentTeachers).values({ assignmentId: ta!.id, teacherId: teacher.id, position: 0 });
  const categories = await copyDefaultCategories(t, klass.id);
  const lesson = await t.factory.content(klass.id);
  return { klass, subject, categories, lessonId: lesson.id };
}

/** An assignment of the content in the category, with its deadline (and closing time). */
export async function workIn(
  t: TestContext,
  lessonId: number,
  teacherId: number,
  o: { categoryId: number; deadline: Date; closesAt?: Date; hidden?: boolean },
) {
  const a = await t.factory.assignment(lessonId, teacherId, { deadline: o.deadline });
  await t.db
    .update(assignments)
    .set({ categoryId: o.categoryId, closesAt: o.closesAt ?? null, hidden: o.hidden ?? false })
    .where(eq(assignments.id, a.id));
  return a;
}

/** `n` dates of this month (WIB), none of them today. */
export function otherDaysThisMonth(n: number): string[] {
  const today = wibDate(0);
  const out: string[] = [];
  for (let d = 1; out.length < n; d++) {
    const date = `${today.slice(0, 7)}-${String(d).padStart(2, '0')}`;
    if (date !== today) out.push(date);
  }
  return out;
}
