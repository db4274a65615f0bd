import { onSessionEnd, type SessionEndKind } from '../lib/session-events';
import { ASSETS_CACHE, DATA_CACHE, FILES_CACHE, MSG_CLEAR, MSG_LOGOUT, PENDING_CACHE } from './rules';

/** How long a logout waits for the phone's storage before it goes on anyway. */
const CLEAR_WAIT_MS = 3000;

const hasCaches = () => typeof caches !== 'undefined';

/** Sends `type` to the active service worker and waits for its answer (at most `ms`); nothing without a worker. */
async function askWorker(type: string, ms: number): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  const worker = (await navigator.serviceWorker.getRegistration())?.active;
  if (!worker) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, ms);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage({ type }, [channel.port2]);
  });
}

/** Every cache but the app shell (the precache and the build's chunks), and `spared`: what holds anyone's data. */
async function deleteUserCaches(spared: string[]): Promise<void> {
  if (!hasCaches()) return;
  const names = await caches.keys();
  const shell = (n: string) => n.startsWith('workbox-precache') || n === ASSETS_CACHE;
  await Promise.all(names.filter((n) => !shell(n) && !spared.includes(n)).map((n) => caches.delete(n)));
}

const within = (work: Promise<void>, ms: number) =>
  Promise.race([work, new Promise<void>((resolve) => setTimeout(resolve, ms))]).catch(() => undefined);

/**
 * Logout and an ended session: the saved pages and files of the user go, and the worker saves
 * nothing more of that session. Only the app shell stays — and, when a session ended without a
 * logout (`keepUnsent`), the photos of unsent hand-ins, kept like drafts for the next login.
 * Never fails, and never waits longer than a few seconds (a logout must go on).
 */
export function clearOfflineData({ keepUnsent = false } = {}): Promise<void> {
  return within(
    (async () => {
      await askWorker(MSG_LOGOUT, CLEAR_WAIT_MS - 500);
      await deleteUserCaches(keepUnsent ? [PENDING_CACHE] : []);
    })(),
    CLEAR_WAIT_MS,
  );
}

/** "Hapus data offline": the saved pages and files go; the user stays signed in. */
export async function clearSavedPages(): Promise<void> {
  await askWorker(MSG_CLEAR, CLEAR_WAIT_MS);
  // Without a worker (or if it did not answer) the page removes them itself.
  if (hasCaches()) await Promise.all([caches.delete(DATA_CACHE), caches.delete(FILES_CACHE)]);
}

/** A logout waits until the saved pages and files are gone; a session that ends otherwise keeps the photos of unsent hand-ins. */
const offlineAtEnd = (kind: SessionEndKind) => clearOfflineData({ keepUnsent: kind !== 'logout' });

/** The offline mode's saved copies follow the session (lib/session-events.ts): they go when it ends. */
export function subscribeOfflineToSession() {
  onSessionEnd(offlineAtEnd);
}
