import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { preparedQuery, type Db, type Tx } from '../db/client.js';
import { authTokens, users } from '../db/schema.js';
import type { SessionCache } from './session-cache.js';

export const TOKEN_IDLE_DAYS = 30;
/** last_used_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits; only the hash is stored. */
export async function issueToken(db: Db, userId: number): Promise<string> {
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
}

const tokenUserQuery = preparedQuery('token_user', (db, name) =>
  db
    .select({
      tokenId: authTokens.id,
      lastUsedAt: authTokens.lastUsedAt,
      id: users.id,
      roleId: users.roleId,
      name: users.name,
      username: users.username,
    })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('hash')),
        gt(authTokens.lastUsedAt, sql`now() - make_interval(days => ${TOKEN_IDLE_DAYS})`),
        eq(users.status, 1),
      ),
    )
    .limit(1)
    .prepare(name),
);

/**
 * The live user behind a bearer token, or null when the token is unknown, idle too long, or the user
 * is inactive. A session the cache holds costs no database round trip.
 */
export async function userForToken(db: Db, token: string, cache?: SessionCache): Promise<TokenUser | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const hash = hashToken(token);
  const now = Date.now();
  const hit = cache?.get(hash, now);
  if (hit) {
    // Touching the token tells every instance (the trigger) to read it again: at most every 5 minutes.
    if (now - hit.lastUsedAt > TOUCH_EVERY_MS) await touch(db, hit.user.tokenId);
    return hit.user;
  }
  const mark = cache?.mark() ?? 0;
  const [row] = await tokenUserQuery(db).execute({ hash });
  if (!row) return null;
  let lastUsedAt = row.lastUsedAt.getTime();
  if (now - lastUsedAt > TOUCH_EVERY_MS) {
    await touch(db, row.tokenId);
    lastUsedAt = now;
  }
  const { lastUsedAt: _ignored, ...user } = row;
  cache?.set(hash, user, lastUsedAt, mark);
  return user;
}

async function touch(db: Db, tokenId: number): Promise<void> {
  await db.update(authTokens).set({ lastUsedAt: sql`now()` }).where(eq(authTokens.id, tokenId));
}

export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db.delete(authTokens).where(eq(authTokens.id, tokenId));
}

/** Revokes every token of a user, except the one given (the session that asked). */
export async function revokeUserTokens(db: Db | Tx, userId: number, exceptTokenId?: number): Promise<void> {
  await db
    .delete(authTokens)
    .where(
      exceptTokenId === undefined
        ? eq(authTokens.userId, userId)
        : and(eq(authTokens.userId, userId), sql`${authTokens.id} <> ${exceptTokenId}`),
    );
}

/** Drops tokens idle past their lifetime. */
export async function purgeIdleTokens(db: Db): Promise<void> {
  await db.delete(authTokens).where(lt(authTokens.lastUsedAt, sql`now() - make_interval(days => ${TOKEN_IDLE_DAYS})`));
}
