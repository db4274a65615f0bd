import type { Entry } from './marks';

/**
 * A class list saved without a connection. Kept in localStorage per meeting
 * (`kelasku:attendance-queue:<meetingId>`) with the user who saved it, until the server has it: the
 * meeting's page sends it on load and on the browser's 'online' event, and the class's "Presensi" tab
 * does the same for its meetings. A second save offline merges into the first (the newer mark of a
 * student wins). The server may answer a conflict (another device changed a student since) or refuse
 * the save (a cancelled meeting): the record then stays, marked, until the teacher saves again on the
 * meeting's page or discards it; it is not sent by itself any more.
 */

const PREFIX = 'kelasku:attendance-queue:';

export const QUEUED_MESSAGE = 'Tersimpan di ponsel — dikirim saat online';

export interface PendingSave {
  userId: number;
  classId: number;
  meetingId: number;
  /** When it was last kept (ms). */
  at: number;
  entries: Entry[];
  /** The server answered a conflict (its `errors["students.<id>"]`): the teacher decides on the meeting's page. */
  conflict?: Record<string, string[]>;
  /** The server refused it (not a conflict): its message. */
  error?: string;
}

export const pendingKey = (meetingId: number) => `${PREFIX}${meetingId}`;

const listeners = new Set<() => void>();
export function subscribePending(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
const changed = () => listeners.forEach((l) => l());

const isEntry = (e: unknown): e is Entry => {
  const x = e as Partial<Entry> | null;
  return !!x && typeof x.student_id === 'number' && typeof x.status === 'string' && typeof x.revision === 'number';
};

/** The user's kept save of a meeting, or null (unreadable or another user's counts as none). */
export function readPending(userId: number, meetingId: number): PendingSave | null {
  try {
    const p = JSON.parse(localStorage.getItem(pendingKey(meetingId)) ?? 'null') as Partial<PendingSave> | null;
    if (!p || p.userId !== userId || p.meetingId !== meetingId || typeof p.classId !== 'number' || !Array.isArray(p.entries)) return null;
    return { ...(p as PendingSave), entries: p.entries.filter(isEntry) };
  } catch {
    return null;
  }
}

function write(p: PendingSave) {
  try {
    localStorage.setItem(pendingKey(p.meetingId), JSON.stringify(p));
  } catch {
    // a full storage: the marks stay on screen only
  }
  changed();
}

/** Keeps a save on this device, merged with one kept before (the newer mark of each student wins). */
export function keepPending(userId: number, classId: number, meetingId: number, entries: readonly Entry[], now: number = Date.now()) {
  const before = readPending(userId, meetingId);
  const merged = new Map((before?.entries ?? []).map((e) => [e.student_id, e]));
  for (const e of entries) merged.set(e.student_id, e);
  write({ userId, classId, meetingId, at: now, entries: [...merged.values()] });
}

/** Forgets the kept save of a meeting (the server has it, or the teacher discarded it). */
export function dropPending(meetingId: number) {
  localStorage.removeItem(pendingKey(meetingId));
  changed();
}

/** The user's kept saves of a class (for its "Presensi" tab). */
export function pendingOfClass(userId: number, classId: number): PendingSave[] {
  const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(
    (k): k is string => !!k?.startsWith(PREFIX),
  );
  return keys
    .map((k) => readPending(userId, Number(k.slice(PREFIX.length))))
    .filter((p): p is PendingSave => p !== null && p.classId === classId);
}

const statusOf = (err: unknown) => {
  const s = (err as { status?: unknown } | null)?.status;
  return typeof s === 'number' ? s : 0;
};
/** No connection, a timeout, too many requests, a server in trouble, no session: try again later. */
const retryLater = (status: number) =>
  status === 0 || status === 408 || status === 429 || status >= 500 || status === 401 || status === 403;

const sending = new Set<number>();

export type FlushResult<D> =
  | { kind: 'none' }
  | { kind: 'sent'; detail: D }
  | { kind: 'later' }
  | { kind: 'conflict'; errors: Record<string, string[]>; message: string }
  | { kind: 'refused'; message: string };

/**
 * Sends the kept save of a meeting, unless it waits for the teacher (a conflict or a refusal).
 * Sent: forgotten. A conflict or a refusal: kept and marked, not sent again by itself.
 */
export async function flushPending<D>(
  userId: number,
  meetingId: number,
  send: (p: PendingSave) => Promise<D>,
  isOnline: () => boolean = () => navigator.onLine,
): Promise<FlushResult<D>> {
  const p = readPending(userId, meetingId);
  // One send per meeting at a time (the page and the class's tab may both try).
  if (!p || p.conflict || p.error || sending.has(meetingId)) return { kind: 'none' };
  if (!isOnline()) return { kind: 'later' };
  sending.add(meetingId);
  try {
    const detail = await send(p);
    const now = readPending(userId, meetingId);
    // A newer save kept while this one was on its way stays for the next round.
    if (now && now.at === p.at) dropPending(meetingId);
    return { kind: 'sent', detail };
  } catch (err) {
    const status = statusOf(err);
    if (retryLater(status)) return { kind: 'later' };
    const message = err instanceof Error ? err.message : 'Presensi ditolak server.';
    const errors = (err as { errors?: Record<string, string[]> }).errors ?? {};
    const conflict = status === 409 && Object.keys(errors).some((k) => k.startsWith('students.'));
    write({ ...p, ...(conflict ? { conflict: errors } : { error: message }) });
    return conflict ? { kind: 'conflict', errors, message } : { kind: 'refused', message };
  } finally {
    sending.delete(meetingId);
  }
}

/** Whether a failed save should be kept on the phone (no connection, a server in trouble) rather than shown as refused. */
export const keepsForLater = (err: unknown) => retryLater(statusOf(err));
