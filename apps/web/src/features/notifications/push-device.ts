/**
 * Web Push on this browser (issue 42): whether it can, the permission, the subscription of the app's
 * service worker (src/sw.ts shows the pushes), and what the gentle prompt remembers per user.
 * No React here: the profile card, the prompt and the logout hook (push-session.ts) share it.
 */
import type { PushSubscriptionBody } from '@kelasku/contract';
import { keyBytes, sameKey } from '../../lib/push-message';

/** The texts the card, the prompt and their toasts show. */
export const PUSH_TEXT = {
  unsupported:
    'Browser ini belum bisa menerima notifikasi. Di Android pakai Chrome, Firefox atau Edge terbaru; di iPhone, tambahkan Kelasku ke Layar Utama lalu buka dari sana.',
  blocked: 'Notifikasi untuk Kelasku diblokir oleh browser ini.',
  unblockChrome:
    'Di Chrome Android: ketuk ikon di kiri alamat situs, pilih Izin, lalu Notifikasi, pilih Izinkan. Setelah itu muat ulang halaman ini.',
  dismissed: 'Izin notifikasi belum diberikan. Ketuk lagi "Aktifkan notifikasi di HP ini", lalu pilih Izinkan.',
  noWorker: 'Kelasku belum siap menerima notifikasi di browser ini. Muat ulang halaman, lalu coba lagi.',
  serviceUnreachable:
    'Layanan notifikasi browser tidak bisa dihubungi, jadi notifikasi belum aktif. Periksa koneksi internet, lalu coba lagi.',
} as const;

/** A failure of turning push on, with the message to show. */
export class PushError extends Error {
  constructor(
    message: string,
    readonly reason: 'unsupported' | 'denied' | 'dismissed' | 'no-worker' | 'service',
  ) {
    super(message);
  }
}

/** 'unsupported': no push in this browser; else the notification permission. */
export type PushPermission = 'unsupported' | NotificationPermission;

/** Whether this browser can receive push (an iPhone only in the app added to the home screen). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function pushPermission(): PushPermission {
  return pushSupported() ? Notification.permission : 'unsupported';
}

const within = <T>(work: Promise<T>, ms: number, fallback: T): Promise<T> =>
  Promise.race([work, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms))]).catch(() => fallback);

/** The app's service worker registration (it is registered after the first screen), or null after `ms`. */
async function workerRegistration(ms: number): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const now = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  if (now?.active) return now;
  return within(navigator.serviceWorker.ready, ms, null);
}

/** This browser's push subscription, or null. */
export async function browserSubscription(ms = 3000): Promise<PushSubscription | null> {
  const registration = await workerRegistration(ms);
  return registration ? registration.pushManager.getSubscription().catch(() => null) : null;
}

/** The subscription as the server takes it (POST /api/push/subscriptions). */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    expirationTime: json.expirationTime ?? null,
  };
}

/**
 * "Aktifkan": asks the browser's permission — first, while the tap still counts as the user's —
 * then subscribes the service worker with the server's key (`getKey`). A subscription made with
 * another key is replaced. Throws a PushError with the message to show.
 */
export async function subscribeThisDevice(getKey: () => Promise<string>): Promise<PushSubscriptionBody> {
  if (!pushSupported()) throw new PushError(PUSH_TEXT.unsupported, 'unsupported');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushError(PUSH_TEXT.blocked, 'denied');
  if (permission !== 'granted') throw new PushError(PUSH_TEXT.dismissed, 'dismissed');
  const key = await getKey();
  const registration = await workerRegistration(10_000);
  if (!registration) throw new PushError(PUSH_TEXT.noWorker, 'no-worker');
  let subscription = await registration.pushManager.getSubscription().catch(() => null);
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe().catch(() => false);
    subscription = null;
  }
  if (!subscription) {
    try {
      subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
    } catch (err) {
      if (err instanceof DOMException && err.name === 'NotAllowedError') throw new PushError(PUSH_TEXT.blocked, 'denied');
      throw new PushError(PUSH_TEXT.serviceUnreachable, 'service');
    }
  }
  return subscriptionBody(subscription);
}

/** Ends this browser's subscription (never fails, never waits longer than `ms`). */
export async function unsubscribeThisDevice(ms = 3000): Promise<void> {
  await within(
    (async () => {
      const subscription = await browserSubscription(ms);
      await subscription?.unsubscribe();
    })(),
    ms,
    undefined,
  );
}

// ---------------------------------------------------------------------------------------------
// The gentle prompt: shown after a sign-in in this tab, until the user answers it, once per user.
// ---------------------------------------------------------------------------------------------

/** localStorage: the users of this browser who answered the prompt (kept across logouts, see push-session.ts). */
export const PROMPT_ANSWERED_KEY = 'kelasku-push-prompt-answered';
/** sessionStorage: the user who signed in in this tab (the prompt follows a sign-in, never an old session). */
export const PROMPT_AFTER_LOGIN_KEY = 'kelasku-push-prompt-after-login';

function answeredIds(): number[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(PROMPT_ANSWERED_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

export const promptAnswered = (userId: number) => answeredIds().includes(userId);

export function rememberPromptAnswered(userId: number) {
  const ids = answeredIds();
  if (!ids.includes(userId)) localStorage.setItem(PROMPT_ANSWERED_KEY, JSON.stringify([...ids, userId].slice(-50)));
}

/** What the prompt remembers, to be written back after a logout has cleared localStorage. */
export const promptMemory = (): string | null => localStorage.getItem(PROMPT_ANSWERED_KEY);

export function restorePromptMemory(memory: string | null) {
  if (memory !== null && localStorage.getItem(PROMPT_ANSWERED_KEY) === null) localStorage.setItem(PROMPT_ANSWERED_KEY, memory);
}

/** A sign-in happened in this tab for `userId`: the prompt may follow it. */
export function markSignedIn(userId: number) {
  sessionStorage.setItem(PROMPT_AFTER_LOGIN_KEY, String(userId));
}

export const signedInHere = (userId: number) => sessionStorage.getItem(PROMPT_AFTER_LOGIN_KEY) === String(userId);
