import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { LiveNotificationEvent, Notification, NotificationList, UnreadCount } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

/** The bell's list as TanStack Query holds it: pages of 20, each asked for with the `before` of the previous one. */
export type NotificationPages = InfiniteData<NotificationList, number | null>;

export const NOTIFICATIONS_PER_PAGE = 20;

// How many bell lists are on screen: a notification arriving then shows there, without a toast.
let listsShown = 0;

/** Whether a bell list is open. */
export const bellListShown = () => listsShown > 0;

/** Called by the bell's list while it is on screen. */
export function useBellListShown() {
  useEffect(() => {
    listsShown += 1;
    return () => void (listsShown -= 1);
  }, []);
}

/** The badge: how many of the caller's notifications are unread. */
export function useUnreadCount() {
  return useQuery({
    queryKey: keys.notifications.unread,
    queryFn: async () => (await api.get<UnreadCount>('/api/notifications/unread-count')).unread,
  });
}

/** The list, newest first (`fetchNextPage`: "Muat lebih banyak"); loaded only while the bell is open (`enabled`). */
export function useNotifications(enabled: boolean) {
  const qc = useQueryClient();
  return useInfiniteQuery({
    queryKey: keys.notifications.list,
    queryFn: async ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(NOTIFICATIONS_PER_PAGE) });
      if (pageParam !== null) query.set('before', String(pageParam));
      const page = await api.get<NotificationList>(`/api/notifications?${query}`);
      // Every page carries the count too: the badge follows the list.
      qc.setQueryData(keys.notifications.unread, page.unread);
      return page;
    },
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before ?? undefined,
    enabled,
  });
}

/** Marks one notification read (clicking it); the badge takes the server's count. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<UnreadCount>(`/api/notifications/${id}/read`)).data.unread,
    onSuccess: (unread, id) => {
      qc.setQueryData(keys.notifications.unread, unread);
      qc.setQueryData<NotificationPages>(keys.notifications.list, (data) => markReadInPages(data, id));
    },
  });
}

/** "Tandai semua sudah dibaca". */
export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UnreadCount>('/api/notifications/read-all'),
    onSuccess: () => {
      qc.setQueryData(keys.notifications.unread, 0);
      qc.setQueryData<NotificationPages>(keys.notifications.list, (data) => markReadInPages(data, 'all'));
    },
  });
}

/** The list with one notification (or all of them) read. */
export function markReadInPages(data: NotificationPages | undefined, which: number | 'all'): NotificationPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((n) => (!n.read && (which === 'all' || n.id === which) ? { ...n, read: true } : n)),
    })),
  };
}

/**
 * The list with a notification that has just arrived on the live stream, on top of the first page,
 * each notification once: one already listed (the same id, sent again) is replaced where it is. A
 * summary ("5 siswa mengumpulkan Tugas 3", count > 1) takes the place of the unread summary it
 * grows from: the server removes that one, which has the same kind and link.
 */
export function mergeLiveNotification(data: NotificationPages | undefined, n: Notification): NotificationPages | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.items.some((item) => item.id === n.id))) {
    return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((item) => (item.id === n.id ? n : item)) })) };
  }
  const replaced = (item: Notification) => n.count > 1 && !item.read && item.kind === n.kind && item.link === n.link;
  const pages = data.pages.map((page, i) => {
    const items = page.items.filter((item) => !replaced(item));
    return i === 0 ? { ...page, items: [n, ...items] } : { ...page, items };
  });
  return { ...data, pages };
}

/** A `notification` event: the badge takes the server's count and the list (when loaded) shows it on top. */
export function receiveLiveNotification(qc: QueryClient, event: LiveNotificationEvent) {
  qc.setQueryData(keys.notifications.unread, event.unread);
  qc.setQueryData<NotificationPages>(keys.notifications.list, (data) => mergeLiveNotification(data, event.notification));
}

/**
 * A `read` event: the bell changed in another tab (or by this tab's own click, whose answer may
 * come first). All read is known exactly; otherwise the loaded list is refreshed, unless the count
 * already matches (this tab's own change).
 */
export function receiveLiveRead(qc: QueryClient, unread: number) {
  const known = qc.getQueryData<number>(keys.notifications.unread);
  qc.setQueryData(keys.notifications.unread, unread);
  if (unread === 0) qc.setQueryData<NotificationPages>(keys.notifications.list, (data) => markReadInPages(data, 'all'));
  else if (known !== unread) void qc.invalidateQueries({ queryKey: keys.notifications.list });
}
