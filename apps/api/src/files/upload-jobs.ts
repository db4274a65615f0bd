import type { App } from '../types.js';

export const UPLOAD_EXPIRE_QUEUE = 'uploads-expire';
export const FILE_SWEEP_QUEUE = 'files-sweep';

/** One pass: deletes the resumable uploads older than a day, finished or not; returns how many. */
export async function runUploadExpiry(app: App): Promise<number> {
  const removed = await app.uploads.expire();
  if (removed > 0) app.log.info({ removed }, 'abandoned resumable uploads deleted');
  return removed;
}

/**
 * One pass of the crash clean-up: stored files without a row and rows without a use, temporary
 * files of uploads that were cut off, and resumable uploads' bytes without a row — each only once
 * older than ORPHAN_GRACE_MS, so an upload in flight (here or on another instance) is left alone.
 */
export async function runFileSweep(app: App): Promise<{ rows: number; files: number; pending: number; resumable: number }> {
  const grace = app.config.orphanGraceMs;
  const swept = { ...(await app.files.sweep(grace)), resumable: await app.uploads.sweep(grace) };
  if (swept.rows + swept.files + swept.pending + swept.resumable > 0) app.log.info(swept, 'removed files left by an interrupted upload');
  return swept;
}

/**
 * Every hour at minute 17, the expiry, as one pg-boss cron job whatever the number of instances;
 * every FILE_SWEEP_SECONDS (10 minutes by default) the crash clean-up, also once across instances,
 * so leftovers of a crash go while the app runs, not only at the next start (server.ts).
 */
export async function registerUploadJobs(app: App): Promise<void> {
  await app.jobs.every(UPLOAD_EXPIRE_QUEUE, '17 * * * *', () => runUploadExpiry(app).then(() => undefined), { expireInSeconds: 600 });
  await app.jobs.repeat(FILE_SWEEP_QUEUE, app.config.fileSweepSeconds, () => runFileSweep(app).then(() => undefined), {
    expireInSeconds: 600,
  });
}
