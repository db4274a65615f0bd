/**
 * Issue 42: each user's notification settings (table notification_settings; contract schemas/reach.ts).
 *
 * A row keeps only what differs from "everything on": the groups turned off per channel (`push_off`,
 * `email_off`) and the quiet hours (WIB wall-clock). No row means the defaults: every group on for
 * push and e-mail, quiet hours 21:00–05:30 on. The bell always shows every group.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  GROUP_OF_KIND,
  NOTIFICATION_GROUPS,
  QUIET_HOURS_DEFAULT,
  type NotificationGroup,
  type NotificationSettings,
} from '@kelasku/contract';
import type { Db } from '../../db/client.js';
import { notificationSettings } from '../../db/schema.js';

type Row = typeof notificationSettings.$inferSelect;

/** Every group on, or off where `off` names it. */
const switches = (off: readonly string[]) =>
  Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, !off.includes(g)])) as Record<NotificationGroup, boolean>;

/** "21:00:00" (a time column) → "21:00". */
const clock = (t: string) => t.slice(0, 5);

/** The settings a row stands for (no row: the defaults). */
export function presentSettings(
  row: Pick<Row, 'pushOff' | 'emailOff' | 'quietEnabled' | 'quietStart' | 'quietEnd'> | undefined,
): NotificationSettings {
  if (!row) return { push: switches([]), email: switches([]), quiet_hours: { ...QUIET_HOURS_DEFAULT } };
  return {
    push: switches(row.pushOff),
    email: switches(row.emailOff),
    quiet_hours: { enabled: row.quietEnabled, start: clock(row.quietStart), end: clock(row.quietEnd) },
  };
}

export async function readSettings(db: Db, userId: number): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return presentSettings(row);
}

/** Stores the whole settings of a user: only the groups turned off are kept. */
export async function saveSettings(db: Db, userId: number, s: NotificationSettings): Promise<NotificationSettings> {
  const offOf = (channel: Record<NotificationGroup, boolean>) => NOTIFICATION_GROUPS.filter((g) => !channel[g]);
  const values = {
    pushOff: offOf(s.push),
    emailOff: offOf(s.email),
    quietEnabled: s.quiet_hours.enabled,
    quietStart: s.quiet_hours.start,
    quietEnd: s.quiet_hours.end,
  };
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return presentSettings(row);
}

/** The group (contract GROUP_OF_KIND) of a notification kind, in SQL; null for a kind the contract does not know. */
export function groupOfKindSql(kind: AnyPgColumn | SQL): SQL<string | null> {
  const whens = Object.entries(GROUP_OF_KIND).map(([k, g]) => sql.raw(`when '${k}' then '${g}'`));
  return sql<string | null>`(case ${kind} ${sql.join(whens, sql` `)} end)`;
}

/**
 * True where the user of `userId` turned the group of `kind` off for this channel (SQL). A user
 * without a row, and a kind without a group, are on.
 */
export function channelOffSql(channel: 'push' | 'email', userId: AnyPgColumn | SQL, kind: AnyPgColumn | SQL): SQL<boolean> {
  const column = channel === 'push' ? notificationSettings.pushOff : notificationSettings.emailOff;
  return sql<boolean>`exists (select 1 from ${notificationSettings} where ${notificationSettings.userId} = ${userId} and ${groupOfKindSql(kind)} = any(${column}))`;
}
