/**
 * Issue 42: the secret calendar feed (contract schemas/reach.ts). Every signed-in user has one
 * address at a time (calendar_feeds): a new one replaces the old, revoking deletes it. The feed
 * itself is public, the address being the secret; any token that is not a live one (revoked,
 * replaced, another's deleted account, guessed, malformed) answers the same 404.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  REACH_MSG,
  ROLE_BY_ID,
  calendarFeed,
  calendarFeedParams,
  errorEnvelope,
  ok,
  okMessage,
  type CalendarFeed,
} from '@kelasku/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../types.js';
import { notFound } from '../../http/errors.js';
import { buildFeed } from './feed.js';
import { WINDOW, deleteFeed, feedOf, ownerOfToken, replaceFeed, touchFeed } from './queries.js';

/** A token: 32 random bytes, base64url (43 characters); the address may end in ".ics". */
const TOKEN = /^([A-Za-z0-9_-]{43})(?:\.ics)?$/;
/** Calendar apps poll every few hours; a client may keep the answer this long. */
const MAX_AGE_SECONDS = 15 * 60;
/** last_read_at is written at most this often. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;
const DAY = 24 * 3600_000;

function baseUrl(app: App, request: FastifyRequest): string {
  return (app.config.publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

function present(app: App, request: FastifyRequest, row: Awaited<ReturnType<typeof feedOf>>): CalendarFeed {
  if (!row) return { url: null, created_at: null, last_read_at: null };
  return {
    url: `${baseUrl(app, request)}/api/calendar/feed/${row.token}.ics`,
    created_at: new Date(row.createdAt).toISOString(),
    last_read_at: row.lastReadAt === null ? null : new Date(row.lastReadAt).toISOString(),
  };
}

/** The caller's feed address: GET, POST (new), DELETE (revoke). */
export async function routes(app: App) {
  const tags = ['kalender'];

  app.get(
    '/calendar',
    { schema: { tags, summary: "The caller's calendar address (url null: none yet)", response: { 200: ok(calendarFeed) } } },
    async (request) => ({ success: true as const, data: present(app, request, await feedOf(app.db, request.user.id)) }),
  );

  app.post(
    '/calendar',
    {
      schema: {
        tags,
        summary: 'A new secret calendar address; the previous one answers 404 from now on',
        response: { 201: ok(calendarFeed) },
      },
    },
    async (request, reply) => {
      await replaceFeed(app.db, request.user.id, randomBytes(32).toString('base64url'));
      reply.code(201);
      return {
        success: true as const,
        message: REACH_MSG.calendarMade,
        data: present(app, request, await feedOf(app.db, request.user.id)),
      };
    },
  );

  app.delete(
    '/calendar',
    { schema: { tags, summary: 'Revokes the calendar address (it answers 404 from now on)', response: { 200: okMessage } } },
    async (request) => {
      await deleteFeed(app.db, request.user.id);
      return { success: true as const, message: REACH_MSG.calendarRevoked };
    },
  );
}

/** The feed itself, public: the address is the secret. */
export async function publicRoutes(app: App) {
  app.get(
    '/calendar/feed/:token',
    {
      schema: {
        tags: ['kalender'],
        summary:
          "A user's calendar (text/calendar, RFC 5545): deadlines, quizzes and exams, the weekly timetable and extra meetings, " +
          `${WINDOW.pastDays} days back to ${WINDOW.aheadDays} days ahead. A token that is not live (revoked, replaced, guessed) answers 404.`,
        security: [],
        params: calendarFeedParams,
        response: { 200: z.string().describe('text/calendar'), 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      // A dead address's 404 is kept nowhere; a live feed says below how long a calendar app may keep it.
      void reply.header('cache-control', 'no-store');
      const token = TOKEN.exec(request.params.token)?.[1];
      const owner = token ? await ownerOfToken(app.db, token) : null;
      if (!owner) throw notFound();
      const now = Date.now();
      const user = { id: owner.userId, role: ROLE_BY_ID[owner.roleId]!, name: owner.name };
      const calendar = await buildFeed(app.db, user, baseUrl(app, request), {
        from: now - WINDOW.pastDays * DAY,
        to: now + WINDOW.aheadDays * DAY,
      });
      if (owner.lastReadAt === null || now - owner.lastReadAt >= TOUCH_EVERY_MS) await touchFeed(app.db, owner.userId);
      void reply
        .header('cache-control', `private, max-age=${MAX_AGE_SECONDS}`)
        .header('x-robots-tag', 'noindex')
        .type('text/calendar; charset=utf-8');
      return calendar.toString();
    },
  );
}
