import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@kelasku/contract';
import { draftKey, readDraft, writeDraft } from '../lib/drafts';
import { ApiError, api } from './client';
import { getSessionUser, getToken, saveSession, setSessionEndHandler, type SessionEnd } from './session';

const user = { id: 7, name: 'Andi', username: 'andi', email: null, role: 'student' as const, avatar: null, must_change_password: false };

/** fetch answering every call with this status and envelope. */
const answer = (status: number, body: object) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );

describe('answers that change the session', () => {
  let ends: SessionEnd[];
  beforeEach(() => {
    ends = [];
    setSessionEndHandler((end) => ends.push(end));
    window.history.replaceState(null, '', '/my-classes/3?tab=tentang');
    saveSession('token-a', user);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('a 401 ends the session once, however many calls fail together; drafts stay', async () => {
    const draft = draftKey(7, '/my-classes/3#komentar');
    writeDraft(draft, { comment: 'belum terkirim' });
    answer(401, { success: false, message: MSG.unauthenticated });
    const results = await Promise.allSettled([api.get('/api/me'), api.get('/api/student/my-classes'), api.post('/api/x', {})]);
    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof ApiError && r.reason.status === 401)).toBe(true);
    expect(ends).toEqual([{ reason: 'expired', next: '/my-classes/3?tab=tentang' }]);
    expect(getToken()).toBeNull();
    expect(readDraft(draft)).toEqual({ comment: 'belum terkirim' });
  });

  it('a refused login is only a refused login', async () => {
    answer(401, { success: false, message: MSG.loginFailed });
    await expect(api.post('/api/login', { username: 'a', password: 'b' })).rejects.toThrow(MSG.loginFailed);
    expect(ends).toEqual([]);
    expect(getToken()).toBe('token-a');
  });

  it('the 403 "change your password first" marks the session user', async () => {
    answer(403, { success: false, message: MSG.passwordChangeRequired });
    await expect(api.get('/api/student/my-classes')).rejects.toThrow(MSG.passwordChangeRequired);
    expect(getSessionUser()?.must_change_password).toBe(true);
    expect(ends).toEqual([]);
  });

  it('another 403 does not', async () => {
    answer(403, { success: false, message: MSG.forbidden });
    await expect(api.get('/api/admin/resources/users')).rejects.toThrow(MSG.forbidden);
    expect(getSessionUser()?.must_change_password).toBe(false);
  });
});
