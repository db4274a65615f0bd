import { ok, upcomingAssignment } from '@kelasku/contract';
import type { App } from '../../types.js';
import { upcomingAssignments } from './queries.js';
import { toUpcoming } from './present.js';

/** /api/student/upcoming-assignments: the "Upcoming Assignments" panel of the student's dashboard. */
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
}
