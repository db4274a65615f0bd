import { afterEach, describe, expect, it } from 'vitest';
import { endSession, sessionStarted } from '../../lib/session-events';
import { PROMPT_ANSWERED_KEY, promptAnswered, rememberPromptAnswered, signedInHere } from './push-device';
import { subscribePushToSession } from './push-session';

describe('the gentle prompt follows the session', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('may follow a sign-in in this tab, for that user only', async () => {
    subscribePushToSession();
    expect(signedInHere(5)).toBe(false);
    await sessionStarted(5);
    expect(signedInHere(5)).toBe(true);
    expect(signedInHere(6)).toBe(false);
  });

  it('remembers who answered it across a logout, which clears localStorage', async () => {
    subscribePushToSession();
    rememberPromptAnswered(5);
    rememberPromptAnswered(9);
    rememberPromptAnswered(5);
    expect(JSON.parse(localStorage.getItem(PROMPT_ANSWERED_KEY)!)).toEqual([5, 9]);
    await sessionStarted(5);
    // As api/session.ts logs out: the end is announced, then localStorage is cleared at once.
    localStorage.setItem('token', 'x');
    const ended = endSession('logout');
    localStorage.clear();
    await ended;
    expect(localStorage.getItem('token')).toBeNull();
    expect(promptAnswered(5)).toBe(true);
    expect(promptAnswered(9)).toBe(true);
    expect(promptAnswered(7)).toBe(false);
    expect(signedInHere(5)).toBe(false);
  });
});
