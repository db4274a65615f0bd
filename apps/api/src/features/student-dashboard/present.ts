import type { UpcomingAssignment, UpcomingQuiz } from '@kelasku/contract';
import type { AssignmentWorkItem } from '../submissions/present.js';
import type { UpcomingQuizRow } from './queries.js';

/** An upcoming assignment with the class it belongs to (the "lihat" link needs both ids). */
export const toUpcoming = (r: AssignmentWorkItem): UpcomingAssignment => ({
  id: r.id,
  title: r.title,
  deadline: r.deadline,
  content_id: r.content_id,
  online_class: r.online_class,
});

/** A quiz still to take, with the ids of its page (class, content, quiz). */
export const toUpcomingQuiz = (r: UpcomingQuizRow): UpcomingQuiz => ({
  id: r.id,
  title: r.title,
  content_id: r.lessonId,
  online_class: { id: r.classId, name: r.className },
  opens_at: r.opensAt?.toISOString() ?? null,
  closes_at: r.closesAt?.toISOString() ?? null,
  time_limit: r.timeLimitMinutes,
  attempts_left: r.attemptsAllowed === 0 ? null : Math.max(0, r.attemptsAllowed - r.made),
  in_progress: r.running,
});
