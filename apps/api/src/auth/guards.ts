import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG, ROLE_BY_ID, ROLE_IDS, type RoleName } from '@kelasku/contract';
import { forbidden, unauthorized } from '../http/errors.js';
import { userForToken, type TokenUser } from './tokens.js';

/** The signed-in user of a request: set by {@link authenticate}. */
export interface AuthUser extends TokenUser {
  role: RoleName;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m ? m[1]! : null;
}

/** onRequest hook: 401 unless the bearer token belongs to an active user. */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearer(request);
  if (!token) throw unauthorized();
  const user = await userForToken(request.server.db, token);
  if (!user) throw unauthorized();
  request.user = { ...user, role: ROLE_BY_ID[user.roleId]! };
  if (user.mustChangePassword && !ALLOWED_BEFORE_NEW_PASSWORD.has(`${request.method} ${request.routeOptions.url}`)) {
    throw forbidden(MSG.passwordChangeRequired);
  }
}

/** What a user who must set a new password may still do: see who they are, set it, or log out. */
const ALLOWED_BEFORE_NEW_PASSWORD = new Set(['GET /api/me', 'PATCH /api/profile/update-password', 'POST /api/logout']);

/** onRequest hook for a role area: 403 for any other role. */
export function requireRole(role: RoleName) {
  const id = ROLE_IDS[role];
  return async (request: FastifyRequest): Promise<void> => {
    if (request.user?.roleId !== id) throw forbidden();
  };
}
