/**
 * The real server process (src/main.ts through tsx) on its own data folder and port, for tests of
 * what only a whole process shows: start-up, crashes, signals. Every process a test file starts is
 * killed after its tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect } from 'vitest';
import { dbKind, samples } from './helpers.js';

const MAIN = path.resolve(import.meta.dirname, '../src/main.ts');
const ROOT = path.resolve(import.meta.dirname, '../../..');

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

/** Runs `work` after this file's tests (removing folders, dropping databases). */
export const afterFile = (work: () => Promise<void>) => cleanups.push(work);

/**
 * A data folder (and, on PostgreSQL, an empty database) for a server process, removed after the
 * file's tests; `beforeRemove` runs first (stopping what a failed test left on the folder).
 */
export async function freshData(
  prefix: string,
  beforeRemove: (dataDir: string) => void = () => {},
): Promise<{ dataDir: string; databaseUrl: string | null }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `kelasku-${prefix}-`));
  afterFile(async () => {
    beforeRemove(dataDir);
    await fs.rm(dataDir, { recursive: true, force: true });
  });
  if (dbKind !== 'postgres') return { dataDir, databaseUrl: null };
  const base = process.env.TEST_DATABASE_URL!;
  const name = `kelasku_${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  afterFile(async () => {
    const a = new pg.Client({ connectionString: base });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  });
  const u = new URL(base);
  u.pathname = `/${name}`;
  return { dataDir, databaseUrl: u.toString() };
}

export interface Server {
  proc: ChildProcess;
  url: string;
  port: number;
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `node --import tsx src/main.ts` and waits for its "berjalan di" line. */
export async function startServer(
  data: { dataDir: string; databaseUrl: string | null },
  env: Record<string, string> = {},
): Promise<Server> {
  const { DATABASE_URL: _a, TEST_DATABASE_URL: _b, ...inherited } = process.env;
  const proc = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...inherited,
      DATA_DIR: data.dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIR: '',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
      ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    // 'close' comes after the output streams end, so the last lines (an error's stack) are kept.
    proc.on('close', (code, signal) => resolve({ code, signal })),
  );
  afterFile(async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    await exited;
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const m = /berjalan di http:\/\/[^:]+:(\d+)/.exec(output.join(''));
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited during start-up:\n${output.join('')}`));
    });
  });
  return { proc, url: `http://127.0.0.1:${port}`, port, output, exited };
}

export async function api(server: Server, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, json, text };
}

export async function login(server: Server, username: string, password: string): Promise<string> {
  const res = await api(server, 'POST', '/api/login', undefined, { username, password });
  expect(res.status, res.text).toBe(200);
  return res.json.data.token;
}

/** What `slowUpload` sends: the form's text fields, then one PDF file of `fileBytes` bytes. */
export interface SlowUploadForm {
  fields: Record<string, string>;
  fileField: string;
  filename: string;
  fileBytes: number;
}

/**
 * A multipart upload over a raw socket whose file goes in steps, so the server can be stopped,
 * killed or swept while the file is arriving. `response` is null when the socket closes without
 * an HTTP answer.
 */
export function slowUpload(server: Server, url: string, token: string, form: SlowUploadForm) {
  const boundary = `----kelaskuSlow${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    Object.entries(form.fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="${form.fileField}"; filename="${form.filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const file = Buffer.alloc(form.fileBytes, 0x20);
  samples.pdf().copy(file);
  const socket = net.connect(server.port, '127.0.0.1');
  socket.on('error', () => {});
  const chunks: Buffer[] = [];
  socket.on('data', (c) => chunks.push(c));
  const response = new Promise<{ status: number; body: string } | null>((resolve) => {
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString();
      const m = /^HTTP\/1\.1 (\d+)/.exec(text);
      resolve(m ? { status: Number(m[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) } : null);
    });
  });
  socket.write(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + file.length + tail.length}\r\n\r\n`,
  );
  socket.write(head);
  let sent = 0;
  const write = (bytes: Buffer) => new Promise<void>((resolve) => socket.write(bytes, () => resolve()));
  return {
    response,
    /** Sends the next `n` bytes of the file. */
    send: (n: number) => {
      const part = file.subarray(sent, Math.min(file.length, sent + n));
      sent += part.length;
      return write(part);
    },
    /** Sends the rest of the file and the end of the form. */
    finish: () => {
      const rest = Buffer.concat([file.subarray(sent), tail]);
      sent = file.length;
      return write(rest);
    },
  };
}
