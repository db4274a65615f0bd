/**
 * Web Push (issue 42), the parts the service worker (src/sw.ts) and the page share: reading a push
 * message (the contract's `pushPayload`, checked by hand — the worker carries no zod), the app
 * address a notification opens, and the VAPID key as the bytes `pushManager.subscribe` takes.
 */

/** What a push message carries (packages/contract/src/schemas/reach.ts, `pushPayload`). */
export interface PushMessage {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string;
  tag: string | null;
}

/** The longest title and body a notification shows (a phone cuts them anyway). */
const MAX_TITLE = 200;
const MAX_BODY = 1000;

const isText = (v: unknown): v is string => typeof v === 'string';

/** The push message in `data` (the parsed JSON of a push), or null for anything else: such a push shows nothing. */
export function readPushMessage(data: unknown): PushMessage | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const d = data as Record<string, unknown>;
  if (typeof d.id !== 'number' || !isText(d.kind) || !isText(d.title) || !isText(d.body) || !isText(d.link)) return null;
  if (d.tag !== null && d.tag !== undefined && !isText(d.tag)) return null;
  const title = d.title.trim().slice(0, MAX_TITLE);
  if (!title) return null;
  return {
    id: d.id,
    kind: d.kind,
    title,
    body: d.body.slice(0, MAX_BODY),
    link: d.link,
    tag: isText(d.tag) && d.tag ? d.tag : null,
  };
}

/** The text of a push (`event.data.text()`) as a push message, or null. */
export function parsePushText(text: string | null | undefined): PushMessage | null {
  if (!text) return null;
  try {
    return readPushMessage(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * The whole address a tapped notification opens: `link` when it is a path of the app ("/my-classes/12")
 * or an address on `origin`, the app's start page otherwise (another site, `//host`, `javascript:`, …).
 */
export function appLink(link: unknown, origin: string): string {
  const home = `${origin}/`;
  if (typeof link !== 'string') return home;
  const path = link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');
  if (!path && !link.startsWith(home)) return home;
  try {
    const url = new URL(link, origin);
    return url.origin === origin ? url.href : home;
  } catch {
    return home;
  }
}

/** A base64url text (the VAPID public key of GET /api/push/key) as bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with the key `base64url` (a changed server key needs a new one). */
export function sameKey(subscriptionKey: ArrayBuffer | null | undefined, base64url: string): boolean {
  if (!subscriptionKey) return false;
  const a = new Uint8Array(subscriptionKey);
  const b = keyBytes(base64url);
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
