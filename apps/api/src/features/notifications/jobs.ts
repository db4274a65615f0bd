/**
 * Scheduled notification work, as pg-boss cron jobs in the app's PostgreSQL (one job per
 * occurrence, whatever the number of instances; a job whose instance died is handed out again):
 *
 * - every minute, the reminders: "due in 24 hours and not handed in" (once per student and
 *   assignment, by the unique (user, dedupe_key) index: a job that runs twice, or is killed and
 *   run again, sends nothing twice), and the materials, assignments and quizzes whose scheduled time
 *   has just come (each announced once, claimed by `announced_at`; see newItems in events.ts);
 * - every night, the clean-up: notifications older than 90 days, live events older than a day,
 *   sessions idle past their 30 days (a server that runs for months would otherwise keep them all:
 *   its start is the only other purge) and rate-limit counters whose window ended.
 */
import { sql } from 'drizzle-orm';
import { NOTIFICATION_KEEP_DAYS } from '@kelasku/contract';
import type { App } from '../../types.js';
import type { Executor } from '../../db/client.js';
import { LIVE_KEEP_HOURS } from '../../live/bus.js';
import { purgeIdleTokens } from '../../auth/tokens.js';
import { forgetEndedWindows } from '../../auth/login-limits.js';
import type { NotificationRow } from './service.js';
import { registerDigest } from './digest.js';
import { activeStudentsOf, insertedRows, newItems } from './events.js';

export const REMINDER_QUEUE = 'notification-reminders';
export const CLEANUP_QUEUE = 'notification-cleanup';

/** How far back a scheduled item's time may lie and still be announced (a job missed during a restart). */
const PUBLISHED_WINDOW = '2 hours';

/**
 * Assignments due within 24 hours (the student's own deadline) that the student has not handed in;
 * the row's `due_at` is that deadline (quiet hours let a reminder due soon through).
 */
export function dueSoon(tx: Executor): Promise<NotificationRow[]> {
  return insertedRows(
    tx,
    sql`insert into notifications (user_id, kind, subject, context, link, dedupe_key, due_at)
      select s.user_id, 'due_soon', a.title, oc.name, '/my-classes/' || oc.id || '/submissions/' || a.id, 'due:' || a.id,
             coalesce(e.deadline, a.deadline)
        from assignments a
        join contents c on c.id = a.content_id
        join online_classes oc on oc.id = c.online_class_id and oc.archived_at is null
        ${activeStudentsOf}
        left join assignment_extensions e on e.assignment_id = a.id and e.student_id = s.user_id
        left join submissions sub on sub.assignment_id = a.id and sub.student_id = s.user_id
       where a.deadline < now() + interval '8 days'
         and coalesce(e.deadline, a.deadline) between now() and now() + interval '24 hours'
         and (sub.id is null or sub.submitted_at is null)
         and not c.hidden and not a.hidden
         and (c.publish_at is null or c.publish_at <= now()) and (a.publish_at is null or a.publish_at <= now())
      on conflict (user_id, dedupe_key) do nothing
      returning *`,
  );
}

/** Items whose scheduled time (their own or their content's) has just come: "new material/assignment/quiz". */
const justPublished = sql`greatest(c.publish_at, i.publish_at) between now() - interval '${sql.raw(PUBLISHED_WINDOW)}' and now()`;

/** One pass of the reminders; returns how many notifications it sent. */
export async function runReminders(app: App): Promise<number> {
  return app.notifier.sendWith(async (tx) => [
    ...(await dueSoon(tx)),
    ...(await newItems(tx, 'materials', justPublished)),
    ...(await newItems(tx, 'assignments', justPublished)),
    ...(await newItems(tx, 'quizzes', justPublished)),
  ]);
}

/** Removes notifications past their 90 days, live events past a day, idle sessions and ended counters. */
export async function runCleanup(app: App): Promise<void> {
  await app.db.execute(sql`delete from notifications where created_at < now() - make_interval(days => ${NOTIFICATION_KEEP_DAYS})`);
  await app.db.execute(sql`delete from live_events where created_at < now() - make_interval(hours => ${LIVE_KEEP_HOURS})`);
  await purgeIdleTokens(app.db);
  await forgetEndedWindows(app.db);
}

export async function registerNotificationJobs(app: App): Promise<void> {
  await app.jobs.every(REMINDER_QUEUE, '* * * * *', () => runReminders(app).then(() => undefined), { expireInSeconds: 120 });
  await app.jobs.every(CLEANUP_QUEUE, '17 2 * * *', () => runCleanup(app), { expireInSeconds: 600 });
  await registerDigest(app);
}
