import { describe, expect, it } from 'vitest';
import { endSession, onSessionEnd, onSessionStart, sessionStarted } from './session-events';

describe('session events', () => {
  it('run the listeners in the order they were registered, once each, and wait for them', async () => {
    const seen: string[] = [];
    const first = (kind: string) => void seen.push(`first ${kind}`);
    const offFirst = onSessionEnd(first);
    onSessionEnd(first);
    const offSecond = onSessionEnd(async (kind) => {
      await new Promise((r) => setTimeout(r, 10));
      seen.push(`second ${kind}`);
    });
    const ended = endSession('logout');
    expect(seen).toEqual(['first logout']);
    await ended;
    expect(seen).toEqual(['first logout', 'second logout']);
    offFirst();
    offSecond();
  });

  it('go on past a listener that fails', async () => {
    const users: number[] = [];
    const offs = [
      onSessionStart(() => {
        throw new Error('broken');
      }),
      onSessionStart(() => Promise.reject(new Error('broken too'))),
      onSessionStart((id) => void users.push(id)),
    ];
    await expect(sessionStarted(7)).resolves.toBeUndefined();
    expect(users).toEqual([7]);
    offs.forEach((off) => off());
  });
});
