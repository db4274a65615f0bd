import { eq, sql } from 'drizzle-orm';
import { IMPORT_MSG } from '@kelasku/contract';
import type { App } from '../../types.js';
import { rombelClasses, userImports } from '../../db/schema.js';
import { uniqueViolation } from '../../http/db-errors.js';
import type { PlannedRow } from './plan.js';
import { writePlan } from './write.js';
import { importSource, writeParents } from './parent-write.js';
import { importFinished } from '../notifications/events.js';

export const IMPORT_QUEUE = 'user-import';
/** The advisory lock class of imports: one writer per import, whatever pg-boss does on a retry. */
const IMPORT_LOCK = 7301;
/** A running import's job is given up (and handed out again) when its instance is silent this long. */
const IMPORT_HEARTBEAT_SECONDS = 10;
/** How often (rows) the progress is written for the admin's progress bar. */
const PROGRESS_EVERY = 25;

/**
 * Writes a queued import in one transaction. Runs once: the import's advisory lock and its status
 * make a second delivery (another instance, or a retry after a crash) find it done. A crash rolls
 * everything back and pg-boss hands the job out again (registerImportWorker): the next run finds the
 * status still "running", notes `resumed_at` and writes every row again; a refusal (someone took a username since
 * the preview) marks it failed with nothing written.
 */
export async function runImport(app: App, importId: number): Promise<void> {
  const progress = (done: number) => app.db.update(userImports).set({ done }).where(eq(userImports.id, importId));
  try {
    const finished = await app.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK}, ${importId})`);
      const [job] = await tx.select().from(userImports).where(eq(userImports.id, importId));
      if (!job || job.status === 'done' || job.status === 'failed' || !job.plan) return null;
      // Still "running" under the lock: the run that set it died (its instance was killed or restarted)
      // and rolled back. This run writes it all again, once, and the progress page says what happened.
      const resumed = job.status === 'running';
      if (resumed) app.log.warn({ importId, doneBefore: job.done }, 'user import resumed after its run was cut off');
      else app.log.info({ importId, rows: job.total }, 'user import started');
      await app.db
        .update(userImports)
        .set({ status: 'running', done: 0, ...(resumed ? { resumedAt: new Date() } : {}) })
        .where(eq(userImports.id, importId));
      const rombels = new Map(
        (await tx.select({ id: rombelClasses.id, name: rombelClasses.name }).from(rombelClasses)).map((r) => [r.id, r.name]),
      );
      const rows = job.plan as PlannedRow[];
      const students = await writePlan(tx, rows, rombels, async (done) => {
        if (done % PROGRESS_EVERY === 0) await progress(done);
      });
      // The parents the rows name (issue 40), linked to the students just written; on the same slips.
      const studentIds = new Map(students.map((c) => [c.line, c.userId]));
      const parentSlips = await writeParents(tx, rows, studentIds, rombels, () => importSource(tx, importId, job.createdBy));
      const credentials = [...students, ...parentSlips];
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

/**
 * This instance takes import jobs. A running job sends pg-boss a heartbeat every 5 s; one whose
 * instance died (no heartbeat for 10 s) is failed by pg-boss's supervisor (every 15 s, jobs/queue.ts)
 * and handed out again at once, so a killed import resumes within about half a minute. A few
 * retries cover a crash during the resumed run too.
 */
export async function registerImportWorker(app: App): Promise<void> {
  await app.jobs.work<{ importId: number }>(IMPORT_QUEUE, (data) => runImport(app, data.importId), {
    expireInSeconds: 600,
    heartbeatSeconds: IMPORT_HEARTBEAT_SECONDS,
    retryLimit: 3,
  });
}
