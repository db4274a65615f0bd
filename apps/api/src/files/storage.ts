import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { Config } from '../config.js';

/** A place files are written to once and read many times: a folder (DiskStorage) or an S3-compatible bucket (S3Storage). */
export interface FileStorage {
  /**
   * Opens a new object under a fresh key. The object is only certain to stay after commit(), and
   * abort() leaves nothing. (A folder shows it only at commit(); a bucket may show it as soon as the
   * stream has ended, so abort() then deletes it.)
   */
  create(): Promise<PendingObject>;
  /**
   * Opens an object, or the inclusive byte range of it, for reading. Resolves once the object is
   * known to exist; rejects with an error whose code is 'ENOENT' when it does not.
   */
  open(key: string, range?: { start: number; end: number }): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** Every committed object and every unfinished upload, with its age (crash clean-up). */
  list(): AsyncIterable<{ key: string; pending: boolean; modifiedAt: Date }>;
  /** Removes an unfinished upload (as listed with pending: true). */
  removePending(key: string): Promise<void>;
}

export interface PendingObject {
  key: string;
  stream: Writable;
  /** Makes the written bytes durable and visible under key. Call after the stream has finished. */
  commit(): Promise<void>;
  /** Throws the bytes away. */
  abort(): Promise<void>;
}

/** What a storage logs: only at debug level (an S3-compatible server that lacks an optional call). */
export interface StorageLog {
  debug(obj: object, msg: string): void;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f-]{36}$/;
const PENDING = /^[0-9a-f-]{36}$/;

/** A fresh storage key, `xx/uuid`: nothing a user sent becomes part of it. */
export function newStorageKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id}`;
}

export const isStorageKey = (key: string) => KEY.test(key);

/**
 * The storage the configuration asks for (STORAGE=s3: the bucket; else the storage folder), ready:
 * the folder is created and proven writable (else the file system's error: EACCES …), the bucket
 * proven to answer (else a ConfigError that says what to fix).
 */
export async function storageFromConfig(config: Config, log?: StorageLog): Promise<FileStorage> {
  if (config.s3) {
    // Imported on demand: s3-storage.ts imports this module (and under tsx the AWS SDK loads only when used).
    const { S3Storage } = await import('./s3-storage.js');
    const storage = new S3Storage(config.s3, log);
    await storage.init();
    return storage;
  }
  const storage = new DiskStorage(config.storageDir);
  await storage.init();
  return storage;
}

export class DiskStorage implements FileStorage {
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, '.tmp');
  }

  /** Creates the folders and proves they are writable. */
  async init(): Promise<void> {
    await fs.mkdir(this.tmpDir, { recursive: true });
    const probe = path.join(this.tmpDir, `.probe-${process.pid}`);
    await fs.writeFile(probe, '');
    await fs.rm(probe);
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`invalid storage key ${key}`);
    return path.join(this.root, key);
  }

  async create(): Promise<PendingObject> {
    const key = newStorageKey();
    const id = key.slice(3);
    const tmp = path.join(this.tmpDir, id);
    // flush: the bytes reach the disk (fsync) before the stream closes, so a committed file survives a power cut.
    const stream = createWriteStream(tmp, { flags: 'wx', mode: 0o600, flush: true });
    await once(stream, 'open');
    let done = false;
    const closed = () => (stream.closed ? Promise.resolve() : once(stream, 'close').then(() => undefined));
    return {
      key,
      stream,
      commit: async () => {
        if (done) return;
        done = true;
        try {
          await closed();
          const final = this.pathOf(key);
          await fs.mkdir(path.dirname(final), { recursive: true });
          await fs.rename(tmp, final);
        } catch (err) {
          await fs.rm(tmp, { force: true });
          throw err;
        }
      },
      abort: async () => {
        if (done) return;
        done = true;
        stream.destroy();
        await closed().catch(() => {});
        await fs.rm(tmp, { force: true });
      },
    };
  }

  async open(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const stream = createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
    try {
      await once(stream, 'open');
    } catch (err) {
      stream.destroy();
      throw err;
    }
    return stream;
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<{ key: string; pending: boolean; modifiedAt: Date }> {
    for (const entry of await fs.readdir(this.root, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const pending = entry.name === '.tmp';
      if (!pending && !/^[0-9a-f]{2}$/.test(entry.name)) continue;
      const dir = path.join(this.root, entry.name);
      for (const name of await fs.readdir(dir)) {
        const stat = await fs.stat(path.join(dir, name)).catch(() => null);
        if (!stat?.isFile()) continue;
        yield { key: pending ? name : `${entry.name}/${name}`, pending, modifiedAt: stat.mtime };
      }
    }
  }

  async removePending(key: string): Promise<void> {
    if (PENDING.test(key)) await fs.rm(path.join(this.tmpDir, key), { force: true });
  }
}
