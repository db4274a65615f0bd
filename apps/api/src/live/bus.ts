/**
 * Live updates between instances (issue 22). A change is written as rows of `live_events` and
 * announced with NOTIFY on one channel; every instance LISTENs on its own connection, reads the new
 * rows in id order and hands each to the open streams of its topic. Publishers take one
 * transaction-scoped advisory lock, so ids become visible in the order they were given: a reader
 * that has seen id N has seen every event below N, and a stream that reconnects with its last id
 * is sent exactly what came after it, from the table, whichever instance it lands on.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { LiveEventName } from '@kelasku/contract';
import type { Executor } from '../db/client.js';

/** The advisory lock class publishers take (one lock: events are few, and short transactions hold it). */
const PUBLISH_LOCK = 7302;
const CHANNEL = 'kelasku_live';
/** A session of the user named in the payload may have ended (sent by auth/tokens.ts; live/sessions.ts). */
const SESSION_CHANNEL = 'kelasku_session';
/** Without a NOTIFY (a dropped listener connection), new rows are still read this often. */
const SAFETY_POLL_MS = 5_000;
/** Events are kept this long: a stream away for longer is told to reload (`reset`). */
export const LIVE_KEEP_HOURS = 24;

export interface LiveEvent {
  topic: string;
  event: LiveEventName;
  data: unknown;
}

interface Row {
  id: number;
  topic: string;
  event: LiveEventName;
  data: unknown;
}

/** What a stream receives: an event with its id, in id order, each once. */
export type Deliver = (id: number, event: LiveEventName, data: unknown) => void;

interface Subscriber {
  topics: string[];
  deliver: Deliver;
  /** Highest id sent; later events at or below it are skipped (the replay may have sent them). */
  last: number;
  /** Events that arrived while the replay was read; sent after it. */
  held: Row[] | null;
}

export const topics = {
  user: (id: number) => `user:${id}`,
  forum: (id: number) => `forum:${id}`,
  grading: (assignmentId: number) => `grading:${assignmentId}`,
  /** A meeting's marks (issue 38): check-ins and saves, for the teacher's screens. */
  attendance: (meetingId: number) => `attendance:${meetingId}`,
  /** An exam-mode quiz's proctor board (issue 41): a student started, saved, left, came back or submitted. */
  exam: (quizId: number) => `exam:${quizId}`,
};

/** Writes events inside the caller's transaction; they reach the streams when it commits. */
export async function publishIn(tx: Executor, events: LiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK}, 0)`);
  const rows = JSON.stringify(events.map((e) => ({ topic: e.topic, data: { event: e.event, data: e.data } })));
  await tx.execute(sql`
    insert into live_events (topic, data)
    select e->>'topic', e->'data' from jsonb_array_elements(${rows}::jsonb) as e`);
  await tx.execute(sql`select pg_notify(${CHANNEL}, '')`);
}

/** Takes the publishers' lock in a transaction of the caller's (notifications take it before their own writes). */
export async function lockPublishing(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK}, 0)`);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Live updates between instances (live/bus.ts). */
    live: LiveBus;
    /** The live streams open on this instance, ended first when it closes. */
    liveStreams: Set<ServerResponse>;
  }
}

export class LiveBus {
  private readonly byTopic = new Map<string, Set<Subscriber>>();
  private listener: pg.PoolClient | null = null;
  /** Highest event id this instance has handed out. */
  private seen = 0;
  private reading: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /**
   * Told of the session notices, on the connection that hears the events, so a notice is handled
   * before any event committed after it; null (the user): the connection is new, any may have been missed.
   */
  onSession: ((userId: number | null) => void) | null = null;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
  ) {}

  static async start(pool: pg.Pool, log: FastifyBaseLogger): Promise<LiveBus> {
    const bus = new LiveBus(pool, log);
    const { rows } = await pool.query<{ max: string | null }>('select max(id) as max from live_events');
    bus.seen = Number(rows[0]?.max ?? 0);
    await bus.listen();
    bus.timer = setInterval(() => bus.poke(), SAFETY_POLL_MS);
    bus.timer.unref();
    return bus;
  }

  private async listen(): Promise<void> {
    if (this.stopped) return;
    let client: pg.PoolClient | null = null;
    try {
      const held = await this.pool.connect();
      client = held;
      held.on('notification', (msg) => {
        if (msg.channel !== SESSION_CHANNEL) return this.poke();
        const userId = Number(msg.payload);
        if (Number.isInteger(userId)) this.onSession?.(userId);
      });
      held.on('error', (err) => {
        // Once stop() has handed the connection back it is the pool's, not ours to release again.
        if (this.listener !== held) return;
        this.listener = null;
        this.log.warn({ err }, 'live: listener connection lost; reconnecting');
        held.removeAllListeners('notification');
        held.release(true);
        setTimeout(() => void this.listen(), 1_000).unref();
      });
      this.listener = held;
      await held.query(`listen ${CHANNEL}; listen ${SESSION_CHANNEL}`);
      // Whatever was published, and whichever session ended, while no one listened.
      this.poke();
      this.onSession?.(null);
    } catch (err) {
      if (client && this.listener === client) {
        this.listener = null;
        client.removeAllListeners('notification');
        client.release(true);
      }
      this.log.warn({ err }, 'live: cannot listen; retrying');
      setTimeout(() => void this.listen(), 1_000).unref();
    }
  }

  /** Reads the rows after the last one seen (once at a time; a poke while reading reads again). */
  private poke(): void {
    if (this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        try {
          const { rows } = await this.pool.query<{ id: string; topic: string; data: { event: LiveEventName; data: unknown } }>(
            'select id, topic, data from live_events where id > $1 order by id limit 1000',
            [this.seen],
          );
          for (const r of rows) {
            const id = Number(r.id);
            this.seen = id;
            this.dispatch({ id, topic: r.topic, event: r.data.event, data: r.data.data });
          }
          if (rows.length === 1000) this.again = true;
        } catch (err) {
          if (!this.stopped) this.log.warn({ err }, 'live: reading events failed');
        }
      } while (this.again && !this.stopped);
      this.reading = null;
    })();
  }

  private dispatch(row: Row): void {
    const subs = this.byTopic.get(row.topic);
    if (!subs) return;
    for (const s of subs) {
      if (s.held) s.held.push(row);
      else send(s, row);
    }
  }

  /**
   * Opens a stream on `topicList`. With `after` (the stream's last event id) it is first sent what
   * it missed; when that is older than what is kept it gets `reset` instead. Returns the function
   * that closes it.
   */
  async subscribe(topicList: string[], after: number | null, deliver: Deliver): Promise<() => void> {
    const sub: Subscriber = { topics: topicList, deliver, last: after ?? this.seen, held: after === null ? null : [] };
    for (const t of topicList) {
      let set = this.byTopic.get(t);
      if (!set) this.byTopic.set(t, (set = new Set()));
      set.add(sub);
    }
    const close = () => {
      for (const t of topicList) {
        const set = this.byTopic.get(t);
        set?.delete(sub);
        if (set && set.size === 0) this.byTopic.delete(t);
      }
    };
    if (after !== null) {
      try {
        const { rows: oldest } = await this.pool.query<{ min: string | null }>('select min(id) as min from live_events');
        // With no rows left, everything this instance saw was removed.
        const min = oldest[0]?.min == null ? this.seen + 1 : Number(oldest[0].min);
        if (after + 1 < min && after < this.seen) {
          // Events after `after` may have been removed: the stream cannot be resumed exactly.
          sub.last = this.seen;
          deliver(sub.last, 'reset', {});
        } else {
          const { rows } = await this.pool.query<{ id: string; topic: string; data: { event: LiveEventName; data: unknown } }>(
            'select id, topic, data from live_events where topic = any($1) and id > $2 order by id limit 5000',
            [topicList, after],
          );
          for (const r of rows) send(sub, { id: Number(r.id), topic: r.topic, event: r.data.event, data: r.data.data });
        }
      } finally {
        const held = sub.held ?? [];
        sub.held = null;
        for (const r of held) send(sub, r);
      }
    }
    return close;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.byTopic.clear();
    await this.reading;
    const l = this.listener;
    this.listener = null;
    if (l) {
      await l.query('unlisten *').catch(() => {});
      l.removeAllListeners('notification');
      l.removeAllListeners('error');
      l.release();
    }
  }
}

function send(s: Subscriber, row: Row): void {
  if (row.id <= s.last) return;
  s.last = row.id;
  s.deliver(row.id, row.event, row.data);
}
