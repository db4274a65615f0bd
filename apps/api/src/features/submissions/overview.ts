/** "Tugas Saya" and "Nilai Saya" of a student: the student's own pages, and a parent's of their child (issue 40). */
import { averageScore, type MyClassGrades, type MyWorkItem, type MyWorkTab } from '@kelasku/contract';
import type { Db } from '../../db/client.js';
import { workOfStudent } from './queries.js';
import { myWork, toMyWorkItem } from './present.js';

/** Every assignment of the student's classes with their deadline, state and score; `tab` narrows and orders them. One query. */
export async function workOf(db: Db, studentId: number, tab: MyWorkTab | undefined): Promise<MyWorkItem[]> {
  return myWork(
    (await workOfStudent(db, studentId)).map((r) => toMyWorkItem(r)),
    tab,
  );
}

/** Per class (by name) the student's assignments (by deadline) with score and feedback, and the average of the graded ones. One query. */
export async function gradesOf(db: Db, studentId: number): Promise<MyClassGrades[]> {
  const now = new Date();
  const byClass = new Map<number, MyClassGrades>();
  for (const r of await workOfStudent(db, studentId)) {
    let entry = byClass.get(r.classId);
    if (!entry) byClass.set(r.classId, (entry = { online_class: { id: r.classId, name: r.className }, average: null, items: [] }));
    entry.items.push(toMyWorkItem(r, now));
  }
  // Work awaiting a new grade counts with its last one, as in the gradebook (issue 39).
  return [...byClass.values()].map((c) => ({ ...c, average: averageScore(c.items.map((i) => i.score ?? i.last_score)) }));
}
