/**
 * Issue 42: Web Push with two app instances on one database. Both sign with the one VAPID pair
 * (made once, whoever asks first), and deliveries sent by both senders at the same time reach each
 * device exactly once (`for update skip locked`: each row goes to one sender).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { notificationSettings, pushDeliveries } from '../src/db/schema.js';
import { Factory } from './factory.js';
import { Client, freshDatabaseUrl } from './helpers.js';
import { PushService } from './push-service.js';

let svc: PushService;
let drop: () => Promise<void>;
const instances: Array<{ app: FastifyInstance; database: Database; dir: string }> = [];

beforeAll(async () => {
  svc = await PushService.start();
  const fresh = await freshDatabaseUrl();
  drop = fresh.drop;
  for (let i = 0; i < 2; i++) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kelasku-push-cluster-'));
    const config = loadConfig({
      DATA_DIR: dir,
      DATABASE_URL: fresh.url,
      WEB_DIR: '',
      LOG_LEVEL: 'warn',
      PUSH_HOSTS: svc.host,
      PUSH_CA_FILE: svc.caFile,
      PUSH_TIMEOUT_SECONDS: '2',
    });
    const database = await openDatabase({ databaseUrl: fresh.url, dataDir: dir, poolSize: 5 });
    const app = await buildApp(config, { database });
    await app.ready();
    instances.push({ app, database, dir });
  }
}, 120_000);

afterAll(async () => {
  for (const i of instances) {
    await i.app.close();
    await i.database.close();
    await fs.rm(i.dir, { recursive: true, force: true });
  }
  await drop?.();
  await svc?.stop();
});

it('two instances share one VAPID pair and send each push exactly once', async () => {
  const [a, b] = instances as [(typeof instances)[0], (typeof instances)[0]];
  const factory = new Factory(a.database.db, a.app);
  const students = await Promise.all(Array.from({ length: 12 }, () => factory.student({ rombelId: 2 })));
  // Both ask for the key at once on an empty table: one pair is made, both give it.
  const keys = await Promise.all(students.slice(0, 2).map((s, i) => new Client(instances[i]!.app, s.token).get('/api/push/key')));
  expect(keys[0]!.body.data.public_key).toBe(keys[1]!.body.data.public_key);

  const devices = [];
  for (const [i, s] of students.entries()) {
    await a.database.db.insert(notificationSettings).values({ userId: s.id, quietEnabled: false });
    const device = svc.subscribe();
    const res = await new Client(instances[i % 2]!.app, s.token).post('/api/push/subscriptions', {
      endpoint: device.endpoint,
      keys: device.keys,
    });
    expect(res.status).toBe(201);
    devices.push(device);
  }
  const userIds = students.map((s) => s.id);
  // Five notifications to all twelve: some stored through each instance, both senders running together.
  for (let n = 1; n <= 5; n++) {
    const via = n % 2 ? a : b;
    await via.app.notifier.send({
      userIds,
      kind: 'announcement',
      subject: `Pengumuman ${n}`,
      context: 'Kelas X',
      link: `/my-classes/${n}`,
    });
    await Promise.all([a.app.push.sender.run(), b.app.push.sender.run(), a.app.push.sender.run(), b.app.push.sender.run()]);
  }
  const start = Date.now();
  while ((await a.database.db.select().from(pushDeliveries)).length > 0 && Date.now() - start < 20_000) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const d of devices) {
    const bodies = svc.of(d).map((r) => r.payload.body);
    expect(bodies.sort()).toEqual([1, 2, 3, 4, 5].map((n) => `Pengumuman baru di Kelas X: Pengumuman ${n}`));
  }
  expect(svc.hits).toHaveLength(12 * 5);
  expect(svc.rejected).toEqual([]);
  expect(new Set(svc.received.map((r) => r.vapidKey))).toEqual(new Set([keys[0]!.body.data.public_key]));
}, 180_000);
