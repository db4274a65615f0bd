/**
 * The server's VAPID identity (RFC 8292): the key pair from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or
 * made once and kept in `web_push_keys` (every instance reads the same pair: a subscription is
 * bound to the public key it was made with), and the subject a push service may contact.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import webpush from 'web-push';
import { ROLE_IDS } from '@kelasku/contract';
import type { Db } from '../../db/client.js';
import { users, webPushKeys } from '../../db/schema.js';
import type { Config } from '../../config.js';

export interface Vapid {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** The stored pair, made by the first instance that needs it (insert … on conflict do nothing, then read). */
async function storedKeys(db: Db): Promise<{ publicKey: string; privateKey: string }> {
  const [row] = await db.select().from(webPushKeys).where(eq(webPushKeys.id, 1));
  if (row) return row;
  await db
    .insert(webPushKeys)
    .values({ id: 1, ...webpush.generateVAPIDKeys() })
    .onConflictDoNothing();
  const [made] = await db.select().from(webPushKeys).where(eq(webPushKeys.id, 1));
  return made!;
}

/**
 * VAPID_SUBJECT; else mailto: the first admin's e-mail; else PUBLIC_URL when it is https and not
 * localhost (Apple refuses those); else a mailto: on the reserved .invalid domain.
 */
async function subjectOf(db: Db, config: Config): Promise<string> {
  if (config.push.vapidSubject) return config.push.vapidSubject;
  const [admin] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.roleId, ROLE_IDS.admin), eq(users.status, 1), isNotNull(users.email)))
    .orderBy(asc(users.id))
    .limit(1);
  if (admin?.email && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(admin.email)) return `mailto:${admin.email}`;
  const pub = config.publicUrl ? new URL(config.publicUrl) : null;
  if (pub && pub.protocol === 'https:' && pub.hostname !== 'localhost') return pub.origin;
  return 'mailto:admin@kelasku.invalid';
}

/** The VAPID details to sign with, read once per instance (the pair never changes while it runs). */
export class VapidKeys {
  private value: Promise<Vapid> | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  get(): Promise<Vapid> {
    this.value ??= (async () => {
      const keys = this.config.push.vapidKeys ?? (await storedKeys(this.db));
      return { subject: await subjectOf(this.db, this.config), publicKey: keys.publicKey, privateKey: keys.privateKey };
    })().catch((err: unknown) => {
      this.value = null;
      throw err;
    });
    return this.value;
  }
}
