/**
 * Issue 42: each user's notification settings (contract schemas/reach.ts). Stub of the foundation.
 */
import type { App } from '../../types.js';

export default async function notificationSettingsRoutes(_app: App) {}
