/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa, injectManifest; registered by offline/start.ts in
 * production builds). It makes the app installable and readable offline; the rules are in
 * offline/rules.ts:
 * - the app shell is precached; a navigation goes to the network first and falls back to it;
 * - other chunks of the build are kept the first time a page loads them;
 * - API reads are network first (the saved copy when the network fails or is slower than a few
 *   seconds; the page hears of it and says so), each saved copy stamped with the hash of the session
 *   token it was read with and served to that session only;
 * - stored files are kept by their path once opened, within a storage budget, least recently opened
 *   going first.
 * A new session token wipes every saved answer and file of the previous one; so does a logout
 * (MSG_LOGOUT) and a 401.
 * A push message (Web Push, issue 42) shows its notification; tapping it opens its page in the app.
 */
import { clientsClaim, registerQuotaErrorCallback } from 'workbox-core';
import type { RouteHandlerCallbackOptions, WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, getCacheKeyForURL, precacheAndRoute } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  ASSETS_CACHE,
  DATA_CACHE,
  DATA_MAX_AGE_SECONDS,
  DATA_MAX_ENTRIES,
  FILES_CACHE,
  FILES_INDEX_KEY,
  META_CACHE,
  MSG_CLEAR,
  MSG_FRESH,
  MSG_LOGOUT,
  MSG_SAVED_COPY,
  MSG_UPDATED,
  MSG_WARM,
  NETWORK_TIMEOUT_SECONDS,
  OWNER_HEADER,
  SAVED_AT_HEADER,
  SIZE_HEADER,
  STORAGE_BUDGET_BYTES,
  USER_CACHES,
  bearerOf,
  fileKey,
  keepableAnswer,
  keepableFile,
  kindOf,
  planEviction,
  type FileEntry,
} from './offline/rules';
import { appLink, parsePushText } from './lib/push-message';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null } | string> };

void self.skipWaiting();
clientsClaim();
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// ---------------------------------------------------------------------------------------------
// Whose data is saved: the SHA-256 of the session token, kept in META_CACHE. Another token wipes it.
// ---------------------------------------------------------------------------------------------

const OWNER_KEY = '/__kelasku/owner';
/** undefined: not read yet since the worker started. */
let owner: string | null | undefined;
/** Tokens logged out while this worker runs: a late answer of theirs is neither saved nor served. */
const retired = new Set<string>();
let ownerChain: Promise<unknown> = Promise.resolve();

const hashes = new Map<string, string>();
async function hashOf(token: string): Promise<string> {
  const known = hashes.get(token);
  if (known) return known;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  hashes.clear();
  hashes.set(token, hex);
  return hex;
}

async function currentOwner(): Promise<string | null> {
  if (owner === undefined) {
    const saved = await (await caches.open(META_CACHE)).match(OWNER_KEY);
    owner = saved ? await saved.text() : null;
  }
  return owner;
}

async function wipeUserData() {
  filesIndex = null;
  await Promise.all(USER_CACHES.map((name) => caches.delete(name)));
}

/** The session `hash` is the one whose data is saved from now on; another's goes first. False: a logged-out session. */
function claim(hash: string): Promise<boolean> {
  const next = ownerChain.then(async () => {
    if (retired.has(hash)) return false;
    if ((await currentOwner()) === hash) return true;
    await wipeUserData();
    await (await caches.open(META_CACHE)).put(OWNER_KEY, new Response(hash));
    owner = hash;
    return true;
  });
  ownerChain = next.catch(() => undefined);
  return next;
}

/** Removes the saved answers and files (not whose they are). */
function clearSaved(): Promise<void> {
  const next = ownerChain.then(() =>
    serialFiles(async () => {
      filesIndex = null;
      await Promise.all([caches.delete(DATA_CACHE), caches.delete(FILES_CACHE)]);
    }),
  );
  ownerChain = next.catch(() => undefined);
  return next;
}

/** The session `hash` has ended (logout, 401): its data goes, and nothing of it is saved again. */
function retire(hash: string | null): Promise<void> {
  const next = ownerChain.then(async () => {
    const current = await currentOwner();
    if (hash) retired.add(hash);
    if (current) retired.add(current);
    if (hash === null || hash === current) {
      await wipeUserData();
      owner = null;
    }
  });
  ownerChain = next.catch(() => undefined);
  return next;
}

// ---------------------------------------------------------------------------------------------
// Telling the page what it is looking at: a saved copy (with its time) or a fresh answer.
// ---------------------------------------------------------------------------------------------

async function tell(event: ExtendableEvent, message: Record<string, unknown>) {
  const id = (event as FetchEvent).clientId;
  if (!id) return;
  const client = await self.clients.get(id);
  client?.postMessage(message);
}

/**
 * The headers of a saved copy: the original ones with its owner, the time it was saved and its size.
 * The body is kept as the browser decoded it, so the transfer's encoding and length do not apply.
 */
function stampedHeaders(original: Headers, hash: string, size: number): Headers {
  const headers = new Headers(original);
  headers.delete('content-encoding');
  headers.set('content-length', String(size));
  headers.set(OWNER_HEADER, hash);
  headers.set(SAVED_AT_HEADER, String(Date.now()));
  headers.set(SIZE_HEADER, String(size));
  return headers;
}

/** An API answer stamped for saving (the body is read: API answers are small). */
async function stamped(response: Response, hash: string): Promise<Response> {
  const body = await response.arrayBuffer();
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: stampedHeaders(response.headers, hash, body.byteLength),
  });
}

const tokenHash = async (request: Request) => {
  const token = bearerOf(request.headers);
  return token ? hashOf(token) : null;
};

/** API answers: only full JSON answers of the current session are saved; a saved copy only goes back to its own session. */
const ownedAnswers: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => {
    const hash = await tokenHash(request);
    if (!hash || hash !== owner || retired.has(hash) || !keepableAnswer(response.status, response.headers)) {
      // Not kept (a download, an error): the copy made for the cache is not read, so it is let go at once.
      void response.body?.cancel().catch(() => undefined);
      return null;
    }
    return stamped(response, hash);
  },
  cachedResponseWillBeUsed: async ({ request, cachedResponse, event, state }) => {
    if (!cachedResponse) return null;
    const hash = await tokenHash(request);
    if (!hash || retired.has(hash) || cachedResponse.headers.get(OWNER_HEADER) !== hash) return null;
    if (state) state.savedCopy = true;
    void tell(event, { type: MSG_SAVED_COPY, url: request.url, savedAt: Number(cachedResponse.headers.get(SAVED_AT_HEADER)) || null });
    return cachedResponse;
  },
  fetchDidSucceed: async ({ request, response, event, state }) => {
    // After the saved copy has been answered (a slow network), this answer refreshes the cache, and the page may ask again.
    if (response.ok || response.status === 304) void tell(event, { type: state?.savedCopy ? MSG_UPDATED : MSG_FRESH, url: request.url });
    return response;
  },
};

const answers = new NetworkFirst({
  cacheName: DATA_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [
    ownedAnswers,
    new ExpirationPlugin({ maxEntries: DATA_MAX_ENTRIES, maxAgeSeconds: DATA_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
  ],
});

async function apiRead(options: RouteHandlerCallbackOptions): Promise<Response> {
  const request = options.request as Request;
  const hash = await tokenHash(request);
  if (!hash || !(await claim(hash))) return fetch(request);
  const response = await answers.handle(options);
  // The server no longer knows this session: nothing of it stays on the phone.
  if (response.status === 401) await retire(hash);
  return response;
}

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    request.method === 'GET' &&
    kindOf(url.pathname) === 'data' &&
    bearerOf(request.headers) !== null &&
    !(request.headers.get('accept') ?? '').includes('text/event-stream'),
  apiRead,
);

// ---------------------------------------------------------------------------------------------
// Stored files: kept by path, within the storage budget (FILES_INDEX_KEY lists size and last use).
// ---------------------------------------------------------------------------------------------

let filesIndex: Record<string, FileEntry> | null = null;
let filesChain: Promise<unknown> = Promise.resolve();
const serialFiles = <T>(fn: () => Promise<T>): Promise<T> => {
  const next = filesChain.then(fn);
  filesChain = next.catch(() => undefined);
  return next;
};

async function readIndex(cache: Cache): Promise<Record<string, FileEntry>> {
  if (!filesIndex) {
    const saved = await cache.match(FILES_INDEX_KEY);
    filesIndex = saved ? ((await saved.json()) as Record<string, FileEntry>) : {};
  }
  return filesIndex;
}

const writeIndex = (cache: Cache, index: Record<string, FileEntry>) =>
  cache.put(FILES_INDEX_KEY, new Response(JSON.stringify(index), { headers: { 'content-type': 'application/json' } }));

/** What the saved API answers take (their stamped sizes). */
async function dataBytes(): Promise<number> {
  if (!(await caches.has(DATA_CACHE))) return 0;
  const cache = await caches.open(DATA_CACHE);
  let total = 0;
  for (const request of await cache.keys()) {
    const res = await cache.match(request);
    total += Number(res?.headers.get(SIZE_HEADER)) || 0;
  }
  return total;
}

let touchPending = false;
/** A saved file was opened again: it goes last in the line for eviction (index writes coalesced). */
function touch(key: string): Promise<void> {
  if (filesIndex?.[key]) filesIndex[key].used = Date.now();
  if (touchPending) return Promise.resolve();
  touchPending = true;
  return serialFiles(async () => {
    touchPending = false;
    const cache = await caches.open(FILES_CACHE);
    const index = await readIndex(cache);
    if (index[key]) index[key].used = Date.now();
    await writeIndex(cache, index);
  });
}

async function saveFile(key: string, response: Response, hash: string): Promise<void> {
  // A length given without a transfer encoding is the file's own; otherwise the decoded body is measured.
  const declared = response.headers.has('content-encoding') ? NaN : Number(response.headers.get('content-length'));
  const body = Number.isFinite(declared) && declared > 0 ? null : await response.blob();
  const size = body ? body.size : declared;
  if (size > STORAGE_BUDGET_BYTES / 2) return;
  const headers = stampedHeaders(response.headers, hash, size);
  const copy = new Response(body ?? response.body, { status: 200, statusText: response.statusText, headers });
  await serialFiles(async () => {
    if (owner !== hash) return;
    const cache = await caches.open(FILES_CACHE);
    await cache.put(key, copy);
    // The session may have ended while the file came.
    if (owner !== hash) {
      await cache.delete(key);
      return;
    }
    const index = await readIndex(cache);
    index[key] = { size, used: Date.now() };
    const drop = planEviction(index, await dataBytes(), STORAGE_BUDGET_BYTES, key);
    for (const k of drop) {
      await cache.delete(k);
      delete index[k];
    }
    await writeIndex(cache, index);
  });
}

/** The network's answer, or a rejection after NETWORK_TIMEOUT_SECONDS (a connection that answers nothing). */
function fetchInTime(request: Request): Promise<Response> {
  return Promise.race([
    fetch(request),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), NETWORK_TIMEOUT_SECONDS * 1000)),
  ]);
}

/**
 * A stored file. Saved: the server is still asked, with the saved copy's ETag, so the signed link is
 * checked as always (an altered or expired link gets its page) and only a changed file is sent again;
 * its "not modified" answer, no connection or a connection too slow serve the saved copy.
 */
async function storedFile({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  const req = request as Request;
  const key = fileKey(req.url);
  const hash = await currentOwner();
  const owned = hash !== null && !retired.has(hash);
  const saved = owned ? await (await caches.open(FILES_CACHE)).match(key) : undefined;
  const usable = saved && saved.headers.get(OWNER_HEADER) === hash ? saved : undefined;
  const fromSaved = (copy: Response) => {
    event.waitUntil(touch(key));
    return req.headers.has('range') ? createPartialResponse(req, copy) : copy;
  };
  let response: Response;
  if (usable) {
    const headers = new Headers();
    for (const name of ['accept', 'range']) if (req.headers.has(name)) headers.set(name, req.headers.get(name)!);
    const etag = usable.headers.get('etag');
    if (etag) headers.set('if-none-match', etag);
    try {
      response = await fetchInTime(new Request(req.url, { headers, credentials: 'same-origin' }));
    } catch {
      return fromSaved(usable);
    }
    if (response.status === 304) return fromSaved(usable);
  } else {
    response = await fetch(req);
  }
  if (owned && !req.headers.has('range') && keepableFile(response.status, response.headers)) {
    event.waitUntil(saveFile(key, response.clone(), hash).catch(() => undefined));
  }
  return response;
}

registerRoute(({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && kindOf(url.pathname) === 'file', storedFile);

// A full phone: the saved files go first (the app shell stays).
registerQuotaErrorCallback(async () => {
  filesIndex = null;
  await caches.delete(FILES_CACHE);
});

// ---------------------------------------------------------------------------------------------
// The build's other chunks, and navigations.
// ---------------------------------------------------------------------------------------------

const chunks = new CacheFirst({
  cacheName: ASSETS_CACHE,
  plugins: [new ExpirationPlugin({ maxEntries: 250, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true })],
});
registerRoute(({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && kindOf(url.pathname) === 'asset', chunks);

// A page of the app: the network's index.html (a new version shows at once), the precached one offline or on a slow network.
const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await fetchInTime(options.request as Request);
      } catch {
        return shell(options);
      }
    },
    { denylist: [/^\/api\//, /^\/metrics/] },
  ),
);

// ---------------------------------------------------------------------------------------------
// Messages of the pages.
// ---------------------------------------------------------------------------------------------

self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === MSG_LOGOUT) {
    // Logout: this session's data goes before the page reloads (the page waits for the answer).
    event.waitUntil(retire(null).finally(() => event.ports[0]?.postMessage('done')));
  } else if (data?.type === MSG_CLEAR) {
    // "Hapus data offline": the saved answers and files go; the session stays the owner.
    event.waitUntil(clearSaved().finally(() => event.ports[0]?.postMessage('done')));
  } else if (data?.type === MSG_WARM && Array.isArray(data.urls)) {
    // The chunks the page loaded before this worker controlled it (the first visit).
    const urls = data.urls.filter(
      (u): u is string => typeof u === 'string' && new URL(u, self.location.href).origin === self.location.origin,
    );
    event.waitUntil(
      Promise.all(
        urls
          .filter((u) => kindOf(new URL(u, self.location.href).pathname) === 'asset' && !getCacheKeyForURL(u))
          .map((u) => chunks.handle({ event, request: new Request(u) }).catch(() => undefined)),
      ),
    );
  }
});

// ---------------------------------------------------------------------------------------------
// Web Push (issue 42): a push shows its notification; tapping it opens its page in the app.
// ---------------------------------------------------------------------------------------------

/** The app's icon (the web app manifest's) and the small white one Android shows in the status bar. */
const NOTIFICATION_ICON = '/icons/icon-192.png';
const NOTIFICATION_BADGE = '/icons/badge-96.png';

/** `event.waitUntil(work)`; an event made by a script (a browser test) cannot wait, and the work runs all the same. */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>) {
  try {
    event.waitUntil(work);
  } catch {
    void work.catch(() => undefined);
  }
}

self.addEventListener('push', (event) => {
  let text: string | null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    text = null;
  }
  // Anything but a push message of ours (lib/push-message.ts) shows nothing.
  const message = parsePushText(text);
  if (!message) return;
  const options: NotificationOptions & { renotify?: boolean } = {
    body: message.body,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    lang: 'id',
    data: { link: appLink(message.link, self.location.origin), id: message.id, kind: message.kind },
    // A summary counted up replaces its earlier push on the phone, and rings again.
    ...(message.tag ? { tag: message.tag, renotify: true } : {}),
  };
  keepAlive(event, self.registration.showNotification(message.title, options));
});

/**
 * Opens `url` (an address of the app): in a window of the app that is open already — the installed
 * app's own window when it runs — brought to the front, or else in a new one (an installed app opens
 * in its app window).
 */
async function openInApp(url: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const mine = windows.filter((c) => new URL(c.url).origin === self.location.origin);
  const client = mine.find((c) => c.focused) ?? mine[0];
  if (client) {
    try {
      const shown = (await client.navigate(url)) ?? client;
      await shown.focus().catch(() => undefined);
      return;
    } catch {
      // A window this worker does not control cannot be navigated: a new one opens instead.
    }
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { link?: unknown } | null;
  keepAlive(event, openInApp(appLink(data?.link, self.location.origin)));
});
