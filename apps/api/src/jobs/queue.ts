import { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/** The advisory lock class under which an instance starts its job runner. */
const START_LOCK = 7300;
/** Seconds between pg-boss's supervisor passes (expiry, heartbeats, queue counts). */
const SUPERVISE_SECONDS = 15;

/** A queue's options: how long a job may run, and (heartbeatSeconds) how long its instance may be silent before it is retried. */
export interface QueueOptions {
  expireInSeconds: number;
  /** The worker sends a heartbeat every half of this; a job without one for this long is failed and retried (at least 10). */
  heartbeatSeconds?: number;
  /** Retries after a failure (a throw, an expiry, a missed heartbeat); default 1. */
  retryLimit?: number;
}

/** A background job's handler: gets the job's data; a throw marks the job failed (and pg-boss may retry it). */
export type JobHandler<T> = (data: T) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Background jobs (pg-boss) on the app's database. */
    jobs: Jobs;
  }
}

/**
 * Background jobs in the app's own PostgreSQL, through pg-boss (its tables in the schema `pgboss`):
 * a job survives a closed browser tab and a restarted server, and with several instances on one
 * database exactly one of them runs it.
 */
export class Jobs {
  private readonly timers: NodeJS.Timeout[] = [];

  private constructor(private readonly boss: PgBoss) {}

  static async start(pool: pg.Pool, log: FastifyBaseLogger): Promise<Jobs> {
    // pg-boss runs its SQL on the app's own pool (embedded server or DATABASE_URL alike).
    const boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
      schema: 'pgboss',
      // Cron schedules (reminders, clean-up): each occurrence becomes one job, run by one instance.
      schedule: true,
      // The supervisor's pass (expired jobs, jobs whose heartbeat stopped: their instance died) runs
      // every 15 s rather than every minute, so a killed import is handed out again within ~30 s.
      superviseIntervalSeconds: SUPERVISE_SECONDS,
      monitorIntervalSeconds: SUPERVISE_SECONDS,
    });
    boss.on('error', (err) => log.error({ err }, 'background jobs'));
    // Instances starting together would race to install pg-boss's schema: one installs, the others wait.
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1, 0)', [START_LOCK]);
      await boss.start();
    } finally {
      await lock.query('select pg_advisory_unlock($1, 0)', [START_LOCK]).catch(() => {});
      lock.release();
    }
    return new Jobs(boss);
  }

  /** Registers the worker of `queue` (one job at a time per instance). */
  async work<T extends object>(queue: string, handler: JobHandler<T>, opts: QueueOptions): Promise<void> {
    const options = { expireInSeconds: opts.expireInSeconds, retryLimit: opts.retryLimit ?? 1 };
    const heartbeat = opts.heartbeatSeconds ? { heartbeatSeconds: opts.heartbeatSeconds } : {};
    await this.boss.createQueue(queue, { ...options, ...heartbeat });
    // createQueue keeps an existing queue as it was: a database made by an older version gets today's options.
    await this.boss.updateQueue(queue, { ...options, heartbeatSeconds: opts.heartbeatSeconds ?? null });
    await this.boss.work<T>(queue, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
      if (job) await handler(job.data);
    });
  }

  /**
   * Runs `handler` on the cron schedule `cron` (Asia/Jakarta): pg-boss makes one job per occurrence
   * whatever the number of instances, and a job whose instance died is handed out again.
   */
  async every(queue: string, cron: string, handler: JobHandler<object>, opts: QueueOptions): Promise<void> {
    await this.work(queue, handler, opts);
    await this.boss.schedule(queue, cron, {}, { tz: 'Asia/Jakarta' });
  }

  async send<T extends object>(queue: string, data: T): Promise<void> {
    await this.boss.send(queue, data);
  }

  /**
   * Runs `handler` every `seconds` (the first time `seconds` after the start) as one job whatever the
   * number of instances: each instance asks for it on its own timer, and pg-boss keeps one job per
   * `seconds`-long slot (its throttling). The timer stops when the jobs stop.
   */
  async repeat(queue: string, seconds: number, handler: JobHandler<object>, opts: QueueOptions): Promise<void> {
    await this.work(queue, handler, opts);
    const ask = () => this.boss.sendThrottled(queue, {}, null, seconds, 'repeat').catch(() => null);
    const timer = setInterval(() => void ask(), seconds * 1000);
    timer.unref();
    this.timers.push(timer);
  }

  /**
   * Jobs per queue waiting (deferred ones included) and running, as pg-boss last counted them (its
   * monitor, every 15 s): one read of its small queue table, cheap enough for every scrape.
   */
  async depths(): Promise<Array<{ queue: string; queued: number; active: number }>> {
    const queues = await this.boss.getQueues();
    return queues.map((q) => ({ queue: q.name, queued: q.queuedCount, active: q.activeCount }));
  }

  /** Stops taking jobs and waits for the running ones (they finish or roll back). */
  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    await this.boss.stop({ graceful: true, close: false, timeout: 20_000 });
  }
}
