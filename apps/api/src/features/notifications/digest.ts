/**
 * The optional e-mail digest (issue 22): when SMTP_URL is set, once a day (DIGEST_CRON, WIB) every
 * active user with an e-mail address who has unread notifications not yet e-mailed gets one mail
 * listing them; those rows then get `emailed_at`, so the next run mails only what is new.
 *
 * Delivery is at least once: a user's rows are marked right after their mail was accepted by the
 * SMTP server, so a crash between the two repeats that one mail on the next run, and never loses
 * one. Users are read in batches (two queries per batch of users, then one update per mail sent),
 * never a query per notification. One run at a time across instances (an advisory lock), even if
 * pg-boss hands out an occurrence again while the first run is still sending.
 *
 * Issue 42: only the groups the user keeps on for e-mail (notification_settings.email_off) are
 * mailed; a user with every group off gets no mail. The rows of a group turned off are settled at
 * the start of each run (`emailed_at` set without a mail: `emailed_at` means "the e-mail channel is
 * done with this row", as for the weekly summary's own row), so turning the group on again later
 * mails only what comes after, never the backlog of the weeks it was off.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { createTransport } from 'nodemailer';
import type { Notification } from '@kelasku/contract';
import type { App } from '../../types.js';
import { notifications, users } from '../../db/schema.js';
import { presentNotification } from './service.js';
import { channelOffSql } from '../notification-settings/queries.js';

export const DIGEST_QUEUE = 'notification-digest';

/** The advisory lock class of the digest (one run at a time, whatever the number of instances). */
const DIGEST_LOCK = 7303;
/** Users read and mailed per batch. */
const USER_BATCH = 100;
/** Notifications listed in one mail; the rest are counted ("dan 12 notifikasi lainnya"). */
const MAX_LISTED = 50;
/** Mails handed to the SMTP server at once (its connections are pooled). */
export const CONNECTIONS = 3;

const wibFmt = new Intl.DateTimeFormat('id-ID', {
  timeZone: 'Asia/Jakarta',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "22 November 2026 21.05 WIB", as the web app writes it. */
export function formatWib(d: Date): string {
  return `${wibFmt.format(d).replace(' pukul ', ' ').replace(/, /g, ' ')} WIB`;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Recipient {
  id: number;
  name: string;
  email: string;
}

export interface DigestMail {
  subject: string;
  text: string;
  html: string;
}

/** The mail of one user: their unread notifications, newest first. */
export function digestMail(user: { name: string }, items: Notification[], publicUrl: string | null): DigestMail {
  const listed = items.slice(0, MAX_LISTED);
  const rest = items.length - listed.length;
  const href = (link: string) => (publicUrl ? `${publicUrl}${link.startsWith('/') ? '' : '/'}${link}` : link);
  const intro = `Kamu punya ${items.length} notifikasi belum dibaca di Kelasku:`;
  const more = rest > 0 ? `… dan ${rest} notifikasi lainnya.` : null;
  const outro = publicUrl ? `Buka Kelasku: ${publicUrl}` : 'Buka Kelasku untuk melihat semuanya.';
  const footer = 'Email ini dikirim otomatis oleh Kelasku selama ada notifikasi yang belum kamu baca.';

  const text = [
    `Halo ${user.name},`,
    '',
    intro,
    '',
    ...listed.map((n) => `- ${n.text}\n  ${formatWib(new Date(n.created_at))}\n  ${href(n.link)}`),
    ...(more ? ['', more] : []),
    '',
    outro,
    '',
    '--',
    footer,
    '',
  ].join('\n');

  const html = `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><title>Kelasku</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">
<p>Halo ${escapeHtml(user.name)},</p>
<p>${escapeHtml(intro)}</p>
<ul style="padding-left:20px">
${listed
  .map(
    (n) =>
      `<li style="margin-bottom:10px">` +
      // Without PUBLIC_URL a link could not be opened from a mail program: the path is printed instead.
      (publicUrl
        ? `<a href="${escapeHtml(href(n.link))}">${escapeHtml(n.text)}</a>`
        : `${escapeHtml(n.text)}<br><code>${escapeHtml(n.link)}</code>`) +
      `<br><small style="color:#666">${escapeHtml(formatWib(new Date(n.created_at)))}</small></li>`,
  )
  .join('\n')}
</ul>
${more ? `<p>${escapeHtml(more)}</p>\n` : ''}<p>${publicUrl ? `<a href="${escapeHtml(publicUrl)}">Buka Kelasku</a>` : escapeHtml(outro)}</p>
<p style="color:#888;font-size:12px">${escapeHtml(footer)}</p>
</body></html>
`;
  return { subject: `Kelasku: ${items.length} notifikasi belum dibaca`, text, html };
}

/** Active users with an e-mail address and something to mail, after `afterId`, in id order. */
function recipients(app: App, afterId: number): Promise<Recipient[]> {
  return app.db
    .select({ id: users.id, name: users.name, email: sql<string>`${users.email}` })
    .from(users)
    .where(
      and(
        gt(users.id, afterId),
        eq(users.status, 1),
        isNotNull(users.email),
        ne(users.email, ''),
        sql`exists (select 1 from ${notifications} n where n.user_id = ${users.id} and n.read_at is null and n.emailed_at is null
          and not ${channelOffSql('email', sql`n.user_id`, sql`n.kind`)})`,
      ),
    )
    .orderBy(asc(users.id))
    .limit(USER_BATCH);
}

/** The unread, not yet e-mailed notifications of these users, with their actors, newest first. */
async function pendingOf(app: App, userIds: number[]): Promise<Map<number, Array<{ id: number; item: Notification }>>> {
  const actor = alias(users, 'actor');
  const rows = await app.db
    .select({ n: notifications, actor: { id: actor.id, name: actor.name, avatarFileId: actor.avatarFileId } })
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .where(
      and(
        inArray(notifications.userId, userIds),
        isNull(notifications.readAt),
        isNull(notifications.emailedAt),
        not(channelOffSql('email', notifications.userId, notifications.kind)),
      ),
    )
    .orderBy(asc(notifications.userId), desc(notifications.createdAt), desc(notifications.id));
  const byUser = new Map<number, Array<{ id: number; item: Notification }>>();
  for (const r of rows) {
    const list = byUser.get(r.n.userId) ?? [];
    list.push({ id: r.n.id, item: presentNotification(app.files, r.n, r.actor?.id == null ? null : r.actor) });
    byUser.set(r.n.userId, list);
  }
  return byUser;
}

/** Settles (marks e-mailed, without a mail) the unread rows of the groups their users turned off for e-mail. */
async function settleEmailOff(app: App): Promise<void> {
  await app.db
    .update(notifications)
    .set({ emailedAt: sql`now()` })
    .where(
      and(isNull(notifications.readAt), isNull(notifications.emailedAt), channelOffSql('email', notifications.userId, notifications.kind)),
    );
}

/** The pooled SMTP transport of the app's mails (the digest, the parents' weekly summary). */
export const mailTransport = (smtpUrl: string, mailFrom: string) =>
  createTransport({ url: smtpUrl, pool: true, maxConnections: CONNECTIONS }, { from: mailFrom });

/** A refusal of this one message (its recipient or content): the others still go. Anything else (connection, login) stops the run. */
export const refusedMessage = (err: unknown) => ['EENVELOPE', 'EMESSAGE'].includes((err as { code?: string }).code ?? '');

/**
 * Mails every user their unread notifications not yet e-mailed; returns how many mails went out.
 * Without SMTP_URL it does nothing. Throws when the SMTP server cannot be used (the job fails and
 * pg-boss retries it); a single refused recipient is logged and skipped.
 */
export async function runDigest(app: App): Promise<number> {
  const { smtpUrl, mailFrom, publicUrl } = app.config;
  if (!smtpUrl) return 0;
  const lock = await app.database.pool.connect();
  let sent = 0;
  try {
    const { rows } = await lock.query<{ ok: boolean }>('select pg_try_advisory_lock($1, 0) as ok', [DIGEST_LOCK]);
    if (!rows[0]?.ok) {
      app.log.info('e-mail digest: another run is in progress');
      return 0;
    }
    const transport = mailTransport(smtpUrl, mailFrom);
    try {
      await settleEmailOff(app);
      let afterId = 0;
      for (;;) {
        const batch = await recipients(app, afterId);
        if (batch.length === 0) break;
        afterId = batch[batch.length - 1]!.id;
        const pending = await pendingOf(
          app,
          batch.map((u) => u.id),
        );
        // A few mails at a time over the pooled connections; a failure of the server stops the run.
        const queue = batch.filter((u) => pending.has(u.id));
        let fatal: unknown = null;
        const worker = async () => {
          for (let user = queue.shift(); user && !fatal; user = queue.shift()) {
            const items = pending.get(user.id)!;
            const mail = digestMail(
              user,
              items.map((i) => i.item),
              publicUrl,
            );
            try {
              await transport.sendMail({
                to: { name: user.name, address: user.email },
                subject: mail.subject,
                text: mail.text,
                html: mail.html,
                headers: { 'Auto-Submitted': 'auto-generated' },
              });
            } catch (err) {
              if (!refusedMessage(err)) fatal ??= err;
              else app.log.warn({ err, userId: user.id }, 'e-mail digest: message refused');
              continue;
            }
            // Exactly the rows this mail listed or counted; a notification that came since waits for the next run.
            await app.db
              .update(notifications)
              .set({ emailedAt: sql`now()` })
              .where(
                inArray(
                  notifications.id,
                  items.map((i) => i.id),
                ),
              );
            sent++;
          }
        };
        await Promise.all(Array.from({ length: CONNECTIONS }, worker));
        if (fatal) throw fatal;
        if (batch.length < USER_BATCH) break;
      }
    } finally {
      transport.close();
      await lock.query('select pg_advisory_unlock($1, 0)', [DIGEST_LOCK]).catch(() => {});
    }
    if (sent > 0) app.log.info({ sent }, 'e-mail digest sent');
    return sent;
  } catch (err) {
    app.log.error({ err, sent }, 'e-mail digest failed');
    throw err;
  } finally {
    lock.release();
  }
}

/** Schedules the daily digest (DIGEST_CRON, WIB) when SMTP_URL is set; otherwise nothing is scheduled. */
export async function registerDigest(app: App): Promise<void> {
  if (!app.config.smtpUrl) return;
  await app.jobs.every(DIGEST_QUEUE, app.config.digestCron, () => runDigest(app).then(() => undefined), { expireInSeconds: 3600 });
}
