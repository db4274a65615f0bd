import type { UpcomingAssignment } from '@kelasku/contract';
import type { upcomingAssignments } from './queries.js';

type UpcomingRow = Awaited<ReturnType<typeof upcomingAssignments>>[number];

/** An upcoming assignment with the class it belongs to (the "lihat" link needs both ids). */
export const toUpcoming = (r: UpcomingRow): UpcomingAssignment => ({
  id: r.id,
  title: r.title,
  deadline: r.deadline.toISOString(),
  content_id: r.contentId,
  online_class: { id: r.classId, name: r.className },
});
