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

/** One event read from a live stream. */
export interface LiveEvent {
  id: number;
  event: string;
  data: any;
  /** When it was read (Date.now()). */
  at: number;
}

/**
 * A live stream (`GET /api/live`) read over HTTP the way a browser's EventSource reads it: the
 * events arrive in `events` as they are read, until close() or the server ends the stream.
 */
export async function readLiveStream(base: string, token: string, opts: { query?: string; lastId?: number } = {}) {
  const ctrl = new AbortController();
  const res = await fetch(`${base}/api/live${opts.query ?? ''}`, {
    headers: { authorization: `Bearer ${token}`, ...(opts.lastId !== undefined ? { 'last-event-id': String(opts.lastId) } : {}) },
    signal: ctrl.signal,
  });
  const events: LiveEvent[] = [];
  let ended = false;
  const reading = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const lines = buf.slice(0, cut).split('\n');
          buf = buf.slice(cut + 2);
          const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          const id = field('id');
          if (id !== undefined) events.push({ id: Number(id), event: field('event')!, data: JSON.parse(field('data')!), at: Date.now() });
        }
      }
    } catch {
      /* aborted or the server went away */
    }
    ended = true;
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    ended: () => ended,
    close: async () => {
      ctrl.abort();
      await reading;
    },
  };
}

/** An API call over HTTP to a server process: JSON or raw bytes in, the status, headers, JSON (if any) and bytes out. */
export async function callHttp(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; json?: unknown; body?: Buffer; type?: string } = {},
): Promise<{ status: number; headers: Headers; json: any; bytes: Buffer }> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: RequestInit['body'];
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.body) {
    headers['content-type'] = opts.type!;
    body = opts.body;
  }
  const res = await fetch(`${base}${url}`, { method, headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = (res.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(bytes.toString('utf8')) : null;
  return { status: res.status, headers: res.headers, json, bytes };
}
