/**
 * The parents' weekly summary (issue 40), a pg-boss cron job (SUMMARY_CRON, WIB; default Friday
 * 15.00): for every active parent with an active child, the week so far (Monday 00.00 WIB → the
 * run) of each child — work that closed without a hand-in, new grades, S/I/A marks — as ONE
 * `parent_summaries` row per parent and week and ONE bell notification (dedupe key
 * `weekly:<week_start>`), written together in one transaction per batch of parents. Running again,
 * or on two instances at once, adds nothing: the row is `on conflict do nothing`, the bell row is
 * unique per (user, key).
 *
 * Then, with SMTP_URL, the e-mail (mail.ts): each row is claimed (`email_claimed_at`) before its
 * mail is handed to the SMTP server and marked `emailed_at` after, so no parent ever gets two; a
 * mail in flight when a run is killed is not sent again (the summary stays in the bell and on the
 * Ringkasan page).
 */
import { sql } from 'drizzle-orm';
import type { App } from '../../types.js';
import type { Executor } from '../../db/client.js';
import type { NotificationRow } from '../notifications/service.js';
import { insertedRows } from '../notifications/events.js';
import { childrenOf, parentsAfter, weekOfChildren, type SummaryParent } from './queries.js';
import { summaryContext, summarySubject, weekOf, type SummaryChild, type Week } from './week.js';
import { mailSummaries } from './mail.js';

export const SUMMARY_QUEUE = 'parent-weekly-summary';
/** Parents written per batch (one transaction, five reads). */
const PARENT_BATCH = 200;

export interface SummaryRun {
  week: string;
  /** Rows written by this run (0 when another run wrote them first). */
  written: number;
  mailed: number;
}

/** The rows of these parents' week, one statement; rows that exist already stay as they are. */
function insertSummaries(tx: Executor, week: Week, bodies: Array<{ parentId: number; children: SummaryChild[] }>) {
  const values = sql.join(
    bodies.map((b) => sql`(${b.parentId}, ${week.start}::date, ${JSON.stringify({ children: b.children })}::jsonb)`),
    sql`, `,
  );
  return tx.execute<{ id: number }>(sql`
    insert into parent_summaries (parent_id, week_start, body) values ${values}
    on conflict (parent_id, week_start) do nothing returning id`);
}

/**
 * The bell rows of these parents' stored summaries (the stored body, whichever run wrote it), once
 * per parent and week. Marked e-mailed: the summary has its own mail, the daily digest leaves it out.
 */
async function insertBells(tx: Executor, week: Week, parentIds: number[]): Promise<NotificationRow[]> {
  const { rows } = await tx.execute<{ parent_id: number; body: { children: SummaryChild[] } }>(sql`
    select parent_id, body from parent_summaries
    where week_start = ${week.start}::date and parent_id in (${sql.join(
      parentIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  if (rows.length === 0) return [];
  const subject = summarySubject(week.start);
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.parent_id}, 'weekly_summary', ${subject}, ${summaryContext(r.body.children)}, '/ringkasan', ${`weekly:${week.start}`}, now())`,
    ),
    sql`, `,
  );
  return insertedRows(
    tx,
    sql`insert into notifications (user_id, kind, subject, context, link, dedupe_key, emailed_at) values ${values}
      on conflict (user_id, dedupe_key) do nothing returning *`,
  );
}

/** One batch of parents: their children's week, their rows and bell rows (one transaction). */
async function writeBatch(app: App, week: Week, batch: SummaryParent[]): Promise<number> {
  const links = await childrenOf(
    app.db,
    batch.map((p) => p.id),
  );
  const unique = new Map(links.map((l) => [l.student_id, { id: l.student_id, name: l.name }]));
  const weeks = await weekOfChildren(app.db, [...unique.values()], week);
  const bodies = batch.map((p) => ({
    parentId: p.id,
    children: links.filter((l) => l.parent_id === p.id).map((l) => weeks.get(l.student_id)!),
  }));
  let written = 0;
  let bells = -1;
  const sent = await app.notifier.sendWith(async (tx) => {
    written = (await insertSummaries(tx, week, bodies)).rows.length;
    const rows = await insertBells(
      tx,
      week,
      batch.map((p) => p.id),
    );
    bells = rows.length;
    return rows;
  });
  // sendWith logs and swallows a failure: the job fails instead, and pg-boss runs it again.
  if (bells === -1 || sent !== bells) throw new Error('weekly summary: writing a batch failed');
  return written;
}

/**
 * Writes this week's summaries (the week of `now`) and mails them; returns what it did. Safe to run
 * any number of times, on any number of instances at once.
 */
export async function runParentSummaries(app: App, now = new Date()): Promise<SummaryRun> {
  const week = weekOf(now);
  let written = 0;
  for (let afterId = 0; ;) {
    const batch = await parentsAfter(app.db, afterId, PARENT_BATCH);
    if (batch.length === 0) break;
    afterId = batch[batch.length - 1]!.id;
    written += await writeBatch(app, week, batch);
    if (batch.length < PARENT_BATCH) break;
  }
  const mailed = await mailSummaries(app, week);
  app.log.info({ week: week.start, written, mailed }, 'parents’ weekly summary');
  return { week: week.start, written, mailed };
}

/** Schedules the weekly summary (SUMMARY_CRON, WIB); its e-mail goes only with SMTP_URL. */
export async function registerParentSummaryJobs(app: App): Promise<void> {
  await app.jobs.every(SUMMARY_QUEUE, app.config.summaryCron, () => runParentSummaries(app).then(() => undefined), {
    expireInSeconds: 3600,
  });
}
