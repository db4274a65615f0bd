/**
 * What the service worker (src/sw.ts) keeps for offline reading, and the pure rules it follows —
 * shared with the pages that show and clear it (the profile's "Data offline" card, logout).
 *
 * Four kinds of request:
 * - the app shell (index.html, the entry script and styles, icons): precached at install;
 * - other script and style chunks of the build (`/assets/…`, names carry their hash): kept the first
 *   time a page loads them, so a page opened once opens again offline;
 * - API reads of the signed-in user (JSON): network first, the saved copy when the network fails or
 *   is slow; never the session, login, live stream, metrics, backups or other downloads;
 * - stored files (`/api/files/:id?e=…&s=…`): kept by their path (the signed query changes every ten
 *   minutes) up to STORAGE_BUDGET_BYTES, the least recently opened going first.
 *
 * Nothing here names a user: every saved answer carries the hash of the session token it was read
 * with, and the worker serves it only to that session. A logout, an ended session or another login
 * removes them (clear.ts, and the worker itself when a new token shows up).
 */

/** Script and style chunks of the build: no user data (kept through a logout). */
export const ASSETS_CACHE = 'kelasku-assets';
/** API answers (JSON) of the signed-in user. */
export const DATA_CACHE = 'kelasku-data';
/** Stored files (materials, avatars) the user opened. */
export const FILES_CACHE = 'kelasku-files';
/** The worker's own notes: whose session the saved data belongs to. */
export const META_CACHE = 'kelasku-meta';
/** Caches holding user data: removed at logout, when a session ends and when another user signs in. */
export const USER_CACHES = [DATA_CACHE, FILES_CACHE, META_CACHE] as const;
/**
 * Files made on the phone for a form and not handed in yet, like a "Foto tugas" PDF
 * (uploads/kept-files.ts). Unsent work, kept per user like a draft: not removed with the
 * saved pages when a session changes (the worker would remove a PDF kept before it first saw the
 * session), only at logout (clear.ts removes every cache but the app shell) and after 24 hours.
 */
export const PENDING_CACHE = 'kelasku-pending';

/** What saved data and files may take on the phone together; the least recently opened files go first beyond it. */
export const STORAGE_BUDGET_BYTES = 200 * 1024 * 1024;
/** A network answer slower than this gives way to the saved copy (the fresh one still replaces it when it comes). */
export const NETWORK_TIMEOUT_SECONDS = 4;
/** At most this many API answers are kept, each at most this long. */
export const DATA_MAX_ENTRIES = 300;
export const DATA_MAX_AGE_SECONDS = 14 * 24 * 3600;

/** Headers the worker adds to what it saves. */
export const OWNER_HEADER = 'x-kelasku-owner';
export const SAVED_AT_HEADER = 'x-kelasku-saved-at';
export const SIZE_HEADER = 'x-kelasku-size';
/** The files cache's own entry listing each file's size and last use (for the budget). */
export const FILES_INDEX_KEY = '/__kelasku/files-index';

/** Messages between the pages and the worker. */
export const MSG_SAVED_COPY = 'kelasku:saved-copy';
export const MSG_FRESH = 'kelasku:fresh';
/** A fresh answer came after its saved copy had been shown (a slow network): the page may ask again. */
export const MSG_UPDATED = 'kelasku:updated';
/** "Hapus data offline": the saved answers and files go, the session stays. */
export const MSG_CLEAR = 'kelasku:clear';
export const MSG_LOGOUT = 'kelasku:logout';
export const MSG_WARM = 'kelasku:warm';

/**
 * API paths whose answers are never kept: the session and login, the live stream, downloads (backups,
 * ZIPs, spreadsheets, exports, import slips), the API docs; the admin area as a whole.
 */
const NEVER = [
  /^\/api\/(login|logout|session|auth)(\/|$)/,
  /^\/api\/live(\/|$)/,
  /^\/api\/docs(\/|$)/,
  /^\/api\/(health|ready)$/,
  /^\/api\/admin(\/|$)/,
  /^\/api\/downloads\//,
  /^\/api\/uploads(\/|$)/,
  /backup/,
  /\.(xlsx|csv|zip|gift|pdf|json|txt)$/,
  /\/(export|template|slips)(\.|\/|$)/,
];

/** A stored file's signed link: `/api/files/:id` (its fresh-link endpoint `/api/files/:id/link` is an API read). */
const FILE_PATH = /^\/api\/files\/\d+$/;

export type RequestKind = 'file' | 'data' | 'asset' | null;

/** What the worker does with a GET of this same-origin path: keep it as a file, as an API answer, as a chunk, or leave it alone. */
export function kindOf(pathname: string): RequestKind {
  if (FILE_PATH.test(pathname)) return 'file';
  if (pathname === '/metrics' || pathname.startsWith('/metrics/')) return null;
  if (pathname.startsWith('/assets/')) return 'asset';
  if (!pathname.startsWith('/api/')) return null;
  return NEVER.some((re) => re.test(pathname)) ? null : 'data';
}

/** Whether an API answer may be kept: a full 200 JSON answer that is not a download, a stream or a page of its own. */
export function keepableAnswer(status: number, headers: Headers): boolean {
  if (status !== 200) return false;
  if (!/^application\/json\b/i.test(headers.get('content-type') ?? '')) return false;
  if (/attachment/i.test(headers.get('content-disposition') ?? '')) return false;
  return true;
}

/** Whether a stored file's answer may be kept: the whole file (not a range), with its type. */
export function keepableFile(status: number, headers: Headers): boolean {
  return status === 200 && !headers.has('content-range') && (headers.get('content-type') ?? '') !== '';
}

/** The key a stored file is kept under: its path, without the signed query that changes every ten minutes. */
export function fileKey(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

export interface FileEntry {
  size: number;
  /** When it was last opened (ms). */
  used: number;
}

/**
 * Which files to drop so that the files and the other saved data (`otherBytes`) fit the budget: the
 * least recently opened first, never `keep` (the file just saved) unless it alone does not fit.
 */
export function planEviction(index: Record<string, FileEntry>, otherBytes: number, budget: number, keep?: string): string[] {
  let total = otherBytes + Object.values(index).reduce((n, e) => n + e.size, 0);
  if (total <= budget) return [];
  const drop: string[] = [];
  const oldestFirst = Object.entries(index)
    .filter(([key]) => key !== keep)
    .sort((a, b) => a[1].used - b[1].used);
  for (const [key, entry] of oldestFirst) {
    if (total <= budget) break;
    drop.push(key);
    total -= entry.size;
  }
  if (total > budget && keep !== undefined && index[keep]) drop.push(keep);
  return drop;
}

/** "2,7 KB", "120 KB", "12,3 MB", "200 MB": at most one decimal, Indonesian comma. */
export function formatStorage(bytes: number): string {
  const oneDecimal = (n: number) => {
    const text = n.toFixed(1);
    return text.endsWith('.0') ? text.slice(0, -2) : text.replace('.', ',');
  };
  if (bytes < 1024 * 1024) return `${bytes < 10 * 1024 ? oneDecimal(bytes / 1024) : Math.round(bytes / 1024)} KB`;
  return `${oneDecimal(bytes / (1024 * 1024))} MB`;
}

/** The bearer token of a request, or null. */
export function bearerOf(headers: Headers): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(headers.get('authorization') ?? '');
  return m ? m[1]! : null;
}
