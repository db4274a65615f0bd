import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { LiveNotificationEvent } from '@kelasku/contract';
import { bellListShown } from '../api/notifications';
import { getToken, sessionExpired } from '../api/session';
import { applyLiveEvent, refreshAfterGap } from './apply';
import { LiveConnection } from './connection';
import { currentTopic, onTopicChange } from './useLiveTopic';

/** A notification older than this (sent again after a long reconnect) joins the list without a toast. */
const TOAST_IF_NEWER_MS = 2 * 60_000;

function toastNotification({ notification: n }: LiveNotificationEvent) {
  // The open list shows it on top already.
  if (bellListShown() || Date.now() - Date.parse(n.created_at) > TOAST_IF_NEWER_MS) return;
  notifications.show({ color: 'teal', title: 'Notifikasi baru', message: n.text, autoClose: 5_000 });
}

/**
 * The tab's one live stream, for as long as the signed-in layout is mounted (never on the login
 * page): new notifications into the bell, and the changes of the forum thread or grading column the
 * page on screen asked for (useLiveTopic) into their queries. It closes when the layout goes (logout,
 * an ended session); a token changed or removed by another tab reopens it with the new one (none:
 * the 401 ends this tab's session too).
 */
export function useLiveStream(): void {
  const qc = useQueryClient();
  useEffect(() => {
    const connection = new LiveConnection(
      {
        onEvent: (name, data, topic) => applyLiveEvent(qc, name, data, topic, toastNotification),
        onOpen: (topic) => refreshAfterGap(qc, topic),
        onUnauthorized: (sentToken) => sessionExpired(sentToken),
      },
      getToken,
    );
    connection.want(currentTopic());
    connection.start();
    const offTopic = onTopicChange(() => connection.want(currentTopic()));
    // key null: localStorage.clear() (a logout in another tab).
    const onStorage = (e: StorageEvent) => {
      if (e.key === 'token' || e.key === null) connection.restart();
    };
    const onOnline = () => {
      if (connection.waiting) connection.restart();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('online', onOnline);
    return () => {
      offTopic();
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('online', onOnline);
      connection.stop();
    };
  }, [qc]);
}
