/**
 * Sending pushes (issue 42). A sender claims due deliveries in one statement (`for update skip
 * locked`: with several instances each row goes to one sender), commits, and only then posts them
 * to the push services. So a sender killed mid-send never sends a claimed row again — nobody gets
 * two; the price is that the one push in flight then is lost (docs/features/push.md).
 *
 * Outcomes: 2xx → done; 404/410 → the subscription is gone (deleted, its deliveries with it);
 * 429 (Retry-After honoured), 5xx, no answer → tried again later with back-off, at most
 * PUSH_LIMITS.attempts times; any other 4xx → dropped and logged.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import webpush, { WebPushError } from 'web-push';
import { GROUP_OF_KIND, PUSH_LIMITS, type NotificationGroup, type NotificationKind, type PushPayload } from '@kelasku/contract';
import type { Db } from '../../db/client.js';
import type { PushConfig } from '../../config.js';
import { notificationText } from '../notifications/text.js';
import { endpointRefusal, guardedLookup } from './endpoint.js';
import type { VapidKeys } from './vapid.js';

/** Deliveries claimed at once by one sender. */
const BATCH = 50;
/** Back-off of a retry: 30 s · 4^(attempts − 1), at most an hour; a Retry-After up to a day is honoured. */
const BACKOFF_BASE_SECONDS = 30;
const BACKOFF_MAX_SECONDS = 3600;
const RETRY_AFTER_MAX_SECONDS = 24 * 3600;

/** The push's title by the notification's group (the body is the bell's text). */
export const PUSH_TITLES: Record<NotificationGroup, string> = {
  new_work: 'Ada yang baru di kelas',
  grades: 'Nilai dan masukan',
  comments: 'Komentar dan pesan',
  reminders: 'Pengingat tenggat',
  announcements: 'Pengumuman kelas',
  attendance: 'Presensi',
  parent_summary: 'Ringkasan mingguan anak',
  account: 'Kelasku',
};

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Same topic: the push service keeps only the newest of those not yet delivered. */
  topic?: string;
}

/** What came of one push: sent, the subscription is gone, try again (after at least `wait` s), or give up. */
export type Outcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'retry'; wait: number; why: string } | { kind: 'drop'; why: string };

/** TTL, Urgency and Topic of a notification's push. */
export function pushOptions(kind: string, dedupeKey: string | null): PushOptions {
  const reminder = kind === 'due_soon';
  const urgency = reminder || kind === 'absent' ? 'high' : kind === 'weekly_summary' ? 'low' : 'normal';
  const topic = dedupeKey ? createHash('sha256').update(dedupeKey).digest('base64url').slice(0, 32) : undefined;
  return { ttl: reminder ? PUSH_LIMITS.reminderTtlSeconds : PUSH_LIMITS.ttlSeconds, urgency, ...(topic ? { topic } : {}) };
}

/** Seconds of a Retry-After header (seconds or an HTTP date); 0 when absent or unreadable. */
function retryAfterSeconds(value: string | string[] | undefined): number {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return 0;
  const n = /^\d+$/.test(v.trim()) ? Number(v) : (Date.parse(v) - Date.now()) / 1000;
  return Number.isFinite(n) ? Math.min(Math.max(0, Math.ceil(n)), RETRY_AFTER_MAX_SECONDS) : 0;
}

interface Claimed {
  id: number;
  attempts: number;
  subscription_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  notification_id: number;
  kind: string;
  subject: string;
  context: string | null;
  count: number;
  link: string;
  dedupe_key: string | null;
  actor: string | null;
}

export class PushSender {
  readonly agent: https.Agent;

  constructor(
    private readonly db: Db,
    private readonly config: PushConfig,
    private readonly vapid: VapidKeys,
    private readonly log: FastifyBaseLogger,
  ) {
    const ca = config.caFile ? [...tls.rootCertificates, fs.readFileSync(config.caFile, 'utf8')] : undefined;
    this.agent = new https.Agent({ keepAlive: true, maxSockets: 16, lookup: guardedLookup(config.hosts), ...(ca ? { ca } : {}) });
  }

  /** Posts one encrypted push; never throws. */
  async push(target: PushTarget, payload: PushPayload, opts: PushOptions): Promise<Outcome> {
    const refusal = endpointRefusal(target.endpoint, this.config.hosts);
    if (refusal) return { kind: 'drop', why: 'endpoint no longer allowed' };
    try {
      const vapid = await this.vapid.get();
      const sending = webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          TTL: opts.ttl,
          urgency: opts.urgency,
          ...(opts.topic ? { topic: opts.topic } : {}),
          timeout: this.config.timeoutMs,
          agent: this.agent,
        },
      );
      // The socket's timeout does not cover a DNS lookup that hangs: a hard deadline keeps a batch moving.
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('push: no answer in time')), this.config.timeoutMs * 2);
      });
      sending.catch(() => {});
      try {
        await Promise.race([sending, deadline]);
      } finally {
        clearTimeout(timer);
      }
      return { kind: 'sent' };
    } catch (err) {
      if (!(err instanceof WebPushError)) return { kind: 'retry', wait: 0, why: (err as Error).message };
      const status = err.statusCode;
      if (status === 404 || status === 410) return { kind: 'gone' };
      if (status === 429) return { kind: 'retry', wait: retryAfterSeconds(err.headers['retry-after']), why: 'push service: 429' };
      if (status >= 500) return { kind: 'retry', wait: 0, why: `push service: ${status}` };
      return { kind: 'drop', why: `push service: ${status} ${String(err.body).slice(0, 200)}` };
    }
  }

  /** A test push straight to one device (POST /push/test): the same path, without a delivery row. */
  async sendTest(target: PushTarget & { id: number }, payload: PushPayload): Promise<Outcome> {
    const outcome = await this.push(target, payload, { ttl: PUSH_LIMITS.reminderTtlSeconds, urgency: 'normal' });
    if (outcome.kind === 'gone') await this.db.execute(sql`delete from push_subscriptions where id = ${target.id}`);
    else if (outcome.kind !== 'sent') this.log.warn({ subscription: target.id, why: outcome.why }, 'push: test push failed');
    else await this.db.execute(sql`update push_subscriptions set last_sent_at = now() where id = ${target.id}`);
    return outcome;
  }

  /** Claims up to BATCH due deliveries (committed before anything is sent), with what their pushes need. */
  private async claim(): Promise<Claimed[]> {
    const { rows } = await this.db.execute<Omit<Claimed, never>>(sql`
      with c as (
        update push_deliveries set claimed_at = now(), attempts = attempts + 1
         where id in (select id from push_deliveries
                       where claimed_at is null and send_after <= now()
                       order by id limit ${BATCH} for update skip locked)
        returning id, attempts, subscription_id, notification_id)
      select c.id, c.attempts, c.subscription_id, s.endpoint, s.p256dh, s.auth, c.notification_id,
             n.kind, n.subject, n.context, n.count, n.link, n.dedupe_key, a.name as actor
        from c
        join push_subscriptions s on s.id = c.subscription_id
        join notifications n on n.id = c.notification_id
        left join users a on a.id = n.actor_id
       order by c.id`);
    return rows.map((r) => ({ ...r, id: Number(r.id), notification_id: Number(r.notification_id) }));
  }

  /** What came of a claimed delivery, written back. */
  private async settle(row: Claimed, outcome: Outcome): Promise<void> {
    if (outcome.kind === 'sent') {
      await this.db.execute(sql`delete from push_deliveries where id = ${row.id}`);
      await this.db.execute(sql`update push_subscriptions set last_sent_at = now() where id = ${row.subscription_id}`);
    } else if (outcome.kind === 'gone') {
      // Its deliveries go with it (on delete cascade).
      await this.db.execute(sql`delete from push_subscriptions where id = ${row.subscription_id}`);
    } else if (outcome.kind === 'retry' && row.attempts < PUSH_LIMITS.attempts) {
      const backoff = Math.min(BACKOFF_BASE_SECONDS * 4 ** (row.attempts - 1), BACKOFF_MAX_SECONDS);
      const wait = Math.max(backoff, outcome.wait);
      await this.db.execute(sql`update push_deliveries set claimed_at = null,
        send_after = now() + make_interval(secs => ${wait}) where id = ${row.id}`);
    } else {
      this.log.warn({ delivery: row.id, attempts: row.attempts, why: outcome.why }, 'push: delivery dropped');
      await this.db.execute(sql`delete from push_deliveries where id = ${row.id}`);
    }
  }

  /**
   * Sends every due delivery (batch after batch); returns how many pushes went out. A "due soon"
   * reminder held (by quiet hours or a retry) until after its deadline is dropped first: it would
   * say "soon" of a deadline already gone.
   */
  async run(): Promise<number> {
    await this.db.execute(sql`
      delete from push_deliveries d using notifications n
       where n.id = d.notification_id and d.claimed_at is null and n.kind = 'due_soon' and n.due_at <= now()`);
    let sent = 0;
    for (;;) {
      const rows = await this.claim();
      if (rows.length === 0) return sent;
      await Promise.all(
        rows.map(async (row) => {
          const kind = row.kind as NotificationKind;
          const payload: PushPayload = {
            id: row.notification_id,
            kind,
            title: PUSH_TITLES[GROUP_OF_KIND[kind] ?? 'account'],
            body: notificationText(kind, { subject: row.subject, context: row.context, count: row.count, actor: row.actor }),
            link: row.link,
            tag: row.dedupe_key,
          };
          const outcome = await this.push(row, payload, pushOptions(kind, row.dedupe_key));
          if (outcome.kind === 'sent') sent++;
          await this.settle(row, outcome).catch((err: unknown) => this.log.error({ err }, 'push: settling failed'));
        }),
      );
    }
  }

  /** Claimed rows a day old: their sender died mid-send (their push is lost, never sent twice). */
  async cleanup(): Promise<void> {
    await this.db.execute(sql`delete from push_deliveries where claimed_at < now() - interval '1 day'`);
  }

  close(): void {
    this.agent.destroy();
  }
}
