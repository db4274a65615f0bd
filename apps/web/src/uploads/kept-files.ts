/**
 * Files made on the phone for a form, which cannot be picked again — the PDF "Foto tugas" joins
 * from photos — kept in the browser (Cache Storage) until the form is saved. When a phone's browser
 * drops the tab mid-upload (it often does with a tab in the background), the form offers
 * "Lanjutkan": the kept PDF goes on from the bytes the server has, and the photos need not be taken
 * again.
 *
 * Kept per user and form (the key of pending.ts, which lists them: another user of the phone is
 * never offered them), for as long as the server keeps an unused upload (24 hours). Like a draft,
 * a file stays when the session ends and goes when the form uses or forgets it, at logout
 * (offline/clear.ts) and when another user signs in (keepUploadsOf). Where the browser keeps no
 * caches (a page not served over https), nothing is kept and the form works as before.
 */
import { onSessionStart } from '../lib/session-events';
import { PENDING_CACHE, SAVED_AT_HEADER } from '../offline/rules';
import { PENDING_TTL_MS, keepPendingOf, pendingPrefix, type FileIdentity } from './pending';

const hasCaches = () => typeof caches !== 'undefined';

/** The cache entry of one file of one form; only ever read by this module, never fetched. */
const ENTRIES = '/__kelasku/pending/';
const entryOf = (key: string, f: FileIdentity) =>
  `${ENTRIES}${encodeURIComponent(key)}/${f.size}-${f.lastModified}/${encodeURIComponent(f.name)}`;

/** Keeps the files' bytes for the form `key`; false when the browser could not keep all of them. */
export async function keepFiles(key: string | null, files: File[], now = Date.now()): Promise<boolean> {
  if (!key || !hasCaches()) return false;
  try {
    const cache = await caches.open(PENDING_CACHE);
    for (const file of files) {
      // Kept already ("Lanjutkan" adds it again): the first keeping's time counts.
      if (await cache.match(entryOf(key, file))) continue;
      const headers = { 'content-type': file.type || 'application/octet-stream', [SAVED_AT_HEADER]: String(now) };
      await cache.put(entryOf(key, file), new Response(file, { headers }));
    }
    return true;
  } catch {
    // Storage full or blocked: the form works, only "Lanjutkan" after a reload is missing.
    return false;
  }
}

/** The kept file, as it was picked (same name, type, size and date: tus finds its upload), or null. */
export async function keptFile(key: string | null, p: FileIdentity): Promise<File | null> {
  if (!key || !hasCaches()) return null;
  try {
    const res = await (await caches.open(PENDING_CACHE)).match(entryOf(key, p));
    if (!res) return null;
    const blob = await res.blob();
    return blob.size === p.size ? new File([blob], p.name, { type: p.type, lastModified: p.lastModified }) : null;
  } catch {
    return null;
  }
}

/** Removes the kept bytes of these files of the form (used, removed or forgotten). */
export async function dropKept(key: string | null, files: FileIdentity[]): Promise<void> {
  if (!key || !hasCaches() || !(await caches.has(PENDING_CACHE))) return;
  const cache = await caches.open(PENDING_CACHE);
  await Promise.all(files.map((f) => cache.delete(entryOf(key, f))));
}

/**
 * Removes what was kept longer than the server keeps an unused upload and, with `userId`, what
 * another user of the browser kept. Run at login and again when a form opens: a page left at once
 * after a login may stop the first run.
 */
export async function tidyKept(userId: number | null | undefined, now = Date.now()): Promise<void> {
  if (!hasCaches() || !(await caches.has(PENDING_CACHE))) return;
  const cache = await caches.open(PENDING_CACHE);
  const own = userId == null ? null : `${ENTRIES}${encodeURIComponent(pendingPrefix(userId))}`;
  for (const request of await cache.keys()) {
    const saved = Number((await cache.match(request))?.headers.get(SAVED_AT_HEADER));
    const another = own !== null && !new URL(request.url).pathname.startsWith(own);
    if (another || !(now - saved < PENDING_TTL_MS)) await cache.delete(request);
  }
}

/**
 * At login: what another user of this browser began and kept goes, lists and bytes (a session of
 * theirs ended without a logout); this user's stays, as drafts do.
 */
export async function keepUploadsOf(userId: number): Promise<void> {
  keepPendingOf(userId);
  await tidyKept(userId);
}

/** Kept uploads follow the session (lib/session-events.ts): at login, another user's go; a logout clears them with localStorage and the caches. */
export function subscribeUploadsToSession() {
  onSessionStart(keepUploadsOf);
}
