/**
 * WEB_CONCURRENCY against the real server process (src/main.ts), on the embedded database or
 * (with TEST_DATABASE_URL) a scratch PostgreSQL database: the primary prepares the database and
 * runs that many workers on the one port; requests spread over the workers and a session works on
 * each; a killed worker is replaced; SIGTERM (or a terminal's Ctrl-C) stops the workers, then the
 * database, and leaves no process behind. Which worker answered is read from its request log
 * lines (each carries the process id), not from anything the app adds for the test.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { embeddedDir } from '../src/db/client.js';
import { dbKind } from './helpers.js';
import { freshData, login, startServer, type Server } from './server-process.js';

/** Whether the process runs: it exists and is not a zombie. */
function isAlive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The embedded PostgreSQL server running on the data folder (its lock file), or null. */
function postgresOf(dataDir: string): number | null {
  let lock: string;
  try {
    lock = readFileSync(path.join(embeddedDir(dataDir), 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const pid = Number(lock.split('\n')[0]);
  return Number.isInteger(pid) && isAlive(pid) ? pid : null;
}

/** The live worker processes of the primary: its children that run main.ts (tsx may add an esbuild child). */
function workersOf(primary: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) !== primary || state === 'Z') continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('main.ts')) pids.push(Number(entry));
    } catch {
      /* the process ended while being read */
    }
  }
  return pids.sort();
}

async function until<T>(what: string, probe: () => T | null | undefined | false, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One GET on a connection of its own (no keep-alive), so the workers take turns at accepting. */
function get(server: Server, url: string, token?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${server.url}${url}`,
      { agent: false, headers: token ? { authorization: `Bearer ${token}` } : {}, timeout: 5000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

/** `count` GETs, `parallel` at a time: their statuses. */
async function many(server: Server, url: string, count: number, parallel: number, token?: string): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next++;
        statuses.push(await get(server, url, token));
      }
    }),
  );
  return statuses;
}

/** The log lines written after `from` (a length of the output). */
function logLines(server: Server, from: number): any[] {
  return server.output
    .join('')
    .slice(from)
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
}

/** The process ids that logged the answer to `count` requests for `url` after `from`. */
async function answeredBy(server: Server, from: number, url: string, count: number): Promise<Map<number, number>> {
  const incoming = await until(`${count} requests in the log`, () => {
    const lines = logLines(server, from).filter((l) => l.msg === 'request completed' && l.req?.url === url);
    return lines.length >= count && lines;
  });
  const by = new Map<number, number>();
  for (const l of incoming) by.set(l.pid, (by.get(l.pid) ?? 0) + 1);
  return by;
}

const outputLength = (server: Server) => server.output.join('').length;

describe('WEB_CONCURRENCY: several worker processes on one port', () => {
  let data: { dataDir: string; databaseUrl: string | null };
  let server: Server;
  let workers: number[];
  let token: string;
  const seen: string[] = [];

  // Three processes start (the primary, then two workers): on a busy machine that takes a while.
  beforeAll(async () => {
    data = await freshData('cluster', (dataDir) => {
      // A server a failed test left running on the folder is stopped before the folder goes.
      const pid = postgresOf(dataDir);
      if (pid) process.kill(pid, 'SIGQUIT');
    });
    server = await startServer(data, { WEB_CONCURRENCY: '2' });
  });

  it('starts two workers that share the port and the requests', async () => {
    const text = server.output.join('');
    expect(text).toContain('  Proses: 2 worker (WEB_CONCURRENCY=2)');
    expect(text.match(/Kelasku berjalan di/g)).toHaveLength(1);
    workers = workersOf(server.proc.pid!);
    expect(workers).toHaveLength(2);

    const from = outputLength(server);
    const statuses = await many(server, '/api/health', 200, 4);
    expect(statuses.filter((s) => s === 200)).toHaveLength(200);
    const by = await answeredBy(server, from, '/api/health', 200);
    expect([...by.keys()].sort()).toEqual(workers);
    seen.push(`200 health checks on fresh connections: ${[...by.values()].join(' + ')} per worker`);
  });

  it('keeps a session on every worker: the token is in the database', async () => {
    token = await login(server, 'siswa', 'siswa123');
    const from = outputLength(server);
    const statuses = await many(server, '/api/me', 30, 3, token);
    expect(statuses).toEqual(Array(30).fill(200));
    const by = await answeredBy(server, from, '/api/me', 30);
    expect([...by.keys()].sort()).toEqual(workers);
  });

  it('replaces a worker that is killed, and requests keep being answered', async () => {
    const [victim, survivor] = workers as [number, number];
    const from = outputLength(server);
    process.kill(victim, 'SIGKILL');
    await until('the primary to notice', () =>
      logLines(server, from).some((l) => l.msg === 'a worker died: starting another' && l.worker === victim),
    );
    // While the replacement starts, the other worker answers everything.
    let during = 0;
    while (workersOf(server.proc.pid!).length < 2 || !logLines(server, from).some((l) => l.msg === 'the new worker listens')) {
      expect(await get(server, '/api/me', token)).toBe(200);
      during++;
    }
    workers = workersOf(server.proc.pid!);
    expect(workers).toContain(survivor);
    expect(workers).not.toContain(victim);

    const after = outputLength(server);
    expect(await many(server, '/api/me', 40, 4, token)).toEqual(Array(40).fill(200));
    expect([...(await answeredBy(server, after, '/api/me', 40)).keys()].sort()).toEqual(workers);
    seen.push(`SIGKILL of a worker: ${during} requests answered while its replacement started, none failed`);
  });

  it('stops on SIGTERM: workers first, then the database; nothing is left running', async () => {
    const postgres = data.databaseUrl ? null : postgresOf(data.dataDir);
    if (!data.databaseUrl) expect(postgres).not.toBeNull();
    const started = Date.now();
    server.proc.kill('SIGTERM');
    const exit = await server.exited;
    const took = Date.now() - started;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(took).toBeLessThan(10_000);
    expect(workers.filter(isAlive)).toEqual([]);
    if (postgres) expect(isAlive(postgres)).toBe(false);
    expect(postgresOf(data.dataDir)).toBeNull();
    const stopped = logLines(server, 0).filter((l) => l.msg === 'shutting down: finishing requests in flight');
    expect(stopped.map((l) => l.pid).sort()).toEqual(workers);
    seen.push(`SIGTERM: exit 0 after ${took} ms, both workers shut down gracefully, no process left`);
  });

  it("stops on a terminal's Ctrl-C (SIGINT to every process at once) the same way", async () => {
    server = await startServer(data, { WEB_CONCURRENCY: '2' });
    workers = workersOf(server.proc.pid!);
    expect(workers).toHaveLength(2);
    const postgres = data.databaseUrl ? null : postgresOf(data.dataDir);
    for (const pid of [server.proc.pid!, ...workers]) process.kill(pid, 'SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(workers.filter(isAlive)).toEqual([]);
    if (postgres) expect(isAlive(postgres)).toBe(false);
    expect(postgresOf(data.dataDir)).toBeNull();
    // The workers waited for the primary's SIGTERM instead of dying at the SIGINT.
    const stopped = logLines(server, 0).filter((l) => l.msg === 'shutting down: finishing requests in flight');
    expect(stopped.map((l) => [l.pid, l.signal]).sort()).toEqual(workers.map((pid) => [pid, 'SIGTERM']));
    console.log(`cluster (${dbKind}):\n  ${seen.join('\n  ')}`);
  }, 120_000);

  it('refuses a WEB_CONCURRENCY that is not a number of processes', async () => {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/main.ts')],
        {
          cwd: path.resolve(import.meta.dirname, '..'),
          env: { ...process.env, WEB_CONCURRENCY: 'abc', DATA_DIR: data.dataDir },
          timeout: 30_000,
        },
        (_err, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Kelasku tidak dapat berjalan: WEB_CONCURRENCY=abc tidak valid: isi dengan jumlah proses 1–64, atau auto (satu per inti CPU).',
    );
  });
});
