import { useMemo, useSyncExternalStore } from 'react';

/**
 * Forum comments written without a connection. Kept in localStorage per user
 * (`kelasku:comment-queue:<userId>`, one list), shown in their thread as "Belum terkirim", and sent
 * by themselves, oldest first, when the connection returns (offline/start.ts runs the sender). A
 * comment the server refuses for good stays with its reason until the student sends it again or
 * deletes it. A logout removes the list (localStorage is cleared); a session that ends keeps it for
 * the next login of the same user, like a draft; another user's login removes it.
 */

const PREFIX = 'kelasku:comment-queue:';

export const COMMENT_UNSENT = 'Belum terkirim — akan dikirim saat online';
/** The toast when a comment is kept on the phone instead of sent. */
export const COMMENT_QUEUED = 'Komentar disimpan di ponsel ini dan dikirim otomatis saat online.';

/** Where the comment goes: the role's forum (for refreshing its thread). */
export interface QueuedForum {
  role: 'teacher' | 'student';
  classId: number;
  lessonId: number;
  forumId: number;
}

export interface QueuedComment {
  /** Local id (never the server's). */
  id: string;
  /** When it was written (ms). */
  at: number;
  forum: QueuedForum;
  /** The API path it is posted to, and the body. */
  url: string;
  body: { comment: string; mentions?: number[]; reply_to?: number };
  /** A reply: the top-level comment it goes under. */
  parentId?: number;
  /** Why the server refused it (not sent again until the student asks). */
  error?: string;
}

export const queueKey = (userId: number) => `${PREFIX}${userId}`;

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

export function subscribeQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const isQueued = (c: unknown): c is QueuedComment => {
  const q = c as Partial<QueuedComment> | null;
  return !!q && typeof q.id === 'string' && typeof q.url === 'string' && typeof q.body?.comment === 'string' && !!q.forum;
};

/** A comment queued before the code said `lesson` names its lesson `contentId`: read it as `lessonId`. */
const lessonIdOfOldQueue = (c: QueuedComment): QueuedComment => {
  const old = (c.forum as Partial<QueuedForum> & { contentId?: number }).contentId;
  return c.forum.lessonId === undefined && old !== undefined ? { ...c, forum: { ...c.forum, lessonId: old } } : c;
};

/** The user's unsent comments, oldest first (an unreadable list counts as empty). */
export function readQueue(userId: number): QueuedComment[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(queueKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQueued).map(lessonIdOfOldQueue) : [];
  } catch {
    return [];
  }
}

function writeQueue(userId: number, list: QueuedComment[]) {
  try {
    if (list.length === 0) localStorage.removeItem(queueKey(userId));
    else localStorage.setItem(queueKey(userId), JSON.stringify(list));
  } catch {
    // a full storage: the comment stays on screen only
  }
  changed();
}

let seq = 0;
/** Keeps a comment that could not be sent; returns its local id. */
export function queueComment(userId: number, c: Omit<QueuedComment, 'id' | 'at'>, now: number = Date.now()): string {
  const id = `${now.toString(36)}-${(++seq).toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  writeQueue(userId, [...readQueue(userId), { ...c, id, at: now }]);
  return id;
}

/** Deletes an unsent comment (sent, or given up by the student). */
export function removeQueued(userId: number, id: string) {
  const list = readQueue(userId);
  if (list.some((c) => c.id === id))
    writeQueue(
      userId,
      list.filter((c) => c.id !== id),
    );
}

/** Marks a comment the server refused (`error`), or clears the mark (undefined) so it is sent again. */
export function markQueued(userId: number, id: string, error: string | undefined) {
  writeQueue(
    userId,
    readQueue(userId).map((c) => (c.id === id ? { ...c, error } : c)),
  );
}

/** Removes the lists of every other user of this browser (a different user signed in). */
export function keepQueueOf(userId: number) {
  const own = queueKey(userId);
  const others = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(
    (k): k is string => !!k?.startsWith(PREFIX) && k !== own,
  );
  others.forEach((k) => localStorage.removeItem(k));
}

const sameForum = (a: QueuedForum, b: QueuedForum) =>
  a.role === b.role && a.classId === b.classId && a.lessonId === b.lessonId && a.forumId === b.forumId;

/** The user's unsent comments of one forum, kept current. */
export function useQueuedComments(userId: number | undefined, forum: QueuedForum): QueuedComment[] {
  const raw = useSyncExternalStore(subscribeQueue, () => (userId ? localStorage.getItem(queueKey(userId)) : null));
  const { role, classId, lessonId, forumId } = forum;
  return useMemo(
    () => (userId && raw ? readQueue(userId).filter((c) => sameForum(c.forum, { role, classId, lessonId, forumId })) : []),
    // raw: the stored text changes with the list
    [raw, userId, role, classId, lessonId, forumId],
  );
}

/** Statuses worth sending again later: no connection, a timeout, too many requests, a server in trouble. */
const retryable = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500;
/** The session ended or must change its password: kept for the next login. */
const waitsForLogin = (status: number) => status === 401 || status === 403;

const statusOf = (err: unknown) => {
  const s = (err as { status?: unknown } | null)?.status;
  return typeof s === 'number' ? s : 0;
};

export interface FlushResult {
  sent: QueuedComment[];
  /** Some could not go now (no connection, a server in trouble, no session): try again later. */
  retryLater: boolean;
}

/**
 * Sends the user's unsent comments, oldest first, one at a time (so they land in the order written).
 * Stops at the first one that cannot go now; one the server refuses for good is marked with its
 * message and skipped. `stillSignedIn` is asked before each write: after a logout nothing is written.
 */
export async function flushQueue(
  userId: number,
  post: (url: string, body: QueuedComment['body']) => Promise<unknown>,
  stillSignedIn: () => boolean = () => true,
): Promise<FlushResult> {
  const sent: QueuedComment[] = [];
  for (const c of readQueue(userId).filter((q) => !q.error)) {
    try {
      await post(c.url, c.body);
    } catch (err) {
      const status = statusOf(err);
      if (retryable(status) || waitsForLogin(status)) return { sent, retryLater: true };
      if (stillSignedIn()) markQueued(userId, c.id, err instanceof Error ? err.message : 'Komentar ditolak server.');
      continue;
    }
    if (!stillSignedIn()) return { sent, retryLater: false };
    removeQueued(userId, c.id);
    sent.push(c);
  }
  return { sent, retryLater: false };
}

/** The pause before the n-th retry (n ≥ 1): 2 s, 4 s, 8 s … at most 60 s. */
export function retryDelay(failures: number): number {
  return Math.min(60_000, 2000 * 2 ** Math.max(0, failures - 1));
}
