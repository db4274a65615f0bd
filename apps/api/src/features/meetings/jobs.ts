/**
 * The timetable's meetings of the day (issue 38): a pg-boss cron job at 00.05 WIB makes them for
 * every class of the active semester (one job per night whatever the number of instances), and the
 * server asks for one run when it starts (server.ts: a server that was down at midnight catches up;
 * an app built for a test does not, so a test's statement counts never see it). Both are the same
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
}

/** At start-up: one run as a job (taken by whichever instance), not a wait before the server listens. */
export async function askMeetingGeneration(app: App): Promise<void> {
  await app.jobs.send(MEETINGS_QUEUE, {});
}
