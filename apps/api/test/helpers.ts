import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type Database, type Db } from '../src/db/client.js';
import type { FileStorage } from '../src/files/storage.js';
import { Factory } from './factory.js';
import { withDatabase } from './global-setup.js';

/** Which server this project's test files run on: the embedded one, or the machine's (TEST_DATABASE_URL). */
export const dbKind = (process.env.KELASKU_TEST_DB ?? 'embedded') as 'embedded' | 'postgres';

/** Where this project's apps keep their files: the storage folder, or (project `s3`) a bucket of the run's s3rver. */
export const storageKind = (process.env.KELASKU_TEST_STORAGE === 's3' ? 's3' : 'folder') as 'folder' | 's3';

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

/** Builds the app on a fresh database (and, in the `s3` project, a fresh bucket); `env` adds to or overrides its configuration. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-test-'));
  const storageEnv = storageKind === 's3' && env.STORAGE === undefined ? await testBucketEnv() : {};
  const config = loadConfig({ DATA_DIR: dataDir, WEB_DIR: '', LOG_LEVEL: 'info', ...storageEnv, ...env });
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
      // A bucket is emptied (its files would stay in the run's s3rver); a folder goes with dataDir.
      if (config.s3) {
        for (const key of await storedObjects(app.files.storage)) if (!key.startsWith('.tmp/')) await app.files.storage.remove(key);
      }
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

let s3Admin: S3Client | undefined;

/**
 * The configuration (STORAGE=s3 …) of a bucket on the run's s3rver. Without a name, a new empty
 * bucket; with a name (a seed such as the shared storage folder of two processes), the same bucket
 * for the same name, made on first use.
 */
export async function testBucketEnv(name?: string): Promise<Record<string, string>> {
  const endpoint = inject('s3:endpoint');
  const bucket = `kelasku-${name ? createHash('sha256').update(name).digest('hex').slice(0, 20) : randomBytes(10).toString('hex')}`;
  s3Admin ??= new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    await s3Admin.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (err) {
    if (!name || !['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'].includes((err as Error).name)) throw err;
  }
  return {
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/**
 * Every object of a storage, folder or bucket, sorted: committed ones by key (`xx/uuid`), unfinished
 * uploads as `.tmp/…` — for a folder the same list as filesUnder(storageDir). (An S3 server that
 * does not list unfinished uploads, such as s3rver, shows none.)
 */
export async function storedObjects(storage: FileStorage): Promise<string[]> {
  const out: string[] = [];
  for await (const o of storage.list()) out.push(o.pending ? `.tmp/${o.key}` : o.key);
  return out.sort();
}

/** The bytes of a stored object, or null when there is none under the key. */
export async function readStored(storage: FileStorage, key: string): Promise<Buffer | null> {
  let stream;
  try {
    stream = await storage.open(key);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Watches a storage's uploads from now on and returns the keys of those under way: created, neither
 * committed nor thrown away yet. "An upload has begun" and "it is gone" for a folder and a bucket alike
 * (a bucket shows an upload only once it completes).
 */
export function uploadsUnderWay(storage: FileStorage): () => string[] {
  const open = new Set<string>();
  const create = storage.create.bind(storage);
  storage.create = async () => {
    const p = await create();
    open.add(p.key);
    return {
      ...p,
      commit: async () => {
        await p.commit();
        open.delete(p.key);
      },
      abort: async () => {
        try {
          await p.abort();
        } finally {
          open.delete(p.key);
        }
      },
    };
  };
  return () => [...open];
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
