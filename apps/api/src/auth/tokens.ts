import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client.js';
import { authTokens, users } from '../db/schema.js';
import { preparedFor } from '../db/prepared.js';

export const TOKEN_IDLE_DAYS = 30;
/** last_used_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits; only the hash is stored. */
export async function issueToken(db: Db | Tx, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(authTokens).values({ userId, tokenHash: hashToken(token) });
  return token;
}

export interface TokenUser {
  tokenId: number;
  id: number;
  roleId: number;
  name: string;
  username: string;
  mustChangePassword: boolean;
}

/**
 * The live user of a session: the token's row joined to its user, unless the session idled out or
 * the user is inactive. `stale` says whether last_used_at is due for a write, by the database's
 * clock (the one that wrote it). Every authenticated request runs this lookup, so it is a named
 * prepared statement (db/prepared.ts): built once, parsed and planned once per connection.
 */
function liveSession(db: Db, which: SQL) {
  return db
    .select({
      tokenId: authTokens.id,
      id: users.id,
      roleId: users.roleId,
      name: users.name,
      username: users.username,
      mustChangePassword: users.mustChangePassword,
      stale: sql<boolean>`${authTokens.lastUsedAt} < now() - make_interval(secs => ${sql.raw(String(TOUCH_EVERY_MS / 1000))})`,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(which, sql`${authTokens.lastUsedAt} > now() - make_interval(days => ${sql.raw(String(TOKEN_IDLE_DAYS))})`, eq(users.status, 1)),
    )
    .limit(1);
}

const sessionByHash = preparedFor((db) => liveSession(db, eq(authTokens.tokenHash, sql.placeholder('hash'))).prepare('session_by_hash'));
const sessionById = preparedFor((db) => liveSession(db, eq(authTokens.id, sql.placeholder('id'))).prepare('session_by_id'));

/**
 * The live user behind a bearer token, or null when the token is unknown, idle too long, or the user
 * is inactive: one indexed lookup (the token hash is unique), plus a write every five minutes of use.
 */
export async function userForToken(db: Db, token: string): Promise<TokenUser | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return used(db, await sessionByHash(db).execute({ hash: hashToken(token) }));
}

/**
 * The live user behind a session by its id (a signed download link names the session that minted
 * it): null once that session has ended, idled out, or the user is inactive.
 */
export async function userForTokenId(db: Db, tokenId: number): Promise<TokenUser | null> {
  return used(db, await sessionById(db).execute({ id: tokenId }));
}

/** The session's user, its last use written when due. */
async function used(db: Db, rows: Array<TokenUser & { stale: boolean }>): Promise<TokenUser | null> {
  const row = rows[0];
  if (!row) return null;
  const { stale, ...user } = row;
  if (stale) await touch(db, row.tokenId);
  return user;
}

/**
 * Of these sessions, the ones still live, each with the milliseconds left before it idles out (by
 * the database's clock, which wrote its last use). One query for any number of live streams.
 */
export async function sessionsLeft(db: Db, tokenIds: readonly number[]): Promise<Map<number, number>> {
  if (tokenIds.length === 0) return new Map();
  const { rows } = await db.execute<{ id: number; left: number }>(sql`
    select t.id, (extract(epoch from t.last_used_at + make_interval(days => ${TOKEN_IDLE_DAYS}) - now()) * 1000)::float8 as "left"
    from auth_tokens t join users u on u.id = t.user_id
    where t.id = any(${`{${tokenIds.join(',')}}`}::int[]) and t.last_used_at > now() - make_interval(days => ${TOKEN_IDLE_DAYS})
      and u.status = 1`);
  return new Map(rows.map((r) => [Number(r.id), Number(r.left)]));
}

async function touch(db: Db, tokenId: number): Promise<void> {
  await db
    .update(authTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(authTokens.id, tokenId));
}

/** The channel on which a user's sessions are announced as possibly ended (live/bus.ts listens on it). */
const SESSION_CHANNEL = 'kelasku_session';

/**
 * Deletes the tokens `which` selects and, in the same statement, announces each of their users on
 * SESSION_CHANNEL, so every instance closes the streams of the sessions that ended
 * (live/sessions.ts). Within the caller's transaction the notice is sent when it commits, and not at
 * all when it rolls back. Every way a session ends goes through here.
 */
async function endSessions(db: Executor, which: SQL): Promise<void> {
  await db.execute(sql`
    with gone as (delete from auth_tokens where ${which} returning user_id)
    select pg_notify(${SESSION_CHANNEL}, u::text) from (select distinct user_id as u from gone) ended`);
}

/** Ends one session (logout). */
export async function revokeToken(db: Executor, tokenId: number): Promise<void> {
  await endSessions(db, eq(authTokens.id, tokenId));
}

/** Revokes every token of a user (or of several, in one statement), except the one given (the session that asked). */
export async function revokeUserTokens(db: Executor, userId: number | readonly number[], exceptTokenId?: number): Promise<void> {
  if (typeof userId !== 'number' && userId.length === 0) return;
  const whose = typeof userId === 'number' ? eq(authTokens.userId, userId) : inArray(authTokens.userId, [...userId]);
  await endSessions(db, exceptTokenId === undefined ? whose : and(whose, sql`${authTokens.id} <> ${exceptTokenId}`)!);
}

/** Drops tokens idle past their lifetime (their streams have ended by then: live/sessions.ts times them). */
export async function purgeIdleTokens(db: Executor): Promise<void> {
  await endSessions(db, lt(authTokens.lastUsedAt, sql`now() - make_interval(days => ${TOKEN_IDLE_DAYS})`));
}
