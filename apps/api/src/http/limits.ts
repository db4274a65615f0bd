/**
 * No single user can make the school wait (DECISIONS "Limits and audit", docs/limits.md). An
 * expensive call — an import or its preview, a question import, slips, a ZIP, a gradebook export,
 * a backup — runs one at a time per user, and each kind is rate-limited per user:
 *
 * - one at a time: a second expensive call of a user whose first is still running answers 429
 *   at once ("Permintaan sebelumnya masih diproses…"). Held across instances by a session-level
 *   advisory lock (class {@link LOCK_CLASS}, key the user id) on one pooled connection per instance,
 *   taken only while some expensive call runs there; a dead instance's locks go with its connection.
 *   The lock is held until the handler settles (a streamed download: until the stream ends or the
 *   client leaves), and is released on an error or an abort too.
 * - a rate per kind ({@link EXPENSIVE_LIMITS}): counted in `login_failures` (one atomic statement,
 *   shared by every instance) only for calls that got past the first check (a call that ends in
 *   404, finding nothing to work on, is given back); past it 429 with `Retry-After` and
 *   "Terlalu banyak permintaan. Coba lagi dalam N detik."
 *
 * A route opts in with one line, `config: { expensive: 'zip' }` (the handler is wrapped when the
 * route is registered); a route that learns its user inside the handler (a signed link) calls
 * `app.limits.run(request, reply, userId, kind, work)`. KELASKU_LIMITS=off turns both off.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { MSG } from '@kelasku/contract';
import type { Db } from '../db/client.js';
import { HttpError, tooManyRequests } from './errors.js';

export type ExpensiveKind = 'import-preview' | 'import' | 'slips' | 'zip' | 'export' | 'backup';

/** Calls per user per window, by kind. */
export const EXPENSIVE_LIMITS: Record<ExpensiveKind, { max: number; windowMinutes: number }> = {
  /** User-import and question-import previews. */
  'import-preview': { max: 20, windowMinutes: 1 },
  /** User imports and question imports that save. */
  import: { max: 10, windowMinutes: 1 },
  /** First-password slips (PDF, XLSX). */
  slips: { max: 10, windowMinutes: 1 },
  /** ZIP of an assignment's submissions. */
  zip: { max: 10, windowMinutes: 1 },
  /** Gradebook XLSX/CSV. */
  export: { max: 30, windowMinutes: 1 },
  /** The whole school's backup. */
  backup: { max: 10, windowMinutes: 10 },
};

/** Advisory lock class of "one expensive call at a time" (the key is the user id). */
export const LOCK_CLASS = 7303;
/** What a refused "one at a time" call is told to wait, in seconds. */
const BUSY_RETRY_SECONDS = 5;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks the route expensive: one at a time per user, and this kind's rate (http/limits.ts); a function picks the kind by request. */
    expensive?: ExpensiveKind | ((request: FastifyRequest) => ExpensiveKind);
  }
  interface FastifyInstance {
    /** One expensive call at a time per user, and their rates (http/limits.ts). */
    limits: ExpensiveGuard;
  }
}

/**
 * Counts one call of `key` within its window unless `max` are already counted: null when counted,
 * else the seconds until the window passes. One statement when it is counted.
 */
export async function takeRate(db: Db, key: string, max: number, windowMinutes: number): Promise<number | null> {
  const expired = sql`login_failures.window_start < now() - make_interval(mins => ${windowMinutes})`;
  const { rows } = await db.execute(sql`insert into login_failures (key, count, window_start) values (${key}, 1, now())
    on conflict (key) do update set
      count = case when ${expired} then 1 else login_failures.count + 1 end,
      window_start = case when ${expired} then now() else login_failures.window_start end
    where ${expired} or login_failures.count < ${max}
    returning count`);
  if (rows.length > 0) return null;
  const { rows: left } = await db.execute<{ seconds: string | number | null }>(sql`
    select ceil(extract(epoch from window_start + make_interval(mins => ${windowMinutes}) - now())) as seconds
    from login_failures where key = ${key}`);
  return Math.max(1, Number(left[0]?.seconds ?? windowMinutes * 60));
}

const ignore = () => {};

/** Gives back the call counted on `key` (a call that found nothing to work on). */
async function giveBack(db: Db, key: string): Promise<void> {
  await db.execute(sql`update login_failures set count = greatest(count - 1, 0) where key = ${key}`);
}

/** A 429 with `Retry-After` (the error handler keeps the header). */
function refuse(reply: FastifyReply, seconds: number, message: string): Error {
  void reply.header('Retry-After', String(seconds));
  return tooManyRequests(message);
}

export class ExpensiveGuard {
  /** The release of each running call's lock, by its reply. */
  private readonly releases = new WeakMap<FastifyReply, () => Promise<void>>();
  /** Users with an expensive call running on this instance. */
  private readonly users = new Set<number>();
  /** The connection holding this instance's locks, while any is held. */
  private client: Promise<pg.PoolClient> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly db: Db,
    readonly enabled: boolean,
  ) {}

  /**
   * Runs `work` as `userId`'s expensive call of `kind`: 429 at once while another of theirs runs
   * (here or on another instance) or past the kind's rate; the lock is released when `work` settles.
   */
  async run<T>(reply: FastifyReply, userId: number, kind: ExpensiveKind, work: () => Promise<T>): Promise<T> {
    if (!this.enabled) return work();
    const unlock = await this.lock(userId);
    if (!unlock) throw refuse(reply, BUSY_RETRY_SECONDS, MSG.expensiveBusy);
    let released: Promise<void> | null = null;
    const release = () => (released ??= unlock());
    // A reply that is not a stream releases the lock before it is sent (onSend below): a client
    // that sends its next call as soon as it has the answer finds the lock free.
    this.releases.set(reply, release);
    try {
      const { max, windowMinutes } = EXPENSIVE_LIMITS[kind];
      const key = `x:${kind}:${userId}`;
      const wait = await takeRate(this.db, key, max, windowMinutes);
      if (wait !== null) throw refuse(reply, wait, MSG.expensiveRateLimited(wait));
      try {
        return await work();
      } catch (err) {
        // A 404 (no such object, or not the user's) did no expensive work: it does not count.
        if (err instanceof HttpError && err.statusCode === 404) await giveBack(this.db, key);
        throw err;
      }
    } finally {
      await release();
    }
  }

  /** Takes the user's lock; null when they already hold it (on this instance or another). */
  private async lock(userId: number): Promise<(() => Promise<void>) | null> {
    if (this.users.has(userId)) return null;
    this.users.add(userId);
    const connection = this.connection();
    let client: pg.PoolClient;
    try {
      client = await connection;
      const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [LOCK_CLASS, userId]);
      if (!rows[0]?.ok) {
        this.forget(userId);
        return null;
      }
    } catch (err) {
      this.forget(userId, connection);
      throw err;
    }
    return async () => {
      // The user may start their next call at once: its lock query goes on this same connection
      // after the unlock below (a session takes its own advisory lock again), so a client that
      // asks again the moment its answer ends is not refused.
      this.users.delete(userId);
      try {
        await client.query('select pg_advisory_unlock($1, $2)', [LOCK_CLASS, userId]);
        this.idle();
      } catch {
        // A lost connection took its locks with it.
        this.idle(connection);
      }
    };
  }

  private connection(): Promise<pg.PoolClient> {
    this.client ??= this.pool.connect().then((c) => {
      // A lost connection is noticed by the next query on it; until then its error must not go unheard.
      c.on('error', ignore);
      return c;
    });
    const connecting = this.client;
    connecting.catch(() => this.client === connecting && (this.client = null));
    return connecting;
  }

  /**
   * The user's call ended; with none left the connection goes back to the pool. `broken`: the
   * connection that failed, closed now if it is still the current one (its locks go with it).
   */
  private forget(userId: number, broken?: Promise<pg.PoolClient>): void {
    this.users.delete(userId);
    this.idle(broken);
  }

  /** With no call left on this instance the connection goes back to the pool (`broken`: see forget). */
  private idle(broken?: Promise<pg.PoolClient>): void {
    const held = this.client;
    if (!held || (broken ? held !== broken : this.users.size > 0)) return;
    this.client = null;
    void held.then(
      (c) => {
        c.removeListener('error', ignore);
        c.release(Boolean(broken));
      },
      () => {},
    );
  }

  /** Wraps the handler of every route registered from now on whose config names an expensive kind. */
  install(app: FastifyInstance): void {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the wrapper below gets Fastify's instance as its own `this`
    const guard = this;
    // A whole answer (JSON, a generated file) means the work is done; a stream is still working,
    // and its lock is released once the stream has given its last byte (before the client has it,
    // so a client that asks again as soon as its download ends finds the lock free), or when the
    // handler settles, whichever comes first.
    app.addHook('onSend', async (_request, reply, payload) => {
      const release = guard.releases.get(reply);
      if (!release) return payload;
      const stream = payload as { pipe?: unknown; once?: (event: string, listener: () => void) => void } | null;
      if (typeof stream?.pipe !== 'function') await release();
      else for (const event of ['end', 'close', 'error']) stream.once?.(event, () => void release());
      return payload;
    });
    app.addHook('onRoute', (route: RouteOptions) => {
      const expensive = (route.config as { expensive?: ExpensiveKind | ((request: FastifyRequest) => ExpensiveKind) } | undefined)
        ?.expensive;
      if (!expensive) return;
      const handler = route.handler;
      route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        const kind = typeof expensive === 'function' ? expensive(request) : expensive;
        return guard.run(reply, request.user.id, kind, async () => handler.call(this, request, reply));
      };
    });
  }
}
