/**
 * Issue 42: Web Push subscriptions of the signed-in user (contract schemas/reach.ts). Stub of the
 * foundation; the push helper fills it.
 */
import type { App } from '../../types.js';

export default async function pushRoutes(_app: App) {}
