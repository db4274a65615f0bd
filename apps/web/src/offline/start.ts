import type { QueryClient } from '@tanstack/react-query';
import { Workbox } from 'workbox-window';
import { api } from '../api/client';
import { keys } from '../api/keys';
import { getSessionUser } from '../api/session';
import { flushQueue, keepQueueOf, readQueue, retryDelay, subscribeQueue } from './comment-queue';
import { MSG_WARM } from './rules';
import { onUpdatedAfterCopy } from './saved-copies';

/**
 * What runs once the first screen is up (main.tsx imports this module on demand): the service worker
 * in production builds, and the sender of forum comments written offline.
 */
export function startOffline(queryClient: QueryClient) {
  startCommentSender(queryClient);
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    void registerWorker().catch(() => undefined);
    // A fresh answer came after the page had shown its saved copy (a slow network): ask again, at most twice a minute.
    let asked = 0;
    onUpdatedAfterCopy(() => {
      if (Date.now() - asked < 30_000) return;
      asked = Date.now();
      void queryClient.invalidateQueries({ refetchType: 'active' });
    });
  }
}

/** The build's chunks this page has loaded. */
const loadedChunks = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => new URL(u).origin === location.origin && new URL(u).pathname.startsWith('/assets/'));

/**
 * Registers /sw.js and hands it the chunks this page loaded before it was in control (a first
 * visit: the worker keeps them, so the pages seen so far open offline too).
 */
async function registerWorker() {
  const wb = new Workbox('/sw.js');
  await wb.register();
  const warm = async () => (await navigator.serviceWorker.ready).active?.postMessage({ type: MSG_WARM, urls: loadedChunks() });
  navigator.serviceWorker.addEventListener('controllerchange', () => void warm());
  await warm();
}

/**
 * Sends the signed-in user's unsent forum comments: now, when the browser comes back online, when a
 * comment is kept or "Kirim ulang" is pressed, and after a failure again with growing pauses.
 */
function startCommentSender(queryClient: QueryClient) {
  let running = false;
  let again = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async () => {
    const user = getSessionUser();
    if (!user || !navigator.onLine) return;
    if (running) {
      again = true;
      return;
    }
    keepQueueOf(user.id);
    if (!readQueue(user.id).some((c) => !c.error)) return;
    running = true;
    clearTimeout(timer);
    try {
      const result = await flushQueue(
        user.id,
        (url, body) => api.post(url, body),
        () => getSessionUser()?.id === user.id,
      );
      for (const c of result.sent) {
        const { role, ...forum } = c.forum;
        void queryClient.invalidateQueries({ queryKey: keys.forumThread(role, forum) });
      }
      failures = result.retryLater ? failures + 1 : 0;
      if (result.retryLater) timer = setTimeout(() => void run(), retryDelay(failures));
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      void run();
    }
  };

  window.addEventListener('online', () => {
    failures = 0;
    void run();
  });
  subscribeQueue(() => void run());
  // A session that comes back (a login after an ended one) finds its comments waiting.
  setInterval(() => void run(), 30_000);
  void run();
}
