/**
 * Issue 42: Web Push subscriptions of the signed-in user, any role (contract schemas/reach.ts).
 * One subscription per device (its endpoint): subscribing again moves it to whoever is signed in
 * there. A subscription belongs to the session that made it, so logging out removes it.
 */
import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import {
  MSG,
  PUSH_LIMITS,
  REACH_MSG,
  errorEnvelope,
  ok,
  okMessage,
  pushDevice,
  pushDeviceParams,
  pushKey,
  pushSubscriptionBody,
  type PushDevice,
} from '@kelasku/contract';
import type { App } from '../../types.js';
import { pushSubscriptions } from '../../db/schema.js';
import { HttpError, conflict, invalid, notFound, type FieldErrors } from '../../http/errors.js';
import { takeRate } from '../../http/limits.js';
import { deviceName, endpointRefusal, validKeys } from './endpoint.js';

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

const present = (row: SubscriptionRow, tokenId: number): PushDevice => ({
  id: row.id,
  device: row.device,
  service: new URL(row.endpoint).host,
  created_at: row.createdAt.toISOString(),
  last_sent_at: row.lastSentAt?.toISOString() ?? null,
  current: row.tokenId === tokenId,
});

export default async function pushRoutes(app: App): Promise<void> {
  const tags = ['push'];

  app.get(
    '/push/key',
    { schema: { tags, summary: 'The VAPID public key a browser subscribes with', response: { 200: ok(pushKey) } } },
    async () => ({ success: true as const, data: { public_key: (await app.push.vapid.get()).publicKey } }),
  );

  app.get(
    '/push/subscriptions',
    { schema: { tags, summary: 'The caller’s devices with push on, newest first', response: { 200: ok(pushDevice.array()) } } },
    async (request) => {
      const rows = await app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, request.user.id))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
      return { success: true as const, data: rows.map((r) => present(r, request.user.tokenId)) };
    },
  );

  app.post(
    '/push/subscriptions',
    {
      schema: {
        tags,
        summary: 'Turns push on for this browser (its PushSubscription); the same endpoint moves to the caller',
        body: pushSubscriptionBody,
        response: { 201: ok(pushDevice), 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      const errors: FieldErrors = {};
      const refusal = endpointRefusal(endpoint, app.config.push.hosts);
      if (refusal) errors.endpoint = [refusal];
      const valid = validKeys(keys.p256dh, keys.auth);
      if (!valid.p256dh) errors['keys.p256dh'] = [REACH_MSG.pushKeyInvalid];
      if (!valid.auth) errors['keys.auth'] = [REACH_MSG.pushKeyInvalid];
      if (Object.keys(errors).length > 0) throw invalid(errors);
      const me = request.user;
      const values = {
        userId: me.id,
        tokenId: me.tokenId,
        p256dh: keys.p256dh,
        auth: keys.auth,
        device: deviceName(request.headers['user-agent']),
      };
      const row = await app.db.transaction(async (tx) => {
        // Another user's subscription of this device goes, with the pushes still waiting for them.
        await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), ne(pushSubscriptions.userId, me.id)));
        const [saved] = await tx
          .insert(pushSubscriptions)
          .values({ ...values, endpoint })
          .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: sql`now()` } })
          .returning();
        // At most PUSH_LIMITS.devicesPerUser: the oldest goes.
        const keep = tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, me.id))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
          .limit(PUSH_LIMITS.devicesPerUser);
        await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, me.id), notInArray(pushSubscriptions.id, keep)));
        return saved!;
      });
      reply.code(201);
      return { success: true as const, message: REACH_MSG.pushSubscribed, data: present(row, me.tokenId) };
    },
  );

  app.delete(
    '/push/subscriptions/:id',
    {
      schema: {
        tags,
        summary: 'Turns push off for one of the caller’s devices (another user’s: 404)',
        params: pushDeviceParams,
        response: { 200: okMessage, 404: errorEnvelope },
      },
    },
    async (request) => {
      const gone = await app.db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, request.params.id), eq(pushSubscriptions.userId, request.user.id)))
        .returning({ id: pushSubscriptions.id });
      if (gone.length === 0) throw notFound();
      return { success: true as const, message: REACH_MSG.pushRemoved };
    },
  );

  app.post(
    '/push/test',
    {
      schema: {
        tags,
        summary: `A test notification to the caller’s devices (409 without one; ${PUSH_LIMITS.testsPerHour} an hour)`,
        response: { 200: okMessage, 409: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request, reply) => {
      const me = request.user;
      const devices = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id));
      if (devices.length === 0) throw conflict(REACH_MSG.pushNoDevice);
      const wait = await takeRate(app.db, `push-test:${me.id}`, PUSH_LIMITS.testsPerHour, 60);
      if (wait !== null) {
        void reply.header('Retry-After', String(wait));
        throw new HttpError(429, MSG.expensiveRateLimited(wait));
      }
      const payload = { id: 0, kind: 'test', title: REACH_MSG.pushTestTitle, body: REACH_MSG.pushTestBody, link: '/me', tag: 'push-test' };
      await Promise.all(devices.map((d) => app.push.sender.sendTest(d, payload)));
      return { success: true as const, message: REACH_MSG.pushTestSent };
    },
  );
}
