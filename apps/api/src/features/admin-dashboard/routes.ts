import { dashboardStats, ok } from '@kelasku/contract';
import type { App } from '../../types.js';
import { userTotals } from './queries.js';

/** GET /api/admin/dashboard/users — the admin's four stat tiles. */
export default async function adminDashboardRoutes(app: App): Promise<void> {
  app.get(
    '/dashboard/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Totals of users, admins, teachers and students for the dashboard tiles',
        response: { 200: ok(dashboardStats) },
      },
    },
    async () => ({ success: true as const, data: await userTotals(app.db) }),
  );
}
