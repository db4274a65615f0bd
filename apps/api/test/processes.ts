/**
 * Real server processes (src/main.ts through tsx) on their own ports, for the tests of several
 * instances on one database (two-instances.test.ts, live.test.ts). In the `s3` project their files
 * go to a bucket of the run's s3rver instead: one bucket per STORAGE_DIR, so processes that share
 * a storage folder share a bucket.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { storageKind, testBucketEnv } from './helpers.js';

const API_ROOT = path.resolve(import.meta.dirname, '..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** A real server process (src/main.ts) on its own port; resolves once /api/health answers. */
export async function startProcess(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  if (storageKind === 's3' && env.STORAGE === undefined) {
    env = { ...(await testBucketEnv(env.STORAGE_DIR ?? env.DATA_DIR ?? 'default')), ...env };
  }
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: API_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', WEB_DIR: '', LOG_LEVEL: 'warn', SEED_DEMO: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`server did not start within 60 s:\n${output}`);
}

/** Stops a process with `signal` (SIGTERM: a clean stop; SIGKILL: a crash) and waits until it has exited. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exited;
}
