import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { seedReferenceData } from '../src/db/seed/demo.js';

export const TEMPLATE_DIR = path.join(import.meta.dirname, '.template');

/**
 * Migrates one embedded database and saves it as a dump every test file starts from (a cold
 * PGlite start costs seconds; loading a dump half a second). With TEST_DATABASE_URL, does the
 * same as a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  await fs.mkdir(TEMPLATE_DIR, { recursive: true });
  const dump = path.join(TEMPLATE_DIR, 'pglite.tar.gz');
  const tmp = await fs.mkdtemp(path.join(TEMPLATE_DIR, 'build-'));
  const d = await openDatabase({ databaseUrl: null, dataDir: tmp });
  await d.migrate();
  await seedReferenceData(d.db);
  const client = (d.db as unknown as { $client: PGlite }).$client;
  const blob = await client.dumpDataDir('gzip');
  await fs.writeFile(dump, Buffer.from(await blob.arrayBuffer()));
  await d.close();
  await fs.rm(tmp, { recursive: true, force: true });
  project.provide('pgliteDump', dump);

  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const template = `kelasku_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${template}`;
  const t = await openDatabase({ databaseUrl: templateUrl.toString(), dataDir: tmp, poolSize: 1 });
  await t.migrate();
  await seedReferenceData(t.db);
  await t.close();
  project.provide('pgTemplate', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 or datname = $2`,
      [`${template}_f_%`, template],
    );
    for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
    await admin.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
  }
}
