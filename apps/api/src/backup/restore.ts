import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import tar from 'tar-stream';
import type { Database } from '../db/client.js';
import { migrationsFolder } from '../db/client.js';
import { appliedMigrations, copyFirstMigrations } from '../db/migration-journal.js';
import type { FileStorage } from '../files/storage.js';
import {
  CHECKSUMS,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  chunkTable,
  codeMigrations,
  fileKeyOf,
  formatBytes,
  seconds,
  silent,
  type Checksums,
  type Manifest,
  type Reporter,
} from './format.js';

/** A restore that is refused before anything was written; the message says why, in Indonesian, for the operator. */
export class RestoreRefused extends Error {}

export interface RestoreTarget {
  database: Database;
  storage: FileStorage;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  /** Files the archive records as gone from storage at backup time (their rows are restored). */
  missing: string[];
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
const MAX_JSON_BYTES = 256 * 1024 * 1024;

/** Resolves when `w` can take more; rejects when it failed or closed. */
function drained(w: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (err?: Error) => {
      w.off('drain', ok);
      w.off('error', settle);
      w.off('close', closed);
      if (err) reject(err);
      else resolve();
    };
    const ok = () => settle();
    const closed = () => settle(w.errored ?? new Error('stream closed'));
    w.on('drain', ok);
    w.on('error', settle);
    w.on('close', closed);
  });
}

/** An entry of the archive being read: its header and its bytes. */
interface Entry extends AsyncIterable<Buffer> {
  header: tar.Header;
}

/** Copies an entry's bytes into `w` (not ending it), feeding each chunk to `each`. */
async function pump(entry: Entry, w: Writable, each?: (chunk: Buffer) => void): Promise<void> {
  for await (const chunk of entry) {
    if (w.errored) throw w.errored;
    each?.(chunk);
    if (!w.write(chunk)) await drained(w);
  }
}

async function readAll(entry: Entry, limit: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += chunk.length;
    if (size > limit) throw new RestoreRefused('Cadangan rusak: bagian keterangannya terlalu besar.');
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

function parseManifest(bytes: Buffer): Manifest {
  let m: Manifest;
  try {
    m = JSON.parse(bytes.toString('utf8')) as Manifest;
  } catch {
    throw new RestoreRefused('Cadangan rusak: manifest.json tidak dapat dibaca.');
  }
  if (m?.format !== FORMAT || !Array.isArray(m.tables) || !Array.isArray(m.files) || typeof m.migrations?.count !== 'number') {
    throw new RestoreRefused('File ini bukan cadangan Kelasku (manifest.json tidak dikenal).');
  }
  if (m.version > FORMAT_VERSION) {
    throw new RestoreRefused(
      `Cadangan ini memakai format versi ${m.version}, lebih baru daripada yang dipahami Kelasku ini. Perbarui Kelasku dulu.`,
    );
  }
  return m;
}

/** Refuses an archive of migrations this code does not have (newer, or another line of them). */
function checkMigrations(m: Manifest): { code: ReturnType<typeof codeMigrations> } {
  const code = codeMigrations();
  const ours = code.at(-1)?.tag ?? '-';
  if (m.migrations.count > code.length) {
    throw new RestoreRefused(
      `Cadangan ini dibuat oleh Kelasku yang lebih baru (migrasi database ke-${m.migrations.count}, ${m.migrations.last ?? '?'}) ` +
        `daripada yang terpasang (ke-${code.length}, ${ours}). Perbarui Kelasku dulu, lalu pulihkan lagi.`,
    );
  }
  if (m.migrations.count > 0 && code[m.migrations.count - 1]?.tag !== m.migrations.last) {
    throw new RestoreRefused(
      `Cadangan ini tidak cocok dengan Kelasku yang terpasang: migrasi ke-${m.migrations.count} di cadangan ${m.migrations.last ?? '?'}, ` +
        `di aplikasi ${code[m.migrations.count - 1]?.tag}.`,
    );
  }
  return { code };
}

async function publicTables(db: pg.Pool | pg.PoolClient): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
  );
  return rows.map((r) => r.name);
}

/** The restore writes only into an empty database and an empty storage: nothing of a running school is ever overwritten. */
/**
 * Tables whose first rows a migration writes itself (0023: the semester of the day the school
 * upgraded; 0025: the school's default grade categories): a target holding only those is still
 * empty, and the archive's rows replace them.
 */
export const MIGRATION_ROWS: ReadonlySet<string> = new Set(['semesters', 'grade_category_defaults']);

async function ensureEmpty(target: RestoreTarget): Promise<void> {
  const pool = target.database.pool;
  for (const table of await publicTables(pool)) {
    if (MIGRATION_ROWS.has(table)) continue;
    const { rows } = await pool.query<{ any: boolean }>(`select exists (select 1 from public.${ident(table)}) as any`);
    if (rows[0]!.any) {
      throw new RestoreRefused(
        `Database tujuan tidak kosong (tabel ${table} berisi data). Cadangan hanya dipulihkan ke database kosong: ` +
          'pakai DATA_DIR baru yang kosong, atau buat database baru di PostgreSQL dan arahkan DATABASE_URL ke sana.',
      );
    }
  }
  for await (const object of target.storage.list()) {
    if (object.pending) continue;
    throw new RestoreRefused(
      `Penyimpanan file tujuan tidak kosong (berisi ${object.key}). Cadangan hanya dipulihkan ke penyimpanan kosong: ` +
        'pakai DATA_DIR atau STORAGE_DIR baru yang kosong (atau bucket S3 yang kosong).',
    );
  }
}

async function appliedCount(pool: pg.Pool): Promise<number> {
  return (await appliedMigrations(pool)).length;
}

/** Migrates the target to exactly the archive's migrations (a journal cut after them), so its rows fit the tables. */
async function migrateToArchive(database: Database, count: number, code: ReturnType<typeof codeMigrations>): Promise<void> {
  const applied = await appliedCount(database.pool);
  if (applied > count) {
    throw new RestoreRefused(
      `Database tujuan sudah dimigrasi ke versi yang lebih baru (migrasi ke-${applied}) daripada cadangan (ke-${count}). ` +
        'Pakai database kosong yang belum pernah dijalankan Kelasku.',
    );
  }
  if (count === code.length) return database.migrate();
  const source = migrationsFolder();
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-restore-migrations-'));
  try {
    await copyFirstMigrations(source, folder, count);
    await migrate(database.db, { migrationsFolder: folder });
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/**
 * Restores an archive of backupStream into an empty database and an empty storage.
 *
 * Refuses (RestoreRefused, nothing written) a file that is not such an archive, an archive of
 * newer migrations than this code, and a target that holds rows or stored objects. Otherwise it
 * migrates the target to the archive's migrations and, in ONE transaction: drops the foreign keys
 * of the public tables, COPYs every table's rows in, writes every file to storage (each under a
 * fresh key, its SHA-256 checked against the archive's) and points stored_files at the new keys,
 * re-adds the foreign keys (which checks every reference), and moves every sequence past its
 * column's highest value. Any failure rolls all of it back and removes the files it wrote. The
 * code's later migrations, if any, run afterwards.
 */
export async function restoreBackup(input: Readable, target: RestoreTarget, opts: { reporter?: Reporter } = {}): Promise<RestoreSummary> {
  const reporter = opts.reporter ?? silent;
  const started = performance.now();
  const gunzip = zlib.createGunzip();
  const extract = tar.extract();
  input.on('error', (err) => extract.destroy(err));
  gunzip.on('error', (err) => extract.destroy(err));
  input.pipe(gunzip).pipe(extract);
  const entries = extract[Symbol.asyncIterator]();
  const next = async (): Promise<Entry | null> => {
    const r = await entries.next();
    return r.done ? null : (r.value as Entry);
  };

  const created: string[] = [];
  try {
    let manifest: Manifest;
    try {
      const first = await next();
      if (!first || first.header.name !== MANIFEST)
        throw new RestoreRefused('File ini bukan cadangan Kelasku (tidak diawali manifest.json).');
      manifest = parseManifest(await readAll(first, MAX_JSON_BYTES));
    } catch (err) {
      if (err instanceof RestoreRefused) throw err;
      throw new RestoreRefused(`File ini bukan cadangan Kelasku (arsip .tar.gz tidak terbaca: ${(err as Error).message}).`);
    }
    const { code } = checkMigrations(manifest);
    reporter.progress(
      `Cadangan dari ${manifest.createdAt}: ${manifest.tables.length} tabel, ${manifest.files.length} file, migrasi ke-${manifest.migrations.count}.`,
    );
    await ensureEmpty(target);
    await migrateToArchive(target.database, manifest.migrations.count, code);

    const summary = await restoreInTransaction(target, manifest, next, created, reporter);
    if (manifest.migrations.count < code.length) {
      reporter.progress(`Menjalankan migrasi ke-${manifest.migrations.count + 1} sampai ke-${code.length} …`);
      await target.database.migrate();
    }
    await target.database.pool.query('analyze');
    reporter.progress(`Selesai dalam ${seconds(started)}.`);
    return summary;
  } catch (err) {
    for (const key of created) await target.storage.remove(key).catch(() => {});
    throw err;
  } finally {
    await entries.return?.();
    input.destroy();
  }
}

type ForeignKey = { tbl: string; name: string; def: string };
type Copying = { table: string; stream: Writable & { rowCount: number }; done: Promise<void>; started: number };

/**
 * The archive's entries after the manifest, read into the open transaction: each table's rows by
 * COPY, each file into storage under a fresh key (its SHA-256 kept for the check), and the checksums.
 */
class EntryReader {
  /** The COPY under way, while a table's chunks come in. */
  copying: Copying | null = null;
  readonly seen = new Set<string>();
  readonly keys = { old: [] as string[], new: [] as string[] };
  readonly hashes = new Map<string, string>();
  checksums: Checksums | null = null;
  filesStarted = 0;
  private readonly dbStarted = performance.now();
  private lastReport = performance.now();
  private readonly tables: Map<string, Manifest['tables'][number]>;
  private readonly sizes: Map<string, number>;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly target: RestoreTarget,
    private readonly manifest: Manifest,
    private readonly summary: RestoreSummary,
    private readonly created: string[],
    private readonly reporter: Reporter,
  ) {
    this.tables = new Map(manifest.tables.map((t) => [t.name, t]));
    this.sizes = new Map(manifest.files.map((f) => [f.key, f.size]));
  }

  async readEntries(next: () => Promise<Entry | null>): Promise<void> {
    for (let entry = await next(); entry; entry = await next()) {
      const name = entry.header.name;
      const table = chunkTable(name);
      if (this.copying && this.copying.table !== table) await this.endCopy();
      const fileKey = fileKeyOf(name);
      if (table !== null) await this.copyChunk(entry, table);
      else if (fileKey !== null) await this.storeFile(entry, fileKey);
      else if (name === CHECKSUMS) {
        try {
          this.checksums = JSON.parse((await readAll(entry, MAX_JSON_BYTES)).toString('utf8')) as Checksums;
        } catch {
          throw new Error('Cadangan rusak: checksums.json tidak dapat dibaca.');
        }
      } else {
        this.reporter.warn(`Bagian ${name} tidak dikenal; dilewati.`);
        for await (const _chunk of entry) {
          /* skipped */
        }
      }
    }
    await this.endCopy();
  }

  /** One chunk of a table's rows: the table's COPY starts with its first chunk. */
  private async copyChunk(entry: Entry, table: string): Promise<void> {
    const info = this.tables.get(table);
    if (!info) throw new Error(`Cadangan rusak: tabel ${table} tidak ada di manifest.`);
    if (!this.copying) {
      if (this.seen.has(table)) throw new Error(`Cadangan rusak: bagian tabel ${table} tidak berurutan.`);
      this.seen.add(table);
      const stream = this.client.query(
        copyFrom(`COPY public.${ident(table)} (${info.columns.map(ident).join(', ')}) FROM STDIN`),
      ) as unknown as Writable & { rowCount: number };
      const done = finished(stream);
      done.catch(() => {});
      this.copying = { table, stream, done, started: performance.now() };
    }
    await pump(entry, this.copying.stream);
  }

  /** Ends the table's COPY and checks its row count against the manifest. */
  private async endCopy(): Promise<void> {
    if (!this.copying) return;
    const c = this.copying;
    c.stream.end();
    await c.done;
    this.copying = null;
    const expected = this.tables.get(c.table)!.rows;
    if (c.stream.rowCount !== expected) {
      throw new Error(`Cadangan rusak: tabel ${c.table} berisi ${c.stream.rowCount} baris, manifest mencatat ${expected}.`);
    }
    this.summary.tables++;
    this.summary.rows += expected;
    this.reporter.progress(`  ${c.table}: ${expected.toLocaleString('id-ID')} baris (${seconds(c.started)})`);
  }

  /** One file into storage under a fresh key, its size checked and its SHA-256 kept. */
  private async storeFile(entry: Entry, fileKey: string): Promise<void> {
    const summary = this.summary;
    if (this.filesStarted === 0) {
      this.filesStarted = performance.now();
      this.reporter.progress(
        `Database: ${summary.tables} tabel berisi data, ${summary.rows.toLocaleString('id-ID')} baris dalam ${seconds(this.dbStarted)}.`,
      );
    }
    const size = this.sizes.get(fileKey);
    if (size === undefined || this.hashes.has(fileKey)) throw new Error(`Cadangan rusak: file ${fileKey} tidak tercatat di manifest.`);
    const pending = await this.target.storage.create();
    const hash = createHash('sha256');
    let bytes = 0;
    try {
      await pump(entry, pending.stream, (chunk) => {
        hash.update(chunk);
        bytes += chunk.length;
      });
      pending.stream.end();
      await finished(pending.stream);
      if (bytes !== size) throw new Error(`Cadangan rusak: file ${fileKey} berukuran ${bytes} byte, tercatat ${size}.`);
      await pending.commit();
    } catch (err) {
      await pending.abort().catch(() => {});
      throw err;
    }
    this.created.push(pending.key);
    this.keys.old.push(fileKey);
    this.keys.new.push(pending.key);
    this.hashes.set(fileKey, hash.digest('hex'));
    summary.files++;
    summary.fileBytes += bytes;
    if (performance.now() - this.lastReport > 10_000) {
      this.lastReport = performance.now();
      this.reporter.progress(`  file: ${summary.files}/${this.manifest.files.length} (${formatBytes(summary.fileBytes)})`);
    }
  }

  /** Ends a COPY left open by a failure with CopyFail, so the connection can roll back. */
  async abortCopy(): Promise<void> {
    if (!this.copying) return;
    this.copying.stream.destroy();
    await this.copying.done.catch(() => {});
  }
}

/** Every table of the archive exists here; the foreign keys are dropped (returned, to be added back). */
async function dropForeignKeys(client: pg.PoolClient, manifest: Manifest): Promise<ForeignKey[]> {
  const existing = new Set(await publicTables(client));
  for (const t of manifest.tables) {
    if (!existing.has(t.name)) throw new RestoreRefused(`Tabel ${t.name} dari cadangan tidak ada di database tujuan.`);
  }
  // Rows go in table by table in any order: the foreign keys come back (and are checked) once everything is in.
  const { rows: fks } = await client.query<ForeignKey>(
    `select conrelid::regclass::text as tbl, conname::text as name, pg_get_constraintdef(oid) as def
       from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace order by 1, 2`,
  );
  for (const fk of fks) await client.query(`alter table ${fk.tbl} drop constraint ${ident(fk.name)}`);
  return fks;
}

/** Every table's rows and every file came (bar those missing at backup time), each file with its SHA-256. */
function checkComplete(manifest: Manifest, reader: EntryReader, summary: RestoreSummary, reporter: Reporter): void {
  for (const t of manifest.tables) {
    if (!reader.seen.has(t.name) && t.rows !== 0) throw new Error(`Cadangan terpotong: baris tabel ${t.name} tidak ada.`);
  }
  const checksums = reader.checksums;
  if (!checksums) throw new Error('Cadangan terpotong: checksums.json (akhir arsip) tidak ada.');
  const missing = new Set(checksums.missing ?? []);
  for (const f of manifest.files) {
    if (missing.has(f.key)) continue;
    const got = reader.hashes.get(f.key);
    if (got === undefined) throw new Error(`Cadangan terpotong: file ${f.key} tidak ada.`);
    if (got !== checksums.sha256?.[f.key]) throw new Error(`Cadangan rusak: isi file ${f.key} tidak cocok dengan SHA-256-nya.`);
  }
  summary.missing = [...missing];
  for (const key of summary.missing) {
    reporter.warn(`File ${key} sudah hilang dari penyimpanan saat pencadangan; barisnya dipulihkan tanpa isi.`);
  }
  if (reader.filesStarted) {
    reporter.progress(`File: ${summary.files} (${formatBytes(summary.fileBytes)}) dalam ${seconds(reader.filesStarted)}.`);
  }
}

/** Each file was written under a fresh key: the rows follow. */
async function rekeyFiles(client: pg.PoolClient, keys: { old: string[]; new: string[] }): Promise<void> {
  if (keys.old.length === 0) return;
  const res = await client.query(
    `update stored_files s set storage_key = k.new_key
       from unnest($1::text[], $2::text[]) as k(old_key, new_key) where s.storage_key = k.old_key`,
    [keys.old, keys.new],
  );
  if (res.rowCount !== keys.old.length) throw new Error('Cadangan rusak: file tidak cocok dengan baris stored_files.');
}

/** The foreign keys back (checking every reference), and every sequence past its column's highest value. */
async function restoreConstraints(client: pg.PoolClient, fks: ForeignKey[]): Promise<void> {
  for (const fk of fks) {
    try {
      await client.query(`alter table ${fk.tbl} add constraint ${ident(fk.name)} ${fk.def}`);
    } catch (err) {
      throw new Error(`Cadangan tidak utuh: ${(err as Error).message}`, { cause: err });
    }
  }
  const { rows: sequences } = await client.query<{ seq: string; tbl: string; col: string }>(
    `select format('%I.%I', sn.nspname, s.relname) as seq, format('%I.%I', tn.nspname, t.relname) as tbl, a.attname::text as col
       from pg_class s
       join pg_namespace sn on sn.oid = s.relnamespace
       join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = s.oid and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_namespace tn on tn.oid = t.relnamespace
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S' and tn.nspname = 'public'`,
  );
  for (const s of sequences) {
    await client.query(`select setval($1::regclass, coalesce((select max(${ident(s.col)}) from ${s.tbl}), 0) + 1, false)`, [s.seq]);
  }
}

async function restoreInTransaction(
  target: RestoreTarget,
  manifest: Manifest,
  next: () => Promise<Entry | null>,
  created: string[],
  reporter: Reporter,
): Promise<RestoreSummary> {
  const summary: RestoreSummary = { tables: 0, rows: 0, files: 0, fileBytes: 0, missing: [] };
  const client = await target.database.pool.connect();
  let reader: EntryReader | null = null;
  let broken = false;
  try {
    await client.query('BEGIN');
    const fks = await dropForeignKeys(client, manifest);
    // Rows a migration writes itself give way to the archive's own.
    const written = manifest.tables.filter((t) => MIGRATION_ROWS.has(t.name)).map((t) => `public.${ident(t.name)}`);
    for (const table of written) await client.query(`DELETE FROM ${table}`);
    reader = new EntryReader(client, target, manifest, summary, created, reporter);
    await reader.readEntries(next);
    checkComplete(manifest, reader, summary, reporter);
    await rekeyFiles(client, reader.keys);
    const checkStarted = performance.now();
    await restoreConstraints(client, fks);
    await client.query('COMMIT');
    reporter.progress(`Kunci asing diperiksa dan urutan id disetel dalam ${seconds(checkStarted)}.`);
    return summary;
  } catch (err) {
    await reader?.abortCopy();
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw err;
  } finally {
    client.release(broken);
  }
}
