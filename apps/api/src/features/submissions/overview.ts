/**
 * "Tugas Saya" and "Nilai Saya" of a student: the student's own pages, and a parent's of their child
 * (issue 40). Assignments and quizzes (issue 41) together; two queries whatever the amount of work.
 */
import { averageScore, type MyClassGrades, type MyWorkItem, type MyWorkTab } from '@kelasku/contract';
import type { Db } from '../../db/client.js';
import { workOfStudent } from './queries.js';
import { myWork, toMyWorkItem } from './present.js';
import { quizWorkOfStudent, toQuizWorkItem } from './quiz-work.js';

const byName = (x: string, y: string) => x.localeCompare(y, 'id', { sensitivity: 'base' });
const deadlineOf = (w: MyWorkItem) => (w.deadline === null ? Number.POSITIVE_INFINITY : Date.parse(w.deadline));

/** Every assignment and quiz of the student's classes, by class name then deadline (a quiz's closing time, never-closing last). */
async function allWorkOf(db: Db, studentId: number, now: Date): Promise<MyWorkItem[]> {
  const assignments = (await workOfStudent(db, studentId)).map((r) => toMyWorkItem(r, now));
  const quizzes = (await quizWorkOfStudent(db, studentId)).map(toQuizWorkItem);
  return [...assignments, ...quizzes].sort(
    (x, y) =>
      byName(x.online_class.name, y.online_class.name) ||
      x.online_class.id - y.online_class.id ||
      deadlineOf(x) - deadlineOf(y) ||
      (x.kind === y.kind ? 0 : x.kind === 'assignment' ? -1 : 1) ||
      x.id - y.id,
  );
}

/** Every assignment and quiz of the student's classes with their deadline, state and score; `tab` narrows and orders them. Two queries. */
export async function workOf(db: Db, studentId: number, tab: MyWorkTab | undefined): Promise<MyWorkItem[]> {
  return myWork(await allWorkOf(db, studentId, new Date()), tab);
}

/**
 * Per class (by name) the student's assignments and quizzes (by deadline) with score and feedback, and
 * the average of the graded ones (a quiz's grade only where the student may see it). Two queries.
 */
export async function gradesOf(db: Db, studentId: number): Promise<MyClassGrades[]> {
  const byClass = new Map<number, MyClassGrades>();
  for (const w of await allWorkOf(db, studentId, new Date())) {
    let entry = byClass.get(w.online_class.id);
    if (!entry) byClass.set(w.online_class.id, (entry = { online_class: w.online_class, average: null, items: [] }));
    entry.items.push(w);
  }
  // Work awaiting a new grade counts with its last one, as in the gradebook (issue 39).
  return [...byClass.values()].map((c) => ({ ...c, average: averageScore(c.items.map((i) => i.score ?? i.last_score)) }));
}
