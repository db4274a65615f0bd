import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import tar from 'tar-stream';
import { appliedMigrations as appliedMigrationTimes } from '../db/migration-journal.js';
import type { FileStorage } from '../files/storage.js';
import {
  CHECKSUMS,
  CHUNK_BYTES,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  chunkName,
  codeMigrations,
  fileEntryName,
  formatBytes,
  seconds,
  silent,
  type Checksums,
  type Manifest,
  type Reporter,
} from './format.js';

export interface BackupSource {
  pool: pg.Pool;
  storage: FileStorage;
  kind: 'embedded' | 'postgres';
}

export interface BackupOptions {
  reporter?: Reporter;
  /** Bytes per table entry (tests make it small to cut tables into many entries). */
  chunkBytes?: number;
  /** gzip level; 6 is zlib's default. */
  gzipLevel?: number;
  /** Called once the snapshot is taken (tests start their checks from there). */
  onSnapshot?: () => void;
}

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  missing: string[];
  damaged: string[];
}

/** A tar entry being written (a streamx writable). */
type Sink = ReturnType<tar.Pack['entry']>;

/** Resolves when a tar entry can take more, rejects when it was destroyed (the archive closed). */
function drained(sink: Sink): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      sink.off('drain', settle);
      sink.off('close', settle);
      if (sink.destroyed) reject(new Error('backup archive closed'));
      else resolve();
    };
    sink.on('drain', settle);
    sink.on('close', settle);
  });
}

/** One tar entry of known bytes; resolves once the archive has taken them (backpressure). */
function putBuffer(pack: tar.Pack, name: string, data: Buffer, mtime: Date): Promise<void> {
  return new Promise((resolve, reject) => {
    try {
      pack.entry({ name, size: data.length, mtime }, data, (err) => (err ? reject(err) : resolve()));
    } catch {
      // entry() throws once the archive is destroyed (the reader went away).
      reject(new Error('backup archive closed'));
    }
  });
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

interface TableInfo {
  name: string;
  columns: string[];
}

/** Every table of schema public (not pg-boss's schema, not drizzle's record of migrations) with its columns in order. */
async function listTables(client: pg.PoolClient): Promise<TableInfo[]> {
  const { rows } = await client.query<TableInfo>(
    `select c.relname::text as name, array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      group by c.relname
      order by c.relname`,
  );
  return rows;
}

/** The migrations the database has applied (drizzle's own table), named after the code's journal. */
async function appliedMigrations(client: pg.PoolClient): Promise<Manifest['migrations']> {
  const applied = await appliedMigrationTimes(client);
  if (applied.length === 0) return { count: 0, last: null };
  const lastAt = applied.at(-1);
  return { count: applied.length, last: codeMigrations().find((e) => String(e.when) === lastAt)?.tag ?? null };
}

/**
 * Streams one table's COPY text into entries of at most `chunkBytes`, cut after a whole row where
 * there is one (restore feeds a table's entries to one COPY in order, so a longer row may be cut).
 *
 * Returns the rows it copied, counted as they pass: COPY's text format ends every row with one
 * newline and writes a newline inside a value as `\n`. Not the stream's `rowCount`: that comes from
 * the server's "COPY n" message, which may arrive in a later packet, after the stream has ended.
 */
async function copyTable(client: pg.PoolClient, table: TableInfo, chunkBytes: number, put: (name: string, data: Buffer) => Promise<void>) {
  const cols = table.columns.map(ident).join(', ');
  const copy = client.query(copyTo(`COPY (SELECT ${cols} FROM public.${ident(table.name)}) TO STDOUT`));
  let buf = Buffer.allocUnsafe(chunkBytes);
  let used = 0;
  let n = 0;
  const emit = async (upTo: number) => {
    const next = Buffer.allocUnsafe(chunkBytes);
    buf.copy(next, 0, upTo, used);
    const out = buf.subarray(0, upTo);
    used -= upTo;
    buf = next;
    await put(chunkName(table.name, ++n), out);
  };
  let rows = 0;
  for await (const piece of copy as AsyncIterable<Buffer>) {
    for (let nl = piece.indexOf(0x0a); nl !== -1; nl = piece.indexOf(0x0a, nl + 1)) rows++;
    let off = 0;
    while (off < piece.length) {
      const take = Math.min(piece.length - off, chunkBytes - used);
      piece.copy(buf, used, off, off + take);
      used += take;
      off += take;
      if (used === chunkBytes) {
        const nl = buf.lastIndexOf(0x0a, used - 1);
        await emit(nl >= 0 ? nl + 1 : used);
      }
    }
  }
  if (used > 0) await emit(used);
  return rows;
}

/** Streams one stored file into an entry of exactly `size` bytes; bytes beyond it are cut, missing ones padded (and reported). */
async function putFile(pack: tar.Pack, name: string, size: number, source: Readable, mtime: Date) {
  const hash = createHash('sha256');
  let written = 0;
  let damaged = false;
  let sink!: Sink;
  const taken = new Promise<void>((resolve, reject) => {
    sink = pack.entry({ name, size, mtime }, (err) => (err ? reject(err) : resolve()));
  });
  taken.catch(() => {}); // awaited below; a destroyed archive also rejects the writes
  const write = async (chunk: Buffer) => {
    hash.update(chunk);
    written += chunk.length;
    if (!sink.write(chunk)) await drained(sink);
  };
  try {
    for await (const piece of source as AsyncIterable<Buffer>) {
      if (written + piece.length > size) {
        damaged = true;
        if (size > written) await write(piece.subarray(0, size - written));
        break;
      }
      await write(piece);
    }
    while (written < size) {
      damaged = true;
      await write(Buffer.alloc(Math.min(64 * 1024, size - written)));
    }
  } catch (err) {
    source.destroy();
    sink.destroy(err as Error);
    throw err;
  }
  sink.end(undefined);
  await taken;
  return { sha256: hash.digest('hex'), damaged };
}

/**
 * The backup archive as a gzip stream, and a promise of its summary.
 *
 * The database is read in one REPEATABLE READ READ ONLY transaction on one pooled connection:
 * the table list, the row counts, every table's rows and the list of stored files all come from
 * the same snapshot, whatever is written meanwhile. The transaction ends as soon as the tables are
 * out; then each stored file the snapshot names is streamed from storage (one at a time; a file
 * removed meanwhile is recorded as missing). Memory stays bounded: one table entry (8 MB) and the
 * archive's small buffers, whatever the sizes; the reader's pace drives everything (backpressure
 * from the gzip stream through the tar entries to COPY and to the storage stream).
 *
 * When the stream is destroyed (the client went away) the work stops, the connection is released
 * (destroyed when it was in the middle of a COPY) and `done` rejects. A failure destroys the stream
 * with the error, so a reader never takes a cut archive for a whole one.
 */
export function backupStream(src: BackupSource, opts: BackupOptions = {}): { stream: Readable; done: Promise<BackupSummary> } {
  const reporter = opts.reporter ?? silent;
  const chunkBytes = opts.chunkBytes ?? CHUNK_BYTES;
  const pack = tar.pack();
  const gzip = zlib.createGzip({ level: opts.gzipLevel ?? 6 });
  let ended = false;
  pack.on('error', () => {}); // the reason is reported through `done` and the gzip stream
  pack.once('end', () => (ended = true));
  gzip.once('close', () => {
    if (!ended) pack.destroy(new Error('backup stream closed before the end'));
  });
  pack.pipe(gzip);

  const run = async (): Promise<BackupSummary> => {
    const createdAt = new Date();
    const started = performance.now();
    const client = await src.pool.connect();
    let broken = true;
    let files: Manifest['files'];
    const summary: BackupSummary = { tables: 0, rows: 0, files: 0, fileBytes: 0, missing: [], damaged: [] };
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      // The first statement takes the snapshot that every later read of this transaction sees.
      const tables = await listTables(client);
      opts.onSnapshot?.();
      const migrations = await appliedMigrations(client);
      const { rows: version } = await client.query<{ v: string }>('show server_version');
      const counted: Manifest['tables'] = [];
      for (const t of tables) {
        const { rows } = await client.query<{ n: string }>(`select count(*)::text as n from public.${ident(t.name)}`);
        counted.push({ ...t, rows: Number(rows[0]!.n) });
      }
      const hasFiles = tables.some((t) => t.name === 'stored_files');
      files = hasFiles
        ? (
            await client.query<{ key: string; size: string }>('select storage_key as key, size::text as size from stored_files order by id')
          ).rows.map((r) => ({ key: r.key, size: Number(r.size) }))
        : [];
      const manifest: Manifest = {
        format: FORMAT,
        version: FORMAT_VERSION,
        createdAt: createdAt.toISOString(),
        migrations,
        source: { database: src.kind, serverVersion: version[0]!.v },
        tables: counted,
        files,
        checksums: CHECKSUMS,
      };
      await putBuffer(pack, MANIFEST, Buffer.from(JSON.stringify(manifest, null, 1)), createdAt);
      for (const t of counted) {
        const t0 = performance.now();
        const rows = await copyTable(client, t, chunkBytes, (name, data) => putBuffer(pack, name, data, createdAt));
        if (rows !== t.rows) throw new Error(`table ${t.name}: ${rows} rows copied, ${t.rows} counted in the same snapshot`);
        summary.tables++;
        summary.rows += rows;
        if (rows > 0) reporter.progress(`  ${t.name}: ${rows.toLocaleString('id-ID')} baris (${seconds(t0)})`);
      }
      await client.query('COMMIT');
      broken = false;
    } finally {
      // In the middle of a COPY the connection cannot be reused: it is closed, and the server ends the transaction.
      client.release(broken);
    }
    reporter.progress(`Database: ${summary.tables} tabel, ${summary.rows.toLocaleString('id-ID')} baris dalam ${seconds(started)}.`);

    const filesStarted = performance.now();
    let lastReport = performance.now();
    const checksums: Checksums = { sha256: {}, missing: [], damaged: [] };
    for (const f of files) {
      let source: Readable;
      try {
        source = await src.storage.open(f.key);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        checksums.missing.push(f.key);
        reporter.warn(`File ${f.key} tidak ada lagi di penyimpanan (dihapus setelah snapshot?); dicatat sebagai hilang.`);
        continue;
      }
      const { sha256, damaged } = await putFile(pack, fileEntryName(f.key), f.size, source, createdAt);
      checksums.sha256[f.key] = sha256;
      if (damaged) {
        checksums.damaged.push(f.key);
        reporter.warn(`File ${f.key} di penyimpanan tidak berukuran ${f.size} byte seperti tercatat; disimpan dengan ukuran itu.`);
      }
      summary.files++;
      summary.fileBytes += f.size;
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        reporter.progress(`  file: ${summary.files}/${files.length} (${formatBytes(summary.fileBytes)})`);
      }
    }
    summary.missing = checksums.missing;
    summary.damaged = checksums.damaged;
    await putBuffer(pack, CHECKSUMS, Buffer.from(JSON.stringify(checksums, null, 1)), createdAt);
    reporter.progress(`File: ${summary.files} (${formatBytes(summary.fileBytes)}) dalam ${seconds(filesStarted)}.`);
    pack.finalize();
    return summary;
  };

  const done = run();
  done.catch((err: unknown) => {
    if (!pack.destroyed) pack.destroy();
    if (!gzip.destroyed) gzip.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return { stream: gzip, done };
}
