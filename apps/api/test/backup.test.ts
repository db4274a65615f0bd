/**
 * Backup and restore (issue 24): one archive holds a consistent snapshot of the database and every
 * stored file it names, taken while the school keeps writing; restored into an empty database and
 * an empty storage it gives the same tables, valid foreign keys, sequences past every id and the
 * same bytes in every file. A non-empty target, an archive of newer migrations and a damaged
 * archive are refused and leave nothing behind. The admin downloads the same archive over HTTP.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import tar from 'tar-stream';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { migrationsFolder, openDatabase, type Database } from '../src/db/client.js';
import { storageFromConfig, type FileStorage } from '../src/files/storage.js';
import { backupStream, type BackupOptions } from '../src/backup/write.js';
import { MIGRATION_ROWS, RestoreRefused, restoreBackup } from '../src/backup/restore.js';
import { codeMigrations, type Checksums, type Manifest } from '../src/backup/format.js';
import { Factory } from './factory.js';
import { withDatabase } from './global-setup.js';
import { dbKind, freshDatabaseUrl, samples, storageKind, testBucketEnv, useTestApp } from './helpers.js';

const t = useTestApp();
const API_ROOT = path.resolve(import.meta.dirname, '..');
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

const tmpDir = async (prefix: string) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `kelasku-${prefix}-`));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
};
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

// ---------------------------------------------------------------- targets

/** A new, truly empty database on this project's server (not a copy of the migrated template). */
async function emptyDatabaseUrl(): Promise<string> {
  const server = inject(`db:${dbKind}`);
  const name = `kelasku_bk_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const a = new pg.Client({ connectionString: server });
    await a.connect();
    // A closed pool's connections may take a moment to go; forcing them would fail their (released) clients.
    for (let i = 0; ; i++) {
      const dropped = await a.query(`drop database if exists ${name}${i < 30 ? '' : ' with (force)'}`).then(
        () => true,
        () => false,
      );
      if (dropped || i >= 30) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await a.end();
  });
  return withDatabase(server, name);
}

/** The storage configuration of this project: a fresh folder, or (project s3) a fresh bucket. */
async function freshStorageEnv(): Promise<Record<string, string>> {
  const dir = await tmpDir('bk-data');
  return { DATA_DIR: dir, STORAGE_DIR: path.join(dir, 'storage'), ...(storageKind === 's3' ? await testBucketEnv() : {}) };
}

/** The environment that names a config's storage, for a process. */
function storageEnvOf(config: Config): Record<string, string> {
  if (!config.s3) return { STORAGE_DIR: config.storageDir };
  return {
    STORAGE: 's3',
    S3_ENDPOINT: config.s3.endpoint ?? '',
    S3_BUCKET: config.s3.bucket,
    S3_REGION: config.s3.region,
    S3_ACCESS_KEY_ID: config.s3.credentials?.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: config.s3.credentials?.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: String(config.s3.forcePathStyle),
  };
}

interface Target {
  url: string;
  env: Record<string, string>;
  config: Config;
  database: Database;
  storage: FileStorage;
}

/** An empty database and an empty storage, opened as the restore command opens them. */
async function emptyTarget(url?: string): Promise<Target> {
  const dbUrl = url ?? (await emptyDatabaseUrl());
  const env = await freshStorageEnv();
  const config = loadConfig({ ...env, DATABASE_URL: dbUrl, WEB_DIR: '', LOG_LEVEL: 'warn' });
  const database = await openDatabase({ databaseUrl: dbUrl, dataDir: config.dataDir, poolSize: 3 });
  cleanups.push(() => database.close());
  const storage = await storageFromConfig(config);
  return { url: dbUrl, env, config, database, storage };
}

// ---------------------------------------------------------------- archives

async function backupToFile(pool: pg.Pool, storage: FileStorage, file: string, opts: BackupOptions & { slow?: boolean } = {}) {
  const { stream, done } = backupStream({ pool, storage, kind: 'postgres' }, opts);
  // A slow reader (a school's uplink): the backup lasts while the writers keep going.
  const pace = new Transform({
    transform(chunk, _enc, cb) {
      setTimeout(() => cb(null, chunk), opts.slow ? 3 : 0);
    },
  });
  await Promise.all([pipeline(stream, pace, createWriteStream(file)), done]);
  return done;
}

interface ArchiveEntry {
  name: string;
  data: Buffer;
}

async function readArchive(source: Buffer | string): Promise<ArchiveEntry[]> {
  const extract = tar.extract();
  const input = typeof source === 'string' ? createReadStream(source) : Readable.from([source]);
  input.pipe(zlib.createGunzip()).pipe(extract);
  const out: ArchiveEntry[] = [];
  for await (const entry of extract) {
    const parts: Buffer[] = [];
    for await (const c of entry as AsyncIterable<Buffer>) parts.push(c);
    out.push({ name: entry.header.name, data: Buffer.concat(parts) });
  }
  return out;
}

async function writeArchive(entries: ArchiveEntry[], file: string): Promise<void> {
  const pack = tar.pack();
  const out = pipeline(pack, zlib.createGzip(), createWriteStream(file));
  for (const e of entries) await new Promise<void>((res, rej) => pack.entry({ name: e.name }, e.data, (err) => (err ? rej(err) : res())));
  pack.finalize();
  await out;
}

const manifestOf = (entries: ArchiveEntry[]) => JSON.parse(entries.find((e) => e.name === 'manifest.json')!.data.toString()) as Manifest;

// ---------------------------------------------------------------- comparing

async function tableNames(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' order by 1`,
  );
  return rows.map((r) => r.name);
}

/** Each row as JSON text (a file's storage key left out: the restore writes each file under a fresh key). */
async function rowsOf(pool: pg.Pool, table: string, where = 'true', params: unknown[] = []): Promise<string[]> {
  const { rows } = await pool.query<{ r: string }>(
    `select (to_jsonb(x) - 'storage_key')::text as r from public."${table}" x where ${where} order by 1`,
    params,
  );
  return rows.map((r) => r.r);
}

const hasId = async (pool: pg.Pool, table: string) =>
  (
    await pool.query(`select 1 from information_schema.columns where table_schema = 'public' and table_name = $1 and column_name = 'id'`, [
      table,
    ])
  ).rowCount === 1;

/** The SHA-256 of every stored file by its stored_files id, read through the storage. */
async function fileHashes(pool: pg.Pool, storage: FileStorage): Promise<Map<number, string>> {
  const { rows } = await pool.query<{ id: number; key: string }>('select id, storage_key as key from stored_files order by id');
  const out = new Map<number, string>();
  for (const r of rows) {
    const parts: Buffer[] = [];
    for await (const c of (await storage.open(r.key)) as AsyncIterable<Buffer>) parts.push(c);
    out.set(r.id, sha256(Buffer.concat(parts)));
  }
  return out;
}

async function foreignKeys(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ d: string }>(
    `select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated as d
       from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace order by 1`,
  );
  return rows.map((r) => r.d);
}

/**
 * The restored database is the snapshot of the source: the same tables and foreign keys; each
 * table's rows are the rows the manifest counted, each equal to the source row of the same id, and
 * (the writers insert one row after the other) exactly the source rows up to the highest restored
 * id. With `exact`, every table equals the source. Every file has the source's bytes.
 */
async function expectSnapshot(source: { pool: pg.Pool; storage: FileStorage }, target: Target, manifest: Manifest, exact: boolean) {
  const tables = await tableNames(source.pool);
  expect(await tableNames(target.database.pool)).toEqual(tables);
  expect(manifest.tables.map((x) => x.name)).toEqual(tables);
  for (const table of tables) {
    const restored = await rowsOf(target.database.pool, table);
    expect(restored.length, table).toBe(manifest.tables.find((x) => x.name === table)!.rows);
    if (exact) {
      expect(restored, table).toEqual(await rowsOf(source.pool, table));
      continue;
    }
    const all = new Set(await rowsOf(source.pool, table));
    expect(
      restored.filter((r) => !all.has(r)),
      `${table}: restored rows that differ from the source`,
    ).toEqual([]);
    if (await hasId(source.pool, table)) {
      const { rows } = await target.database.pool.query<{ m: number | null }>(`select max(id)::int as m from public."${table}"`);
      expect(await rowsOf(source.pool, table, 'id <= $1', [rows[0]!.m ?? 0]), table).toEqual(restored);
    }
  }
  const fks = await foreignKeys(source.pool);
  expect(fks.length).toBeGreaterThan(20);
  expect(await foreignKeys(target.database.pool)).toEqual(fks);
  // Every file of the restored rows has the source's bytes (the same id, another key).
  const restoredHashes = await fileHashes(target.database.pool, target.storage);
  const sourceHashes = await fileHashes(source.pool, source.storage);
  expect(restoredHashes.size).toBe(manifest.files.length);
  for (const [id, hash] of restoredHashes) expect(hash, `stored file ${id}`).toBe(sourceHashes.get(id));
}

/** Every sequence of a public table's column (serial and identity), with that column. */
const SEQUENCES = `
  select format('%I.%I', sn.nspname, sq.relname) as seq, format('%I.%I', tn.nspname, tb.relname) as tbl, a.attname::text as col
    from pg_class sq
    join pg_namespace sn on sn.oid = sq.relnamespace
    join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = sq.oid and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
    join pg_class tb on tb.oid = d.refobjid
    join pg_namespace tn on tn.oid = tb.relnamespace
    join pg_attribute a on a.attrelid = tb.oid and a.attnum = d.refobjsubid
   where sq.relkind = 'S' and tn.nspname = 'public'`;

/** The restored school works: every sequence is past its column's highest value, the app starts on it, new rows get fresh ids, a restored file downloads. */
async function expectUsable(target: Target) {
  const pool = target.database.pool;
  const { rows: sequences } = await pool.query<{ seq: string; tbl: string; col: string }>(SEQUENCES);
  expect(sequences.length).toBeGreaterThan(15);
  for (const q of sequences) {
    const { rows } = await pool.query<{ ok: boolean }>(
      `select nextval($1::regclass) > coalesce((select max("${q.col}") from ${q.tbl}), 0) as ok`,
      [q.seq],
    );
    expect(rows[0]!.ok, `${q.seq} is past max(${q.tbl}.${q.col})`).toBe(true);
  }
  const app = await buildApp(target.config, { database: target.database, storage: target.storage });
  await app.ready();
  try {
    const f = new Factory(target.database.db, app);
    const teacher = await f.teacher();
    const klass = await f.onlineClass(teacher.id);
    const content = await f.content(klass.id);
    const material = await f.material(content.id);
    const forum = await f.forum(content.id, teacher.id);
    await f.comment(forum.id, teacher.id, 'Setelah pemulihan');
    // A signed link opens while the user it names sees the file's parent: the teacher of its class
    // (a material, a hand-in), whose bank holds it (a question's image); an avatar's names nobody.
    const { rows } = await target.database.pool.query<{ id: number; size: number; owner: number | null }>(
      `select f.id, f.size::int as size, coalesce(
         (select oc.teacher_id from materials m join contents c on c.id = m.content_id
            join online_classes oc on oc.id = c.online_class_id where m.file_id = f.id limit 1),
         (select oc.teacher_id from submission_files sf join submissions s on s.id = sf.submission_id
            join assignments a on a.id = s.assignment_id join contents c on c.id = a.content_id
            join online_classes oc on oc.id = c.online_class_id where sf.file_id = f.id limit 1),
         (select q.teacher_id from questions q where q.image_file_id = f.id limit 1)) as owner
       from stored_files f where f.id <> $1 and f.size > 1000 order by f.id limit 1`,
      [material.fileId],
    );
    const owner = rows[0]!.owner;
    const url = owner === null ? app.files.url(rows[0]!.id) : app.files.forUser(owner).url(rows[0]!.id);
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(rows[0]!.size);
  } finally {
    await app.close();
  }
}

// ---------------------------------------------------------------- the school

let school: { forumId: number; studentId: number; teacherToken: string; adminToken: string };

async function buildSchool() {
  const f = t.factory;
  const admin = await f.admin({ name: 'Kepala Sekolah' });
  const rombels = [await f.rombel({ name: 'X TKJ Cadangan 1' }), await f.rombel({ name: 'XI RPL Cadangan 2', grade: 11 })];
  const teachers = [await f.teacher(), await f.teacher(), await f.teacher()];
  const students = [];
  for (let i = 0; i < 6; i++) students.push(await f.student({ rombelId: rombels[i % 2]!.id }));
  // Text that COPY must carry exactly: line breaks, tabs, backslashes, quotes, emoji; null next to ''.
  const tricky = 'baris satu\nbaris\tdua \\ garis miring — “kutip” 🙂 \\N bukan null';
  const sizes = [1, 700, 300_000, 3 * 1024 * 1024];
  let forumId = 0;
  for (const [i, teacher] of teachers.entries()) {
    const klass = await f.onlineClass(teacher.id, { rombelId: rombels[i % 2]!.id, description: i === 0 ? tricky : i === 1 ? '' : null });
    for (let c = 0; c < 2; c++) {
      const content = await f.content(klass.id, { title: `Pertemuan ${c + 1}`, description: tricky });
      const size = sizes[(i * 2 + c) % sizes.length]!;
      const file = await f.file(`materi-${i}-${c}.pdf`, Buffer.concat([samples.pdf(), randomBytes(size)]));
      await f.material(content.id, { fileId: file.id });
      const forum = await f.forum(content.id, teacher.id, { description: tricky });
      forumId ||= forum.id;
      const top = await f.comment(forum.id, students[i]!.id, tricky);
      await f.comment(forum.id, teacher.id, 'Balasan guru', top.id);
      // A row longer than a table entry of the tests (4 KB) is cut across entries.
      await f.comment(forum.id, students[i]!.id, `Panjang ${'x'.repeat(10_000)}`);
      const assignment = await f.assignment(content.id, teacher.id);
      for (const s of students.filter((_, k) => k % 2 === i % 2)) await f.submission(assignment.id, s.id, { score: c === 0 ? 88 : null });
    }
  }
  // The same file under two materials, and a user with an avatar.
  school = { forumId, studentId: students[0]!.id, teacherToken: teachers[0]!.token, adminToken: admin.token };
}

/** Writers that only insert (a comment, an uploaded file), one after the other, until stopped. */
function startWriters() {
  let stopped = false;
  const counts = { comments: 0, files: 0 };
  const loop = async (write: () => Promise<unknown>, key: keyof typeof counts) => {
    while (!stopped) {
      await write();
      counts[key]++;
    }
  };
  const runs = [
    loop(() => t.factory.comment(school.forumId, school.studentId, `Serentak ${randomBytes(4).toString('hex')}`), 'comments'),
    loop(() => t.factory.file('serentak.pdf', samples.pdf(randomBytes(2000).toString('hex'))), 'files'),
  ];
  return {
    counts,
    stop: async () => {
      stopped = true;
      await Promise.all(runs);
    },
  };
}

const countOf = async (pool: pg.Pool, table: string) =>
  (await pool.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

/**
 * A TCP proxy to the database server that holds every "command complete" message back a moment, so
 * it reaches the client in a packet of its own, after what came before it: the network may cut the
 * server's answer anywhere. Returns the server's URL through the proxy.
 */
async function splittingProxy(serverUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = new URL(serverUrl);
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    // The embedded server listens only on its Unix socket (`?host=` names the folder).
    const socketDir = server.searchParams.get('host');
    const port = Number(server.port || 5432);
    const upstream = socketDir ? net.connect(path.join(socketDir, `.s.PGSQL.${port}`)) : net.connect(port, server.hostname);
    sockets.add(client).add(upstream);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream);
    void (async () => {
      let pending = Buffer.alloc(0);
      for await (const chunk of upstream as AsyncIterable<Buffer>) {
        pending = Buffer.concat([pending, chunk]);
        // Every message of the server: a type byte, then its length (counting itself).
        while (pending.length >= 5 && pending.length >= 1 + pending.readUInt32BE(1)) {
          const size = 1 + pending.readUInt32BE(1);
          const message = pending.subarray(0, size);
          pending = pending.subarray(size);
          if (message[0] === 0x43) await new Promise((r) => setTimeout(r, 2));
          client.write(message);
        }
      }
      client.end();
    })().catch(() => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  const url = new URL(serverUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  url.searchParams.delete('host');
  return {
    url: url.toString(),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => proxy.close(r));
    },
  };
}

// ---------------------------------------------------------------- tests

describe('backup and restore', () => {
  it('a backup taken while the school writes restores to its snapshot: rows, foreign keys, sequences and file bytes', async () => {
    await buildSchool();
    const source = { pool: t.database.pool, storage: t.app.files.storage };
    const dir = await tmpDir('bk');
    const writers = startWriters();
    // The writers are under way before the snapshot and keep going until the archive is written.
    while (writers.counts.comments < 5 || writers.counts.files < 3) await new Promise((r) => setTimeout(r, 10));
    let atSnapshot = { ...writers.counts };
    // A failed backup stops the writers too: left running, they would write into the closed pool.
    const summary = await backupToFile(source.pool, source.storage, path.join(dir, 'a.tar.gz'), {
      chunkBytes: 4096,
      slow: true,
      onSnapshot: () => (atSnapshot = { ...writers.counts }),
    }).catch(async (err: unknown) => {
      await writers.stop();
      throw err;
    });
    const duringBackup = { ...writers.counts };
    await writers.stop();
    expect(duringBackup.comments, 'comments written while the backup ran').toBeGreaterThan(atSnapshot.comments + 2);
    expect(duringBackup.files, 'files written while the backup ran').toBeGreaterThan(atSnapshot.files + 2);

    const entries = await readArchive(path.join(dir, 'a.tar.gz'));
    const manifest = manifestOf(entries);
    expect(entries[0]!.name).toBe('manifest.json');
    expect(entries.at(-1)!.name).toBe('checksums.json');
    expect(manifest.migrations).toEqual({ count: codeMigrations().length, last: codeMigrations().at(-1)!.tag });
    expect(manifest.tables.map((x) => x.name)).not.toContain('__drizzle_migrations');
    // Table entries of at most the chunk size; the long comments are cut across several.
    const chunks = entries.filter((e) => e.name.startsWith('tables/'));
    expect(Math.max(...chunks.map((e) => e.data.length))).toBeLessThanOrEqual(4096);
    expect(chunks.filter((e) => e.name.startsWith('tables/comments/')).length).toBeGreaterThan(5);
    // The snapshot missed what came after it.
    expect(await countOf(source.pool, 'comments')).toBeGreaterThan(manifest.tables.find((x) => x.name === 'comments')!.rows);
    expect(await countOf(source.pool, 'stored_files')).toBeGreaterThan(manifest.files.length);
    expect(summary.files).toBe(manifest.files.length);
    expect(summary.missing).toEqual([]);
    const checksums = JSON.parse(entries.at(-1)!.data.toString()) as Checksums;
    for (const e of entries.filter((x) => x.name.startsWith('files/'))) expect(checksums.sha256[e.name.slice(6)]).toBe(sha256(e.data));

    const target = await emptyTarget();
    const restored = await restoreBackup(createReadStream(path.join(dir, 'a.tar.gz')), target);
    expect(restored.files).toBe(manifest.files.length);
    await expectSnapshot(source, target, manifest, false);
    await expectUsable(target);

    // Without writers a second backup restores to exactly equal tables.
    await backupToFile(source.pool, source.storage, path.join(dir, 'b.tar.gz'));
    const again = await emptyTarget();
    await restoreBackup(createReadStream(path.join(dir, 'b.tar.gz')), again);
    await expectSnapshot(source, again, manifestOf(await readArchive(path.join(dir, 'b.tar.gz'))), true);
  }, 180_000);

  it("counts every table's rows when the end of a COPY reaches it in a packet of its own", async () => {
    const proxy = await splittingProxy(inject(`db:${dbKind}`));
    cleanups.push(proxy.close);
    const { rows } = await t.database.pool.query<{ name: string }>('select current_database() as name');
    const pool = new pg.Pool({ connectionString: withDatabase(proxy.url, rows[0]!.name), max: 1 });
    cleanups.push(() => pool.end());
    const file = path.join(await tmpDir('bk-split'), 'split.tar.gz');
    const summary = await backupToFile(pool, t.app.files.storage, file);
    const manifest = manifestOf(await readArchive(file));
    expect(manifest.tables.find((x) => x.name === 'comments')!.rows).toBe(await countOf(t.database.pool, 'comments'));
    expect(summary.rows).toBe(manifest.tables.reduce((sum, x) => sum + x.rows, 0));
    expect(summary.rows).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a target that is not empty, an archive of newer migrations and a file that is no backup; a damaged archive leaves nothing', async () => {
    const dir = await tmpDir('bk-refuse');
    const file = path.join(dir, 'ok.tar.gz');
    await backupToFile(t.database.pool, t.app.files.storage, file);
    const entries = await readArchive(file);

    // A database with rows (the migrated template holds the departments).
    const fresh = await freshDatabaseUrl();
    cleanups.push(fresh.drop);
    const full = await emptyTarget(fresh.url);
    await expect(restoreBackup(createReadStream(file), full)).rejects.toThrow(/Database tujuan tidak kosong \(tabel \w+ berisi data\)/);

    // A storage with an object.
    const filled = await emptyTarget();
    const object = await filled.storage.create();
    object.stream.end(Buffer.from('ada isinya'));
    await new Promise((r) => object.stream.once('finish', r));
    await object.commit();
    await expect(restoreBackup(createReadStream(file), filled)).rejects.toThrow(/Penyimpanan file tujuan tidak kosong/);
    expect(await tableNames(filled.database.pool), 'nothing migrated').toEqual([]);

    // Newer migrations than this code.
    const m = manifestOf(entries);
    const newer = path.join(dir, 'newer.tar.gz');
    const future = { ...m, migrations: { count: m.migrations.count + 1, last: '9999_masa_depan' } };
    await writeArchive(
      entries.map((e) => (e.name === 'manifest.json' ? { name: e.name, data: Buffer.from(JSON.stringify(future)) } : e)),
      newer,
    );
    const target = await emptyTarget();
    const refused = await restoreBackup(createReadStream(newer), target).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RestoreRefused);
    expect((refused as Error).message).toMatch(/dibuat oleh Kelasku yang lebih baru .* Perbarui Kelasku dulu/);

    // Not a backup at all.
    const junk = path.join(dir, 'junk.tar.gz');
    await fs.writeFile(junk, randomBytes(5000));
    await expect(restoreBackup(createReadStream(junk), target)).rejects.toThrow(/bukan cadangan Kelasku/);

    // One byte of one file changed: the restore fails and rolls everything back, files included.
    const damaged = path.join(dir, 'damaged.tar.gz');
    const victim = entries.find((e) => e.name.startsWith('files/') && e.data.length > 100)!;
    await writeArchive(
      entries.map((e) =>
        e === victim
          ? { name: e.name, data: Buffer.concat([e.data.subarray(0, 50), Buffer.from([e.data[50]! ^ 1]), e.data.subarray(51)]) }
          : e,
      ),
      damaged,
    );
    await expect(restoreBackup(createReadStream(damaged), target)).rejects.toThrow(/tidak cocok dengan SHA-256/);
    // Nothing but the rows migrations write themselves (0023: the first semester; 0025: the three default grade categories).
    const written: Record<string, number> = { semesters: 1, grade_category_defaults: 3 };
    expect(Object.keys(written).sort()).toEqual([...MIGRATION_ROWS].sort());
    for (const table of await tableNames(target.database.pool))
      expect(await countOf(target.database.pool, table), table).toBe(written[table] ?? 0);
    const left: string[] = [];
    for await (const o of target.storage.list()) if (!o.pending) left.push(o.key);
    expect(left).toEqual([]);
    // The same target takes the good archive afterwards.
    await restoreBackup(createReadStream(file), target);
    expect(await countOf(target.database.pool, 'stored_files')).toBe(m.files.length);
  }, 120_000);

  it('an archive of older migrations is restored at its migrations, then migrated to this code', async () => {
    const older = await emptyDatabaseUrl();
    const database = await openDatabase({ databaseUrl: older, dataDir: os.tmpdir(), poolSize: 2 });
    cleanups.push(() => database.close());
    const code = codeMigrations();
    const folder = await tmpDir('bk-migrations');
    await fs.mkdir(path.join(folder, 'meta'));
    const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'));
    journal.entries = journal.entries.slice(0, code.length - 1);
    await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const e of journal.entries) await fs.copyFile(path.join(migrationsFolder(), `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
    await migrate(database.db, { migrationsFolder: folder });
    await database.pool.query(`insert into departments (code, name, enabled) values ('TKJ', 'Teknik Komputer dan Jaringan', true)`);
    await database.pool.query(`insert into users (role_id, name, username, password_hash) values (1, 'Admin Lama', 'adminlama', 'x')`);

    const storageEnv = await freshStorageEnv();
    const storage = await storageFromConfig(loadConfig({ ...storageEnv, WEB_DIR: '' }));
    const file = path.join(await tmpDir('bk-older'), 'older.tar.gz');
    await backupToFile(database.pool, storage, file);
    expect(manifestOf(await readArchive(file)).migrations).toEqual({ count: code.length - 1, last: code.at(-2)!.tag });

    const target = await emptyTarget();
    await restoreBackup(createReadStream(file), target);
    const { rows } = await target.database.pool.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(rows[0].n).toBe(code.length);
    expect((await target.database.pool.query(`select name from users`)).rows).toEqual([{ name: 'Admin Lama' }]);
  }, 60_000);

  it('the admin downloads the archive over HTTP (bearer or signed link); others are refused', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/backup', headers: { authorization: `Bearer ${school.adminToken}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="kelasku-cadangan-\d{8}-\d{4}\.tar\.gz"/);
    const entries = await readArchive(res.rawPayload);
    expect(entries[0]!.name).toBe('manifest.json');
    expect(entries.at(-1)!.name).toBe('checksums.json');
    const manifest = manifestOf(entries);
    expect(entries.filter((e) => e.name.startsWith('files/')).length).toBe(manifest.files.length);
    // It restores.
    const file = path.join(await tmpDir('bk-http'), 'http.tar.gz');
    await fs.writeFile(file, res.rawPayload);
    const target = await emptyTarget();
    const restored = await restoreBackup(createReadStream(file), target);
    expect(restored.rows).toBe(manifest.tables.reduce((n, x) => n + x.rows, 0));

    expect((await t.as(school.teacherToken).get('/api/admin/backup')).status).toBe(403);
    expect((await t.as().get('/api/admin/backup')).status).toBe(401);
    expect((await t.as(school.teacherToken).post('/api/admin/backup/link')).status).toBe(403);

    const link = await t.as(school.adminToken).post('/api/admin/backup/link');
    expect(link.status).toBe(200);
    const url: string = link.body.data.url;
    expect(url).toMatch(/^\/api\/downloads\/backup\?t=\d+&e=\d+&s=/);
    const viaLink = await t.app.inject({ method: 'GET', url });
    expect(viaLink.statusCode).toBe(200);
    expect((await readArchive(viaLink.rawPayload))[0]!.name).toBe('manifest.json');
    expect((await t.app.inject({ method: 'GET', url: url.replace(/s=.*/, 's=palsu') })).statusCode).toBe(403);
  }, 60_000);

  it('the command-line tool backs up and restores; it refuses a full target and an embedded folder in use', async () => {
    const cli = (args: string[], env: Record<string, string>) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const childEnv: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: 'warn', ...env };
        if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/backup/cli.ts', ...args], { cwd: API_ROOT, env: childEnv });
        let out = '';
        child.stdout.on('data', (c) => (out += c));
        child.stderr.on('data', (c) => (out += c));
        child.on('exit', (code) => resolve({ code, out }));
      });
    const dir = await tmpDir('bk-cli');
    const file = path.join(dir, 'cli.tar.gz');
    const sourceUrl = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const made = await cli(['backup', file], { DATABASE_URL: sourceUrl, DATA_DIR: dir, ...storageEnvOf(t.config) });
    expect(made.out).toMatch(/Cadangan selesai/);
    expect(made.code).toBe(0);
    const manifest = manifestOf(await readArchive(file));

    const targetUrl = await emptyDatabaseUrl();
    const storageEnv = await freshStorageEnv();
    const restored = await cli(['restore', file], { DATABASE_URL: targetUrl, ...storageEnv });
    expect(restored.out).toMatch(/Pemulihan selesai/);
    expect(restored.code).toBe(0);
    const target = await emptyTarget(targetUrl);
    for (const x of manifest.tables) expect(await countOf(target.database.pool, x.name), x.name).toBe(x.rows);

    const again = await cli(['restore', file], { DATABASE_URL: targetUrl, ...storageEnv });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/Database tujuan tidak kosong/);

    // An app runs on this data folder (its pid file names a live process): the tool says what to do instead.
    const busy = await tmpDir('bk-busy');
    await fs.writeFile(path.join(busy, 'postgres.pid'), `${process.pid}\n`);
    const refused = await cli(['backup', path.join(dir, 'x.tar.gz')], { DATA_DIR: busy });
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/Kelasku sedang berjalan dengan folder data .* Unduh cadangan dari halaman admin/);

    const usage = await cli(['backup'], {});
    expect(usage.code).toBe(1);
    expect(usage.out).toMatch(/npm run backup -- FILE/);
  }, 180_000);

  it('a download the client leaves midway ends the backup and gives its connection back', async () => {
    // Enough rows that the archive is still in the database part when the client leaves.
    await t.database.pool.query(
      `insert into live_events (topic, data) select 'cadangan:' || g, to_jsonb(md5(random()::text) || md5(random()::text)) from generate_series(1, 150000) g`,
    );
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const inUse = () => t.database.pool.totalCount - t.database.pool.idleCount;
    const before = inUse();
    const ctrl = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/admin/backup`, {
      headers: { authorization: `Bearer ${school.adminToken}` },
      signal: ctrl.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    ctrl.abort();
    await t.app.handlersIdle();
    await expect.poll(inUse, { timeout: 10_000 }).toBe(before);
    await expect
      .poll(
        async () =>
          (
            await t.database.pool.query(
              `select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'COPY (SELECT%' and state <> 'idle'`,
            )
          ).rows[0].n,
        { timeout: 10_000 },
      )
      .toBe(0);
    expect(t.logs.some((l) => l.includes('backup ended before the end'))).toBe(true);
  }, 60_000);
});
