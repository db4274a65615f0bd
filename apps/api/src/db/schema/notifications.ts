/** Notifications and the live events between instances. */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

/**
 * The bell: one row per notification of one user. `dedupe_key` makes a row once per (user, key):
 * a due-soon reminder is sent once per assignment, and a summary ("5 siswa mengumpulkan Tugas 3")
 * is the same row counted up (and made unread again) instead of one row per hand-in.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 32 }).notNull(),
    /** Who caused it (a teacher, a student); null when the system did (reminders, imports). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The object's title ("Tugas 3", a forum topic, an import's summary). */
    subject: varchar('subject', { length: 255 }).notNull(),
    /** Where it lives (the class's name), when that helps. */
    context: varchar('context', { length: 255 }),
    /** The app path it opens. */
    link: varchar('link', { length: 500 }).notNull(),
    dedupeKey: varchar('dedupe_key', { length: 100 }),
    count: integer('count').notNull().default(1),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    /** Included in an e-mail digest. */
    emailedAt: timestamp('emailed_at', { withTimezone: true, mode: 'date' }),
    /** Issue 42: a reminder's due time (quiet hours hold pushes except reminders due within two hours). */
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    uniqueIndex('notifications_user_key_uq').on(t.userId, t.dedupeKey),
    index('notifications_created_idx').on(t.createdAt),
    index('notifications_actor_idx').on(t.actorId),
    // The bell's count, on every page: the unread rows alone (migration 0031).
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * What the live streams carry, in commit order (publishers take one advisory lock): a stream
 * that reconnects with its last event id is sent what it missed, without gaps or repeats. Topics:
 * `user:ID` (notifications), `forum:ID` (a thread's changes), `grading:ID` (an assignment's hand-ins).
 * Kept for a day.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: varchar('topic', { length: 64 }).notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_topic_idx').on(t.topic, t.id), index('live_events_created_idx').on(t.createdAt)],
);
