/**
 * Reaching the phone (issue 42, migration 0028): the VAPID key pair, Web Push subscriptions (one
 * per device) and their deliveries, each user's notification settings, and the secret calendar feed.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  time,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { notifications } from './notifications.js';
import { authTokens, users } from './users.js';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The server's VAPID key pair (RFC 8292), made on the first start, shared by every instance (one row, id 1). */
export const webPushKeys = pgTable('web_push_keys', {
  id: smallint('id').primaryKey().default(1),
  publicKey: varchar('public_key', { length: 100 }).notNull(),
  privateKey: varchar('private_key', { length: 100 }).notNull(),
  createdAt: createdAt(),
});

/** A device's push subscription: its endpoint is unique (subscribing again moves it to whoever signed in). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that made it: logout (and every other end of the session) removes it. */
    tokenId: integer('token_id').references(() => authTokens.id, { onDelete: 'cascade' }),
    endpoint: varchar('endpoint', { length: 1000 }).notNull(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 100 }).notNull(),
    /** "Chrome di Android", for the list of the user's devices. */
    device: varchar('device', { length: 100 }),
    createdAt: createdAt(),
    lastSentAt: ts('last_sent_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_token_idx').on(t.tokenId),
  ],
);

/** One notification to send to one device; claimed before it is handed to the push service. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    /** Not before this instant (quiet hours, a retry's back-off). */
    sendAfter: ts('send_after').notNull().defaultNow(),
    attempts: smallint('attempts').notNull().default(0),
    /** Set when a sender took it; a claimed row is never sent again. */
    claimedAt: ts('claimed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_deliveries_uq').on(t.subscriptionId, t.notificationId),
    index('push_deliveries_due_idx')
      .on(t.sendAfter)
      .where(sql`${t.claimedAt} is null`),
    index('push_deliveries_notification_idx').on(t.notificationId),
  ],
);

/** A user's choices; no row means the defaults (every group on, quiet hours 21.00–05.30 WIB). */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The groups (contract NOTIFICATION_GROUPS) turned off for push and for e-mail. */
  pushOff: varchar('push_off', { length: 32 })
    .array()
    .notNull()
    .default(sql`'{}'`),
  emailOff: varchar('email_off', { length: 32 })
    .array()
    .notNull()
    .default(sql`'{}'`),
  quietEnabled: boolean('quiet_enabled').notNull().default(true),
  /** "21:00:00" (WIB). */
  quietStart: time('quiet_start').notNull().default('21:00'),
  quietEnd: time('quiet_end').notNull().default('05:30'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A user's secret calendar address (one at a time); revoking deletes the row. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: varchar('token', { length: 64 }).notNull(),
    createdAt: createdAt(),
    lastReadAt: ts('last_read_at'),
  },
  (t) => [uniqueIndex('calendar_feeds_token_uq').on(t.token)],
);
