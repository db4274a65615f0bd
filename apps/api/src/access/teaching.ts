/**
 * Team teaching (issue 37): a class is taught by its owner (online_classes.teacher_id, the first
 * teacher of its teaching assignment) and by every other teacher listed on that assignment. Every
 * teacher's reach of a class goes through this one condition, so they all reach it alike.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * "The user teaches this class", as a condition on a query over online_classes: `alias` is the
 * name the query gives the table (drizzle's unaliased onlineClasses, or `oc` in raw SQL).
 */
export function teachesClass(userId: number | Placeholder, alias: 'online_classes' | 'oc' = 'online_classes'): SQL {
  const klass = sql.raw(`"${alias}"`);
  return sql`(${klass}.teacher_id = ${userId} or exists (
    select 1 from teaching_assignments ta
      join teaching_assignment_teachers tat on tat.assignment_id = ta.id
    where ta.online_class_id = ${klass}.id and tat.teacher_id = ${userId}))`;
}
