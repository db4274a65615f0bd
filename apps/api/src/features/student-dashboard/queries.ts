import type { Db } from '../../db/client.js';
import { workOfStudent } from '../submissions/queries.js';
import { toMyWorkItem } from '../submissions/present.js';

/**
 * Assignments of the classes of the student's rombel that are still to do: nothing handed in and
 * this student's deadline (an extension moves it) not passed; soonest first. One query.
 */
export async function upcomingAssignments(db: Db, studentId: number) {
  const now = new Date();
  return (await workOfStudent(db, studentId))
    .map((r) => toMyWorkItem(r, now))
    .filter((i) => i.state === 'todo')
    .sort((x, y) => Date.parse(x.deadline) - Date.parse(y.deadline) || x.id - y.id);
}
