import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database, type Db } from '../src/db/client.js';
import { Factory } from './factory.js';
import { withDatabase } from './global-setup.js';

/** Which server this project's test files run on: the embedded one, or the machine's (TEST_DATABASE_URL). */
export const dbKind = (process.env.KELASKU_TEST_DB ?? 'embedded') as 'embedded' | 'postgres';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  factory: Factory;
  /** Every log line the server wrote (tests grep it for secrets). */
  logs: string[];
  /** Calls the API as the holder of this token (or anonymously). */
  as(token?: string | null): Client;
  close(): Promise<void>;
}

/** A connection string for a new database of this project's server, a copy of the migrated template. */
export async function freshDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = inject(`db:${dbKind}`);
  const template = inject('dbTemplate');
  const name = `${template}_f_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (err) {
        // Two files copying the template at the same moment: wait and try again.
        if (attempt > 20) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(server, name),
    drop: async () => {
      const a = new pg.Client({ connectionString: server });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** A fresh database for this test file, opened as the app opens the operator's server. */
export async function freshDatabase(dataDir: string): Promise<Database> {
  const { url, drop } = await freshDatabaseUrl();
  const database = await openDatabase({ databaseUrl: url, dataDir, poolSize: 5 });
  const close = database.close;
  database.close = async () => {
    await close();
    await drop();
  };
  return database;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIR: '', LOG_LEVEL: 'info', ...env });
  const database = await freshDatabase(dataDir);
  const logs: string[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logs.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  const app = await buildApp(config, { database, logStream });
  await app.ready();
  const factory = new Factory(database.db, app);
  return {
    app,
    db: database.db,
    database,
    config,
    factory,
    logs,
    as: (token) => new Client(app, token ?? null),
    close: async () => {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One app and database for the whole test file, built before the first test.
 * Use: `const t = useTestApp();` then `t.app`, `t.factory` inside tests.
 */
export function useTestApp(env: Record<string, string> = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(env));
  });
  afterAll(async () => {
    await ctx.close?.();
  });
  return ctx;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the real app over its HTTP interface (light-my-request), with a bearer token when given. */
export class Client {
  constructor(
    private readonly app: FastifyInstance,
    private readonly token: string | null,
  ) {}

  async request<T = any>(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const res = await this.app.inject({
      method,
      url,
      headers: { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...headers },
      ...(body === undefined
        ? {}
        : Buffer.isBuffer(body) || typeof body === 'string'
          ? { payload: body }
          : {
              payload: JSON.stringify(body),
              headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...headers },
            }),
    });
    let parsed: any = res.body;
    if ((res.headers['content-type'] ?? '').toString().includes('application/json')) {
      try {
        parsed = res.json();
      } catch {
        /* leave as text */
      }
    }
    return { status: res.statusCode, body: parsed, headers: res.headers, raw: res };
  }

  get<T = any>(url: string) {
    return this.request<T>('GET', url);
  }
  post<T = any>(url: string, body?: unknown) {
    return this.request<T>('POST', url, body ?? {});
  }
  put<T = any>(url: string, body?: unknown) {
    return this.request<T>('PUT', url, body ?? {});
  }
  patch<T = any>(url: string, body?: unknown) {
    return this.request<T>('PATCH', url, body ?? {});
  }
  delete<T = any>(url: string) {
    return this.request<T>('DELETE', url);
  }

  /** Sends a multipart form: text fields and files ({ name, data, type? }; a list repeats the field). */
  upload<T = any>(method: Method, url: string, fields: Record<string, string | string[]>, files: Record<string, FormFile | FormFile[]>) {
    const { payload, contentType } = multipartBody(fields, files);
    return this.request<T>(method, url, payload, { 'content-type': contentType });
  }
}

/** A file of a multipart form. */
export type FormFile = { name: string; data: Buffer; type?: string };

/** A multipart body: text fields, then files; a list under one field name sends that field repeated, in order. */
export function multipartBody(
  fields: Record<string, string | string[]>,
  files: Record<string, FormFile | FormFile[]>,
): { payload: Buffer; contentType: string } {
  const boundary = `----kelasku${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((v) => [k, v] as const))) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const [k, f] of Object.entries(files).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((f) => [k, f] as const))) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every file under a folder (storage: committed and unfinished uploads), relative to it, sorted. */
export async function filesUnder(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(path.relative(root, p));
    }
  };
  await walk(root);
  return out.sort();
}

/** Small real files for uploads. */
export const samples = {
  png: () => Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  jpeg: () =>
    Buffer.from(
      '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
      'base64',
    ),
  pdf: (text = 'Kelasku') => Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n% ${text}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`),
  text: (text = 'isi tugas') => Buffer.from(text),
  exe: () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]),
};
