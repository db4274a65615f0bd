import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@kelasku/contract';
import { loginPath } from '../lib/next';
import { endSession, sessionStarted } from '../lib/session-events';

/** The login kept in localStorage (SPEC §3: user, and the token also stored separately). */
const USER = 'user';
const TOKEN = 'token';

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function getToken(): string | null {
  return localStorage.getItem(TOKEN);
}

// The parsed user, read again only when the stored text changes (a stable value for useSyncExternalStore).
let cached: { raw: string | null; user: SessionUser | null } = { raw: null, user: null };

export function getSessionUser(): SessionUser | null {
  const raw = localStorage.getItem(USER);
  if (raw !== cached.raw) {
    let user: SessionUser | null;
    try {
      user = raw ? (JSON.parse(raw) as SessionUser) : null;
    } catch {
      user = null;
    }
    cached = { raw, user };
  }
  return cached.user;
}

// Changes made by this tab only: a logout in another tab shows here at the next call (its 401).
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** A stored session: a token and its user. */
export function hasSession(): boolean {
  return getToken() !== null && getSessionUser() !== null;
}

/** The signed-in user, re-rendering when the session changes (e.g. a password change becomes required). */
export function useSessionUser(): SessionUser | null {
  return useSyncExternalStore(subscribe, getSessionUser);
}

/**
 * After a login: the session is stored, and its start announced (lib/session-events.ts: drafts and
 * unsent uploads left by anyone else on this browser are removed).
 */
export function saveSession(token: string, user: SessionUser) {
  localStorage.setItem(TOKEN, token);
  localStorage.setItem(USER, JSON.stringify(user));
  void sessionStarted(user.id);
  endedBy = null;
  changed();
}

export function updateSessionUser(patch: Partial<SessionUser>) {
  const user = getSessionUser();
  if (!user) return;
  const next = { ...user, ...patch };
  if (JSON.stringify(next) === JSON.stringify(user)) return;
  localStorage.setItem(USER, JSON.stringify(next));
  changed();
}

/**
 * Logout (SPEC §4): clears everything stored, drafts and unsent comments included (shared lab
 * computers), waits until the saved pages and files of the offline mode are gone too (the next user
 * of the phone must not read them), and reloads the app. The drafts go and the offline data starts
 * to go with the announced end (lib/session-events.ts), before localStorage is cleared.
 */
export async function clearSessionAndReload(): Promise<void> {
  const ended = endSession('logout');
  localStorage.clear();
  await ended;
  window.location.assign('/login');
}

/** Why a session ended without a logout: the server no longer knows the token, or the password was just changed. */
export type SessionEnd = { reason: 'expired'; next: string } | { reason: 'password-changed' };

/** The login page after a session ended so, and its notice: "Sesi kamu telah berakhir" for an expired one. */
export function loginAfter(end: SessionEnd): { to: string; state: { sessionEnded: true } | null } {
  return end.reason === 'expired' ? { to: loginPath(end.next), state: { sessionEnded: true } } : { to: '/login', state: null };
}

// Until main.tsx sets its handler: a plain page load of the login page.
let onEnd: (end: SessionEnd) => void = (end) => window.location.assign(loginAfter(end).to);

/** What the app does once a session has ended (main.tsx: go to the login page without a reload). */
export function setSessionEndHandler(handler: (end: SessionEnd) => void) {
  onEnd = handler;
}

// Set once a session has ended here, until the next login: later answers of that session change nothing.
let endedBy: SessionEnd | null = null;

/** How the session of this tab ended, until the next login; null while it has not. */
export const sessionEndedBy = (): SessionEnd | null => endedBy;

/**
 * Forgets the token and the user; drafts, unsent comments and uploads stay for the next login. The saved
 * pages and files of the offline mode go (announced as an end that is no logout; in the background:
 * nothing reloads here).
 */
function forgetSession(end: SessionEnd) {
  endedBy = end;
  localStorage.removeItem(TOKEN);
  localStorage.removeItem(USER);
  void endSession('ended');
  changed();
}

/**
 * A call made with `sentToken` answered 401: the session has ended. Handled once, by the first
 * such answer: later answers (queries that failed together) change nothing, and neither does the
 * answer to a token older than the stored one (a login has happened since). A call sent without
 * a token while none is stored means a logout in another tab: that ends this tab's session too.
 * The page the user was on (path and query) is where the next login returns to.
 */
export function sessionExpired(sentToken: string | null) {
  if (endedBy || sentToken !== getToken()) return;
  const end: SessionEnd = { reason: 'expired', next: window.location.pathname + window.location.search };
  forgetSession(end);
  onEnd(end);
}

/** A successful password change: the server has revoked every token, this one too; log in again. */
export function passwordChanged() {
  const end: SessionEnd = { reason: 'password-changed' };
  forgetSession(end);
  onEnd(end);
}
