import { and, desc, eq, lt } from 'drizzle-orm';
import {
  NOTIF_MSG,
  errorEnvelope,
  liveQuery,
  notificationList,
  notificationListQuery,
  notificationParams,
  ok,
  unreadCount,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { notifications, users } from '../../db/schema.js';
import { assignmentFor, forumFor } from '../../access/index.js';
import { notFound } from '../../http/errors.js';
import { topics } from '../../live/bus.js';
import { DISPLACED_RETRY_MS } from '../../live/sessions.js';
import { presentNotification, unreadCountOf } from './service.js';
import { meetingForTeacher } from '../checkin/queries.js';
import { quizForTeacher } from '../../access/quizzes.js';

/** The bell of the signed-in user (any role): /api/notifications. */
export default async function notificationRoutes(app: App): Promise<void> {
  const tags = ['notifications'];

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'The caller’s notifications, newest first, a page at a time (`before`: the `next_before` of the previous page)',
        querystring: notificationListQuery,
        response: { 200: ok(notificationList) },
      },
    },
    async (request) => {
      const { before, limit } = request.query;
      const me = request.user.id;
      const [rows, unread] = await Promise.all([
        app.db
          .select({ n: notifications, actor: { id: users.id, name: users.name, avatarFileId: users.avatarFileId } })
          .from(notifications)
          .leftJoin(users, eq(users.id, notifications.actorId))
          .where(and(eq(notifications.userId, me), before ? lt(notifications.id, before) : undefined))
          .orderBy(desc(notifications.id))
          .limit(limit + 1),
        unreadCountOf(app.db, me),
      ]);
      const page = rows.slice(0, limit);
      return {
        success: true as const,
        data: {
          items: page.map((r) => presentNotification(app.files, r.n, r.actor?.id ? r.actor : null)),
          unread,
          next_before: rows.length > limit ? page[page.length - 1]!.n.id : null,
        },
      };
    },
  );

  app.get(
    '/notifications/unread-count',
    { schema: { tags, summary: 'How many of the caller’s notifications are unread', response: { 200: ok(unreadCount) } } },
    async (request) => ({
      success: true as const,
      data: { unread: await unreadCountOf(app.db, request.user.id) },
    }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Marks one of the caller’s notifications read (another user’s: 404)',
        params: notificationParams,
        response: { 200: ok(unreadCount), 404: errorEnvelope },
      },
    },
    async (request) => {
      const { found, unread } = await app.notifier.markRead(request.user.id, request.params.id);
      if (!found) throw notFound();
      return { success: true as const, message: NOTIF_MSG.read, data: { unread } };
    },
  );

  app.post(
    '/notifications/read-all',
    { schema: { tags, summary: 'Marks all of the caller’s notifications read', response: { 200: ok(unreadCount) } } },
    async (request) => {
      const { unread } = await app.notifier.markRead(request.user.id);
      return { success: true as const, message: NOTIF_MSG.allRead, data: { unread } };
    },
  );

  app.get(
    '/live',
    {
      schema: {
        tags,
        summary:
          'Server-sent events: the caller’s new notifications (`notification`, `read`), and with `forum` or `assignment` ' +
          '(and their `class` and `content`) the changes of that thread (`forum`) or grading column (`grading`, teacher); with ' +
          '`meeting` and its `class` the marks of that meeting as they change (`attendance`, teacher); with `quiz` (and its ' +
          '`class` and `content`) the proctor board of an exam (`exam`, teacher). ' +
          'Resumes after `Last-Event-ID` (or `last_event_id`) without gaps or repeats; `reset` when that is too old.',
        querystring: liveQuery,
        produces: ['text/event-stream'],
        response: { 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const user = request.user;
      const list = [topics.user(user.id)];
      if (q.forum !== undefined || q.assignment !== undefined) {
        if (q.class === undefined || q.content === undefined) throw notFound();
        const path = { classId: q.class, lessonId: q.content };
        if (q.forum !== undefined) {
          await forumFor(app.db, user, { ...path, forumId: q.forum }, 'read');
          list.push(topics.forum(q.forum));
        }
        if (q.assignment !== undefined) {
          if (user.role !== 'teacher') throw notFound();
          await assignmentFor(app.db, user, { ...path, id: q.assignment }, 'read');
          list.push(topics.grading(q.assignment));
        }
      }
      if (q.meeting !== undefined) {
        // Issue 38: a meeting's marks as they change (self check-in), for a teacher of its class.
        if (user.role !== 'teacher' || q.class === undefined) throw notFound();
        await meetingForTeacher(app.db, user, q.class, q.meeting, 'read');
        list.push(topics.attendance(q.meeting));
      }
      if (q.quiz !== undefined) {
        // Issue 41: an exam-mode quiz's proctor board, for a teacher of its class.
        if (user.role !== 'teacher' || q.class === undefined || q.content === undefined) throw notFound();
        await quizForTeacher(app.db, user, { classId: q.class, lessonId: q.content, quizId: q.quiz }, 'read');
        list.push(topics.exam(q.quiz));
      }
      const header = request.headers['last-event-id'];
      const fromHeader = typeof header === 'string' && /^\d{1,18}$/.test(header) ? Number(header) : undefined;
      const after = fromHeader ?? q.last_event_id ?? null;

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      // Browsers wait this long before reconnecting after a drop.
      res.write('retry: 2000\n\n');
      // The stream ends with its session (logout, password change, deactivation, reset, expiry), and a
      // sixth stream of the user ends the oldest, told to wait before reconnecting (live/sessions.ts).
      const session = app.liveSessions.open(user.id, user.tokenId, (why) => {
        if (why === 'displaced') res.write(`retry: ${DISPLACED_RETRY_MS}\n\n`);
        res.end();
      });
      const close = await app.live.subscribe(list, after, (id, event, data) =>
        session.send(() => res.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
      );
      // A comment line now and then keeps proxies and mobile networks from closing an idle stream.
      const ping = setInterval(() => res.write(': ping\n\n'), 25_000);
      const end = () => {
        clearInterval(ping);
        close();
        session.close();
        app.liveStreams.delete(res);
      };
      app.liveStreams.add(res);
      res.on('close', end);
      request.raw.on('close', end);
      // The client may have left, or the session ended, while the missed events were read.
      if (res.destroyed || res.writableEnded) end();
    },
  );
}
