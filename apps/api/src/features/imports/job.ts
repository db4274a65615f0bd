import { eq, sql } from 'drizzle-orm';
import { IMPORT_MSG } from '@kelasku/contract';
import type { App } from '../../types.js';
import { rombelClasses, userImports } from '../../db/schema.js';
import { uniqueViolation } from '../../http/db-errors.js';
import type { PlannedRow } from './plan.js';
import { writePlan } from './write.js';
import { importFinished } from '../notifications/events.js';

export const IMPORT_QUEUE = 'user-import';
/** The advisory lock class of imports: one writer per import, whatever pg-boss does on a retry. */
const IMPORT_LOCK = 7301;
/** How often (rows) the progress is written for the admin's progress bar. */
const PROGRESS_EVERY = 25;

/**
 * Writes a queued import in one transaction. Runs once: the import's advisory lock and its status
 * make a second delivery (another instance, or a retry after a crash) find it done. A crash rolls
 * everything back and pg-boss hands the job out again; a refusal (someone took a username since
 * the preview) marks it failed with nothing written.
 */
export async function runImport(app: App, importId: number): Promise<void> {
  const progress = (done: number) => app.db.update(userImports).set({ done }).where(eq(userImports.id, importId));
  try {
    const finished = await app.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK}, ${importId})`);
      const [job] = await tx.select().from(userImports).where(eq(userImports.id, importId));
      if (!job || job.status === 'done' || job.status === 'failed' || !job.plan) return null;
      await app.db.update(userImports).set({ status: 'running', done: 0 }).where(eq(userImports.id, importId));
      const rombels = new Map(
        (await tx.select({ id: rombelClasses.id, name: rombelClasses.name }).from(rombelClasses)).map((r) => [r.id, r.name]),
      );
      const rows = job.plan as PlannedRow[];
      const credentials = await writePlan(tx, rows, rombels, async (done) => {
        if (done % PROGRESS_EVERY === 0) await progress(done);
      });
      await tx
        .update(userImports)
        .set({ status: 'done', done: job.total, plan: null, credentials, finishedAt: new Date() })
        .where(eq(userImports.id, importId));
      return job;
    });
    if (finished) {
      const s = finished.summary as { create: number; update: number; unchanged: number };
      await importFinished(app, finished.createdBy, `${s.create} dibuat, ${s.update} diperbarui, ${s.unchanged} tidak berubah`);
    }
  } catch (err) {
    app.log.warn({ err, importId }, 'user import refused');
    const message = uniqueViolation(err) !== null ? IMPORT_MSG.changedSincePreview : IMPORT_MSG.failed;
    await app.db
      .update(userImports)
      .set({ status: 'failed', error: message, plan: null, finishedAt: new Date() })
      .where(eq(userImports.id, importId));
  }
}

/** This instance takes import jobs. */
export async function registerImportWorker(app: App): Promise<void> {
  await app.jobs.work<{ importId: number }>(IMPORT_QUEUE, (data) => runImport(app, data.importId), { expireInSeconds: 600 });
}
