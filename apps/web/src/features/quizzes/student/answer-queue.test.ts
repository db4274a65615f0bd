import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerSaver, dropAttempt, keepUnsent, readUnsent, retryDelay, unsentKey, UNSENT_MAX_AGE_MS, type SaveState } from './answer-queue';

class HttpError extends Error {
  constructor(
    readonly status: number,
    message = `status ${status}`,
  ) {
    super(message);
  }
}

/** A stand-in server: each PUT waits until the test settles it. */
function fakeServer() {
  const calls: { questionId: number; answer: unknown; resolve: () => void; reject: (err: unknown) => void }[] = [];
  const send = vi.fn(
    (questionId: number, answer: unknown) =>
      new Promise<unknown>((resolve, reject) => calls.push({ questionId, answer, resolve: () => resolve({}), reject })),
  );
  return { calls, send };
}

const stateOf = (saver: AnswerSaver, questionId: number): SaveState | undefined => saver.getSnapshot().get(questionId)?.state;

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('the local store of unsent answers', () => {
  it('keeps answers per attempt and question, and drops an attempt at once', () => {
    keepUnsent(7, 1, { option: 'aaaaaaaa' });
    keepUnsent(7, 2, { text: 'jaringan' });
    keepUnsent(8, 1, { value: true });
    expect(localStorage.getItem(unsentKey(7, 2))).toContain('jaringan');
    expect(readUnsent(7)).toEqual(
      new Map<number, unknown>([
        [1, { option: 'aaaaaaaa' }],
        [2, { text: 'jaringan' }],
      ]),
    );
    dropAttempt(7);
    expect(readUnsent(7).size).toBe(0);
    expect(readUnsent(8)).toEqual(new Map([[1, { value: true }]]));
  });

  it('drops unreadable and too old answers', () => {
    localStorage.setItem(unsentKey(3, 1), '{not json');
    keepUnsent(3, 2, { text: 'lama' }, Date.now() - UNSENT_MAX_AGE_MS - 1);
    keepUnsent(3, 3, { text: 'baru' });
    expect(readUnsent(3)).toEqual(new Map([[3, { text: 'baru' }]]));
    expect(localStorage.getItem(unsentKey(3, 1))).toBeNull();
    expect(localStorage.getItem(unsentKey(3, 2))).toBeNull();
  });

  it('waits longer after each failure, at most 30 seconds', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
});

describe('AnswerSaver', () => {
  it('sends a tap at once, keeps it locally until the server has it, then says saved', async () => {
    const server = fakeServer();
    const saver = new AnswerSaver({ attemptId: 5, send: server.send });
    saver.set(11, { option: 'abcdefgh' });
    expect(stateOf(saver, 11)).toBe('pending');
    expect(readUnsent(5).get(11)).toEqual({ option: 'abcdefgh' });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.send).toHaveBeenCalledWith(11, { option: 'abcdefgh' });
    expect(stateOf(saver, 11)).toBe('saving');
    server.calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(stateOf(saver, 11)).toBe('saved');
    expect(readUnsent(5).size).toBe(0);
    expect(saver.unsent()).toEqual([]);
  });

  it('sends typing once the pause is over, only the last text', async () => {
    const server = fakeServer();
    const saver = new AnswerSaver({ attemptId: 5, send: server.send });
    saver.set(12, { text: 'r' }, 800);
    await vi.advanceTimersByTimeAsync(500);
    saver.set(12, { text: 'router' }, 800);
    await vi.advanceTimersByTimeAsync(799);
    expect(server.send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(server.send).toHaveBeenCalledWith(12, { text: 'router' });
  });

  it('sends one request at a time per question, then the newer answer', async () => {
    const server = fakeServer();
    const saver = new AnswerSaver({ attemptId: 5, send: server.send });
    saver.set(13, { option: 'aaaaaaaa' });
    await vi.advanceTimersByTimeAsync(0);
    saver.set(13, { option: 'bbbbbbbb' });
    await vi.advanceTimersByTimeAsync(0);
    expect(server.send).toHaveBeenCalledTimes(1);
    server.calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    // The first one is on the server, but it is not the latest: the latest goes now, still kept locally.
    expect(server.send).toHaveBeenCalledTimes(2);
    expect(server.calls[1]!.answer).toEqual({ option: 'bbbbbbbb' });
    expect(readUnsent(5).get(13)).toEqual({ option: 'bbbbbbbb' });
    server.calls[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(stateOf(saver, 13)).toBe('saved');
    expect(readUnsent(5).size).toBe(0);
  });

  it('offline: keeps the answer as unsent and sends it when the connection returns', async () => {
    const server = fakeServer();
    let online = false;
    const saver = new AnswerSaver({ attemptId: 6, send: server.send, isOnline: () => online });
    saver.set(21, { value: false });
    expect(stateOf(saver, 21)).toBe('unsent');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.send).not.toHaveBeenCalled();
    expect(saver.unsent()).toEqual([21]);
    expect(readUnsent(6).get(21)).toEqual({ value: false });
    online = true;
    saver.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.send).toHaveBeenCalledWith(21, { value: false });
    server.calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(stateOf(saver, 21)).toBe('saved');
    expect(readUnsent(6).size).toBe(0);
  });

  it('a failed request is tried again with growing pauses until it goes through', async () => {
    const server = fakeServer();
    const saver = new AnswerSaver({ attemptId: 6, send: server.send });
    saver.set(22, { options: ['aaaaaaaa'] });
    await vi.advanceTimersByTimeAsync(0);
    server.calls[0]!.reject(new HttpError(0));
    await vi.advanceTimersByTimeAsync(0);
    expect(stateOf(saver, 22)).toBe('unsent');
    await vi.advanceTimersByTimeAsync(999);
    expect(server.send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.send).toHaveBeenCalledTimes(2);
    server.calls[1]!.reject(new HttpError(503));
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.send).toHaveBeenCalledTimes(3);
    server.calls[2]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(stateOf(saver, 22)).toBe('saved');
  });

  it('resumes the answers an earlier visit kept on this device', async () => {
    keepUnsent(9, 31, { text: 'topologi bintang' });
    const server = fakeServer();
    const saver = new AnswerSaver({ attemptId: 9, send: server.send });
    saver.resume(readUnsent(9));
    expect(stateOf(saver, 31)).toBe('unsent');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.send).toHaveBeenCalledWith(31, { text: 'topologi bintang' });
    server.calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(readUnsent(9).size).toBe(0);
  });

  it('a 409 closes the attempt: nothing more is sent', async () => {
    const server = fakeServer();
    const onClosed = vi.fn();
    const saver = new AnswerSaver({ attemptId: 10, send: server.send, onClosed });
    saver.set(41, { option: 'aaaaaaaa' });
    await vi.advanceTimersByTimeAsync(0);
    server.calls[0]!.reject(new HttpError(409, 'Waktu mengerjakan sudah habis.'));
    await vi.advanceTimersByTimeAsync(0);
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(saver.isClosed).toBe(true);
    saver.set(42, { option: 'bbbbbbbb' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.send).toHaveBeenCalledTimes(1);
  });

  it('an answer the server refuses for good is not sent again', async () => {
    const server = fakeServer();
    const onRejected = vi.fn();
    const saver = new AnswerSaver({ attemptId: 11, send: server.send, onRejected });
    saver.set(51, { text: 'x'.repeat(30) });
    await vi.advanceTimersByTimeAsync(0);
    server.calls[0]!.reject(new HttpError(422, 'Jawaban tidak valid.'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saver.getSnapshot().get(51)).toEqual({ state: 'failed', error: 'Jawaban tidak valid.' });
    expect(onRejected).toHaveBeenCalledWith(51, 'Jawaban tidak valid.');
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(readUnsent(11).size).toBe(0);
  });

  it('flush sends what waits for the typing pause and resolves when the server has it', async () => {
    const server = fakeServer();
    const saver = new AnswerSaver({ attemptId: 12, send: server.send });
    saver.set(61, { text: 'jawaban panjang' }, 800);
    let done = false;
    const flushed = saver.flush().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(done).toBe(false);
    server.calls[0]!.resolve();
    await flushed;
    expect(done).toBe(true);
    expect(saver.unsent()).toEqual([]);
    // The pause's timer was cleared: no second request.
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.send).toHaveBeenCalledTimes(1);
  });

  it('tells its subscribers, with a new snapshot each change', async () => {
    const server = fakeServer();
    const saver = new AnswerSaver({ attemptId: 13, send: server.send });
    const listener = vi.fn();
    const unsubscribe = saver.subscribe(listener);
    const before = saver.getSnapshot();
    saver.set(71, { value: true });
    expect(listener).toHaveBeenCalled();
    expect(saver.getSnapshot()).not.toBe(before);
    unsubscribe();
    saver.stop();
  });
});
