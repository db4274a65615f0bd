import { z } from 'zod';
import { idParam } from '../fields.js';

/** Paths under /api/student/my-classes (the class is always `classId`, as in the student forum paths). */
export const myClassParams = z.object({ classId: idParam });
export const myClassLessonParams = myClassParams.extend({ lessonId: idParam });

/** An assignment on the student's dashboard: not handed in yet and its deadline not passed. */
export const upcomingAssignment = z.object({
  id: z.number(),
  title: z.string(),
  deadline: z.string(),
  content_id: z.number(),
  online_class: z.object({ id: z.number(), name: z.string() }),
});
export type UpcomingAssignment = z.infer<typeof upcomingAssignment>;

/**
 * A quiz on the student's dashboard (issue 23): shown to students, open now or opening later, not
 * closed, and still to take (attempts left, or one in progress). The web opens it at
 * /my-classes/{online_class.id}/contents/{content_id}/quizzes/{id}.
 */
export const upcomingQuiz = z.object({
  id: z.number(),
  title: z.string(),
  content_id: z.number(),
  online_class: z.object({ id: z.number(), name: z.string() }),
  /** Null: open from the start. */
  opens_at: z.string().nullable(),
  /** Null: never closes. */
  closes_at: z.string().nullable(),
  /** Minutes an attempt may last; null: no limit but the closing time. */
  time_limit: z.number().nullable(),
  /** Attempts the student may still start besides one in progress; null: unlimited. */
  attempts_left: z.number().nullable(),
  /** The student has an attempt running (its time not up). */
  in_progress: z.boolean(),
});
export type UpcomingQuiz = z.infer<typeof upcomingQuiz>;
