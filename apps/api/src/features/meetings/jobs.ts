/**
 * The timetable's meetings of the day (issue 38): a pg-boss cron job at 00.05 WIB makes them for
 * every class of the active semester (one job per night whatever the number of instances), and one
 * run is asked for at start-up (a server that was down at midnight catches up). Both are the same
 * idempotent statement (generate.ts): running it twice adds nothing.
 */
import type { App } from '../../types.js';
import { generateMeetings } from './generate.js';

export const MEETINGS_QUEUE = 'meetings-generate';

/** One pass over every class of the active semester; returns how many meetings it made. */
export async function runMeetingGeneration(app: App): Promise<number> {
  const made = await generateMeetings(app.db);
  if (made.length > 0) app.log.info({ made: made.length }, 'meetings made from the timetable');
  return made.length;
}

export async function registerMeetingJobs(app: App): Promise<void> {
  await app.jobs.every(MEETINGS_QUEUE, '5 0 * * *', () => runMeetingGeneration(app).then(() => undefined), { expireInSeconds: 600 });
  // At start-up: one job (run by whichever instance takes it), not a wait before the server listens.
  await app.jobs.send(MEETINGS_QUEUE, {});
}
