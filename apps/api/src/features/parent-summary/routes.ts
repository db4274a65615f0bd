/** Issue 40: the parents' weekly summary (job and reads) and the parent's settings. */
import { desc, eq, sql } from 'drizzle-orm';
import { PARENT_MSG, errorEnvelope, ok, parentSettings, parentSummary, type ParentSummary } from '@kelasku/contract';
import type { App } from '../../types.js';
import { notificationSettings, parentSummaries } from '../../db/schema.js';
import type { SummaryChild } from './week.js';

/** Summaries a parent sees: the last twelve weeks. */
const SUMMARIES_SHOWN = 12;

/** The weekly summary's e-mail switch is the parent's notification setting (issue 42: group `parent_summary`, channel e-mail). */
async function settingsOf(app: App, parentId: number) {
  const [row] = await app.db
    .select({ emailOff: notificationSettings.emailOff })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, parentId));
  return { weekly_summary_email: !(row?.emailOff ?? []).includes('parent_summary') };
}

/** /api/parent: the summaries and the settings. */
export async function parentRoutes(app: App): Promise<void> {
  const tags = ['parent: ringkasan'];

  app.get(
    '/summaries',
    {
      schema: {
        tags,
        summary: "The caller's weekly summaries (each child's missing work, new grades and absences of the week), newest first, at most 12",
        response: { 200: ok(parentSummary.array()) },
      },
    },
    async (request) => {
      const rows = await app.db
        .select({
          id: parentSummaries.id,
          weekStart: parentSummaries.weekStart,
          body: parentSummaries.body,
          createdAt: parentSummaries.createdAt,
        })
        .from(parentSummaries)
        .where(eq(parentSummaries.parentId, request.user.id))
        .orderBy(desc(parentSummaries.weekStart))
        .limit(SUMMARIES_SHOWN);
      const data: ParentSummary[] = rows.map((r) => ({
        id: r.id,
        week_start: r.weekStart,
        children: (r.body as { children: SummaryChild[] }).children,
        created_at: r.createdAt.toISOString(),
      }));
      return { success: true as const, data };
    },
  );

  app.get(
    '/settings',
    { schema: { tags, summary: "The parent's settings (the weekly summary by e-mail)", response: { 200: ok(parentSettings) } } },
    async (request) => ({ success: true as const, data: await settingsOf(app, request.user.id) }),
  );

  app.put(
    '/settings',
    {
      schema: {
        tags,
        summary: "Saves the parent's settings: whether the weekly summary also comes by e-mail (it is always in the bell)",
        body: parentSettings,
        response: { 200: ok(parentSettings), 422: errorEnvelope },
      },
    },
    async (request) => {
      const { weekly_summary_email } = request.body;
      const off = weekly_summary_email ? [] : ['parent_summary'];
      await app.db
        .insert(notificationSettings)
        .values({ userId: request.user.id, emailOff: off })
        .onConflictDoUpdate({
          target: notificationSettings.userId,
          set: {
            emailOff: weekly_summary_email
              ? sql`array_remove(${notificationSettings.emailOff}, 'parent_summary')`
              : sql`array_append(array_remove(${notificationSettings.emailOff}, 'parent_summary'), 'parent_summary')`,
            updatedAt: sql`now()`,
          },
        });
      return { success: true as const, message: PARENT_MSG.settingsSaved, data: await settingsOf(app, request.user.id) };
    },
  );
}
