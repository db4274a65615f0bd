/**
 * Issue 42, Web Push on the server: subscriptions (what may be subscribed, one per device, tied to
 * the session), and delivery to a real RFC 8030 push service running in the test
 * (push-service.ts), which verifies VAPID, decrypts each message and can answer 410, 429, 500 or
 * never. Quiet hours are computed in SQL (push/queue.ts quietUntil) and tested here at fixed times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG, PUSH_LIMITS, REACH_MSG } from '@kelasku/contract';
import { createTestApp, type TestContext } from './helpers.js';
import type { TestUser } from './factory.js';
import { PushService, type TestSubscription } from './push-service.js';
import { notificationSettings, notifications, pushDeliveries, pushSubscriptions } from '../src/db/schema.js';
import { quietUntil } from '../src/features/push/queue.js';
import { deviceName } from '../src/features/push/endpoint.js';

let t: TestContext;
let svc: PushService;

beforeAll(async () => {
  svc = await PushService.start();
  // The push service, and one private address that PUSH_HOSTS allows (never contacted).
  t = await createTestApp({ PUSH_HOSTS: `${svc.host},10.9.9.9`, PUSH_CA_FILE: svc.caFile, PUSH_TIMEOUT_SECONDS: '1' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await svc?.stop();
});

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const body = (s: Pick<TestSubscription, 'endpoint' | 'keys'>) => ({ endpoint: s.endpoint, keys: s.keys, expirationTime: null });
const subscribe = (user: TestUser, s: Pick<TestSubscription, 'endpoint' | 'keys'>, ua = ANDROID_CHROME) =>
  t.as(user.token).request('POST', '/api/push/subscriptions', body(s), { 'user-agent': ua });

/** No quiet hours for this user (the tests run at any hour). */
const noQuiet = (userId: number, pushOff: string[] = []) =>
  t.db
    .insert(notificationSettings)
    .values({ userId, quietEnabled: false, pushOff })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { quietEnabled: false, pushOff } });

async function until(check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A class scene whose student has a device subscribed (quiet hours off): the only device of the school. */
async function studentWithDevice(mode: Parameters<PushService['subscribe']>[0] = 'ok') {
  await t.db.delete(pushSubscriptions);
  const s = await t.factory.classScene();
  await noQuiet(s.student.id);
  const device = svc.subscribe(mode);
  expect((await subscribe(s.student, device)).status).toBe(201);
  return { ...s, device };
}

const announce = (teacher: TestUser, classId: number, text: string) =>
  t.as(teacher.token).post(`/api/teacher/online-classes/${classId}/announcements`, { body: text });

const deliveriesOf = (subscriptionEndpoint: string) =>
  t.db
    .select({ d: pushDeliveries })
    .from(pushDeliveries)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscriptionId))
    .where(eq(pushSubscriptions.endpoint, subscriptionEndpoint))
    .then((rows) => rows.map((r) => r.d));

/** A "due soon" reminder for the user, due after `dueIn` (an SQL interval), stored and queued as the job does. */
const remind = (userId: number, dedupeKey: string, subject: string, dueIn: string, context?: string) =>
  t.app.notifier.sendWith((tx) =>
    tx
      .insert(notifications)
      .values({ userId, kind: 'due_soon', subject, context, link: '/x', dedupeKey, dueAt: sql`now() + ${dueIn}::interval` })
      .returning(),
  );

/**
 * Quiet hours from an hour ago to an hour ahead (WIB) for the user, so a test holds at any hour;
 * `until` is when they end.
 */
async function quietAroundNow(userId: number) {
  const { rows } = await t.db.execute<{ start: string; end: string; until: string }>(sql`
    select to_char(now() at time zone 'Asia/Jakarta' - interval '1 hour', 'HH24:MI') as start,
           to_char(now() at time zone 'Asia/Jakarta' + interval '1 hour', 'HH24:MI') as end,
           date_trunc('minute', now() + interval '1 hour') as until`);
  const q = rows[0]!;
  await t.db
    .update(notificationSettings)
    .set({ quietEnabled: true, quietStart: q.start, quietEnd: q.end })
    .where(eq(notificationSettings.userId, userId));
  return q;
}

/** Brings a waiting delivery's time forward (as if its back-off had passed) and runs the sender. */
async function afterBackoff(endpoint: string) {
  const before = new Map((await deliveriesOf(endpoint)).map((d) => [d.id, d.attempts]));
  for (const id of before.keys())
    await t.db
      .update(pushDeliveries)
      .set({ sendAfter: sql`now()` })
      .where(eq(pushDeliveries.id, id));
  // Each is tried once more, by this run or by a background pass (every 30 s) that took it first,
  // and settled: until then the sender runs again (a run finds nothing while a pass holds the row).
  await until(async () => {
    await t.app.push.sender.run();
    return (await deliveriesOf(endpoint)).every((d) => d.claimedAt === null && d.attempts > (before.get(d.id) ?? 0));
  });
}

describe('subscriptions', () => {
  it('gives the VAPID key (the same on every call) to any signed-in user, parents too', async () => {
    const parent = await t.factory.user(4);
    const a = await t.as(parent.token).get('/api/push/key');
    expect(a.status).toBe(200);
    expect(a.body.data.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const student = await t.factory.student();
    expect((await t.as(student.token).get('/api/push/key')).body.data.public_key).toBe(a.body.data.public_key);
    expect((await t.as(null).get('/api/push/key')).status).toBe(401);
  });

  it('subscribes a device: 201, listed with its browser and service, never its endpoint', async () => {
    const student = await t.factory.student();
    const device = svc.subscribe();
    const res = await subscribe(student, device);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(REACH_MSG.pushSubscribed);
    expect(res.body.data).toMatchObject({ device: 'Chrome di Android', service: svc.host, current: true, last_sent_at: null });
    const list = await t.as(student.token).get('/api/push/subscriptions');
    expect(list.body.data).toEqual([res.body.data]);
    expect(JSON.stringify(list.body)).not.toContain(device.id);
  });

  it('moves the same endpoint to whoever subscribes it next (one subscription per device)', async () => {
    const first = await t.factory.student();
    const second = await t.factory.student();
    const device = svc.subscribe();
    await subscribe(first, device);
    const res = await subscribe(second, device);
    expect(res.status).toBe(201);
    expect((await t.as(first.token).get('/api/push/subscriptions')).body.data).toEqual([]);
    expect((await t.as(second.token).get('/api/push/subscriptions')).body.data).toHaveLength(1);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toHaveLength(1);
  });

  it('refuses what is not an https push service, private addresses and malformed keys, with the field', async () => {
    const student = await t.factory.student();
    const good = svc.subscribe();
    const cases: Array<[unknown, string, string]> = [
      [{ ...body(good), endpoint: good.endpoint.replace('https:', 'http:') }, 'endpoint', REACH_MSG.pushNotHttps],
      [{ ...body(good), endpoint: 'bukan alamat' }, 'endpoint', REACH_MSG.pushNotHttps],
      [{ ...body(good), endpoint: 'https://127.0.0.1/push/x' }, 'endpoint', REACH_MSG.pushPrivateAddress],
      [{ ...body(good), endpoint: 'https://10.0.0.1/push/x' }, 'endpoint', REACH_MSG.pushPrivateAddress],
      [{ ...body(good), endpoint: 'https://192.168.1.20:8443/push/x' }, 'endpoint', REACH_MSG.pushPrivateAddress],
      [{ ...body(good), endpoint: 'https://[::1]/push/x' }, 'endpoint', REACH_MSG.pushPrivateAddress],
      [{ ...body(good), endpoint: 'https://169.254.169.254/latest' }, 'endpoint', REACH_MSG.pushPrivateAddress],
      [{ ...body(good), endpoint: 'https://push.contoh.com/x' }, 'endpoint', REACH_MSG.pushHostRefused],
      // A known service on another port, and a look-alike host.
      [{ ...body(good), endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x' }, 'endpoint', REACH_MSG.pushHostRefused],
      [{ ...body(good), endpoint: 'https://fcm.googleapis.com.contoh.com/x' }, 'endpoint', REACH_MSG.pushHostRefused],
      [{ ...body(good), keys: { ...good.keys, p256dh: 'abc' } }, 'keys.p256dh', REACH_MSG.pushKeyInvalid],
      // 65 bytes that do not start with 0x04, and a point that is not on the curve.
      [
        { ...body(good), keys: { ...good.keys, p256dh: Buffer.alloc(65, 5).toString('base64url') } },
        'keys.p256dh',
        REACH_MSG.pushKeyInvalid,
      ],
      [
        { ...body(good), keys: { ...good.keys, p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url') } },
        'keys.p256dh',
        REACH_MSG.pushKeyInvalid,
      ],
      [{ ...body(good), keys: { ...good.keys, auth: Buffer.alloc(12).toString('base64url') } }, 'keys.auth', REACH_MSG.pushKeyInvalid],
      [{ ...body(good), keys: { ...good.keys, auth: 'ab+/cd==' } }, 'keys.auth', REACH_MSG.pushKeyInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const res = await t.as(student.token).post('/api/push/subscriptions', payload);
      expect(res.status, JSON.stringify(payload)).toBe(422);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[field]).toEqual([message]);
    }
    const missing = await t.as(student.token).post('/api/push/subscriptions', { endpoint: good.endpoint });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toBe(REACH_MSG.pushKeyInvalid);
    expect((await t.as(student.token).get('/api/push/subscriptions')).body.data).toEqual([]);
  });

  it('accepts the known push services and a private address that PUSH_HOSTS names', async () => {
    const student = await t.factory.student();
    const keys = svc.subscribe().keys;
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-sg2p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QG3abc',
      'https://10.9.9.9/push/abc',
    ]) {
      expect((await subscribe(student, { endpoint, keys })).status, endpoint).toBe(201);
    }
    const services = (await t.as(student.token).get('/api/push/subscriptions')).body.data.map((d: { service: string }) => d.service);
    expect(services.sort()).toEqual([
      '10.9.9.9',
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      'web.push.apple.com',
      'wns2-sg2p.notify.windows.com',
    ]);
    // Nothing of the later tests may be sent to these (real services, an unreachable address).
    await t.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, student.id));
  });

  it(`keeps at most ${PUSH_LIMITS.devicesPerUser} devices per user: the oldest goes`, async () => {
    const student = await t.factory.student();
    const devices = Array.from({ length: PUSH_LIMITS.devicesPerUser + 1 }, () => svc.subscribe());
    for (const d of devices) expect((await subscribe(student, d)).status).toBe(201);
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, student.id));
    expect(rows).toHaveLength(PUSH_LIMITS.devicesPerUser);
    expect(rows.map((r) => r.endpoint)).not.toContain(devices[0]!.endpoint);
  });

  it("deletes the caller's device; another user's id answers 404 and stays", async () => {
    const owner = await t.factory.student();
    const other = await t.factory.user(4);
    const res = await subscribe(owner, svc.subscribe());
    const id = res.body.data.id;
    const foreign = await t.as(other.token).delete(`/api/push/subscriptions/${id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(MSG.notFound);
    const own = await t.as(owner.token).delete(`/api/push/subscriptions/${id}`);
    expect(own.status).toBe(200);
    expect(own.body.message).toBe(REACH_MSG.pushRemoved);
    expect((await t.as(owner.token).delete(`/api/push/subscriptions/${id}`)).status).toBe(404);
  });

  it('logging out removes the subscriptions that session made', async () => {
    const student = await t.factory.student();
    await subscribe(student, svc.subscribe());
    expect((await t.as(student.token).post('/api/logout')).status).toBe(200);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, student.id))).toEqual([]);
  });

  it('names the device from the browser', () => {
    expect(deviceName(ANDROID_CHROME)).toBe('Chrome di Android');
    expect(deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox di Windows');
    expect(
      deviceName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge di Windows');
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari di iPhone');
    expect(deviceName(undefined)).toBeNull();
  });
});

describe('delivery', () => {
  it('an announcement reaches the student’s phone: decrypted, with the bell’s text, the link, TTL and Urgency', async () => {
    const s = await studentWithDevice();
    expect((await announce(s.teacher, s.klass.id, 'Besok   ulangan bab 3')).status).toBe(201);
    await until(() => svc.of(s.device).length > 0);
    const [got] = svc.of(s.device);
    const key = (await t.as(s.student.token).get('/api/push/key')).body.data.public_key;
    expect(got!.vapidKey).toBe(key);
    expect(got!.claims.aud).toBe(svc.origin);
    expect(got!.claims.sub).toMatch(/^mailto:/);
    const [n] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.student.id), eq(notifications.kind, 'announcement')));
    expect(got!.payload).toEqual({
      id: n!.id,
      kind: 'announcement',
      title: 'Pengumuman kelas',
      body: `Pengumuman baru di ${s.klass.name}: Besok ulangan bab 3`,
      link: `/my-classes/${s.klass.id}`,
      tag: null,
    });
    expect(got!.ttl).toBe(String(PUSH_LIMITS.ttlSeconds));
    expect(got!.urgency).toBe('normal');
    expect(svc.rejected).toEqual([]);
    // Sent once, done: no delivery left, the device shows when it last got one.
    await until(async () => (await deliveriesOf(s.device.endpoint)).length === 0);
    const list = await t.as(s.student.token).get('/api/push/subscriptions');
    expect(list.body.data[0].last_sent_at).not.toBeNull();
    await t.app.push.sender.run();
    expect(svc.of(s.device)).toHaveLength(1);
  });

  it('sends nothing of a group the user turned off for push (the bell still has it)', async () => {
    const s = await studentWithDevice();
    await noQuiet(s.student.id, ['announcements']);
    await announce(s.teacher, s.klass.id, 'Tidak untuk HP');
    expect(await deliveriesOf(s.device.endpoint)).toEqual([]);
    await t.app.push.sender.run();
    expect(svc.of(s.device)).toEqual([]);
    const bell = await t.db.select().from(notifications).where(eq(notifications.userId, s.student.id));
    expect(bell).toHaveLength(1);
  });

  it('quiet hours hold a push until they end; a reminder due within two hours goes at once', async () => {
    const s = await studentWithDevice();
    const q = await quietAroundNow(s.student.id);
    await announce(s.teacher, s.klass.id, 'Malam-malam');
    const [held] = await deliveriesOf(s.device.endpoint);
    expect(new Date(held!.sendAfter).toISOString()).toBe(new Date(q.until).toISOString());
    // A reminder due in an hour goes through quiet hours (due_at set as dueSoon's helper will).
    const now = await remind(s.student.id, 'due:t1', 'Laporan praktikum', '1 hour', s.klass.name);
    expect(now).toBe(1);
    await until(() => svc.of(s.device).length === 1);
    expect(svc.of(s.device)[0]!.payload).toMatchObject({ kind: 'due_soon', title: 'Pengingat tenggat', tag: 'due:t1' });
    expect(svc.of(s.device)[0]!.urgency).toBe('high');
    expect(svc.of(s.device)[0]!.ttl).toBe(String(PUSH_LIMITS.reminderTtlSeconds));
    expect(svc.of(s.device)[0]!.topic).toMatch(/^[\w-]{32}$/);
    // A reminder due later than two hours waits like the rest; the announcement still waits.
    await remind(s.student.id, 'due:t2', 'Esai', '5 hours');
    const waiting = await deliveriesOf(s.device.endpoint);
    expect(waiting).toHaveLength(2);
    for (const d of waiting) expect(new Date(d.sendAfter).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
  });

  it('a reminder held past its own deadline is dropped, never sent as "soon"', async () => {
    const s = await studentWithDevice();
    await quietAroundNow(s.student.id); // so the reminder (due in five hours) is held
    await remind(s.student.id, 'due:late', 'Esai', '5 hours');
    const [held] = await deliveriesOf(s.device.endpoint);
    expect(new Date(held!.sendAfter).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    // The quiet hours end after the deadline: by then the reminder would speak of the past.
    await t.db.execute(sql`update notifications set due_at = now() - interval '1 minute' where dedupe_key = 'due:late'`);
    await t.db
      .update(pushDeliveries)
      .set({ sendAfter: sql`now()` })
      .where(eq(pushDeliveries.id, held!.id));
    expect(await t.app.push.sender.run()).toBe(0);
    expect(await deliveriesOf(s.device.endpoint)).toEqual([]);
    expect(svc.of(s.device)).toEqual([]);
  });

  it('a subscription answering 410 is deleted, with its waiting deliveries', async () => {
    const s = await studentWithDevice(410);
    await announce(s.teacher, s.klass.id, 'Perangkat hilang');
    await until(
      async () => (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, s.device.endpoint))).length === 0,
    );
    expect(await deliveriesOf(s.device.endpoint)).toEqual([]);
  });

  it('429 waits at least its Retry-After and is then delivered; 500 is retried with back-off', async () => {
    const s = await studentWithDevice(429);
    await announce(s.teacher, s.klass.id, 'Coba lagi nanti');
    await until(async () => (await deliveriesOf(s.device.endpoint)).some((d) => d.attempts === 1 && d.claimedAt === null));
    const [waiting] = await deliveriesOf(s.device.endpoint);
    // Retry-After: 120 beats the first back-off (30 s).
    expect(new Date(waiting!.sendAfter).getTime() - Date.now()).toBeGreaterThan(110_000);
    svc.setMode(s.device, 500);
    await afterBackoff(s.device.endpoint);
    const [again] = await deliveriesOf(s.device.endpoint);
    expect(again!.attempts).toBe(2);
    // Second back-off: 30 s · 4.
    const wait = new Date(again!.sendAfter).getTime() - Date.now();
    expect(wait).toBeGreaterThan(110_000);
    expect(wait).toBeLessThan(125_000);
    svc.setMode(s.device, 'ok');
    await afterBackoff(s.device.endpoint);
    expect(svc.of(s.device)).toHaveLength(1);
    expect(svc.hits.filter((h) => h.id === s.device.id)).toHaveLength(3);
    expect(await deliveriesOf(s.device.endpoint)).toEqual([]);
  });

  it(`a service that never answers times out and is retried; after ${PUSH_LIMITS.attempts} attempts the push is dropped`, async () => {
    const s = await studentWithDevice('hang');
    await announce(s.teacher, s.klass.id, 'Tidak dijawab');
    await until(async () => (await deliveriesOf(s.device.endpoint)).some((d) => d.attempts === 1 && d.claimedAt === null));
    for (let i = 2; i <= PUSH_LIMITS.attempts; i++) await afterBackoff(s.device.endpoint);
    expect(await deliveriesOf(s.device.endpoint)).toEqual([]);
    expect(svc.hits.filter((h) => h.id === s.device.id)).toHaveLength(PUSH_LIMITS.attempts);
    expect(t.logs.some((l) => l.includes('push: delivery dropped'))).toBe(true);
    // The subscription stays (the service may come back).
    expect((await t.as(s.student.token).get('/api/push/subscriptions')).body.data).toHaveLength(1);
  });

  it('a row claimed by a sender that died mid-send is never sent again (nobody gets two)', async () => {
    const s = await studentWithDevice();
    const [sub] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, s.device.endpoint));
    const [n] = await t.db
      .insert(notifications)
      .values({ userId: s.student.id, kind: 'announcement', subject: 'x', link: '/x' })
      .returning();
    // What a sender leaves when killed after its claim committed.
    await t.db
      .insert(pushDeliveries)
      .values({ subscriptionId: sub!.id, notificationId: n!.id, claimedAt: sql`now() - interval '1 minute'`, attempts: 1 });
    await t.app.push.sender.run();
    expect(svc.of(s.device)).toEqual([]);
    // The nightly clean-up removes it a day later.
    await t.db
      .update(pushDeliveries)
      .set({ claimedAt: sql`now() - interval '25 hours'` })
      .where(eq(pushDeliveries.notificationId, n!.id));
    await t.app.push.sender.cleanup();
    expect(await deliveriesOf(s.device.endpoint)).toEqual([]);
  });
});

describe('test push', () => {
  it('409 without a device; else sent to each device; at most a few an hour (429)', async () => {
    const student = await t.factory.student();
    const none = await t.as(student.token).post('/api/push/test');
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(REACH_MSG.pushNoDevice);
    const device = svc.subscribe();
    await subscribe(student, device);
    for (let i = 0; i < PUSH_LIMITS.testsPerHour; i++) {
      const res = await t.as(student.token).post('/api/push/test');
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(REACH_MSG.pushTestSent);
    }
    expect(svc.of(device)).toHaveLength(PUSH_LIMITS.testsPerHour);
    expect(svc.of(device)[0]!.payload).toEqual({
      id: 0,
      kind: 'test',
      title: REACH_MSG.pushTestTitle,
      body: REACH_MSG.pushTestBody,
      link: '/me',
      tag: 'push-test',
    });
    const over = await t.as(student.token).post('/api/push/test');
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(MSG.expensiveRateLimited(Number(over.headers['retry-after'])));
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('quiet hours (WIB)', () => {
  /** When a push made at `at` (UTC ISO) may go, for quiet hours start–end. */
  async function sendAt(at: string, start: string, end: string, enabled = true): Promise<string> {
    const expr = quietUntil(sql`${at}::timestamptz`, sql`${enabled}::boolean`, sql`${start}::time`, sql`${end}::time`);
    const { rows } = await t.db.execute<{ v: string }>(
      sql`select to_char((${expr}) at time zone 'Asia/Jakarta', 'YYYY-MM-DD HH24:MI') as v`,
    );
    return rows[0]!.v;
  }
  // 2026-03-10 in WIB = UTC+7.
  const wib = (day: number, hm: string) => {
    const [h, m] = hm.split(':').map(Number) as [number, number];
    return new Date(Date.UTC(2026, 2, day, h - 7, m)).toISOString();
  };

  it('across midnight (21:00–05:30): held until 05:30 the next morning', async () => {
    expect(await sendAt(wib(10, '23:00'), '21:00', '05:30')).toBe('2026-03-11 05:30');
    expect(await sendAt(wib(10, '21:00'), '21:00', '05:30')).toBe('2026-03-11 05:30');
    expect(await sendAt(wib(11, '02:00'), '21:00', '05:30')).toBe('2026-03-11 05:30');
    expect(await sendAt(wib(11, '05:29'), '21:00', '05:30')).toBe('2026-03-11 05:30');
    expect(await sendAt(wib(11, '05:30'), '21:00', '05:30')).toBe('2026-03-11 05:30');
    expect(await sendAt(wib(11, '12:00'), '21:00', '05:30')).toBe('2026-03-11 12:00');
    expect(await sendAt(wib(11, '20:59'), '21:00', '05:30')).toBe('2026-03-11 20:59');
    // On the last day of a month.
    expect(await sendAt(wib(31, '22:15'), '21:00', '05:30')).toBe('2026-04-01 05:30');
  });

  it('a daytime window (13:00–15:00) and quiet hours turned off', async () => {
    expect(await sendAt(wib(10, '14:00'), '13:00', '15:00')).toBe('2026-03-10 15:00');
    expect(await sendAt(wib(10, '13:00'), '13:00', '15:00')).toBe('2026-03-10 15:00');
    expect(await sendAt(wib(10, '15:00'), '13:00', '15:00')).toBe('2026-03-10 15:00');
    expect(await sendAt(wib(10, '12:59'), '13:00', '15:00')).toBe('2026-03-10 12:59');
    expect(await sendAt(wib(10, '23:00'), '13:00', '15:00')).toBe('2026-03-10 23:00');
    expect(await sendAt(wib(10, '23:00'), '21:00', '05:30', false)).toBe('2026-03-10 23:00');
  });
});
