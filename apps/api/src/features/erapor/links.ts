/**
 * The filled template behind a short-lived link: the file name and bytes go to the file storage under
 * a fresh key (no stored_files row: start-up clean-up removes any left behind) and are removed once
 * the link has expired; the token (short: it is a path parameter) carries the key, the expiry and the
 * session, signed.
 */
import { finished } from 'node:stream/promises';
import { ERAPOR_LINK_SECONDS } from '@kelasku/contract';
import type { App } from '../../types.js';
import { userForTokenId } from '../../auth/tokens.js';

/** The stored object: the file name's length (2 bytes), the name (UTF-8), then the XLSX. */
const packed = (name: string, bytes: Buffer) => {
  const n = Buffer.from(name, 'utf8');
  const len = Buffer.alloc(2);
  len.writeUInt16BE(n.length);
  return Buffer.concat([len, n, bytes]);
};

/** A storage key `xx/uuid` as 32 hex digits, and back (the token must fit a path parameter). */
const KEY = /^([0-9a-f]{2})\/([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/;
const keyOf = (hex: string) =>
  `${hex.slice(0, 2)}/${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

const subject = (hex: string, tokenId: number) => `erapor:${hex}:${tokenId}`;

/** Stores the name and bytes and answers the download URL (valid ERAPOR_LINK_SECONDS, tied to the session). */
export async function storeFilled(app: App, bytes: Buffer, fileName: string, tokenId: number): Promise<string> {
  const pending = await app.files.storage.create();
  try {
    pending.stream.end(packed(fileName, bytes));
    await finished(pending.stream);
    await pending.commit();
  } catch (err) {
    await pending.abort().catch(() => {});
    throw err;
  }
  setTimeout(() => void app.files.storage.remove(pending.key).catch(() => {}), (ERAPOR_LINK_SECONDS + 60) * 1000).unref();
  const m = KEY.exec(pending.key);
  if (!m) throw new Error(`unexpected storage key ${pending.key}`);
  const hex = m.slice(2).join('');
  const exp = Math.floor(Date.now() / 1000) + ERAPOR_LINK_SECONDS;
  return `/api/downloads/erapor/${hex}.${exp.toString(36)}.${tokenId.toString(36)}.${app.files.signFor(subject(hex, tokenId), exp)}`;
}

/** The link's file (name and bytes), or null when it is unknown, altered, expired, gone or its session has ended. */
export async function filledOf(app: App, token: string): Promise<{ name: string; bytes: Buffer } | null> {
  const m = /^([0-9a-f]{32})\.([0-9a-z]{1,10})\.([0-9a-z]{1,10})\.([\w-]{1,64})$/.exec(token);
  if (!m) return null;
  const [, hex, e, t, sig] = m as unknown as [string, string, string, string, string];
  const exp = parseInt(e, 36);
  const tokenId = parseInt(t, 36);
  if (app.files.checkSigned(subject(hex, tokenId), exp, sig) !== 'valid') return null;
  const session = await userForTokenId(app.db, tokenId);
  if (!session || session.mustChangePassword) return null;
  let stream;
  try {
    stream = await app.files.storage.open(keyOf(hex));
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return null;
    throw err;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const all = Buffer.concat(chunks);
  const len = all.readUInt16BE(0);
  return { name: all.subarray(2, 2 + len).toString('utf8'), bytes: all.subarray(2 + len) };
}
