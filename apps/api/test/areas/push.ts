/**
 * Issue 42: this area's rows of the authorization matrix (authz-matrix.test.ts) and its JSON
 * endpoints for the fuzzer (fuzz.test.ts): Web Push subscriptions of the signed-in user (any role,
 * parents too). Endpoints are on a known push service (the matrix's app has no PUSH_HOSTS); the
 * callers who subscribe have every group off for push first, so nothing is ever sent from here.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { desc, eq, ne } from 'drizzle-orm';
import { NOTIFICATION_GROUPS } from '@kelasku/contract';
import { authed, json, type CallContext, type Row } from '../authz-shape.js';
import type { AreaFuzz } from './types.js';
import type { Db } from '../../src/db/client.js';
import { notificationSettings, pushSubscriptions } from '../../src/db/schema.js';

const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
/** A browser's PushSubscription.toJSON() on FCM, a new endpoint each time. */
const subscription = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('hex')}`,
  keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  expirationTime: null,
});

/** Push off for every group: a subscription made here never sends. */
async function pushOff(db: Db, userId: number): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, pushOff: [...NOTIFICATION_GROUPS] })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { pushOff: [...NOTIFICATION_GROUPS] } });
}

/** The caller's own device (made when missing), or another user's device for the foreign variant. */
async function deviceUrl(c: CallContext): Promise<string> {
  const db = c.scene.app.db;
  const mine = eq(pushSubscriptions.userId, c.user.id);
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(c.variant === 'own' ? mine : ne(pushSubscriptions.userId, c.user.id))
    .orderBy(desc(pushSubscriptions.id))
    .limit(1);
  return `/api/push/subscriptions/${row?.id ?? 2147483647}`;
}

/** The caller has a device to delete (the one POST made earlier, else a new one). */
async function ownDevice(c: CallContext): Promise<void> {
  const db = c.scene.app.db;
  await pushOff(db, c.user.id);
  if ((await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, c.user.id))).length > 0) return;
  const s = subscription();
  await db.insert(pushSubscriptions).values({ userId: c.user.id, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth });
}

export const matrixRows: Record<string, Row> = {
  'GET /api/push/key': { expect: authed(200), noMarker: true },
  'GET /api/push/subscriptions': { expect: authed(200), noMarker: true },
  'POST /api/push/subscriptions': {
    expect: authed(201),
    body: () => json(subscription()),
    prepare: (c) => pushOff(c.scene.app.db, c.user.id),
  },
  // Own device: 200; another user's: 404.
  'DELETE /api/push/subscriptions/:id': { expect: authed([200, 404]), url: deviceUrl, prepare: ownDevice },
  // Every role reaches it and gets 409 (no device): the caller's devices are removed before each call (`prepare`
  // runs only before granted cells), so nothing is ever sent from here (a test push is sent in push.test.ts).
  'POST /api/push/test': {
    expect: authed(409),
    url: async (c) => {
      await c.scene.app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, c.user.id));
      return '/api/push/test';
    },
  },
};

export const fuzz: AreaFuzz<Record<string, number>> = {
  scene: async (ctx) => {
    await pushOff(ctx.db, ctx.student.id);
    return {};
  },
  endpoints: {
    'POST /api/push/subscriptions': { as: 'student', valid: () => subscription() },
  },
  notJson: ['POST /api/push/test'],
};
