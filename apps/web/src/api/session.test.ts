import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKey, readDraft, writeDraft } from '../lib/drafts';
import {
  clearSessionAndReload,
  getSessionUser,
  getToken,
  passwordChanged,
  saveSession,
  sessionExpired,
  setSessionEndHandler,
  updateSessionUser,
  type SessionEnd,
} from './session';

const user = { id: 7, name: 'Andi', username: 'andi', email: null, role: 'student' as const, avatar: null, must_change_password: false };
const draft = draftKey(7, '/my-classes/3/contents/5/forums/9#komentar');

describe('the end of a session', () => {
  let ends: SessionEnd[];
  beforeEach(() => {
    ends = [];
    setSessionEndHandler((end) => ends.push(end));
    window.history.replaceState(null, '', '/my-classes/3/contents/5/forums/9?halaman=2');
    saveSession('token-a', user);
    writeDraft(draft, { comment: 'Menurut saya…' });
  });
  afterEach(() => localStorage.clear());

  it('forgets the token and the user, keeps the drafts, and remembers the page (path and query)', () => {
    sessionExpired('token-a');
    expect(getToken()).toBeNull();
    expect(getSessionUser()).toBeNull();
    expect(readDraft(draft)).toEqual({ comment: 'Menurut saya…' });
    expect(ends).toEqual([{ reason: 'expired', next: '/my-classes/3/contents/5/forums/9?halaman=2' }]);
  });

  it('is handled once when several calls fail together', () => {
    sessionExpired('token-a');
    sessionExpired('token-a');
    sessionExpired('token-a');
    expect(ends).toHaveLength(1);
  });

  it('ignores the 401 of a token older than the stored one (a login has happened since), and of a call sent without one', () => {
    saveSession('token-b', user);
    sessionExpired('token-a');
    sessionExpired(null);
    expect(getToken()).toBe('token-b');
    expect(ends).toEqual([]);
  });

  it('ends when another tab has logged out (the call went without a token), once', () => {
    localStorage.removeItem('token');
    localStorage.removeItem('user');
    sessionExpired(null);
    sessionExpired(null);
    expect(ends).toEqual([{ reason: 'expired', next: '/my-classes/3/contents/5/forums/9?halaman=2' }]);
  });

  it('after a password change goes to a plain login, drafts kept', () => {
    passwordChanged();
    expect(getToken()).toBeNull();
    expect(readDraft(draft)).not.toBeNull();
    expect(ends).toEqual([{ reason: 'password-changed' }]);
  });

  it('by logout clears everything, drafts included', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      await clearSessionAndReload();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(localStorage.length).toBe(0);
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('by logout reloads only once the offline data is gone', async () => {
    const order: string[] = [];
    const assign = vi.fn(() => order.push('reload'));
    const deleted: string[] = [];
    const names = ['workbox-precache-v2-http://x/', 'kelasku-assets', 'kelasku-data', 'kelasku-files', 'kelasku-meta'];
    vi.stubGlobal('location', { ...window.location, assign });
    vi.stubGlobal('caches', {
      keys: async () => names,
      delete: async (name: string) => {
        await new Promise((r) => setTimeout(r, 20));
        deleted.push(name);
        order.push(`delete ${name}`);
        return true;
      },
    });
    try {
      await clearSessionAndReload();
    } finally {
      vi.unstubAllGlobals();
    }
    // The app shell stays (the precache and the build's chunks); every cache with user data goes first.
    expect(deleted.sort()).toEqual(['kelasku-data', 'kelasku-files', 'kelasku-meta']);
    expect(order.at(-1)).toBe('reload');
    expect(assign).toHaveBeenCalledTimes(1);
  });
});

describe('updateSessionUser', () => {
  afterEach(() => localStorage.clear());
  it('patches the stored user (e.g. a password change becomes required)', () => {
    saveSession('t', user);
    updateSessionUser({ must_change_password: true });
    expect(getSessionUser()).toEqual({ ...user, must_change_password: true });
  });
});
