/**
 * The sessions behind the live streams of this instance (issue 35, "sessions end everywhere at
 * once"). A stream belongs to the session (token) that opened it and ends with it:
 *
 * - when a session ends, its user is announced on `kelasku_session` by the statement that deletes its
 *   token (auth/tokens.ts: logout, a password change, deactivation, an admin's reset, the user's
 *   deletion, the idle purge), delivered when that transaction commits. LiveBus hears it on its
 *   listening connection and calls notice(): that user's streams are held (nothing is sent to
 *   them) while one query asks which of their sessions are still live; the others are ended. The
 *   notice arrives before any event committed after it, on the same connection, so a stream
 *   receives nothing of its user's once the session has ended.
 * - expiry (30 days without use) is not a write: each stream's check schedules the next one for the
 *   moment its session would idle out (at most a day ahead, then again).
 * - every minute, and when the listening connection comes back, every stream is checked once more,
 *   in case a notice was lost.
 *
 * A user holds at most MAX_STREAMS_PER_USER streams on an instance: opening one more ends the
 * oldest, which is told to wait before reconnecting.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { sessionsLeft } from '../auth/tokens.js';

export const MAX_STREAMS_PER_USER = 5;
/** Every open stream's session is checked again this often (a lost notice is caught this late). */
const SWEEP_MS = 60_000;
/** A timer waits at most this long (setTimeout's limit is under 25 days); then the session is looked at again. */
const MAX_WAIT_MS = 24 * 3600 * 1000;
/** A stream ended for a newer one reconnects no sooner than this (SSE `retry`), so tabs do not take turns. */
export const DISPLACED_RETRY_MS = 30_000;

/** Why a stream is ended: its session ended, or the user opened more streams than allowed. */
export type EndReason = 'session' | 'displaced';

interface Stream {
  userId: number;
  tokenId: number;
  end: (why: EndReason) => void;
  /** Writes waiting while the session is being checked; null when nothing is being checked. */
  held: Array<() => void> | null;
  checks: number;
  timer: NodeJS.Timeout | null;
  closed: boolean;
}

/** One open stream, as its route sees it. */
export interface SessionStream {
  /** Writes now, or once the session's check has found it live (never after it ended). */
  send(write: () => void): void;
  /** The stream has closed (either side): forget it. */
  close(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sessions behind those streams: at most 5 a user, ended with their session (live/sessions.ts). */
    liveSessions: LiveSessions;
  }
}

export class LiveSessions {
  private readonly byUser = new Map<number, Stream[]>();
  private readonly sweepTimer: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.sweepTimer = setInterval(() => this.checkAll(), SWEEP_MS);
    this.sweepTimer.unref();
  }

  /** Registers a stream of a session; the session is checked at once (events wait until it is found live). */
  open(userId: number, tokenId: number, end: (why: EndReason) => void): SessionStream {
    const s: Stream = { userId, tokenId, end, held: null, checks: 0, timer: null, closed: false };
    let list = this.byUser.get(userId);
    if (!list) this.byUser.set(userId, (list = []));
    list.push(s);
    while (list.length > MAX_STREAMS_PER_USER) this.finish(list[0]!, 'displaced');
    void this.check([s]);
    return {
      send: (write) => {
        if (s.closed) return;
        if (s.held) s.held.push(write);
        else write();
      },
      close: () => this.forget(s),
    };
  }

  /** A session of this user may have ended (a notice from the database). */
  notice(userId: number): void {
    const list = this.byUser.get(userId);
    if (list) void this.check([...list]);
  }

  /** Checks every open stream's session (the sweep, or after the notices could have been missed). */
  checkAll(): void {
    const all = [...this.byUser.values()].flat();
    if (all.length > 0) void this.check(all);
  }

  /** How many streams are open on this instance (for tests and metrics). */
  get size(): number {
    let n = 0;
    for (const list of this.byUser.values()) n += list.length;
    return n;
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.sweepTimer);
    for (const list of this.byUser.values()) for (const s of list) if (s.timer) clearTimeout(s.timer);
    this.byUser.clear();
  }

  private async check(streams: Stream[]): Promise<void> {
    for (const s of streams) {
      s.checks++;
      s.held ??= [];
    }
    let left: Map<number, number> | null = null;
    try {
      left = await sessionsLeft(this.db, [...new Set(streams.map((s) => s.tokenId))]);
    } catch (err) {
      // Nothing is ended on a failed read; the sweep asks again.
      if (!this.stopped) this.log.warn({ err }, 'live: checking the sessions of streams failed');
    }
    for (const s of streams) {
      s.checks--;
      if (s.closed) continue;
      const ms = left?.get(s.tokenId);
      if (left && ms === undefined) {
        this.finish(s, 'session');
        continue;
      }
      if (ms !== undefined) this.schedule(s, ms);
      if (s.checks === 0 && s.held) {
        const waiting = s.held;
        s.held = null;
        for (const write of waiting) write();
      }
    }
  }

  /** Looks at the session again when it would idle out. */
  private schedule(s: Stream, ms: number): void {
    if (s.timer) clearTimeout(s.timer);
    s.timer = setTimeout(
      () => {
        s.timer = null;
        if (!s.closed && !this.stopped) void this.check([s]);
      },
      Math.min(Math.max(ms, 0) + 20, MAX_WAIT_MS),
    );
    s.timer.unref();
  }

  private finish(s: Stream, why: EndReason): void {
    if (s.closed) return;
    this.forget(s);
    s.end(why);
  }

  private forget(s: Stream): void {
    if (s.closed) return;
    s.closed = true;
    s.held = null;
    if (s.timer) clearTimeout(s.timer);
    const list = this.byUser.get(s.userId);
    if (!list) return;
    const at = list.indexOf(s);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) this.byUser.delete(s.userId);
  }
}
