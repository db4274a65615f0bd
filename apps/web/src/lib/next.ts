/** Where a login lands without a `next` (SPEC §4: the app goes to /, which is the dashboard). */
export const HOME_AFTER_LOGIN = '/dashboard';

/** A base that no real address has: a `next` that leaves it would leave the app. */
const BASE = 'http://kelasku.invalid';

/**
 * The page a login may return to, or null: a path of this app ("/my-classes/3?tab=1"), never
 * another site ("//evil.example", "/\\evil.example", "https://…"), never the login page itself.
 */
export function safeNext(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // Browsers read a backslash as a slash ("/\evil" is "//evil"); control characters have no place in a path.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // Routes match without regard to case or a trailing slash: "/LOGIN/" is the login page too.
  if (url.pathname.toLowerCase().replace(/\/+$/, '') === '/login') return null;
  return raw;
}

/** The login page that returns to `next` afterwards ("/login" alone when there is nothing to return to). */
export function loginPath(next?: string | null): string {
  const target = safeNext(next);
  if (!target || target === '/' || target === HOME_AFTER_LOGIN) return '/login';
  return `/login?next=${encodeURIComponent(target)}`;
}
