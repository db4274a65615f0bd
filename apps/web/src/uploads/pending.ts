/**
 * Files a form began to upload and has not used yet, remembered in this browser per user and per
 * form: after a reload (or when the page is opened again later) the form says which file to pick
 * again, and tus goes on from the bytes the server already has. The server deletes an upload not
 * used within 24 hours, so older entries are dropped. Logout clears localStorage, and with it these.
 */

/** What identifies a file picked again: the fields of tus's fingerprint (resumable.ts, fingerprintOf). */
export type FileIdentity = Pick<File, 'name' | 'type' | 'size' | 'lastModified'>;

/** A file whose upload began, and when (ms); `kept`: its bytes are kept in this browser (kept-files.ts). */
export interface PendingFile extends FileIdentity {
  at: number;
  kept?: boolean;
}

/** The server keeps an unused upload this long (docs/features/uploads.md). */
export const PENDING_TTL_MS = 24 * 60 * 60 * 1000;

/** The start of the storage keys of one user's forms. */
export const pendingPrefix = (userId: number) => `kelasku:pending:${userId}:`;

/** The storage key of one user's form (`place`, e.g. `tugas-12`); null (nothing kept) without both. */
export const pendingKey = (userId: number | null | undefined, place: string | undefined): string | null =>
  userId != null && place ? `${pendingPrefix(userId)}${place}` : null;

/** At login: the forms of another user of this browser are forgotten; this user's stay (as drafts do). */
export function keepPendingOf(userId: number): void {
  const others = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(
    (k): k is string => !!k?.startsWith('kelasku:pending:') && !k.startsWith(pendingPrefix(userId)),
  );
  others.forEach((k) => localStorage.removeItem(k));
}

export const sameFile = (a: FileIdentity, b: FileIdentity) =>
  a.name === b.name && a.type === b.type && a.size === b.size && a.lastModified === b.lastModified;

/** The files of this form whose upload began within the last 24 hours and was not used. */
export function pendingFiles(key: string | null, now = Date.now()): PendingFile[] {
  if (!key) return [];
  try {
    const list = JSON.parse(localStorage.getItem(key) ?? '[]') as PendingFile[];
    return Array.isArray(list) ? list.filter((p) => typeof p?.name === 'string' && now - p.at < PENDING_TTL_MS) : [];
  } catch {
    return [];
  }
}

function write(key: string | null, list: PendingFile[]): void {
  if (!key) return;
  try {
    if (list.length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the form works, only the hint after a reload is missing.
  }
}

/**
 * Remembers files whose upload begins now (once each); `kept` when the browser keeps their bytes
 * (kept-files.ts), so that the form can go on without the file being picked again.
 */
export function rememberPending(key: string | null, files: File[], now = Date.now(), { kept = false } = {}): void {
  const list = pendingFiles(key, now);
  for (const f of files) {
    const entry: PendingFile = { name: f.name, type: f.type, size: f.size, lastModified: f.lastModified, at: now };
    if (kept) entry.kept = true;
    if (!list.some((p) => sameFile(p, entry))) list.push(entry);
  }
  write(key, list);
}

/** Those of the files that are not remembered (any more) for the form. */
export function notPending(key: string | null, files: FileIdentity[], now = Date.now()): FileIdentity[] {
  const list = pendingFiles(key, now);
  return files.filter((f) => !list.some((p) => sameFile(p, f)));
}

/** Forgets files: removed from the form, used by a saved form, or dismissed. */
export function forgetPending(key: string | null, files: FileIdentity[], now = Date.now()): void {
  write(
    key,
    pendingFiles(key, now).filter((p) => !files.some((f) => sameFile(p, f))),
  );
}
