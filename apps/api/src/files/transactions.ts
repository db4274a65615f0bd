import type { Db, Tx } from '../db/client.js';
import { storedFiles } from '../db/schema.js';
import type { ReceivedFile } from './receive.js';
import type { FileStorage } from './storage-port.js';

/** Inserts the stored_files row of a received file inside the caller's transaction. */
export async function recordFile(tx: Tx | Db, file: ReceivedFile): Promise<number> {
  const [row] = await tx
    .insert(storedFiles)
    .values({ storageKey: file.key, originalName: file.originalName, mimeType: file.mimeType, size: file.size })
    .returning({ id: storedFiles.id });
  return row!.id;
}

/**
 * Records received files and runs the feature's write in one transaction: all are recorded with
 * the write, or none stays behind (a failed write removes the stored bytes too). Then tells
 * `uploadsUsed` of the resumable uploads the files came from.
 */
export async function commitFiles<T>(
  db: Db,
  storage: FileStorage,
  files: ReceivedFile[],
  write: (tx: Tx, fileIds: number[]) => Promise<T>,
  uploadsUsed: ((ids: string[]) => Promise<void>) | null,
): Promise<T> {
  try {
    const saved = await db.transaction(async (tx) => {
      const ids: number[] = [];
      for (const f of files) ids.push(await recordFile(tx, f));
      return write(tx, ids);
    });
    const used = files.flatMap((f) => (f.uploadId ? [f.uploadId] : []));
    if (used.length) await uploadsUsed?.(used).catch(() => {});
    return saved;
  } catch (err) {
    await Promise.all(files.map((f) => storage.remove(f.key).catch(() => {})));
    throw err;
  }
}
