/**
 * Issue 42: the secret calendar feed (contract schemas/reach.ts). Stub of the foundation.
 */
import type { App } from '../../types.js';

/** The caller's feed address: GET, POST (new), DELETE (revoke). */
export async function routes(_app: App) {}

/** The feed itself, public: the address is the secret. */
export async function publicRoutes(_app: App) {}
