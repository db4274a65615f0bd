import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config.js';
import { startPrimary, startWorker } from './cluster.js';
import { startServices } from './server.js';
import { DEMO_ACCOUNTS } from './seed/demo.js';

function fail(message: string): never {
  console.error(`Kelasku tidak dapat berjalan: ${message}`);
  process.exit(1);
}

const failStart = (err: unknown): never => fail(err instanceof ConfigError ? err.message : `${(err as Error).stack ?? err}`);

function printBanner(config: Config, port: number, kind: 'embedded' | 'postgres', seeded: boolean) {
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `  Kelasku berjalan di http://${shown}:${port}`,
    `  Database: ${kind === 'embedded' ? `PostgreSQL tertanam di ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ' — data demo dibuat' : ''}`,
  ];
  if (config.webConcurrency > 1) lines.push(`  Proses: ${config.webConcurrency} worker (WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY})`);
  if (config.seedDemo || seeded) {
    lines.push('  Akun demo:');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(6)} ${a.username} / ${a.password}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    fail((err as Error).message);
  }

  // WEB_CONCURRENCY > 1: this process prepares the database and runs the workers (cluster.ts),
  // which come back through here below as cluster workers.
  if (cluster.isPrimary && config.webConcurrency > 1) {
    const primary = await startPrimary(config).catch(failStart);
    printBanner(config, primary.port, primary.database.kind, primary.seeded);
    return;
  }
  // A terminal's Ctrl-C reaches the whole process group: a worker waits for the primary's SIGTERM.
  if (cluster.isWorker) process.on('SIGINT', () => {});

  const { app, database, seeded } = await (cluster.isWorker ? startWorker(config) : startServices(config)).catch(failStart);
  // The embedded server dying under the app (db/embedded-watch.ts): this process starts it again
  // unless it is a cluster's worker (the primary owns it); exit 1 when it cannot, for systemd.
  database.watch(app.log, cluster.isWorker ? undefined : fail);

  // Before listening: a cluster's primary learns that a worker listens before the worker's own
  // code goes on, and may send SIGTERM at once (a stop right after the start).
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 25_000);
    force.unref();
    // A keep-alive connection whose response was still being written when the signal came turns idle
    // only afterwards: close such connections as they go idle, or close() waits for the client.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    idle.unref();
    await app.close();
    clearInterval(idle);
    // A handler whose client disconnected is not waited for by close(): let it finish its statements.
    await app.handlersIdle();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  if (cluster.isPrimary) process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // A signal during listen: the shutdown above closes everything and exits.
    if (closing) return;
    // The jobs and the live bus hold connections: the pool ends only once they have stopped.
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE')
      fail(`port ${config.port} sudah dipakai program lain. Jalankan dengan PORT=3001 npm start (atau port lain).`);
    if (e.code === 'EACCES') fail(`port ${config.port} tidak boleh dipakai oleh user ini. Pilih PORT di atas 1024.`);
    if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND') fail(`HOST=${config.host} bukan alamat mesin ini.`);
    fail(e.message);
  }

  if (cluster.isPrimary) {
    const address = app.server.address();
    printBanner(config, typeof address === 'object' && address ? address.port : config.port, database.kind, seeded);
  }
}

void main();
