import { describe, expect, it } from 'vitest';
import { liveUrl, topicKey } from './topic';
import { parseTopicKey } from './useLiveTopic';

const forum = { forum: { classId: 3, lessonId: 8, forumId: 21 } };
const assignment = { assignment: { classId: 3, lessonId: 9, id: 40 } };

describe('liveUrl', () => {
  it('without a topic or an id: only the caller’s notifications', () => {
    expect(liveUrl(null, null)).toBe('/api/live');
  });

  it('a forum thread: class, content and forum', () => {
    expect(liveUrl(forum, null)).toBe('/api/live?class=3&content=8&forum=21');
  });

  it('a grading column: class, content and assignment', () => {
    expect(liveUrl(assignment, null)).toBe('/api/live?class=3&content=9&assignment=40');
  });

  it('a reopened stream resumes after the last id seen', () => {
    expect(liveUrl(forum, '1234')).toBe('/api/live?class=3&content=8&forum=21&last_event_id=1234');
    expect(liveUrl(null, '7')).toBe('/api/live?last_event_id=7');
  });
});

describe('topicKey', () => {
  it('tells topics apart and survives the round trip', () => {
    expect(topicKey(null)).toBe('');
    expect(topicKey(forum)).not.toBe(topicKey({ forum: { ...forum.forum, forumId: 22 } }));
    expect(topicKey(forum)).not.toBe(topicKey({ assignment: { classId: 3, lessonId: 8, id: 21 } }));
    expect(parseTopicKey(topicKey(forum))).toEqual(forum);
    expect(parseTopicKey(topicKey(assignment))).toEqual(assignment);
    expect(parseTopicKey('')).toBeNull();
  });
});
