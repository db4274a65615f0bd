/**
 * Queuing pushes (issue 42): when the Notifier stores notifications, one statement inside its
 * transaction adds a `push_deliveries` row for every device of those users whose settings keep the
 * notification's group on for push, due now or when the user's quiet hours end.
 */
import { sql, type SQL } from 'drizzle-orm';
import { GROUP_OF_KIND, QUIET_HOURS_DEFAULT, QUIET_HOURS_URGENT_HOURS } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';

const TZ = 'Asia/Jakarta';

/**
 * When a push made at `at` may go out for quiet hours `start`–`end` (WIB `time`s; across midnight
 * when start > end): `at` itself outside them, else the instant they end. The one implementation
 * of quiet hours (tested in push-quiet.test.ts).
 */
export function quietUntil(at: SQL, enabled: SQL, start: SQL, end: SQL): SQL {
  const local = sql`(${at} at time zone ${TZ})`;
  const t = sql`${local}::time`;
  const day = sql`${local}::date`;
  return sql`case
    when not ${enabled} then ${at}
    when ${start} < ${end} and ${t} >= ${start} and ${t} < ${end} then (${day} + ${end}) at time zone ${TZ}
    when ${start} > ${end} and ${t} >= ${start} then (${day} + 1 + ${end}) at time zone ${TZ}
    when ${start} > ${end} and ${t} < ${end} then (${day} + ${end}) at time zone ${TZ}
    else ${at} end`;
}

const groups = JSON.stringify(GROUP_OF_KIND);

/**
 * Queues the pushes of these just-stored notifications (one statement, whatever their number);
 * returns how many deliveries were queued. No settings row means the defaults (every group on,
 * quiet hours 21.00–05.30). A reminder due within QUIET_HOURS_URGENT_HOURS goes through quiet hours.
 */
export async function queuePushes(tx: Executor, notificationIds: readonly number[]): Promise<number> {
  if (notificationIds.length === 0) return 0;
  const ids = sql`array[${sql.join(
    notificationIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[]`;
  const urgent = sql`n.kind = 'due_soon' and n.due_at is not null and n.due_at <= now() + make_interval(hours => ${QUIET_HOURS_URGENT_HOURS})`;
  const until = quietUntil(
    sql`now()`,
    sql`coalesce(ns.quiet_enabled, ${QUIET_HOURS_DEFAULT.enabled})`,
    sql`coalesce(ns.quiet_start, ${QUIET_HOURS_DEFAULT.start}::time)`,
    sql`coalesce(ns.quiet_end, ${QUIET_HOURS_DEFAULT.end}::time)`,
  );
  const { rowCount } = await tx.execute(sql`
    insert into push_deliveries (subscription_id, notification_id, send_after)
    select s.id, n.id, case when ${urgent} then now() else ${until} end
      from notifications n
      join push_subscriptions s on s.user_id = n.user_id
      left join notification_settings ns on ns.user_id = n.user_id
     where n.id = any(${ids})
       and not coalesce((${groups}::jsonb ->> n.kind) = any(ns.push_off), false)
    on conflict do nothing`);
  return rowCount ?? 0;
}
