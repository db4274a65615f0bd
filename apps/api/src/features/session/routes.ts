import { MSG, errorEnvelope, loginBody, loginData, ok, okMessage, profile } from '@kelasku/contract';
import type { App } from '../../types.js';
import { dummyHash, verifyPassword } from '../../auth/passwords.js';
import { issueToken, revokeToken } from '../../auth/tokens.js';
import { HttpError, notFound, tooManyRequests } from '../../http/errors.js';
import {
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_USERNAME,
  blockedKeys,
  clearFailures,
  findLoginUser,
  loadProfile,
  recordFailure,
} from './queries.js';
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
      const userKey = `u:${username.toLowerCase()}`;
      const ipKey = `ip:${request.ip}`;
      const blocked = await blockedKeys(app.db, [
        { key: userKey, max: MAX_FAILURES_PER_USERNAME },
        { key: ipKey, max: MAX_FAILURES_PER_ADDRESS },
      ]);
      if (blocked.length > 0) throw tooManyRequests(MSG.loginRateLimited);

      const user = await findLoginUser(app.db, username);
      const good = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
      if (!user || !good) {
        await recordFailure(app.db, [userKey, ipKey]);
        throw new HttpError(401, MSG.loginFailed);
      }
      if (user.status !== 1) throw new HttpError(403, MSG.loginInactive);
      await clearFailures(app.db, userKey);
      const token = await issueToken(app.db, user.id);
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
