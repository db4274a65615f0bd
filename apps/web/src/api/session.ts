import type { SessionUser } from '@kelasku/contract';

/** The login kept in localStorage (SPEC §3: user, and the token also stored separately). */
const USER = 'user';
const TOKEN = 'token';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN);
}

export function getSessionUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(USER);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: SessionUser) {
  localStorage.setItem(TOKEN, token);
  localStorage.setItem(USER, JSON.stringify(user));
}

export function updateSessionUser(patch: Partial<SessionUser>) {
  const user = getSessionUser();
  if (user) localStorage.setItem(USER, JSON.stringify({ ...user, ...patch }));
}

/** Clears everything stored and reloads the app (SPEC §4 logout). */
export function clearSessionAndReload() {
  localStorage.clear();
  window.location.assign('/login');
}
