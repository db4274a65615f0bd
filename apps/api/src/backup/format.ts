/**
 * The backup archive: one gzip'd tar, read and written front to back in one pass.
 *
 *   manifest.json                    what the archive holds (written first: everything known at the snapshot)
 *   tables/<table>/000001.copy …     each table as PostgreSQL's COPY text, in entries of at most 8 MB
 *   files/<storage key>              each stored file the snapshot's stored_files rows name
 *   checksums.json                   each file's SHA-256 and the files that were gone (written last:
 *                                    known only once the bytes have passed through)
 */
import fs from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../db/client.js';
import { journalEntries, type JournalEntry } from '../db/migration-journal.js';

export const FORMAT = 'kelasku-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const CHECKSUMS = 'checksums.json';
/** A table's COPY text is cut into tar entries of at most this many bytes (a tar header needs the size first). */
export const CHUNK_BYTES = 8 * 1024 * 1024;

export const chunkName = (table: string, n: number) => `tables/${table}/${String(n).padStart(6, '0')}.copy`;
export const fileEntryName = (key: string) => `files/${key}`;
const CHUNK = /^tables\/([^/]+)\/\d{6}\.copy$/;
/** The table of a chunk entry's name, or null. */
export const chunkTable = (name: string) => CHUNK.exec(name)?.[1] ?? null;
/** The storage key of a file entry's name, or null. */
export const fileKeyOf = (name: string) => (name.startsWith('files/') ? name.slice('files/'.length) : null);

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  /** The migrations the database had at the snapshot (drizzle's own record), and the last one's tag from the journal. */
  migrations: { count: number; last: string | null };
  /** Where it came from (information only). */
  source: { database: 'embedded' | 'postgres'; serverVersion: string };
  /** Every table of schema public, its columns in order and its rows at the snapshot. */
  tables: Array<{ name: string; columns: string[]; rows: number }>;
  /** Every stored_files row of the snapshot: its storage key and size. Their hashes are in checksums.json. */
  files: Array<{ key: string; size: number }>;
  checksums: typeof CHECKSUMS;
}

export interface Checksums {
  /** SHA-256 (hex) of each file entry, by storage key. */
  sha256: Record<string, string>;
  /** Files the snapshot names that were gone from storage when their turn came (deleted meanwhile). */
  missing: string[];
  /** Files whose bytes in storage did not have their recorded size: cut or padded with zeros to it in the archive. */
  damaged: string[];
}

export type { JournalEntry };

/** The migrations this code carries (drizzle's journal), in order. */
export function codeMigrations(folder = migrationsFolder()): JournalEntry[] {
  return journalEntries(folder);
}

/** Where the migrations are when run from the sources (src/backup) or from the bundle (dist/backup). */
export function findMigrations(here: string): string | undefined {
  return [path.resolve(here, '../db/migrations'), path.resolve(here, '../migrations')].find((p) => fs.existsSync(path.join(p, 'meta')));
}

/** Bytes as "1,2 MB" for the progress lines. */
export function formatBytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toLocaleString('id-ID', { maximumFractionDigits: i === 0 ? 0 : 1 })} ${units[i]}`;
}

export const seconds = (since: number) => `${((performance.now() - since) / 1000).toLocaleString('id-ID', { maximumFractionDigits: 1 })} s`;

/** Reports progress (CLI: printed; HTTP: logged). */
export interface Reporter {
  progress(line: string): void;
  warn(line: string): void;
}

export const silent: Reporter = { progress: () => {}, warn: () => {} };

/** "kelasku-cadangan-20261103-1745.tar.gz": the moment in WIB (Asia/Jakarta), as the school reads its clocks. */
export function backupFileName(at = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jakarta',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const p = (type: Intl.DateTimeFormatPartTypes) => parts.find((x) => x.type === type)?.value ?? '00';
  return `kelasku-cadangan-${p('year')}${p('month')}${p('day')}-${p('hour')}${p('minute')}.tar.gz`;
}
