import { z } from 'zod';
import { idParam } from '../fields.js';

/** Paths under /api/student/my-classes (the class is always `classId`, as in the student forum paths). */
export const myClassParams = z.object({ classId: idParam });
export const myClassContentParams = myClassParams.extend({ contentId: idParam });

/** An assignment on the student's dashboard: not handed in yet and its deadline not passed. */
export const upcomingAssignment = z.object({
  id: z.number(),
  title: z.string(),
  deadline: z.string(),
  content_id: z.number(),
  online_class: z.object({ id: z.number(), name: z.string() }),
});
export type UpcomingAssignment = z.infer<typeof upcomingAssignment>;
