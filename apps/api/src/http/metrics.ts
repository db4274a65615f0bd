/**
 * What an operator watches: `/metrics` (Prometheus text format, behind METRICS_TOKEN) and the
 * readiness check `/api/ready`. `/api/health` stays the liveness check (app.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { MSG } from '@kelasku/contract';
import { HttpError, unauthorized } from './errors.js';
import { UPLOAD_FAILURES, type UploadObserver } from '../files/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Says the start-up (migrations, seed, sweep: server.ts) has finished: /api/ready may answer 200 from now on. */
    markReady(): void;
  }
}

/** How long /api/ready waits for the database's `select 1` before answering 503. */
export const READY_TIMEOUT_MS = 2_000;

/** The route label of a request that matched no route (unknown paths, the web app's pages): never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds; up to a minute for an upload over a slow phone connection. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** Whether the Authorization header carries `Bearer <token>`, compared in constant time (both sides hashed to one length). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(sha256(given), sha256(token));
}

/**
 * The app's own registry (never prom-client's global one: tests build many apps in one process) with
 * every metric of Kelasku. Gauges of the pool, the job queues and the live streams are read when
 * scraped, not kept up to date in between.
 */
function createRegistry(app: FastifyInstance): {
  registry: Registry;
  requests: Histogram<'method' | 'route' | 'status_code'>;
  uploads: UploadObserver;
} {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: 'kelasku_' });

  const requests = new Histogram({
    name: 'kelasku_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (scrapes of /metrics excluded), by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });

  const pool = app.database.pool;
  new Gauge({
    name: 'kelasku_db_pool_connections',
    help: 'Connections the database pool holds, in use and idle.',
    registers,
    collect() {
      this.set(pool.totalCount);
    },
  });
  new Gauge({
    name: 'kelasku_db_pool_idle_connections',
    help: 'Connections of the database pool that are idle.',
    registers,
    collect() {
      this.set(pool.idleCount);
    },
  });
  new Gauge({
    name: 'kelasku_db_pool_waiting_clients',
    help: 'Queries waiting for a connection of the database pool (all connections in use).',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'kelasku_db_pool_max_connections',
    help: 'Most connections the database pool opens.',
    registers,
    collect() {
      this.set(pool.options.max);
    },
  });

  const lanes = app.database.lanes;
  new Gauge({
    name: 'kelasku_db_lane_statements_in_flight',
    help: 'Statements sent on the shared pipelined connections (lanes) and not yet answered.',
    registers,
    collect() {
      this.set(lanes.inFlight());
    },
  });
  new Counter({
    name: 'kelasku_db_lane_overflow_total',
    help: 'Statements that ran on a pooled connection of their own because every lane was held up by a slow statement.',
    registers,
    collect() {
      this.reset();
      this.inc(lanes.overflowed);
    },
  });

  const uploadBytes = new Counter({
    name: 'kelasku_upload_bytes_total',
    help: 'Bytes of uploaded files that were stored.',
    registers,
  });
  const uploadFailures = new Counter({
    name: 'kelasku_upload_failures_total',
    help: 'Uploads that were not stored, by reason: too_large, type (refused by content), empty, aborted (connection cut or stalled), storage_full (no space left), other.',
    labelNames: ['reason'] as const,
    registers,
  });
  // Every reason from the start at 0, so a rate over the first failure is right.
  for (const reason of UPLOAD_FAILURES) uploadFailures.inc({ reason }, 0);

  new Gauge({
    name: 'kelasku_job_queue_depth',
    help: 'Jobs of each background queue: queued (waiting, deferred ones included) and active (running), as pg-boss counted them at most about a minute ago.',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      try {
        const depths = await app.jobs.depths();
        this.reset();
        for (const d of depths) {
          this.set({ queue: d.queue, state: 'queued' }, d.queued);
          this.set({ queue: d.queue, state: 'active' }, d.active);
        }
      } catch (err) {
        // The rest of the scrape still answers; the queues have no series until the database does.
        this.reset();
        app.log.warn({ err }, 'metrics: the job queues could not be read');
      }
    },
  });

  const statements = app.database.statements;
  new Counter({
    name: 'kelasku_db_statements_total',
    help: 'SQL statements this instance has sent to the database (over requests: statements per request).',
    registers,
    collect() {
      this.reset();
      this.inc(statements.count);
    },
  });

  new Gauge({
    name: 'kelasku_live_streams',
    help: 'Live-update streams (server-sent events) open on this instance.',
    registers,
    collect() {
      this.set(app.liveStreams.size);
    },
  });

  return {
    registry,
    requests,
    uploads: {
      stored: (bytes) => uploadBytes.inc(bytes),
      failed: (reason) => uploadFailures.inc({ reason }),
    },
  };
}

/**
 * `GET /metrics` (outside /api, not in the API docs). Without METRICS_TOKEN nothing is measured and the
 * path is an unknown one (404); with it, a scrape needs `Authorization: Bearer <METRICS_TOKEN>` (401).
 * Call before the routes are registered, after `database`, `files`, `jobs` and `liveStreams` exist.
 */
export function installMetrics(app: FastifyInstance): void {
  const token = app.config.metricsToken;
  const metrics = token ? createRegistry(app) : null;
  if (metrics) {
    app.files.uploadObserver = metrics.uploads;
    // Scrapes are not counted: every 15 s of them would drown a quiet school night's traffic.
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      if (route !== '/metrics') {
        metrics.requests.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
      }
      done();
    });
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!metrics || !token) throw new HttpError(404, MSG.routeNotFound);
    if (!bearerMatches(request.headers.authorization, token)) {
      void reply.header('www-authenticate', 'Bearer');
      throw unauthorized();
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}

/**
 * `GET /api/ready`: 200 once the start-up has finished (`app.markReady()`) and while the database
 * answers `select 1` within {@link READY_TIMEOUT_MS}; 503 otherwise. While the app closes, Fastify
 * answers 503 itself (`return503OnClosing`).
 */
export function installReadiness(app: FastifyInstance): void {
  let started = false;
  app.decorate('markReady', () => {
    started = true;
  });

  /** One `select 1` at a time, however many probes come while the database hangs. */
  let probe: Promise<void> | null = null;
  const probeDatabase = () =>
    (probe ??= app.database.pool
      .query('select 1')
      .then(() => undefined)
      .finally(() => {
        probe = null;
      }));
  let answered = true;

  const databaseAnswers = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([probeDatabase(), late]);
      if (!answered) app.log.info('ready: the database answers again');
      answered = true;
    } catch (err) {
      // Logged once when it stops answering, not on every probe of the load balancer.
      if (answered) app.log.warn({ err }, 'not ready: the database does not answer');
      answered = false;
    } finally {
      clearTimeout(timer);
    }
    return answered;
  };

  app.get('/api/ready', { schema: { tags: ['system'], security: [] } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!started || !(await databaseAnswers())) throw new HttpError(503, MSG.unavailable);
    return { success: true, data: { status: 'ready' } };
  });
}
