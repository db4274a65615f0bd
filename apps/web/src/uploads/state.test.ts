import { describe, expect, it } from 'vitest';
import { initialUpload, isRunning, isUnfinished, nextUpload, type UploadEvent, type UploadState } from './state';

const run = (events: UploadEvent[], from: UploadState = initialUpload(1000)) => events.reduce(nextUpload, from);

describe('the states of one upload', () => {
  it('goes from its turn in the queue to starting, sending and done with the id', () => {
    expect(initialUpload(1000).phase).toBe('queued');
    expect(isRunning(initialUpload(1000))).toBe(true);
    const starting = run([{ type: 'start' }]);
    expect(starting.phase).toBe('starting');
    const sending = run([{ type: 'progress', sent: 400, at: 0 }], starting);
    expect(nextUpload(sending, { type: 'start' })).toBe(sending);
    expect(sending.phase).toBe('sending');
    expect(sending.sent).toBe(400);
    const done = nextUpload(sending, { type: 'done', id: 'abc' });
    expect(done).toMatchObject({ phase: 'done', sent: 1000, id: 'abc' });
    expect(isUnfinished(done)).toBe(false);
  });

  it('waits while offline, keeping the bytes already sent, and goes on when bytes move again', () => {
    const waiting = run([
      { type: 'progress', sent: 500, at: 0 },
      { type: 'waiting', offline: true },
    ]);
    expect(waiting).toMatchObject({ phase: 'waiting', offline: true, sent: 500 });
    expect(isRunning(waiting)).toBe(true);
    const back = nextUpload(waiting, { type: 'progress', sent: 480, at: 60_000 });
    expect(back).toMatchObject({ phase: 'sending', offline: false, sent: 480 });
  });

  it('keeps a failure until the student acts: late progress, retries and success of the library change nothing', () => {
    const failed = run([
      { type: 'progress', sent: 300, at: 0 },
      { type: 'failed', message: 'Tipe file tidak didukung' },
    ]);
    expect(failed).toMatchObject({ phase: 'failed', error: 'Tipe file tidak didukung' });
    for (const late of [
      { type: 'progress', sent: 900, at: 1000 },
      { type: 'waiting', offline: false },
      { type: 'done', id: 'x' },
      { type: 'failed', message: 'lain' },
    ] as UploadEvent[]) {
      expect(nextUpload(failed, late)).toBe(failed);
    }
    expect(isUnfinished(failed)).toBe(true);
    expect(isRunning(failed)).toBe(false);
    // "Coba lagi".
    const again = nextUpload(failed, { type: 'restart' });
    expect(again).toMatchObject({ phase: 'starting', error: null, sent: 300 });
  });

  it('does not restart an upload that is running or done, and a cancelled one stays cancelled', () => {
    const sending = run([{ type: 'progress', sent: 10, at: 0 }]);
    expect(nextUpload(sending, { type: 'restart' })).toBe(sending);
    const cancelled = nextUpload(sending, { type: 'cancelled' });
    expect(cancelled.phase).toBe('cancelled');
    expect(nextUpload(cancelled, { type: 'progress', sent: 20, at: 1 })).toBe(cancelled);
    expect(nextUpload(cancelled, { type: 'done', id: 'x' })).toBe(cancelled);
    expect(isUnfinished(cancelled)).toBe(false);
  });
});
