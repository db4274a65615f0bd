/**
 * Sending notifications (issue 22): rows of `notifications` for their users, and the same rows
 * pushed to those users' live streams, in one short transaction under the publishers' lock (so a
 * stream that resumes from its last event id misses none). Features call `app.notifier.send(…)`
 * after their own write has committed; a failure to notify is logged and never fails the request.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Notification, NotificationKind } from '@kelasku/contract';
import type { Db, Executor } from '../../db/client.js';
import { preparedFor } from '../../db/prepared.js';
import { notifications, users } from '../../db/schema.js';
import type { FileService } from '../../files/service.js';
import { lockPublishing, publishIn, topics, type LiveEvent } from '../../live/bus.js';
import { SUMMARY_KINDS, notificationText } from './text.js';
import { queuePushes } from '../push/queue.js';

export interface NewNotification {
  userIds: readonly number[];
  kind: NotificationKind;
  /** Who caused it; never notified of their own act. */
  actorId?: number | null;
  subject: string;
  context?: string | null;
  /** The app path it opens. */
  link: string;
  /**
   * `once`: at most one row per (user, key), ever (a reminder per assignment). `sum`: one unread
   * row per (user, key), counted up and moved to the top by each new event ("5 siswa mengumpulkan").
   */
  dedupe?: { key: string; mode: 'once' | 'sum' };
}

export type NotificationRow = typeof notifications.$inferSelect;
type Row = NotificationRow;
type ActorRow = { id: number; name: string; avatarFileId: number | null };

export function presentNotification(files: FileService, row: Row, actor: ActorRow | null): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    text: notificationText(row.kind as NotificationKind, {
      subject: row.subject,
      context: row.context,
      count: row.count,
      actor: actor?.name ?? null,
    }),
    link: row.link,
    actor: actor ? { id: actor.id, name: actor.name, avatar: files.url(actor.avatarFileId) } : null,
    count: row.count,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Unread counts of these users, one query. */
/** How many of one user's notifications are unread (every page's bell): a named prepared statement. */
export async function unreadCountOf(db: Db, userId: number): Promise<number> {
  const [row] = await unreadCount(db).execute({ userId });
  return row?.n ?? 0;
}

const unreadCount = preparedFor((db) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.readAt)))
    .prepare('unread_count'),
);

export async function unreadOf(db: Executor, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends notifications (features/notifications/service.ts). */
    notifier: Notifier;
  }
}

export class Notifier {
  /** Called after a transaction that queued pushes has committed: wakes the push sender (features/push). */
  onPushQueued: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly files: FileService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Stores the notifications and pushes them to their users' streams. Never throws. */
  async send(...items: NewNotification[]): Promise<void> {
    await this.sendWith(async (tx) => {
      const stored: Row[] = [];
      for (const n of items) stored.push(...(await insert(tx, n)));
      return stored;
    });
  }

  /**
   * Runs `write` (statements that insert notifications and return their rows) under the
   * publishers' lock and pushes what it returns to the users' streams, in one transaction, which
   * also queues their Web Pushes (one statement). Never throws; returns how many were sent (0
   * after a failure, which is logged).
   */
  async sendWith(write: (tx: Executor) => Promise<Row[]>): Promise<number> {
    let pushes = 0;
    try {
      const sent = await this.db.transaction(async (tx) => {
        await lockPublishing(tx);
        const stored = await write(tx);
        if (stored.length === 0) return 0;
        pushes = await queuePushes(
          tx,
          stored.map((r) => r.id),
        );
        const actorIds = [...new Set(stored.map((r) => r.actorId).filter((id): id is number => id !== null))];
        const actors = actorIds.length
          ? await tx
              .select({ id: users.id, name: users.name, avatarFileId: users.avatarFileId })
              .from(users)
              .where(inArray(users.id, actorIds))
          : [];
        const byId = new Map(actors.map((a) => [a.id, a]));
        const unread = await unreadOf(tx, [...new Set(stored.map((r) => r.userId))]);
        await publishIn(
          tx,
          stored.map((r) => ({
            topic: topics.user(r.userId),
            event: 'notification',
            data: {
              notification: presentNotification(this.files, r, r.actorId === null ? null : (byId.get(r.actorId) ?? null)),
              unread: unread.get(r.userId) ?? 0,
            },
          })),
        );
        return stored.length;
      });
      if (pushes > 0) this.onPushQueued?.();
      return sent;
    } catch (err) {
      this.log.error({ err }, 'notifications: sending failed');
      return 0;
    }
  }

  /** Pushes changes of a thread or a grading column to the streams showing them. Never throws. */
  async publish(events: LiveEvent[]): Promise<void> {
    try {
      await this.db.transaction((tx) => publishIn(tx, events));
    } catch (err) {
      this.log.error({ err }, 'live: publishing failed');
    }
  }

  /** Marks the user's notification read (or all of them, without `id`); returns false when `id` is not theirs. */
  async markRead(userId: number, id?: number): Promise<{ found: boolean; unread: number }> {
    return this.db.transaction(async (tx) => {
      await lockPublishing(tx);
      const changed = await tx
        .update(notifications)
        .set({
          readAt: sql`coalesce(${notifications.readAt}, now())`,
          // A read summary is closed: the next hand-in starts a new one.
          dedupeKey: sql`case when ${notifications.kind} in (${sql.join(
            SUMMARY_KINDS.map((k) => sql`${k}`),
            sql`, `,
          )}) then null else ${notifications.dedupeKey} end`,
        })
        .where(and(eq(notifications.userId, userId), id === undefined ? isNull(notifications.readAt) : eq(notifications.id, id)))
        .returning({ id: notifications.id });
      if (id !== undefined && changed.length === 0) return { found: false, unread: 0 };
      const unread = (await unreadOf(tx, [userId])).get(userId) ?? 0;
      await publishIn(tx, [{ topic: topics.user(userId), event: 'read', data: { unread } }]);
      return { found: true, unread };
    });
  }
}

async function insert(tx: Executor, n: NewNotification): Promise<Row[]> {
  const userIds = [...new Set(n.userIds)].filter((id) => id !== n.actorId);
  if (userIds.length === 0) return [];
  const base = {
    kind: n.kind,
    actorId: n.actorId ?? null,
    subject: n.subject.slice(0, 255),
    context: n.context?.slice(0, 255) ?? null,
    link: n.link,
    dedupeKey: n.dedupe?.key ?? null,
  };
  if (n.dedupe?.mode === 'once') {
    return tx
      .insert(notifications)
      .values(userIds.map((userId) => ({ ...base, userId })))
      .onConflictDoNothing({ target: [notifications.userId, notifications.dedupeKey] })
      .returning();
  }
  const counts = new Map<number, number>();
  if (n.dedupe?.mode === 'sum') {
    // The unread summary goes and comes back on top with one more (serialised by the publishers' lock).
    const prev = await tx
      .delete(notifications)
      .where(and(inArray(notifications.userId, userIds), eq(notifications.dedupeKey, n.dedupe.key)))
      .returning({ userId: notifications.userId, count: notifications.count });
    for (const p of prev) counts.set(p.userId, p.count);
  }
  return tx
    .insert(notifications)
    .values(userIds.map((userId) => ({ ...base, userId, count: (counts.get(userId) ?? 0) + 1 })))
    .returning();
}
