import type { QueryClient } from '@tanstack/react-query';
import type { LiveAttendanceEvent, LiveEventName, LiveForumEvent, LiveGradingEvent, LiveNotificationEvent } from '@kelasku/contract';
import { checkinKeys, type MeetingRef } from '../api/checkin';
import { keys, type AssignmentRef, type ForumPath } from '../api/keys';
import { receiveLiveNotification, receiveLiveRead } from '../api/notifications';
import type { LiveTopic } from './topic';

/** The thread, under whichever role's key the page holds it (the other is not cached: nothing happens). */
function refreshForum(qc: QueryClient, p: ForumPath) {
  void qc.invalidateQueries({ queryKey: keys.forumThread('teacher', p) });
  void qc.invalidateQueries({ queryKey: keys.forumThread('student', p) });
}

/** The grading columns and each student's work (one prefix), then the gradebook and the dashboard's waiting counts. */
function refreshGrading(qc: QueryClient, r: AssignmentRef) {
  void qc.invalidateQueries({ queryKey: keys.assignmentStudents(r) });
  void qc.invalidateQueries({ queryKey: keys.teacherGradebook(r.classId) });
  void qc.invalidateQueries({ queryKey: keys.teacherClasses, exact: true });
}

/** The meeting and everything read under it (its class list, its self check-in count). */
function refreshMeeting(qc: QueryClient, r: MeetingRef) {
  void qc.invalidateQueries({ queryKey: checkinKeys.meeting(r) });
}

function refreshTopic(qc: QueryClient, topic: LiveTopic | null) {
  if (!topic) return;
  if ('forum' in topic) refreshForum(qc, topic.forum);
  else if ('meeting' in topic) refreshMeeting(qc, topic.meeting);
  // examKeys.board (api/exams.ts), spelled out so the layout's chunk does not carry the quiz screens' api.
  else if ('exam' in topic)
    void qc.invalidateQueries({ queryKey: [...keys.teacherClass(topic.exam.classId), 'quizzes', topic.exam.id, 'proctor'] });
  else refreshGrading(qc, topic.assignment);
}

/** After the stream (re)opened, or a `reset`: the bell and the topic's queries are fetched again (only those on screen refetch). */
export function refreshAfterGap(qc: QueryClient, topic: LiveTopic | null) {
  void qc.invalidateQueries({ queryKey: keys.notifications.all });
  refreshTopic(qc, topic);
}

/**
 * One event of the stream into the query cache. `onNotification` is told of each new notification
 * (the layout shows a short toast).
 */
export function applyLiveEvent(
  qc: QueryClient,
  name: LiveEventName,
  data: unknown,
  topic: LiveTopic | null,
  onNotification?: (event: LiveNotificationEvent) => void,
) {
  switch (name) {
    case 'notification': {
      const event = data as LiveNotificationEvent;
      receiveLiveNotification(qc, event);
      onNotification?.(event);
      return;
    }
    case 'read':
      receiveLiveRead(qc, (data as { unread: number }).unread);
      return;
    case 'forum':
      if (topic && 'forum' in topic && topic.forum.forumId === (data as LiveForumEvent).forum_id) refreshForum(qc, topic.forum);
      return;
    case 'grading':
      if (topic && 'assignment' in topic && topic.assignment.id === (data as LiveGradingEvent).assignment_id) {
        refreshGrading(qc, topic.assignment);
      }
      return;
    case 'attendance':
      if (topic && 'meeting' in topic && topic.meeting.meetingId === (data as LiveAttendanceEvent).meeting_id)
        refreshMeeting(qc, topic.meeting);
      return;
    case 'exam':
      if (topic && 'exam' in topic && topic.exam.id === (data as { quiz_id: number }).quiz_id) refreshTopic(qc, topic);
      return;
    case 'reset':
      refreshAfterGap(qc, topic);
      return;
  }
}
