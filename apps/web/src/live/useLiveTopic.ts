import { useEffect } from 'react';
import { useParams } from 'react-router';
import { isId, topicKey, type LiveTopic } from './topic';

/**
 * The topics the mounted pages want, newest last. The tab's one stream (useLiveStream, in the
 * signed-in layout) follows the newest; this module holds no connection, so a page that calls
 * useLiveTopic costs its chunk a few lines, not the stream client.
 */
const wanted: { topic: LiveTopic }[] = [];
const listeners = new Set<() => void>();

/** The topic of the page on screen, or null. */
export function currentTopic(): LiveTopic | null {
  return wanted[wanted.length - 1]?.topic ?? null;
}

/** Calls `listener` whenever the wanted topic may have changed; returns the unsubscribe. */
export function onTopicChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Adds a wanted topic; returns its removal. */
export function wantTopic(topic: LiveTopic): () => void {
  const entry = { topic };
  wanted.push(entry);
  listeners.forEach((l) => l());
  return () => {
    const i = wanted.indexOf(entry);
    if (i >= 0) wanted.splice(i, 1);
    listeners.forEach((l) => l());
  };
}

/**
 * While the calling page is mounted, the tab's live stream also carries the changes of its forum
 * thread or grading column, and its queries are refreshed when one arrives:
 * `useLiveTopic({ forum: { classId, contentId, forumId } })`, `useLiveTopic({ assignment: r })`,
 * `useLiveTopic({ meeting: { classId, meetingId } })` (a meeting's attendance).
 */
export function useLiveTopic(topic: LiveTopic | null): void {
  const key = topicKey(topic);
  useEffect(() => {
    const parsed = parseTopicKey(key);
    return parsed ? wantTopic(parsed) : undefined;
  }, [key]);
}

/** The forum thread of the route (`:classId/contents/:lessonId/forums/:forumId`) on the live stream. */
export function useLiveForumTopic(): void {
  const params = useParams();
  const forum = { classId: Number(params.classId), lessonId: Number(params.lessonId), forumId: Number(params.forumId) };
  useLiveTopic(isId(forum.classId) && isId(forum.lessonId) && isId(forum.forumId) ? { forum } : null);
}

/** The topic back from its key (the effect depends on the key only: a new object each render is the same topic). */
export function parseTopicKey(key: string): LiveTopic | null {
  const meeting = /^meeting:(\d+)\/(\d+)$/.exec(key);
  if (meeting) return { meeting: { classId: Number(meeting[1]), meetingId: Number(meeting[2]) } };
  const m = /^(forum|assignment|exam):(\d+)\/(\d+)\/(\d+)$/.exec(key);
  if (!m) return null;
  const [classId, lessonId, id] = [Number(m[2]), Number(m[3]), Number(m[4])];
  if (m[1] === 'exam') return { exam: { classId, lessonId, id } };
  return m[1] === 'forum' ? { forum: { classId, lessonId, forumId: id } } : { assignment: { classId, lessonId, id } };
}
