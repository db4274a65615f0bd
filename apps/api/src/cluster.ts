/**
 * WEB_CONCURRENCY > 1: several worker processes serve HTTP on the one port (node:cluster). The
 * primary does the start-up once — opens the database (starting the embedded server, which it
 * keeps running), migrates, seeds, cleans up — then forks the workers. Each worker is an instance
 * as in a scale-out: it connects to the same database and builds the app. Sessions, login limits,
 * background jobs and live updates already live in PostgreSQL, so the workers share nothing else.
 */
import cluster, { type Worker } from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { EMBEDDED_DATABASE, LANES, embeddedDir, openDatabase, type Database } from './db/client.js';
import { startServices } from './server.js';

/** A worker that dies is replaced, unless this many died within CRASH_WINDOW_MS: then it is a crash loop. */
const CRASH_LIMIT = 5;
const CRASH_WINDOW_MS = 10_000;
/** Workers finish their requests within 25 s (main.ts); after this they are killed. */
const STOP_TIMEOUT_MS = 30_000;

/**
 * The workers' connection: DATABASE_URL, or the socket of the embedded server that the primary
 * runs (the address embedded.ts gives it; the server accepts any number of clients, it only must
 * not be started twice).
 */
function sharedDatabaseUrl(config: Config): string {
  if (config.databaseUrl) return config.databaseUrl;
  return `postgres://postgres@localhost/${EMBEDDED_DATABASE}?host=${encodeURIComponent(embeddedDir(config.dataDir))}`;
}

/** In a worker: connects to the database the primary prepared and builds the app. */
export async function startWorker(config: Config): Promise<{ app: FastifyInstance; database: Database; seeded: false }> {
  // The embedded server allows 100 connections: the workers share them (a worker's pool needs 3: live
  // updates keep one; its shared statement lanes take LANES more).
  const poolSize = config.databaseUrl ? undefined : Math.max(3, Math.min(10, Math.floor(90 / config.webConcurrency) - LANES));
  const opened = await openDatabase({
    databaseUrl: sharedDatabaseUrl(config),
    dataDir: config.dataDir,
    poolSize,
    ...(config.databaseUrl ? {} : { watchedDir: embeddedDir(config.dataDir) }),
  });
  // It is the primary's server: the backup names its kind.
  const database: Database = { ...opened, kind: config.databaseUrl ? 'postgres' : 'embedded' };
  try {
    const app = await buildApp(config, { database });
    app.markReady();
    return { app, database, seeded: false };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

/**
 * In the primary: the start-up work, then `config.webConcurrency` workers; resolves once all of
 * them listen. A worker that fails to start has printed why: everything stops (exit 1). SIGTERM or
 * SIGINT lets the workers finish their requests, then closes the database and exits 0.
 */
export async function startPrimary(config: Config): Promise<{ port: number; database: Database; seeded: boolean }> {
  const { app, database, seeded } = await startServices(config);
  // The primary serves nothing: its jobs and live bus stop, the database stays open (and the embedded server running).
  await app.close();
  const log = app.log.child({ role: 'primary' });

  const workers = new Set<Worker>();
  const listened = new WeakSet<Worker>();
  const deaths: number[] = [];
  let stopping = false;

  const fork = () => workers.add(cluster.fork());

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const exited = [...workers].map((w) => new Promise((resolve) => w.once('exit', resolve)));
    // Each worker runs main.ts's graceful shutdown on SIGTERM.
    for (const w of workers) w.process.kill('SIGTERM');
    const force = setTimeout(() => {
      for (const w of workers) w.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    await Promise.all(exited);
    clearTimeout(force);
    await database.close().catch((err) => log.error({ err }, 'closing the database'));
    process.exit(code);
  };

  // The primary owns the embedded server: it alone starts it again when it dies; the workers only
  // watch it (their /api/health answers 503 meanwhile). When it cannot, everything stops (exit 1).
  database.watch(log, (line) => {
    console.error(`Kelasku tidak dapat berjalan: ${line}`);
    void stop(1);
  });

  let ready = false;
  const started = new Promise<number>((resolve) => {
    cluster.on('listening', (worker, address) => {
      listened.add(worker);
      if (ready) log.info({ worker: worker.process.pid }, 'the new worker listens');
      else if ([...workers].every((w) => listened.has(w))) {
        ready = true;
        resolve(address.port);
      }
    });
  });

  cluster.on('exit', (worker, code, signal) => {
    workers.delete(worker);
    if (stopping) return;
    if (!listened.has(worker)) {
      log.error({ worker: worker.process.pid, code, signal }, 'a worker failed to start: stopping');
      void stop(1);
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths[0]! < now - CRASH_WINDOW_MS) deaths.shift();
    if (deaths.length >= CRASH_LIMIT) {
      log.error({ deaths: deaths.length, windowMs: CRASH_WINDOW_MS }, 'workers keep dying: stopping');
      void stop(1);
      return;
    }
    log.error({ worker: worker.process.pid, code, signal }, 'a worker died: starting another');
    fork();
  });

  // The workers accept connections themselves from the shared socket instead of the primary handing
  // each one over (round robin): no hop through the primary, and a connection is never handed to a
  // worker that just died, where it would hang. Node's NODE_CLUSTER_SCHED_POLICY=rr still wins.
  if (!process.env.NODE_CLUSTER_SCHED_POLICY) cluster.schedulingPolicy = cluster.SCHED_NONE;
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));
  for (let i = 0; i < config.webConcurrency; i++) fork();
  const port = await started;
  return { port, database, seeded };
}
