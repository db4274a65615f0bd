import { MSG } from '@kelasku/contract';
import { ApiError, NETWORK_MESSAGE } from '../lib/api-error';
import { getToken, sessionExpired, updateSessionUser } from './session';

export { ApiError, isNotFound, NETWORK_MESSAGE } from '../lib/api-error';

type Envelope<T> = { success: boolean; message?: string; data?: T; errors?: Record<string, string[]> };

async function parse<T>(res: Response): Promise<Envelope<T>> {
  const text = await res.text();
  try {
    return text ? (JSON.parse(text) as Envelope<T>) : { success: res.ok };
  } catch {
    return { success: false, message: `Server menjawab ${res.status}.` };
  }
}

/**
 * Throws the ApiError of a failed call. Before that, two answers change the session: a 401 (not
 * of the login itself) ends it, and the 403 "change your password first" puts the signed-in area
 * on the password change screen.
 */
function handleFailure(status: number, body: Envelope<unknown>, path: string, sentToken: string | null): never {
  if (status === 401 && path !== '/api/login') sessionExpired(sentToken);
  if (status === 403 && body.message === MSG.passwordChangeRequired) updateSessionUser({ must_change_password: true });
  throw new ApiError(status, body.message ?? `Server menjawab ${status}.`, body.errors ?? {});
}

// The token each answer was asked with: a 401 ends that session, not a newer one.
const sentWith = new WeakMap<Response, string | null>();

/** Sends a request with the stored bearer token; no connection becomes the Indonesian ApiError. */
export async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError(0, NETWORK_MESSAGE);
  }
  sentWith.set(res, token);
  return res;
}

/** The envelope of an answer (of `send`); a failure throws its ApiError (and a dead session ends). */
export async function envelopeOf<T>(res: Response, path: string): Promise<Envelope<T> & { data: T }> {
  const parsed = await parse<T>(res);
  if (!res.ok || parsed.success === false) handleFailure(res.status, parsed, path, sentWith.get(res) ?? null);
  return parsed as Envelope<T> & { data: T };
}

/** Calls the API with the stored bearer token. Resolves to the whole envelope. */
export async function request<T = unknown>(method: string, path: string, body?: unknown): Promise<Envelope<T> & { data: T }> {
  return envelopeOf<T>(await send(method, path, body), path);
}

export const api = {
  /** The data of a GET. */
  get: async <T>(path: string) => (await request<T>('GET', path)).data,
  post: <T = unknown>(path: string, body: unknown = {}) => request<T>('POST', path, body),
  put: <T = unknown>(path: string, body: unknown = {}) => request<T>('PUT', path, body),
  patch: <T = unknown>(path: string, body: unknown = {}) => request<T>('PATCH', path, body),
  delete: <T = unknown>(path: string) => request<T>('DELETE', path),
  upload,
};

export interface UploadOptions {
  method?: 'POST' | 'PUT' | 'PATCH';
  /** 0–100 while the bytes go up. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Sends a multipart form with upload progress (fetch cannot report it) and cancellation. */
function upload<T = unknown>(path: string, form: FormData, opts: UploadOptions = {}): Promise<Envelope<T> & { data: T }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? 'POST', path);
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: Envelope<T>;
      try {
        body = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        body = { success: false, message: `Server menjawab ${xhr.status}.` };
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.success !== false) resolve(body as Envelope<T> & { data: T });
      else {
        try {
          handleFailure(xhr.status, body, path, token);
        } catch (err) {
          reject(err);
        }
      }
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_MESSAGE));
    xhr.onabort = () => reject(new ApiError(-1, 'Unggahan dibatalkan.'));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
