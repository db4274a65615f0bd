import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.js';
import { isPendingKey, isStorageKey, newStorageKey } from './storage-keys.js';
import type { FileStorage, PendingObject, StorageLog } from './storage-port.js';

export type { FileStorage, PendingObject, StorageLog } from './storage-port.js';

/**
 * The storage the configuration asks for (STORAGE=s3: the bucket; else the storage folder), ready:
 * the folder is created and proven writable (else the file system's error: EACCES …), the bucket
 * proven to answer (else a ConfigError that says what to fix).
 */
export async function storageFromConfig(config: Config, log?: StorageLog): Promise<FileStorage> {
  if (config.s3) {
    // Imported on demand: under tsx the AWS SDK loads only when used.
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
    if (!isStorageKey(key)) throw new Error(`invalid storage key ${key}`);
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
    if (isPendingKey(key)) await fs.rm(path.join(this.tmpDir, key), { force: true });
  }
}
