import type { Database } from '../db/client.js';
import type { TokenUser } from './tokens.js';

/** The channel the database triggers of migration 0002 notify, with the id of the user whose sessions changed. */
export const AUTH_CHANNEL = 'kelasku_auth';

interface Entry {
  user: TokenUser;
  /** When the token was last used, as the database has it (ms). */
  lastUsedAt: number;
  storedAt: number;
}

export interface SessionCacheOptions {
  /** An entry is read from the database again after this long, whatever happened (a safety net). */
  ttlMs?: number;
  /** At most this many sessions are kept; the oldest go first. */
  maxEntries?: number;
}

/**
 * Sessions this instance has recently checked, so a request needs no database round trip to know
 * who is asking. An entry is dropped when the database says the user or one of their tokens
 * changed (logout, new password, deactivation, a new role or name, deletion) — by a trigger's
 * NOTIFY, so every instance hears of a change made through any other instance or by hand in the
 * database — and at once on the instance that made the change. While the notifications cannot be
 * relied on (the listening connection is down) nothing is cached.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<number, Set<string>>();
  /** Bumped by every eviction: a lookup that started before one must not store what it read. */
  private generation = 0;
  private live = false;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(opts: SessionCacheOptions = {}) {
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.maxEntries = opts.maxEntries ?? 20_000;
  }

  /** Follows the database's notifications; returns the unsubscribe. */
  attach(database: Database): Promise<() => Promise<void>> {
    return database.subscribe(AUTH_CHANNEL, {
      message: (payload) => {
        const id = Number(payload);
        if (Number.isInteger(id)) this.evictUser(id);
        else this.clear();
      },
      live: (isLive) => this.setLive(isLive),
    });
  }

  /** Whether notifications arrive: only then is anything cached. Either way, what is held is forgotten. */
  setLive(isLive: boolean): void {
    this.clear();
    this.live = isLive;
  }

  /** The cached session of a token hash, or undefined. */
  get(tokenHash: string, now = Date.now()): { user: TokenUser; lastUsedAt: number } | undefined {
    const e = this.entries.get(tokenHash);
    if (!e) return undefined;
    if (!this.live || now - e.storedAt > this.ttlMs) {
      this.remove(tokenHash, e.user.id);
      return undefined;
    }
    return e;
  }

  /** The generation to pass to `set` once the database has answered. */
  mark(): number {
    return this.generation;
  }

  /** Keeps what the database said, unless something was evicted since `mark()`. */
  set(tokenHash: string, user: TokenUser, lastUsedAt: number, mark: number, now = Date.now()): void {
    if (!this.live || mark !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.entries().next().value;
      if (oldest) this.remove(oldest[0], oldest[1].user.id);
    }
    this.entries.set(tokenHash, { user, lastUsedAt, storedAt: now });
    let set = this.byUser.get(user.id);
    if (!set) this.byUser.set(user.id, (set = new Set()));
    set.add(tokenHash);
  }

  /** Forgets every session of a user. */
  evictUser(userId: number): void {
    this.generation++;
    const set = this.byUser.get(userId);
    if (!set) return;
    for (const hash of set) this.entries.delete(hash);
    this.byUser.delete(userId);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(tokenHash: string, userId: number): void {
    this.entries.delete(tokenHash);
    const set = this.byUser.get(userId);
    set?.delete(tokenHash);
    if (set?.size === 0) this.byUser.delete(userId);
  }
}
