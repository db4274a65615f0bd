/**
 * An import whose server dies (issue 35): the admin watches an import on the page, the server is
 * killed with SIGKILL and started again on the same data and port (the built server, as
 * `npm start` runs it, on a data folder of its own). The page, left open, says the import was cut
 * off and resumed by itself, then that it finished.
 *
 * The kill lands mid-import whatever the machine's speed: the test holds the second rombel's row
 * locked in the server's database, so the import writes the first rombel's 50 students and then
 * waits at the first student of the second (its foreign key check). On a fast machine the 150 rows
 * were all written within the second between the page's progress and the kill.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { DEMO, signIn } from './fixtures';

const root = path.resolve(import.meta.dirname, '..');
const ROWS = 150;
/** Rows of the first rombel, written before the import waits for the second. */
const FIRST = 50;

/**
 * Locks a rombel's row (FOR UPDATE) in the embedded database of `dataDir` (its socket is in
 * `<DATA_DIR>/postgres`) until `release`: writing a student into that rombel waits meanwhile.
 */
async function holdRombel(dataDir: string, name: string): Promise<{ release: () => Promise<void> }> {
  const client = new pg.Client({ host: path.join(dataDir, 'postgres'), user: 'postgres', database: 'kelasku' });
  await client.connect();
  let open = true;
  const release = async () => {
    if (open) await client.end();
    open = false;
  };
  try {
    await client.query('begin');
    const { rowCount } = await client.query('select id from rombel_classes where name = $1 for update', [name]);
    expect(rowCount).toBe(1);
  } catch (err) {
    await release();
    throw err;
  }
  return { release };
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/** Starts the built server on `dataDir` and `port`; resolves once it listens. */
async function startServer(dataDir: string, port: number): Promise<{ proc: ChildProcess; exited: Promise<unknown> }> {
  const proc = spawn(process.execPath, [path.join(root, 'apps/api/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => proc.on('close', resolve));
  let out = '';
  await new Promise<void>((resolve, reject) => {
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('berjalan di')) resolve();
    });
    proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    void exited.then(() => reject(new Error(`server exited:\n${out}`)));
  });
  return { proc, exited };
}

test('an import cut off by a server crash says so on its page and finishes by itself', async ({ browser }) => {
  test.setTimeout(480_000);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-e2e-resume-'));
  const port = await freePort();
  const t0 = Date.now();
  const mark = (what: string) => console.log(`${what}: ${Math.round((Date.now() - t0) / 1000)} s`);
  let server = await startServer(dataDir, port);
  // Released right after the kill; on a failure before it, before the server stops (finally).
  let held: Awaited<ReturnType<typeof holdRombel>> | undefined;
  mark('server up');
  try {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}`, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
    const page = await context.newPage();
    await signIn(page, DEMO.admin.username, DEMO.admin.password);
    await page.goto('/resources/users/import');
    const rombel = (i: number) => (i < FIRST ? 'X TKJ 1' : 'X TKJ 2');
    const lines = Array.from({ length: ROWS }, (_, i) => `Siswa Mulai Ulang ${i};${80_000_000 + i};${rombel(i)}`);
    await page
      .getByLabel('File impor')
      .setInputFiles({ name: 'siswa.csv', mimeType: 'text/csv', buffer: Buffer.from(`Nama;NIS;Rombel\r\n${lines.join('\r\n')}\r\n`) });
    held = await holdRombel(dataDir, 'X TKJ 2');
    await page.getByRole('button', { name: `Impor ${ROWS} user` }).click();
    mark('import started');
    // Under way: the first rombel's rows written, the import waiting at the second; the server dies.
    await expect(page.getByText(`Menyimpan ${FIRST} dari ${ROWS} baris`)).toBeVisible({ timeout: 90_000 });
    server.proc.kill('SIGKILL');
    await server.exited;
    await held.release();
    mark('killed');
    server = await startServer(dataDir, port);
    mark('restarted');
    // The page, left open, learns what happened once the import runs again…
    const note = page.getByRole('alert').filter({ hasText: 'Impor dimulai ulang' });
    await expect(note).toContainText('Impor terhenti karena server dimulai ulang; dilanjutkan otomatis.', { timeout: 90_000 });
    mark('resumed note shown');
    // …and that it finished, every row once.
    await expect(page.getByText(`${ROWS} user baru dibuat dan 0 user diperbarui.`)).toBeVisible({ timeout: 120_000 });
    await expect(note).toBeVisible();
    mark('finished');
    await context.close();
  } finally {
    await held?.release();
    server.proc.kill('SIGTERM');
    await server.exited;
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
