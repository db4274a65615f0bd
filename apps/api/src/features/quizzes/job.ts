import type { App } from '../../types.js';
import { closeOverdue } from './attempts.js';

export const QUIZ_CLOSE_QUEUE = 'quiz-close-overdue';

/** One pass: closes (and grades) every attempt whose time has run out; returns how many. */
export async function runQuizClose(app: App): Promise<number> {
  const closed = await closeOverdue(app.db);
  if (closed > 0) app.log.info({ closed }, 'overdue quiz attempts closed');
  return closed;
}

/**
 * Every minute, as a pg-boss cron job (one run per minute whatever the number of instances), the
 * attempts whose time ran out are closed with what was saved, even if no browser comes back.
 */
export async function registerQuizJobs(app: App): Promise<void> {
  await app.jobs.every(QUIZ_CLOSE_QUEUE, '* * * * *', () => runQuizClose(app).then(() => undefined), { expireInSeconds: 120 });
}
