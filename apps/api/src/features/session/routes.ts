import { MSG, errorEnvelope, loginBody, loginData, ok, okMessage, profile } from '@kelasku/contract';
import type { App } from '../../types.js';
import { dummyHash, verifyPassword } from '../../auth/passwords.js';
import { issueToken, revokeToken } from '../../auth/tokens.js';
import { HttpError, notFound, tooManyRequests } from '../../http/errors.js';
import { LOGIN_LIMITS, attemptKeys, releaseAttempt, reserveAttempt, sleep } from '../../auth/login-limits.js';
import { accountLocked } from '../notifications/events.js';
import { findLoginUser, loadProfile } from './queries.js';
import { eraseFirstPasswords } from '../imports/queries.js';
import { toLoginUser, toProfile } from './present.js';

/** POST /api/login — the one route of the session that needs no token. */
export async function publicRoutes(app: App) {
  app.post(
    '/login',
    {
      schema: {
        tags: ['session'],
        summary: 'Log in with a username or e-mail address',
        security: [],
        body: loginBody,
        response: { 200: ok(loginData), 401: errorEnvelope, 403: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => {
      const { username, password } = request.body;
      const user = await findLoginUser(app.db, username);
      const keys = attemptKeys(user ? { userId: user.id } : { typed: username }, request.ip);
      const reserved = await reserveAttempt(app.db, keys);
      if (!reserved) throw tooManyRequests(MSG.loginRateLimited);
      if (reserved.delayMs > 0) await sleep(reserved.delayMs);
      const good = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
      if (!user || !good) {
        // The failure that locks the account everywhere tells the admins (once: the count passes 50 once per window).
        if (user && reserved.accountFailures === LOGIN_LIMITS.perAccount) await accountLocked(app, user);
        throw new HttpError(401, MSG.loginFailed);
      }
      await releaseAttempt(app.db, keys);
      if (user.status !== 1) throw new HttpError(403, MSG.loginInactive);
      // The first sign-in erases the user's first password from the slips, with the session it opens.
      const token = await app.db.transaction(async (tx) => {
        const issued = await issueToken(tx, user.id);
        await eraseFirstPasswords(tx, [user.id]);
        return issued;
      });
      return {
        success: true as const,
        message: MSG.loginSuccess,
        data: {
          token,
          user: toLoginUser(app.files, user),
        },
      };
    },
  );
}

/** POST /api/logout and GET /api/me. */
export async function routes(app: App) {
  app.post(
    '/logout',
    { schema: { tags: ['session'], summary: 'Revoke the token of this session', response: { 200: okMessage } } },
    async (request) => {
      await revokeToken(app.db, request.user.tokenId);
      return { success: true as const, message: MSG.logoutSuccess };
    },
  );

  app.get(
    '/me',
    { schema: { tags: ['session'], summary: 'The profile of the logged-in user', response: { 200: ok(profile) } } },
    async (request) => {
      const row = await loadProfile(app.db, request.user.id);
      if (!row) throw notFound();
      return { success: true as const, data: toProfile(app.files, row) };
    },
  );
}
