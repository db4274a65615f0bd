/**
 * Web Push on this instance (issue 42): the VAPID keys, the sender and its jobs (pg-boss):
 *
 * - `push-send`: sent by the Notifier after a transaction that queued pushes has committed;
 * - `push-due` every 30 s across instances: deliveries whose time has come (quiet hours ending,
 *   retries, a wake lost in a crash);
 * - `push-cleanup` every night: claimed deliveries a day old (their sender died mid-send).
 */
import type { App } from '../../types.js';
import { PushSender } from './sender.js';
import { VapidKeys } from './vapid.js';

export const PUSH_SEND_QUEUE = 'push-send';
export const PUSH_DUE_QUEUE = 'push-due';
export const PUSH_CLEANUP_QUEUE = 'push-cleanup';
const DUE_EVERY_SECONDS = 30;

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push: the VAPID keys and the sender (features/push). */
    push: { vapid: VapidKeys; sender: PushSender };
  }
}

export async function installPush(app: App): Promise<void> {
  const vapid = new VapidKeys(app.db, app.config);
  const sender = new PushSender(app.db, app.config.push, vapid, app.log);
  app.decorate('push', { vapid, sender });
  app.addHook('onClose', async () => sender.close());
  const run = async () => {
    await sender.run();
  };
  // A push may wait for its service's timeout; a batch is sent at once, so a pass stays well under this.
  const opts = { expireInSeconds: 120 };
  await app.jobs.work(PUSH_SEND_QUEUE, run, opts);
  await app.jobs.repeat(PUSH_DUE_QUEUE, DUE_EVERY_SECONDS, run, opts);
  await app.jobs.every(PUSH_CLEANUP_QUEUE, '41 3 * * *', () => sender.cleanup(), { expireInSeconds: 300 });
  app.notifier.onPushQueued = () => {
    app.jobs.send(PUSH_SEND_QUEUE, {}).catch((err: unknown) => app.log.error({ err }, 'push: waking the sender failed'));
  };
}
