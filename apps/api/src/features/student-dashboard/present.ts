import type { MyWorkItem, UpcomingAssignment } from '@kelasku/contract';

/** An upcoming assignment with the class it belongs to (the "lihat" link needs both ids). */
export const toUpcoming = (r: MyWorkItem): UpcomingAssignment => ({
  id: r.id,
  title: r.title,
  deadline: r.deadline,
  content_id: r.content_id,
  online_class: r.online_class,
});
