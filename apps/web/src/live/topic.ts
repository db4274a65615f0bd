import type { MeetingRef } from '../api/checkin';
import type { AssignmentRef, ForumPath } from '../api/keys';
import type { QuizRef } from '../api/quizzes';

/**
 * What the page on screen wants from the live stream besides the bell: the changes of one forum
 * thread, or (teacher) of one assignment's grading columns, or (teacher) of one meeting's
 * attendance (issue 38: check-ins as they come).
 */
export type LiveTopic = { forum: ForumPath } | { assignment: AssignmentRef } | { meeting: MeetingRef } | { exam: QuizRef };

export const LIVE_PATH = '/api/live';

/** A topic as text, to compare two of them ('' for none). */
export function topicKey(topic: LiveTopic | null): string {
  if (!topic) return '';
  if ('forum' in topic) return `forum:${topic.forum.classId}/${topic.forum.lessonId}/${topic.forum.forumId}`;
  if ('meeting' in topic) return `meeting:${topic.meeting.classId}/${topic.meeting.meetingId}`;
  if ('exam' in topic) return `exam:${topic.exam.classId}/${topic.exam.lessonId}/${topic.exam.id}`;
  return `assignment:${topic.assignment.classId}/${topic.assignment.lessonId}/${topic.assignment.id}`;
}

/**
 * The stream's address: `/api/live` carries the caller's notifications; a topic adds its thread or
 * grading column; `last_event_id` resumes after the last event this tab has seen (a reopened stream
 * is sent what it missed, once). The library's own reconnects send `Last-Event-ID`, which the server
 * prefers, so the id in the address never holds a reconnect back.
 */
export function liveUrl(topic: LiveTopic | null, lastEventId: string | null): string {
  const query = new URLSearchParams();
  if (topic && 'forum' in topic) {
    query.set('class', String(topic.forum.classId));
    query.set('content', String(topic.forum.lessonId));
    query.set('forum', String(topic.forum.forumId));
  } else if (topic && 'meeting' in topic) {
    query.set('class', String(topic.meeting.classId));
    query.set('meeting', String(topic.meeting.meetingId));
  } else if (topic && 'exam' in topic) {
    query.set('class', String(topic.exam.classId));
    query.set('content', String(topic.exam.lessonId));
    query.set('quiz', String(topic.exam.id));
  } else if (topic) {
    query.set('class', String(topic.assignment.classId));
    query.set('content', String(topic.assignment.lessonId));
    query.set('assignment', String(topic.assignment.id));
  }
  if (lastEventId) query.set('last_event_id', lastEventId);
  const text = query.toString();
  return text ? `${LIVE_PATH}?${text}` : LIVE_PATH;
}

/** Whether a route parameter is a plausible id (a page with another one shows Not Found and wants no topic). */
export const isId = (n: number) => Number.isInteger(n) && n > 0 && n < 2 ** 31;
