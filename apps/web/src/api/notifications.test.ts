import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationList } from '@kelasku/contract';
import { keys } from './keys';
import { markReadInPages, mergeLiveNotification, receiveLiveNotification, receiveLiveRead, type NotificationPages } from './notifications';

const note = (id: number, over: Partial<Notification> = {}): Notification => ({
  id,
  kind: 'material',
  text: `Materi baru ${id}`,
  link: `/my-classes/1`,
  actor: { id: 2, name: 'Budi Santoso', avatar: null },
  count: 1,
  read: false,
  created_at: '2026-11-24T01:00:00Z',
  ...over,
});

const page = (items: Notification[], next: number | null = null, unread = 0): NotificationList => ({ items, unread, next_before: next });
const pages = (...list: NotificationList[]): NotificationPages => ({
  pages: list,
  pageParams: list.map((_, i) => (i === 0 ? null : 100 - i)),
});
const ids = (data: NotificationPages | undefined) => data?.pages.map((p) => p.items.map((n) => n.id));

describe('mergeLiveNotification', () => {
  it('puts a new notification on top of the first page', () => {
    const data = pages(page([note(5), note(4)], 4), page([note(3)]));
    expect(ids(mergeLiveNotification(data, note(6)))).toEqual([[6, 5, 4], [3]]);
  });

  it('never lists one twice: the same id again is replaced where it is', () => {
    const data = pages(page([note(5), note(4)], 4), page([note(3)]));
    const merged = mergeLiveNotification(data, note(4, { text: 'Diubah', read: true }));
    expect(ids(merged)).toEqual([[5, 4], [3]]);
    expect(merged?.pages[0]!.items[1]!.text).toBe('Diubah');
    expect(ids(mergeLiveNotification(merged, note(4)))).toEqual([[5, 4], [3]]);
  });

  it('a growing summary takes the place of the unread one it grows from, even on a later page', () => {
    const summary = { kind: 'hand_ins' as const, link: '/online-class/1/contents/2/assignment/3', actor: null };
    const data = pages(page([note(9), note(8, { ...summary, count: 1, read: true })], 8), page([note(7, { ...summary, count: 4 })]));
    const merged = mergeLiveNotification(data, note(10, { ...summary, count: 5, text: '5 siswa mengumpulkan Tugas 3' }));
    // The read summary (8) stays: reading closes a summary, the server starts a new one.
    expect(ids(merged)).toEqual([[10, 9, 8], []]);
  });

  it('leaves a list not loaded yet alone (it is fetched when the bell opens)', () => {
    expect(mergeLiveNotification(undefined, note(1))).toBeUndefined();
  });
});

describe('markReadInPages', () => {
  it('marks one, or all', () => {
    const data = pages(page([note(2), note(1)]));
    expect(markReadInPages(data, 1)?.pages[0]!.items.map((n) => n.read)).toEqual([false, true]);
    expect(markReadInPages(data, 'all')?.pages[0]!.items.map((n) => n.read)).toEqual([true, true]);
  });
});

describe('live events into the cache', () => {
  it('a notification bumps the badge to the server’s count and joins the loaded list once', () => {
    const qc = new QueryClient();
    qc.setQueryData(keys.notifications.unread, 2);
    qc.setQueryData(keys.notifications.list, pages(page([note(1)])));
    receiveLiveNotification(qc, { notification: note(2), unread: 3 });
    receiveLiveNotification(qc, { notification: note(2), unread: 3 });
    expect(qc.getQueryData(keys.notifications.unread)).toBe(3);
    expect(ids(qc.getQueryData<NotificationPages>(keys.notifications.list))).toEqual([[2, 1]]);
  });

  it('read elsewhere: 0 marks the list read without a fetch; another count makes the list stale', () => {
    const qc = new QueryClient();
    qc.setQueryData(keys.notifications.unread, 2);
    qc.setQueryData(keys.notifications.list, pages(page([note(2), note(1)])));
    receiveLiveRead(qc, 0);
    expect(qc.getQueryData(keys.notifications.unread)).toBe(0);
    expect(qc.getQueryData<NotificationPages>(keys.notifications.list)?.pages[0]!.items.every((n) => n.read)).toBe(true);
    expect(qc.getQueryState(keys.notifications.list)?.isInvalidated).toBe(false);

    qc.setQueryData(keys.notifications.unread, 3);
    receiveLiveRead(qc, 3);
    expect(qc.getQueryState(keys.notifications.list)?.isInvalidated).toBe(false);
    receiveLiveRead(qc, 1);
    expect(qc.getQueryData(keys.notifications.unread)).toBe(1);
    expect(qc.getQueryState(keys.notifications.list)?.isInvalidated).toBe(true);
  });
});
