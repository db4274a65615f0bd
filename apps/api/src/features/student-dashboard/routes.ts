import { ok, upcomingAssignment, upcomingQuiz } from '@kelasku/contract';
import type { App } from '../../types.js';
import { upcomingAssignments, upcomingQuizzes } from './queries.js';
import { toUpcoming, toUpcomingQuiz } from './present.js';

/**
 * /api/student/upcoming-assignments and /api/student/upcoming-quizzes: the work due on the student's
 * dashboard ("Upcoming Assignments").
 */
export default async function studentDashboardRoutes(app: App): Promise<void> {
  app.get(
    '/upcoming-assignments',
    {
      schema: {
        tags: ['student: dashboard'],
        summary:
          "Assignments of the student's classes whose deadline has not passed and that the student has not handed in, " +
          'soonest first (the "lihat" link is /my-classes/{online_class.id}/submissions/{id})',
        response: { 200: ok(upcomingAssignment.array()) },
      },
    },
    async (request) => {
      return { success: true as const, data: (await upcomingAssignments(app.db, request.user.id)).map(toUpcoming) };
    },
  );

  app.get(
    '/upcoming-quizzes',
    {
      schema: {
        tags: ['student: dashboard'],
        summary:
          "Quizzes of the student's classes that are shown, open now or opening later and not closed, with attempts left or " +
          'one in progress; by closing time, those that never close last (the quiz page is ' +
          '/my-classes/{online_class.id}/contents/{content_id}/quizzes/{id})',
        response: { 200: ok(upcomingQuiz.array()) },
      },
    },
    async (request) => {
      return { success: true as const, data: (await upcomingQuizzes(app.db, request.user.id)).map(toUpcomingQuiz) };
    },
  );
}
