import { z } from 'zod';
import { telponOf } from './fields.js';

/**
 * Issue 42 — WhatsApp: the one builder of wa.me links (sharing a message, a chat with a number) and
 * the student numbers a teacher may see.
 *
 * Teacher (/api/teacher):
 *   GET /online-classes/:classId/student-contacts   studentContact[] (the active students of the class's rombel; a class the caller does not teach: 404)
 *   GET /homerooms/:rombelId/student-contacts       studentContact[] (the active students of the rombel the caller is wali kelas of this semester, else 404)
 * Nobody else gets a student's number: a student sees only their own (profile), a parent their child's wali kelas's messages.
 */

export const studentContact = z.object({
  id: z.number(),
  name: z.string(),
  /** As kept ("0812-3456-7890"); null when the student has none. */
  telpon: z.string().nullable(),
});
export type StudentContact = z.infer<typeof studentContact>;

/** A wa.me address longer than this may be cut by WhatsApp, a browser or a proxy. */
export const WHATSAPP_URL_MAX = 2000;

const SHARE_BASE = 'https://wa.me/?text=';

/**
 * The wa.me form of an Indonesian mobile number ("0812-3456-7890", "+62 812…", "62812…" →
 * "6281234567890"), or null for anything else (a landline, a foreign or malformed number).
 */
export function whatsAppNumber(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const kept = telponOf(raw.trim());
  if (kept === null) return null;
  const digits = kept.replace(/\D/g, '');
  // Mobile numbers start 08 (the prefixes of Telkomsel, Indosat, XL, Smartfren…); 02x–07x are landlines.
  return digits.startsWith('08') ? `62${digits.slice(1)}` : null;
}

/** Lone surrogates (which encodeURIComponent refuses) become U+FFFD; everything else is kept. */
const wellFormed = (s: string) => s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

const encode = (text: string) => encodeURIComponent(wellFormed(text));

/** The user-perceived characters of a text (an emoji with its modifiers is one). */
function graphemes(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    return Array.from(new Intl.Segmenter('id', { granularity: 'grapheme' }).segment(text), (s) => s.segment);
  }
  return Array.from(text);
}

/** The first n characters of a text and "…" (the whole text when it is not longer). */
function cut(chars: string[], n: number): string {
  return n >= chars.length ? chars.join('') : `${chars.slice(0, n).join('').trimEnd()}…`;
}

/**
 * "Bagikan ke WhatsApp": `https://wa.me/?text=` and the message, encoded. `message(title)` writes
 * the message around its free part (a title, an announcement), which is cut ("…") as little as
 * needed for the address to stay within `max` characters; the rest of the message (the deep link)
 * is always whole. Decoding the address's text gives back exactly the message written.
 */
export function whatsAppShareLink(title: string, message: (title: string) => string = (t) => t, max = WHATSAPP_URL_MAX): string {
  const link = (t: string) => `${SHARE_BASE}${encode(message(t))}`;
  const whole = link(title);
  if (whole.length <= max) return whole;
  const chars = graphemes(wellFormed(title));
  let lo = 0;
  let hi = chars.length - 1;
  // The longest cut that fits (binary search: the address grows with the cut).
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (link(cut(chars, mid)).length <= max) lo = mid;
    else hi = mid - 1;
  }
  return link(cut(chars, lo));
}

/** The message a share link carries, decoded (what WhatsApp shows). */
export function whatsAppText(href: string): string | null {
  const q = href.indexOf('?text=');
  return q < 0 ? null : decodeURIComponent(href.slice(q + 6));
}

/**
 * A chat with a number ("Chat WhatsApp", "Hubungi orang tua"): https://wa.me/6281234567890, with the
 * message already written when there is one; null when the number is no Indonesian mobile number.
 */
export function whatsAppChatLink(telpon: string | null | undefined, text?: string): string | null {
  const number = whatsAppNumber(telpon);
  if (number === null) return null;
  return text ? `https://wa.me/${number}?text=${encode(text)}` : `https://wa.me/${number}`;
}
