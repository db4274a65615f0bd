import type { Db } from '../../db/client.js';
import { workOfStudent } from '../submissions/queries.js';
import { myWork, toMyWorkItem } from '../submissions/present.js';

/**
 * Assignments of the classes of the student's rombel that are still to do: nothing handed in and
 * this student's deadline (an extension moves it) not passed; soonest first. One query.
 */
export async function upcomingAssignments(db: Db, studentId: number) {
  return myWork(
    (await workOfStudent(db, studentId)).map((r) => toMyWorkItem(r)),
    'todo',
  );
}
