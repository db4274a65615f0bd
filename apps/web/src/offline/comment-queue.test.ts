import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  flushQueue,
  keepQueueOf,
  markQueued,
  queueComment,
  queueKey,
  readQueue,
  removeQueued,
  retryDelay,
  subscribeQueue,
} from './comment-queue';

const forum = { role: 'student' as const, classId: 3, lessonId: 5, forumId: 9 };
const url = '/api/student/my-classes/3/contents/5/forums/9/comments';
const keep = (userId: number, comment: string, now?: number) => queueComment(userId, { forum, url, body: { comment } }, now);

/** An error as the API client throws it. */
const failure = (status: number, message = 'gagal') => Object.assign(new Error(message), { status });

describe('comments written offline', () => {
  afterEach(() => localStorage.clear());

  it('are kept per user, oldest first, and a change is announced', () => {
    const heard = vi.fn();
    const stop = subscribeQueue(heard);
    keep(7, 'pertama', 1);
    keep(7, 'kedua', 2);
    keep(8, 'milik orang lain', 3);
    stop();
    expect(readQueue(7).map((c) => c.body.comment)).toEqual(['pertama', 'kedua']);
    expect(readQueue(8).map((c) => c.body.comment)).toEqual(['milik orang lain']);
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it("another user's login removes the lists of everyone else on this browser", () => {
    keep(7, 'punya Andi');
    keep(8, 'punya Budi');
    keepQueueOf(8);
    expect(localStorage.getItem(queueKey(7))).toBeNull();
    expect(readQueue(8)).toHaveLength(1);
  });

  it('go out in the order written once the connection is back, and leave the list', async () => {
    keep(7, 'pertama');
    keep(7, 'kedua');
    const posted: string[] = [];
    const result = await flushQueue(7, async (to, body) => {
      expect(to).toBe(url);
      posted.push(body.comment);
    });
    expect(posted).toEqual(['pertama', 'kedua']);
    expect(result.sent.map((c) => c.body.comment)).toEqual(['pertama', 'kedua']);
    expect(result.retryLater).toBe(false);
    expect(localStorage.getItem(queueKey(7))).toBeNull();
  });

  it('stay, in order, while there is no connection or the server is in trouble (tried again later)', async () => {
    keep(7, 'pertama');
    keep(7, 'kedua');
    const post = vi.fn().mockRejectedValueOnce(failure(0));
    expect(await flushQueue(7, post)).toEqual({ sent: [], retryLater: true });
    expect(post).toHaveBeenCalledTimes(1);
    expect(readQueue(7).map((c) => c.body.comment)).toEqual(['pertama', 'kedua']);

    post.mockReset().mockResolvedValueOnce({}).mockRejectedValueOnce(failure(503));
    const half = await flushQueue(7, post);
    expect(half.sent.map((c) => c.body.comment)).toEqual(['pertama']);
    expect(half.retryLater).toBe(true);
    expect(readQueue(7).map((c) => c.body.comment)).toEqual(['kedua']);
  });

  it('wait for the next login when the session has ended', async () => {
    keep(7, 'pertama');
    expect((await flushQueue(7, vi.fn().mockRejectedValue(failure(401)))).retryLater).toBe(true);
    expect(readQueue(7)[0]?.error).toBeUndefined();
  });

  it('refused for good are marked with the reason and skipped until sent again by hand', async () => {
    keep(7, 'ditolak');
    keep(7, 'diterima');
    const post = vi.fn().mockRejectedValueOnce(failure(404, 'Data tidak ditemukan.')).mockResolvedValueOnce({});
    const result = await flushQueue(7, post);
    expect(result.sent.map((c) => c.body.comment)).toEqual(['diterima']);
    const [left] = readQueue(7);
    expect(left?.body.comment).toBe('ditolak');
    expect(left?.error).toBe('Data tidak ditemukan.');

    // Skipped by the next round…
    post.mockReset();
    await flushQueue(7, post);
    expect(post).not.toHaveBeenCalled();
    // …until "Kirim ulang" clears the mark; "Hapus" gives it up.
    markQueued(7, left!.id, undefined);
    post.mockResolvedValueOnce({});
    expect((await flushQueue(7, post)).sent).toHaveLength(1);
    keep(7, 'lagi');
    removeQueued(7, readQueue(7)[0]!.id);
    expect(readQueue(7)).toEqual([]);
  });

  it('write nothing back once the user has logged out during the sending', async () => {
    keep(7, 'pertama');
    let signedIn = true;
    await flushQueue(
      7,
      async () => {
        // The logout clears everything while the comment is on its way.
        localStorage.clear();
        signedIn = false;
      },
      () => signedIn,
    );
    expect(localStorage.length).toBe(0);
  });

  it('written before the lesson rename (forum.contentId) still belong to their thread', () => {
    const old = { id: 'c1', at: 1, url, body: { comment: 'lama' }, forum: { role: 'student', classId: 3, contentId: 5, forumId: 9 } };
    localStorage.setItem(queueKey(7), JSON.stringify([old]));
    expect(readQueue(7)[0]?.forum).toMatchObject(forum);
  });

  it('an unreadable list counts as empty', () => {
    localStorage.setItem(queueKey(7), '{nope');
    expect(readQueue(7)).toEqual([]);
  });

  it('retry with growing pauses', () => {
    expect([1, 2, 3, 4, 10].map(retryDelay)).toEqual([2000, 4000, 8000, 16000, 60000]);
  });
});
