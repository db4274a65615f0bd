/**
 * Issue 42: each user's notification settings (contract schemas/reach.ts), for every signed-in user
 * (parents too): GET /api/notification-settings and PUT /api/notification-settings.
 */
import { REACH_MSG, errorEnvelope, notificationSettings, ok } from '@kelasku/contract';
import type { App } from '../../types.js';
import { readSettings, saveSettings } from './queries.js';

export default async function notificationSettingsRoutes(app: App) {
  const tags = ['notifications'];

  app.get(
    '/notification-settings',
    {
      schema: {
        tags,
        summary: "The caller's notification settings: every group on or off for push and e-mail, and the quiet hours (WIB)",
        response: { 200: ok(notificationSettings) },
      },
    },
    async (request) => ({ success: true as const, data: await readSettings(app.db, request.user.id) }),
  );

  app.put(
    '/notification-settings',
    {
      schema: {
        tags,
        summary:
          'Saves the whole settings: each group for push and e-mail (the bell always has every group) and the quiet hours ' +
          '("HH:MM" WIB; start and end differ; a span across midnight is allowed)',
        body: notificationSettings,
        response: { 200: ok(notificationSettings), 422: errorEnvelope },
      },
    },
    async (request) => ({
      success: true as const,
      message: REACH_MSG.settingsSaved,
      data: await saveSettings(app.db, request.user.id, request.body),
    }),
  );
}
