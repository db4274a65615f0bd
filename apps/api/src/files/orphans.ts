import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { storedFiles } from '../db/schema.js';
import type { FileStorage } from './storage-port.js';

/** True for a stored_files row that no feature points at. */
const unreferenced = sql`not exists (select 1 from users u where u.avatar_file_id = stored_files.id)
  and not exists (select 1 from materials m where m.file_id = stored_files.id)
  and not exists (select 1 from submission_files s where s.file_id = stored_files.id)
  and not exists (select 1 from questions q where q.image_file_id = stored_files.id)
  and not exists (select 1 from leave_requests l where l.file_id = stored_files.id)`;

/**
 * Deletes the given stored files that nothing refers to any more (after a delete or a replacement
 * has committed), rows first and then bytes.
 */
export async function releaseFiles(db: Db, storage: FileStorage, fileIds: Array<number | null | undefined>): Promise<void> {
  const ids = [...new Set(fileIds.filter((v): v is number => typeof v === 'number'))];
  if (ids.length === 0) return;
  const gone = await db
    .delete(storedFiles)
    .where(sql`${inArray(storedFiles.id, ids)} and ${unreferenced}`)
    .returning({ key: storedFiles.storageKey });
  await Promise.all(gone.map((g) => storage.remove(g.key).catch(() => {})));
}

/**
 * Start-up clean-up after a crash: rows nothing refers to, stored bytes with no row, and
 * unfinished uploads. Only what is older than graceMs is touched, so another instance's
 * upload in flight is left alone.
 */
export async function sweepOrphans(
  db: Db,
  storage: FileStorage,
  graceMs: number,
): Promise<{ rows: number; files: number; pending: number }> {
  const gone = await db
    .delete(storedFiles)
    .where(sql`${unreferenced} and ${storedFiles.createdAt} < now() - make_interval(secs => ${graceMs / 1000})`)
    .returning({ key: storedFiles.storageKey });
  for (const g of gone) await storage.remove(g.key).catch(() => {});
  const known = new Set((await db.select({ key: storedFiles.storageKey }).from(storedFiles)).map((r) => r.key));
  let files = 0;
  let pending = 0;
  const cutoff = Date.now() - graceMs;
  for await (const obj of storage.list()) {
    if (obj.modifiedAt.getTime() > cutoff) continue;
    if (obj.pending) {
      await storage.removePending(obj.key);
      pending++;
    } else if (!known.has(obj.key)) {
      await storage.remove(obj.key);
      files++;
    }
  }
  return { rows: gone.length, files, pending };
}
