/**
 * A real, small file system for tests of a full disk: a tmpfs of the given size. As root it is
 * mounted in place (`mount -t tmpfs`); as any other user it is mounted inside an unprivileged user
 * and mount namespace (`unshare -rm`) held open by a sleeping child, and reached through that
 * child's `/proc/<pid>/root` — the same kernel file system with the same ENOSPC, no privileges.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export interface SmallFileSystem {
  /** The folder whose contents live on the small file system. */
  dir: string;
  remove(): Promise<void>;
}

export async function smallFileSystem(bytes: number): Promise<SmallFileSystem> {
  const mountPoint = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-smallfs-'));
  const options = `size=${bytes},mode=0777`;
  if (process.getuid?.() === 0) {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', mountPoint]);
    return {
      dir: mountPoint,
      remove: async () => {
        execFileSync('umount', [mountPoint]);
        await fs.rm(mountPoint, { recursive: true, force: true });
      },
    };
  }
  const holder = spawn(
    'unshare',
    ['-rm', 'sh', '-c', `mount -t tmpfs -o ${options} tmpfs '${mountPoint}' && echo mounted && exec sleep 100000`],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const errors: string[] = [];
  holder.stderr!.on('data', (c: Buffer) => errors.push(c.toString()));
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.once('data', () => resolve());
    holder.once('exit', () => reject(new Error(`tmpfs could not be mounted (unshare -rm): ${errors.join('')}`)));
  });
  return {
    dir: `/proc/${holder.pid}/root${mountPoint}`,
    remove: async () => {
      holder.kill('SIGKILL');
      await fs.rm(mountPoint, { recursive: true, force: true });
    },
  };
}
