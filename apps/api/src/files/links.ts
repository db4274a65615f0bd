import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { appSettings } from '../db/schema.js';

/** What a presenter needs to link files: signed URLs (FileService.url for avatars, or FileService.forUser). */
export interface FileLinks {
  url(fileId: number): string;
  url(fileId: number | null | undefined): string | null;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/** The signing secret is kept in the database, so every instance signs and checks alike. */
export async function loadLinkSecret(db: Db): Promise<Buffer> {
  const fresh = randomBytes(32).toString('base64url');
  await db.insert(appSettings).values({ key: 'file_url_secret', value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'file_url_secret'));
  return Buffer.from(row!.value);
}

/** Signs and checks download links (of stored files, and of other downloads named by `what`). */
export class LinkSigner {
  private static readonly MAX_LINKS = 50_000;
  private readonly links = new Map<string, { exp: number; url: string }>();

  /** urlTtl: seconds a signed link stays valid (at least; links are rounded up to 10-minute steps so they cache). */
  constructor(
    private readonly secret: Buffer,
    private readonly urlTtl: number,
  ) {}

  private sign(id: number | string, exp: number): string {
    return createHmac('sha256', this.secret).update(`${id}.${exp}`).digest('base64url').slice(0, 32);
  }

  /**
   * A signature for another kind of download link (`what` names it and must not be a bare number,
   * which is a stored file's), valid until `exp` (seconds), checked with checkSigned.
   */
  signFor(what: string, exp: number): string {
    return this.sign(what, exp);
  }

  checkSigned(what: string, exp: number, sig: string): LinkCheck {
    return this.verify(what, exp, sig);
  }

  /** The link of a stored file; `userId`: the user it is minted for (null: anyone who holds it, an avatar's). */
  linkFor(fileId: number | null | undefined, userId: number | null): string | null {
    if (fileId == null) return null;
    const step = 600;
    const exp = Math.ceil((Date.now() / 1000 + this.urlTtl) / step) * step;
    // A link is the same for ten minutes: signed once, not once per appearance (a class list
    // shows each of 36 avatars in each of 12 cards; an HMAC costs a few microseconds).
    const key = userId === null ? `${fileId}` : `${fileId}u${userId}`;
    const known = this.links.get(key);
    if (known?.exp === exp) return known.url;
    const url =
      userId === null
        ? `/api/files/${fileId}?e=${exp}&s=${this.sign(fileId, exp)}`
        : `/api/files/${fileId}?e=${exp}&s=${this.sign(`file:${fileId}:user:${userId}`, exp)}&u=${userId}`;
    if (this.links.size >= LinkSigner.MAX_LINKS) this.links.clear();
    this.links.set(key, { exp, url });
    return url;
  }

  /**
   * Checks a link's signature and expiry: valid, signed by us but past its time (expired), or not
   * ours (invalid). `userId`: the user the link names (null: a link without one, an avatar's).
   */
  check(fileId: number, userId: number | null, exp: number, sig: string): LinkCheck {
    return this.verify(userId === null ? fileId : `file:${fileId}:user:${userId}`, exp, sig);
  }

  private verify(what: number | string, exp: number, sig: string): LinkCheck {
    if (!Number.isInteger(exp)) return 'invalid';
    const want = Buffer.from(this.sign(what, exp));
    const got = Buffer.from(sig);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return 'invalid';
    return exp < Date.now() / 1000 ? 'expired' : 'valid';
  }
}
