import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { loginFailures } from '../db/schema.js';

/**
 * Limits on password checks (DECISIONS "Sessions and passwords"). Failures are counted per
 * account (the resolved user, however it was typed; an unknown name under the typed text), per
 * account + address, and per address, in the database so that every instance agrees:
 *
 * - 10 failures of one account from one address within 15 minutes → 429 for that pair;
 * - 50 failures of one account from all addresses → 429 for that account everywhere, until the
 *   window passes or an admin lifts the lock;
 * - an address is never locked: past 50 failures each further attempt from it waits 1 s more,
 *   at most 10 s, and a correct password still logs in.
 *
 * An attempt is reserved (counted) before its password is checked, in one statement that takes the
 * counters' row locks, so any number of parallel attempts checks at most the allowed number of
 * passwords. A correct password gives its reservation back.
 */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  perAccountAndAddress: 10,
  perAccount: 50,
  /** Failures from one address after which every attempt from it is slowed down. */
  addressSlowAfter: 50,
  addressMaxDelaySeconds: 10,
} as const;

export interface AttemptKeys {
  account: string;
  accountAndAddress: string;
  address: string;
}

/** The counter keys of an attempt on an account (a user id, or the typed name when no user has it) from an address. */
export function attemptKeys(account: { userId: number } | { typed: string }, address: string): AttemptKeys {
  const a = 'userId' in account ? accountKey(account.userId) : `a?:${account.typed.toLowerCase()}`;
  return { account: a, accountAndAddress: `${a}|${address}`, address: `ip:${address}` };
}

export const accountKey = (userId: number) => `a:${userId}`;

const windowOpenFor = (minutes: number) => sql`now() - make_interval(mins => ${minutes})`;
const windowOpen = windowOpenFor(LOGIN_LIMITS.windowMinutes);

/**
 * `insert … on conflict` that counts one attempt on a key, starting a new window once the old one
 * passed; with `max`, a key at its limit within the window takes nothing and the statement returns no row.
 */
const upsert = (
  key: string,
  max: number | null,
  onlyIf: ReturnType<typeof sql> | null,
  windowMinutes: number = LOGIN_LIMITS.windowMinutes,
) => {
  const expired = sql`login_failures.window_start < ${windowOpenFor(windowMinutes)}`;
  return sql`insert into login_failures (key, count, window_start)
    select ${key}, 1, now() ${onlyIf ? sql`where ${onlyIf}` : sql``}
    on conflict (key) do update set
      count = case when ${expired} then 1 else login_failures.count + 1 end,
      window_start = case when ${expired} then now() else login_failures.window_start end
    ${max === null ? sql`` : sql`where ${expired} or login_failures.count < ${max}`}
    returning count`;
};

/** `accountFailures`: the account's count within its window, this attempt included (50 locks it). */
export type Reservation = { delayMs: number; accountFailures: number } | null;

/**
 * Reserves one password check: null when the account (from this address, or from everywhere) is
 * over its limit; otherwise how long to wait before checking (a busy address is slowed down). One
 * statement: the account + address counter first, the account's only if that one took the attempt,
 * the address's only if both did; each row is locked only while the statement runs.
 */
export async function reserveAttempt(db: Db, keys: AttemptKeys): Promise<Reservation> {
  const { rows } = await db.execute<{ address: number | null; account: number | null }>(sql`
    with pair as (${upsert(keys.accountAndAddress, LOGIN_LIMITS.perAccountAndAddress, null)}),
      account as (${upsert(keys.account, LOGIN_LIMITS.perAccount, sql`exists (select 1 from pair)`)}),
      address as (${upsert(keys.address, null, sql`exists (select 1 from account)`)})
    select (select count from address) as address, (select count from account) as account`);
  const count = rows[0]?.address;
  if (count == null) return null;
  const over = Number(count) - 1 - LOGIN_LIMITS.addressSlowAfter + 1;
  return {
    delayMs: over > 0 ? Math.min(over, LOGIN_LIMITS.addressMaxDelaySeconds) * 1000 : 0,
    accountFailures: Number(rows[0]?.account ?? 0),
  };
}

/** A correct password: the reserved attempt was no failure. */
export async function releaseAttempt(db: Db, keys: AttemptKeys): Promise<void> {
  await db
    .update(loginFailures)
    .set({ count: sql`greatest(${loginFailures.count} - 1, 0)` })
    .where(inArray(loginFailures.key, [keys.account, keys.accountAndAddress, keys.address]));
}

/** Which of these users are locked everywhere (50 failures within the window): the admin's user list shows them. */
export async function lockedUsers(db: Executor, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ key: loginFailures.key })
    .from(loginFailures)
    .where(
      and(
        inArray(loginFailures.key, userIds.map(accountKey)),
        gte(loginFailures.count, LOGIN_LIMITS.perAccount),
        gte(loginFailures.windowStart, windowOpen),
      ),
    );
  return new Set(rows.map((r) => Number(r.key.slice(2))));
}

/** Lifts an account's lock (the admin's "Buka kunci"): its failures everywhere and from each address are forgotten. */
export async function unlockAccount(db: Executor, userId: number): Promise<void> {
  const key = accountKey(userId);
  await db.delete(loginFailures).where(sql`${loginFailures.key} = ${key} or ${loginFailures.key} like ${`${key}|%`}`);
}

/**
 * Counts one use of `key` (another kind of write than a login, e.g. `c:<userId>` for comments) in the
 * same table and with the same single statement: false when `max` uses within `windowMinutes` are
 * already counted. Atomic, and shared by every instance.
 */
export async function takeSlot(db: Db, key: string, max: number, windowMinutes: number): Promise<boolean> {
  const { rows } = await db.execute(upsert(key, max, null, windowMinutes));
  return rows.length > 0;
}

/**
 * Forgets the counters whose window started over a day ago (the nightly clean-up): the longest
 * window is an hour, so such a row counts nothing, and the next use of its key starts afresh anyway.
 */
export async function forgetEndedWindows(db: Executor): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.windowStart, sql`now() - interval '1 day'`));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
