/**
 * The embedded database as `npm start` runs it: a real PostgreSQL server in DATA_DIR/postgres,
 * reachable only through a Unix socket there, started and stopped by the app. A killed app leaves
 * its server running; the next start takes it over. A second app on the same folder is refused.
 * (Runs in the embedded project only: with DATABASE_URL the app starts no server of its own.)
 */
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_DATABASE, embeddedDir } from '../src/db/client.js';
import { afterFile, api, login, startServer } from './server-process.js';

/** Whether the process runs: it exists and is not a zombie (exited, not yet reaped by its parent). */
function isAlive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) [ZX] /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The pid of the PostgreSQL server running on the folder (its lock file), or null. */
async function serverPid(dataDir: string): Promise<number | null> {
  const lock = await fs.readFile(path.join(embeddedDir(dataDir), 'postmaster.pid'), 'utf8').catch(() => null);
  const pid = lock ? Number(lock.split('\n')[0]) : NaN;
  return Number.isInteger(pid) && isAlive(pid) ? pid : null;
}

async function newDataDir(): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-embedded-'));
  afterFile(async () => {
    const pid = await serverPid(dataDir);
    if (pid) process.kill(pid, 'SIGQUIT');
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  return dataDir;
}

describe('the embedded PostgreSQL server', () => {
  it('is created on first start, listens on no TCP port, and is stopped with the app', async () => {
    const dataDir = await newDataDir();
    const server = await startServer({ dataDir, databaseUrl: null });
    expect(server.output.join('')).toContain(`Database: PostgreSQL tertanam di ${dataDir}`);
    expect(await fs.stat(path.join(embeddedDir(dataDir), 'PG_VERSION'))).toBeTruthy();

    // Through the socket in the data folder: a real PostgreSQL with no TCP address.
    const client = new pg.Client({ host: embeddedDir(dataDir), user: 'postgres', database: EMBEDDED_DATABASE });
    await client.connect();
    const { rows } = await client.query<{ listen: string; version: string }>(
      `select current_setting('listen_addresses') as listen, current_setting('server_version_num') as version`,
    );
    const { rows: demo } = await client.query<{ n: number }>(`select count(*)::int as n from users where username = 'siswa'`);
    await client.end();
    expect(rows[0]).toEqual({ listen: '', version: expect.stringMatching(/^18/) });
    expect(demo[0]!.n).toBe(1);
    expect(await login(server, 'siswa', 'siswa123')).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const pid = await serverPid(dataDir);
    expect(pid).not.toBeNull();
    server.proc.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(isAlive(pid!)).toBe(false);
    expect(await serverPid(dataDir)).toBeNull();
  }, 120_000);

  it('after the app was killed (SIGKILL), the next start takes over the server left running, with the data kept', async () => {
    const dataDir = await newDataDir();
    const first = await startServer({ dataDir, databaseUrl: null });
    const admin = await login(first, 'admin', 'admin123');
    const created = await api(first, 'POST', '/api/admin/resources/motivational-words', admin, {
      title: 'Tetap semangat',
      body: 'Belajar sedikit setiap hari.',
      from: 'Uji',
    });
    expect(created.status, created.text).toBe(201);
    const pid = await serverPid(dataDir);
    first.proc.kill('SIGKILL');
    await first.exited;
    // The app is gone; its database server is not.
    expect(pid).not.toBeNull();
    expect(isAlive(pid!)).toBe(true);

    const second = await startServer({ dataDir, databaseUrl: null });
    expect(await serverPid(dataDir)).toBe(pid);
    const words = await api(second, 'GET', '/api/admin/resources/motivational-words', await login(second, 'admin', 'admin123'));
    expect(words.json.data.map((w: { title: string }) => w.title)).toContain('Tetap semangat');
    second.proc.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
    expect(isAlive(pid!)).toBe(false);
  }, 180_000);

  it('refuses a second app on the same data folder, and leaves the first one working', async () => {
    const dataDir = await newDataDir();
    const first = await startServer({ dataDir, databaseUrl: null });
    const second = startServer({ dataDir, databaseUrl: null }, { PORT: '0' });
    await expect(second).rejects.toThrow(/sedang dipakai Kelasku lain \(pid \d+\)/);
    expect(await login(first, 'guru', 'guru123')).toBeTruthy();
    first.proc.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
  }, 120_000);
});
