import { useSyncExternalStore } from 'react';
import { MSG_FRESH, MSG_SAVED_COPY, MSG_UPDATED } from './rules';

/**
 * Which answers on screen are saved copies (the service worker answered from its cache: offline,
 * or a network slower than a few seconds), so the offline banner can say the page is the saved
 * version and from when. A fresh answer of the same address takes its copy off the list.
 */

/** The address of each saved copy shown, with the time it was saved (ms; null when unknown). */
const copies = new Map<string, number | null>();
const listeners = new Set<() => void>();

export interface SavedCopies {
  /** How many answers on screen are saved copies. */
  count: number;
  /** When the oldest of them was saved (ms), or null. */
  oldest: number | null;
}

let snapshot: SavedCopies = { count: 0, oldest: null };

function changed() {
  const times = [...copies.values()].filter((t): t is number => t !== null);
  snapshot = { count: copies.size, oldest: times.length ? Math.min(...times) : null };
  listeners.forEach((l) => l());
}

/** The worker answered `url` with the copy saved at `savedAt`. */
export function noteSavedCopy(url: string, savedAt: number | null) {
  copies.set(url, savedAt);
  changed();
}

/** The network answered `url`: what shows of it is current. */
export function noteFresh(url: string) {
  if (copies.delete(url)) changed();
}

/** Forgets every saved copy (the connection is back: the pages ask again). */
export function forgetSavedCopies() {
  if (copies.size === 0) return;
  copies.clear();
  changed();
}

/** The saved copies on screen, kept current. */
export function useSavedCopies(): SavedCopies {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    () => snapshot,
  );
}

/** Listeners of MSG_UPDATED (offline/start.ts asks the pages again). */
const updatedListeners = new Set<(url: string) => void>();
export function onUpdatedAfterCopy(listener: (url: string) => void): () => void {
  updatedListeners.add(listener);
  return () => void updatedListeners.delete(listener);
}

/** A message of the service worker about an answer (rules.ts MSG_*). */
export function handleWorkerMessage(data: unknown) {
  const msg = data as { type?: unknown; url?: unknown; savedAt?: unknown } | null;
  if (!msg || typeof msg.url !== 'string') return;
  if (msg.type === MSG_SAVED_COPY) noteSavedCopy(msg.url, typeof msg.savedAt === 'number' ? msg.savedAt : null);
  else if (msg.type === MSG_FRESH) noteFresh(msg.url);
  // The copy on screen stays listed until the page has asked again (and hears MSG_FRESH).
  else if (msg.type === MSG_UPDATED) updatedListeners.forEach((l) => l(msg.url as string));
}

if (typeof navigator !== 'undefined' && navigator.serviceWorker) {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => handleWorkerMessage(event.data));
}
if (typeof window !== 'undefined') window.addEventListener('online', forgetSavedCopies);
