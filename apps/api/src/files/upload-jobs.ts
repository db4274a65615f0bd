import type { App } from '../types.js';

export const UPLOAD_EXPIRE_QUEUE = 'uploads-expire';

/** One pass: deletes the resumable uploads older than a day, finished or not; returns how many. */
export async function runUploadExpiry(app: App): Promise<number> {
  const removed = await app.uploads.expire();
  if (removed > 0) app.log.info({ removed }, 'abandoned resumable uploads deleted');
  return removed;
}

/** Every hour at minute 17, as one pg-boss cron job whatever the number of instances. */
export async function registerUploadJobs(app: App): Promise<void> {
  await app.jobs.every(UPLOAD_EXPIRE_QUEUE, '17 * * * *', () => runUploadExpiry(app).then(() => undefined), { expireInSeconds: 600 });
}
