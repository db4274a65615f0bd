import type { Readable } from 'node:stream';
import { ZipArchive, type Archiver } from 'archiver';
import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from './storage.js';

/** One file of a ZIP: a stored object (read when its turn comes) or a few bytes the server made. */
export interface ZipEntry {
  /** Path inside the archive ("folder/file.pdf"), already safe for file systems. */
  name: string;
  date: Date;
  /** Stored as it is (no deflate): for types that are compressed already. */
  store: boolean;
  source: { storageKey: string } | { bytes: Buffer };
}

/**
 * Types deflate makes smaller. Everything else (photos, PDF, video, audio codecs, the zip-based
 * office formats, archives) is compressed already and is stored as it is: no CPU spent for nothing.
 */
const COMPRESSIBLE =
  /^(text\/|image\/(bmp|svg\+xml)$|audio\/wav$|application\/(msword|vnd\.ms-excel|vnd\.ms-powerpoint|rtf|octet-stream)$)/;

export const isCompressible = (mimeType: string) => COMPRESSIBLE.test(mimeType);

/** Resolves true once the archive has taken the whole current entry, false when it ended first (client gone, error). */
function entryTaken(archive: Archiver): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (taken: boolean) => () => {
      archive.off('entry', onEntry);
      archive.off('close', onEnd);
      archive.off('error', onEnd);
      resolve(taken);
    };
    const onEntry = settle(true);
    const onEnd = settle(false);
    archive.on('entry', onEntry);
    archive.on('close', onEnd);
    archive.on('error', onEnd);
  });
}

/**
 * A ZIP of the entries as a stream, and a promise that settles when feeding it has ended.
 *
 * Stored objects are opened one after the other, each only when the archive has taken the one
 * before, so one storage stream at most is open and memory stays flat whatever the total size:
 * the bytes move as fast as the client reads them (backpressure through the archive to the
 * storage stream). When the archive ends early (the client went away: Fastify destroys the body
 * stream) the open storage stream is destroyed and nothing more is read. A stored object that is
 * missing is left out and logged. `done` settles when the archive has closed (sent whole, or
 * ended early).
 */
export function zipStream(
  storage: FileStorage,
  entries: Iterable<ZipEntry>,
  log: FastifyBaseLogger,
): { stream: Readable; done: Promise<void> } {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  let current: Readable | null = null;
  let closed = false;
  archive.once('close', () => {
    closed = true;
    current?.destroy();
  });
  // The reply reports a failing body stream; this keeps an error from being unhandled before that.
  archive.on('error', (err) => log.warn({ err }, 'zip archive failed'));

  const feed = async () => {
    for (const entry of entries) {
      if (closed) return;
      let source: Readable | Buffer;
      if ('bytes' in entry.source) {
        source = entry.source.bytes;
      } else {
        try {
          source = await storage.open(entry.source.storageKey);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
          log.error({ storageKey: entry.source.storageKey }, 'stored file is missing from storage; left out of the zip');
          continue;
        }
        if (closed) {
          source.destroy();
          return;
        }
        current = source;
      }
      const taken = entryTaken(archive);
      archive.append(source, { name: entry.name, date: entry.date, store: entry.store });
      const ok = await taken;
      current = null;
      if (!ok) return;
    }
    if (closed) return;
    // finalize() settles only when the client has read everything; 'close' also comes when it leaves.
    const ended = new Promise((resolve) => archive.once('close', resolve));
    archive.finalize().catch(() => {});
    await ended;
  };

  const done = feed().catch((err: unknown) => {
    current?.destroy();
    archive.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return { stream: archive, done };
}
