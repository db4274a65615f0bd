import { describe, expect, it } from 'vitest';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { keys } from '../api/keys';
import { applyLiveEvent } from './apply';
import type { LiveTopic } from './topic';

const path = { classId: 1, lessonId: 2, forumId: 3 };
const ref = { classId: 1, lessonId: 2, id: 9 };

function cache() {
  const qc = new QueryClient();
  const all: QueryKey[] = [
    keys.forumThread('student', path),
    keys.forumThread('student', { ...path, forumId: 4 }),
    keys.assignmentColumn(ref, 'ungrading'),
    keys.studentWork(ref, 30),
    keys.assignmentColumn({ ...ref, id: 10 }, 'ungrading'),
    keys.notifications.unread,
    keys.notifications.list,
  ];
  for (const key of all) qc.setQueryData(key, { any: true });
  const stale = () => all.filter((key) => qc.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));
  return { qc, stale };
}

describe('applyLiveEvent', () => {
  const forum: LiveTopic = { forum: path };
  const grading: LiveTopic = { assignment: ref };

  it('forum: refreshes that thread only', () => {
    const { qc, stale } = cache();
    applyLiveEvent(qc, 'forum', { forum_id: 3, comment_id: 8, action: 'created' }, forum);
    expect(stale()).toEqual(['forums/student/1/2/3']);
    applyLiveEvent(qc, 'forum', { forum_id: 4, comment_id: 8, action: 'created' }, forum);
    expect(stale()).toEqual(['forums/student/1/2/3']);
  });

  it('grading: refreshes the columns and the students’ work of that assignment', () => {
    const { qc, stale } = cache();
    applyLiveEvent(qc, 'grading', { assignment_id: 9, student_id: 30 }, grading);
    expect(stale()).toEqual(['teacher/classes/1/assignments/9/students/ungrading', 'teacher/classes/1/assignments/9/students/30']);
  });

  it('reset: refreshes the bell and the topic', () => {
    const { qc, stale } = cache();
    applyLiveEvent(qc, 'reset', {}, forum);
    expect(stale()).toEqual(['forums/student/1/2/3', 'notifications/unread', 'notifications/list']);
  });

  it('notification: the badge and the list, and the toast is told', () => {
    const { qc } = cache();
    qc.setQueryData(keys.notifications.list, { pages: [{ items: [], unread: 0, next_before: null }], pageParams: [null] });
    const told: number[] = [];
    const notification = {
      id: 5,
      kind: 'reply' as const,
      text: 'Budi membalas komentarmu',
      link: '/my-classes/1/contents/2/forums/3',
      actor: null,
      count: 1,
      read: false,
      created_at: '2026-11-24T01:00:00Z',
    };
    applyLiveEvent(qc, 'notification', { notification, unread: 4 }, null, (e) => told.push(e.notification.id));
    expect(qc.getQueryData(keys.notifications.unread)).toBe(4);
    expect(told).toEqual([5]);
  });
});
