/**
 * The embedded PostgreSQL server dying under a running app (an out-of-memory kill: SIGKILL of the
 * postmaster), against the real server process: `/api/health` answers 503 within a few seconds,
 * the app starts the server again by itself, and calls (a login) work again; no answer meanwhile
 * is anything but JSON; the log says what happened in one line. With WEB_CONCURRENCY=2 only the
 * primary starts it again. When it cannot be started again, the app says so in one line and exits
 * 1 (for systemd). (Embedded project only: with DATABASE_URL the app runs no server of its own.)
 */
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { embeddedDir } from '../src/db/client.js';
import { afterFile, api, login, startServer, type Server } from './server-process.js';

/** The pid of the PostgreSQL server running on the folder (its lock file), or null. */
function serverPid(dataDir: string): number | null {
  let lock: string;
  try {
    lock = readFileSync(path.join(embeddedDir(dataDir), 'postmaster.pid'), 'utf8');
  } catch {
    return null;
  }
  const pid = Number(lock.split('\n')[0]);
  try {
    return Number.isInteger(pid) && !/^\d+ \(.*\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, 'utf8')) ? pid : null;
  } catch {
    return null;
  }
}

async function newDataDir(): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-death-'));
  afterFile(async () => {
    const pid = serverPid(dataDir);
    if (pid) process.kill(pid, 'SIGQUIT');
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  return dataDir;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `probe` every 100 ms until it gives a value; returns it with the time it took. `seen`
 * (what the probe last saw) goes into the error when time runs out.
 */
async function within<T>(
  ms: number,
  what: string,
  probe: (seen: (s: string) => void) => Promise<T | null>,
): Promise<{ value: T; after: number }> {
  const start = Date.now();
  let last = 'nothing';
  for (;;) {
    const v = await probe((s) => (last = s)).catch((err: Error) => ((last = err.message), null));
    if (v !== null) return { value: v, after: Date.now() - start };
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms (last seen: ${last})`);
    await sleep(100);
  }
}

/** A few requests always in flight (a signed-in admin reading, the health check) until stopped; every answer kept. */
function lightLoad(server: Server, token: string) {
  const answers: Array<{ status: number; type: string; url: string }> = [];
  let running = true;
  const loop = async (url: string, auth?: string) => {
    while (running) {
      const res = await fetch(`${server.url}${url}`, { headers: auth ? { authorization: `Bearer ${auth}` } : {} }).catch(() => null);
      if (res) {
        await res.arrayBuffer();
        answers.push({ status: res.status, type: res.headers.get('content-type') ?? '', url });
      }
      await sleep(20);
    }
  };
  const loops = [
    loop('/api/admin/resources/motivational-words', token),
    loop('/api/admin/resources/motivational-words', token),
    loop('/api/me', token),
    loop('/api/health'),
  ];
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

const healthStatus = async (server: Server) => (await fetch(`${server.url}/api/health`)).status;
const linesMatching = (server: Server, re: RegExp) =>
  server.output
    .join('')
    .split('\n')
    .filter((l) => re.test(l));

/** Kills the postmaster under load; returns once the app answers a login again. */
async function killAndRecover(server: Server, dataDir: string) {
  const admin = await login(server, 'admin', 'admin123');
  const load = lightLoad(server, admin);
  await sleep(300);
  const before = serverPid(dataDir)!;
  expect(before).toBeGreaterThan(0);
  process.kill(before, 'SIGKILL');
  const killedAt = Date.now();

  const down = await within(5_000, '/api/health 503', async () => {
    const res = await api(server, 'GET', '/api/health');
    return res.status === 503 ? res : null;
  });
  expect(down.value.json).toEqual({ success: false, message: 'Server sedang tidak siap. Silakan coba lagi sebentar lagi.' });

  // A login works within 15 s of the kill. (Health answering 200 says less: with two workers, the one
  // that has not yet noticed the death answers 200 before the server is even started again.)
  await within(15_000, '/api/health 200 again', async () => ((await healthStatus(server)) === 200 ? true : null));
  const token = await within(Math.max(0, killedAt + 15_000 - Date.now()), 'a login within 15 s of the kill', async (seen) => {
    const res = await api(server, 'POST', '/api/login', undefined, { username: 'siswa', password: 'siswa123' });
    seen(`${res.status} ${JSON.stringify(res.json)}`);
    return res.status === 200 ? (res.json.data.token as string) : null;
  });
  const backAfterMs = Date.now() - killedAt;
  await load.stop();
  // A session made before the crash still works.
  expect((await api(server, 'GET', '/api/admin/resources/motivational-words', admin)).status).toBe(200);
  expect(token.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  const after = serverPid(dataDir);
  expect(after).not.toBeNull();
  expect(after).not.toBe(before);

  // Every answer, during the outage too, is the API's JSON: never an HTML error page.
  expect(load.answers.length).toBeGreaterThan(20);
  expect(load.answers.filter((a) => !a.type.startsWith('application/json'))).toEqual([]);
  expect(new Set(load.answers.map((a) => a.status))).toContain(200);
  return { downAfterMs: down.after, backAfterMs };
}

describe('the embedded PostgreSQL server dies under the running app', () => {
  it('health fails at once, the app starts the server again, and a login works within 15 s', async () => {
    const dataDir = await newDataDir();
    const server = await startServer({ dataDir, databaseUrl: null });
    const t = await killAndRecover(server, dataDir);
    expect(t.downAfterMs).toBeLessThan(3_000);
    expect(t.backAfterMs).toBeLessThan(15_000);
    const restarted = linesMatching(server, /had died \(killed or crashed\) and was started again after \d+ ms \(attempt \d\)/);
    expect(restarted).toHaveLength(1);
    console.log(
      `embedded death: /api/health 503 after ${t.downAfterMs} ms, a login again after ${t.backAfterMs} ms; ${JSON.parse(restarted[0]!).msg}`,
    );
    expect(linesMatching(server, /embedded PostgreSQL server is gone \(no process behind its lock file\): starting it again/)).toHaveLength(
      1,
    );

    const pid = serverPid(dataDir);
    server.proc.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(pid && serverPid(dataDir)).toBeNull();
  }, 120_000);

  it('with WEB_CONCURRENCY=2 the primary alone starts it again; every worker answers again', async () => {
    const dataDir = await newDataDir();
    const server = await startServer({ dataDir, databaseUrl: null }, { WEB_CONCURRENCY: '2' });
    const t = await killAndRecover(server, dataDir);
    console.log(`embedded death, two workers: /api/health 503 after ${t.downAfterMs} ms, a login again after ${t.backAfterMs} ms`);
    expect(t.backAfterMs).toBeLessThan(15_000);
    // One restart (the primary's); each worker noticed and says it runs again.
    await within(5_000, 'both workers see it again', async () =>
      linesMatching(server, /the embedded PostgreSQL server runs again/).length === 2 ? true : null,
    );
    expect(linesMatching(server, /had died \(killed or crashed\) and was started again/)).toHaveLength(1);
    expect(linesMatching(server, /is gone: \/api\/health answers 503 until it runs again/)).toHaveLength(2);
    // Requests spread over both workers: a run of health checks all answer 200.
    for (let i = 0; i < 10; i++) expect(await healthStatus(server)).toBe(200);
    server.proc.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  }, 120_000);

  it('when it cannot be started again, the app says why in one line and exits 1', async () => {
    const dataDir = await newDataDir();
    const server = await startServer({ dataDir, databaseUrl: null });
    const pid = serverPid(dataDir)!;
    // A cluster that cannot start: its configuration file is gone.
    await fs.rm(path.join(embeddedDir(dataDir), 'postgresql.conf'));
    process.kill(pid, 'SIGKILL');
    await within(5_000, '/api/health 503', async () => ((await healthStatus(server)) === 503 ? true : null));
    const exited = await server.exited;
    expect(exited).toEqual({ code: 1, signal: null });
    const lines = linesMatching(server, /^Kelasku tidak dapat berjalan: /);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Kelasku tidak dapat berjalan: PostgreSQL tertanam berhenti dan tidak dapat dijalankan lagi setelah 5 percobaan \(.+\)\. Aplikasi berhenti agar systemd menjalankannya lagi\.$/,
    );
  }, 120_000);
});
