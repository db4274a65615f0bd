import type { DetailedError, PreviousUpload, Upload, UploadOptions } from 'tus-js-client';
import { ApiError, NETWORK_MESSAGE, send } from '../api/client';
import { getSessionUser, getToken, sessionExpired } from '../api/session';
import type { FileIdentity } from './pending';
import type { UploadEvent } from './state';

/** The server's tus endpoint (same origin; the bearer token on every request). */
export const UPLOAD_ENDPOINT = '/api/uploads';

/**
 * Waits between automatic retries after a failed request while the device is online (about
 * 2.5 minutes in all); while it is offline the upload waits for the `online` event instead.
 */
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000, 60000];

/** No byte accepted for this long while sending: the connection is stuck; start again from the server's offset. */
const STALL_MS = 60_000;

/** Progress is passed on at most this often (a phone re-renders less), and always at the end. */
const PROGRESS_EVERY_MS = 200;

/** The library, loaded on first use so it stays out of the first screens' scripts. */
const loadTus = () => import('tus-js-client');

/** Loads the library ahead (a form that will upload calls this when it opens, so a pick while offline still works). */
export function preloadResumable(): void {
  void loadTus().catch(() => undefined);
}

/**
 * The key an unfinished upload is remembered by in this browser: the signed-in user (people
 * sharing a phone never resume each other's uploads), the file's name, type, size and date.
 */
export function fingerprintOf(file: FileIdentity, userId: number | null): string {
  return ['kelasku', `u${userId ?? 0}`, file.name, file.type, file.size, file.lastModified, UPLOAD_ENDPOINT].join('-');
}

/** The newest upload remembered for the file, if any. */
export function newestUpload(previous: PreviousUpload[]): PreviousUpload | null {
  const sorted = [...previous].sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime));
  return sorted[0] ?? null;
}

/** The id the forms take (`upload` field): the last segment of the upload's address. */
export function uploadIdOf(url: string | null): string | null {
  if (!url) return null;
  const id = new URL(url, window.location.origin).pathname.split('/').filter(Boolean).pop();
  return id ? decodeURIComponent(id) : null;
}

/** The HTTP status of a failed tus request (0: no answer). */
export const statusOf = (err: Error | DetailedError): number =>
  ('originalResponse' in err && err.originalResponse ? err.originalResponse.getStatus() : 0) || 0;

/**
 * Worth trying again by itself: no answer, a server fault, an offset conflict or a lock; not a
 * refusal, and not a full server storage (507: only an admin can fix it, so its message shows at once).
 */
export const retriable = (status: number) => status === 0 || (status >= 500 && status !== 507) || status === 409 || status === 423;

/** What the user reads about a failure: the server's message when it answered, else the network message. */
export function messageOf(err: Error | DetailedError): string {
  const res = 'originalResponse' in err ? err.originalResponse : null;
  if (!res || !res.getStatus()) return NETWORK_MESSAGE;
  try {
    const body = JSON.parse(res.getBody()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not our envelope
  }
  return `Server menjawab ${res.getStatus()}.`;
}

export interface ResumableUpload {
  /** Stops sending. The server keeps the bytes for a later resume unless `terminate` (then they are deleted there). */
  stop(terminate?: boolean): void;
  /** After a failure: tries again, continuing from what the server already has. */
  retry(): void;
}

/**
 * Sends a file by tus and reports each change as an UploadEvent. Retries run by themselves
 * with back-off; offline it waits for the connection and goes on from the server's offset; a
 * file picked again after a reload continues its earlier upload. A refusal or exhausted retries
 * end in `failed`, which stays until `retry()`.
 */
export function startResumable(file: File, onEvent: (e: UploadEvent) => void): ResumableUpload {
  let upload: Upload | null = null;
  let stopped = false;
  /** Done or failed: nothing runs until `retry()`. */
  let settled = false;
  let waitingForNetwork = false;
  let lastProgress = 0;
  let lastEmit = 0;
  let sentToken: string | null = null;
  const userId = getSessionUser()?.id ?? null;

  const emit = (e: UploadEvent) => {
    if (!stopped) onEvent(e);
  };

  const waitForNetwork = () => {
    waitingForNetwork = true;
    emit({ type: 'waiting', offline: true });
  };

  const onOnline = () => {
    if (stopped || settled || !waitingForNetwork) return;
    waitingForNetwork = false;
    lastProgress = Date.now();
    emit({ type: 'waiting', offline: false });
    if (upload) upload.start();
    else void begin();
  };

  // The device says it lost its connection: stop the request now (it might hang) and wait.
  const onOffline = () => {
    if (stopped || settled || waitingForNetwork || !upload) return;
    void upload.abort();
    waitForNetwork();
  };

  // Bytes stopped moving without an error (a dead mobile connection): abort and go on from the server's offset.
  const watchdog = window.setInterval(() => {
    if (stopped || settled || waitingForNetwork || !upload || Date.now() - lastProgress < STALL_MS) return;
    lastProgress = Date.now();
    void upload.abort().then(() => {
      if (stopped || settled || waitingForNetwork || !upload) return;
      emit({ type: 'waiting', offline: false });
      upload.start();
    });
  }, 5000);

  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);

  const options = (): UploadOptions => ({
    endpoint: UPLOAD_ENDPOINT,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
    fingerprint: (f) => Promise.resolve(fingerprintOf(f, userId)),
    storeFingerprintForResuming: true,
    // Kept after the last byte: a reload before the form is sent finds the finished upload again.
    removeFingerprintOnSuccess: false,
    onBeforeRequest: (req) => {
      sentToken = getToken();
      if (sentToken) req.setHeader('Authorization', `Bearer ${sentToken}`);
    },
    // The library answers a failed HEAD (the resume) by creating a new upload from byte 0; for a
    // passing server fault (a restart behind a proxy) that would throw the bytes away. Failing the
    // request instead sends it through the retries, which ask again.
    onAfterResponse: (req, res) => {
      if (req.getMethod() === 'HEAD' && res.getStatus() >= 500) throw new Error(`tus: resume answered ${res.getStatus()}`);
    },
    onProgress: (sent, total) => {
      lastProgress = Date.now();
      const at = performance.now();
      if (sent < total && at - lastEmit < PROGRESS_EVERY_MS) return;
      lastEmit = at;
      emit({ type: 'progress', sent, at });
    },
    onShouldRetry: (err) => {
      if (!navigator.onLine || !retriable(statusOf(err))) return false;
      emit({ type: 'waiting', offline: false });
      return true;
    },
    onSuccess: () => {
      settled = true;
      const id = uploadIdOf(upload?.url ?? null);
      if (id) emit({ type: 'done', id });
      else emit({ type: 'failed', message: NETWORK_MESSAGE });
    },
    onError: (err) => {
      if (stopped) return;
      const status = statusOf(err);
      if (status === 401) sessionExpired(sentToken);
      if (!navigator.onLine && retriable(status)) return waitForNetwork();
      settled = true;
      emit({ type: 'failed', message: messageOf(err) });
    },
  });

  async function begin() {
    emit({ type: 'start' });
    lastProgress = Date.now();
    let Tus: typeof import('tus-js-client');
    try {
      Tus = await loadTus();
    } catch {
      // The script could not be loaded (no connection on a first visit).
      if (!navigator.onLine) return waitForNetwork();
      settled = true;
      return emit({ type: 'failed', message: NETWORK_MESSAGE });
    }
    if (stopped) return;
    // A fresh Upload each time (a retry starts with the whole back-off again).
    const next = new Tus.Upload(file, options());
    upload = next;
    const previous = newestUpload(await next.findPreviousUploads().catch(() => []));
    if (stopped || upload !== next) return;
    if (previous) next.resumeFromPreviousUpload(previous);
    if (!navigator.onLine) return waitForNetwork();
    lastProgress = Date.now();
    next.start();
  }

  void begin();

  return {
    stop(terminate = false) {
      if (stopped) return;
      stopped = true;
      window.clearInterval(watchdog);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      void upload?.abort(terminate).catch(() => undefined);
    },
    retry() {
      if (stopped) return;
      settled = false;
      waitingForNetwork = false;
      void upload?.abort().catch(() => undefined);
      upload = null;
      void begin();
    },
  };
}

/**
 * Forgets the remembered uploads of these files (after the form that used them was saved: the
 * server has deleted them), so picking the same file later starts a new upload at once.
 */
export async function forgetUploads(files: FileIdentity[]): Promise<void> {
  const { defaultOptions } = await loadTus();
  for (const file of files) {
    for (const entry of await storedUploads(file)) await defaultOptions.urlStorage.removeUpload(entry.urlStorageKey);
  }
}

/** The uploads of the file this browser remembers for the signed-in user (tus's URL storage). */
async function storedUploads(file: FileIdentity): Promise<PreviousUpload[]> {
  const { defaultOptions } = await loadTus();
  return defaultOptions.urlStorage.findUploadsByFingerprint(fingerprintOf(file, getSessionUser()?.id ?? null));
}

/**
 * The promise form, for a form that sends its files one after the other: resolves to the
 * upload id, rejects with an ApiError (the server's message, or -1 when `signal` aborted it).
 * An abort with the reason 'leave' (the page is left) keeps the bytes on the server for a
 * later resume; any other abort deletes them.
 */
export function sendResumable(file: File, onEvent: (e: UploadEvent) => void, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new ApiError(-1, 'Unggahan dibatalkan.'));
    const running = startResumable(file, (e) => {
      onEvent(e);
      if (e.type === 'done') {
        running.stop();
        resolve(e.id);
      } else if (e.type === 'failed') {
        running.stop();
        reject(new ApiError(0, e.message));
      }
    });
    signal.addEventListener(
      'abort',
      () => {
        running.stop(signal.reason !== 'leave');
        reject(new ApiError(-1, 'Unggahan dibatalkan.'));
      },
      { once: true },
    );
  });
}

/**
 * How many bytes of a file the server already has from an earlier upload in this browser (what a
 * pick of the same file continues from), or null when none is known or the server no longer has it.
 */
export async function bytesOnServer(file: FileIdentity): Promise<number | null> {
  const previous = newestUpload(await storedUploads(file));
  if (!previous?.uploadUrl) return null;
  const res = await send('HEAD', previous.uploadUrl, undefined, { 'Tus-Resumable': '1.0.0' });
  const offset = Number(res.headers.get('Upload-Offset'));
  return res.ok && Number.isFinite(offset) ? offset : null;
}
