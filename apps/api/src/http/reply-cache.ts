import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client.js';

/** The channel the triggers of migration 0004 notify: `c12 c40` (those classes' data changed) or `*` (anything may have). */
export const DATA_CHANNEL = 'kelasku_data';

/**
 * What a cacheable read shows, declared on its route as `config: { replyCache }`:
 * - `class`: only data of the online class in its path (`:classId`), of its rombel's students and
 *   of users; a change in another class leaves it cached;
 * - `school`: data of several classes (a class list, upcoming assignments, the user list); any
 *   change of class data drops it.
 * A change to users, students, teachers, rombels or departments drops every reply.
 */
export type ReplyCacheScope = 'class' | 'school';

declare module 'fastify' {
  interface FastifyContextConfig {
    replyCache?: ReplyCacheScope;
  }
  interface FastifyRequest {
    /** Set on a cacheable read that missed: where to keep its reply. */
    replyCacheSlot: Slot | null;
  }
}

interface Slot {
  key: string;
  tag: string;
  mark: number;
  /** The reply may not be served after this time (ms); see {@link cacheReplyUntil}. */
  until: number;
}

interface Entry {
  body: string;
  tag: string;
  expires: number;
}

export interface ReplyCacheOptions {
  /** An entry is computed again after this long at the latest (ms), whatever happened. */
  ttlMs?: number;
  /** At most this many characters of replies are kept; the oldest go first. */
  maxChars?: number;
}

const SCHOOL_TAG = 'school';

/**
 * Recent replies of this instance's cacheable reads, per user and URL, exactly as that user was
 * answered. An entry is dropped when the database says the data under it changed — by the NOTIFY
 * of migration 0004's triggers, so every instance hears of a change made through any other
 * instance or by hand in SQL — and, on the instance that made a change, before that change is
 * answered (see {@link installReplyCache}). While notifications cannot be relied on (the
 * listening connection is down) nothing is cached.
 */
export class ReplyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  /** Counts drops; a read that started before a drop of its tag must not keep what it read. */
  private epoch = 0;
  private readonly droppedAt = new Map<string, number>();
  private allDroppedAt = 0;
  private chars = 0;
  private live = false;
  readonly ttlMs: number;
  private readonly maxChars: number;

  constructor(opts: ReplyCacheOptions = {}) {
    this.ttlMs = opts.ttlMs ?? 30_000;
    this.maxChars = opts.maxChars ?? 32 * 1024 * 1024;
  }

  /** Follows the database's notifications; returns the unsubscribe. */
  attach(database: Database): Promise<() => Promise<void>> {
    return database.subscribe(DATA_CHANNEL, {
      message: (payload) => this.changed(payload),
      live: (isLive) => this.setLive(isLive),
    });
  }

  /** Whether notifications arrive: only then is anything cached. Either way, what is held is forgotten. */
  setLive(isLive: boolean): void {
    this.clear();
    this.live = isLive;
  }

  get isLive(): boolean {
    return this.live;
  }

  /** A notification's payload: `c12 c40` drops those classes' replies and every school-wide one; anything else drops all. */
  changed(payload: string): void {
    const classes = payload.split(' ');
    if (!classes.every((c) => /^c\d+$/.test(c))) return this.clear();
    for (const c of classes) this.dropTag(c);
    this.dropTag(SCHOOL_TAG);
  }

  /** The tag of a read's entry. */
  static tag(scope: ReplyCacheScope, classId: unknown): string {
    const id = Number(classId);
    return scope === 'class' && Number.isInteger(id) ? `c${id}` : SCHOOL_TAG;
  }

  /** The state to pass to `set` once the reply is written. */
  mark(): number {
    return this.epoch;
  }

  get(key: string, now = Date.now()): string | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (!this.live || now >= e.expires) {
      this.remove(key, e);
      return undefined;
    }
    return e.body;
  }

  /** Keeps a reply, unless its tag (or everything) was dropped since `mark()` or it is already stale. */
  set(key: string, tag: string, body: string, mark: number, until = Infinity, now = Date.now()): void {
    if (!this.live || mark < this.allDroppedAt || mark < (this.droppedAt.get(tag) ?? 0)) return;
    const expires = Math.min(now + this.ttlMs, until);
    if (expires <= now || body.length > this.maxChars / 4) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    while (this.chars + body.length > this.maxChars) {
      const oldest = this.entries.entries().next().value;
      if (!oldest) break;
      this.remove(oldest[0], oldest[1]);
    }
    this.entries.set(key, { body, tag, expires });
    this.chars += body.length;
    let keys = this.byTag.get(tag);
    if (!keys) this.byTag.set(tag, (keys = new Set()));
    keys.add(key);
  }

  clear(): void {
    this.allDroppedAt = ++this.epoch;
    this.droppedAt.clear();
    this.entries.clear();
    this.byTag.clear();
    this.chars = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get storedChars(): number {
    return this.chars;
  }

  private dropTag(tag: string): void {
    this.droppedAt.set(tag, ++this.epoch);
    for (const key of this.byTag.get(tag) ?? []) this.remove(key, this.entries.get(key)!);
  }

  private remove(key: string, e: Entry): void {
    this.entries.delete(key);
    this.chars -= e.body.length;
    const keys = this.byTag.get(e.tag);
    keys?.delete(key);
    if (keys?.size === 0) this.byTag.delete(e.tag);
  }
}

/** A read whose answer stops being true at a known time (a deadline passing) is not served from the cache after it. */
export function cacheReplyUntil(request: FastifyRequest, at: number): void {
  const slot = request.replyCacheSlot;
  if (slot) slot.until = Math.min(slot.until, at);
}

const isWrite = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/**
 * Serves a cacheable read (a route with `config.replyCache`) from the cache when it holds the same
 * user's answer to the same URL, after the session and role checks and the validation of the path;
 * keeps the answer of one that missed. A write through this instance is answered only once the
 * notifications of what it committed have arrived here, so its author's next read sees it.
 * Must be installed before the hooks that compress replies.
 */
export function installReplyCache(app: FastifyInstance, cache: ReplyCache, database: Database): void {
  app.decorateRequest('replyCacheSlot', null);
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const scope = request.routeOptions.config.replyCache;
    if (!scope || request.method !== 'GET' || !cache.isLive || !request.user) return;
    const key = `${request.user.id} ${request.url}`;
    const body = cache.get(key);
    if (body !== undefined) return reply.type('application/json; charset=utf-8').send(body);
    const tag = ReplyCache.tag(scope, (request.params as { classId?: unknown }).classId);
    request.replyCacheSlot = { key, tag, mark: cache.mark(), until: Infinity };
  });
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const slot = request.replyCacheSlot;
    if (slot && reply.statusCode === 200 && typeof payload === 'string') cache.set(slot.key, slot.tag, payload, slot.mark, slot.until);
    // A write: its notifications reach this instance's cache before its author hears back. Should
    // they not come back in time, nothing held here is trusted.
    else if (isWrite(request.method) && cache.isLive && !(await database.settle())) cache.clear();
    return payload;
  });
}
