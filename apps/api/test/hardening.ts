/** Shared checks of the hardening tests (authorization matrix, fuzzing, uploads). */
import { sql } from 'drizzle-orm';
import * as contract from '@kelasku/contract';
import { filesUnder, type TestContext } from './helpers.js';

const TABLES = [
  'users',
  'resumable_uploads',
  'teachers',
  'students',
  'rombel_classes',
  'online_classes',
  'contents',
  'materials',
  'forums',
  'comments',
  'assignments',
  'submissions',
  'submission_files',
  'submission_versions',
  'submission_comments',
  'assignment_extensions',
  'stored_files',
  'motivational_words',
  'announcements',
  'comment_mentions',
  'notifications',
  // Issue 25: the question bank, quizzes and their attempts.
  'question_categories',
  'questions',
  'quizzes',
  'quiz_slots',
  'quiz_attempts',
  'quiz_answers',
];

/**
 * Every row a request could change (sessions and login failures excluded) and every stored file,
 * as one text: equal before and after a refused request means it changed nothing.
 */
export async function fingerprint(t: TestContext): Promise<string> {
  // One order-independent checksum per table, in one statement.
  const query = TABLES.map(
    (table) => `select '${table}' as t, count(*)::int as n, coalesce(sum(hashtext(x::text)::bigint), 0)::text as h from ${table} x`,
  ).join(' union all ');
  const result = (await t.db.execute(sql.raw(query))) as unknown as { rows: Array<{ t: string; n: number; h: string }> };
  const parts = result.rows.map((r) => `${r.t}:${r.n}:${r.h}`);
  parts.push(`files:${(await filesUnder(t.config.storageDir)).join(',')}`);
  return parts.join('\n');
}

/** Every message the contract defines (MSG, ADMIN_MSG, CLASS_MSG, …): texts, and functions that write a value into one. */
const MESSAGES = Object.entries(contract)
  .filter(([name, v]) => /MSG$/.test(name) && v && typeof v === 'object')
  .flatMap(([, v]) => Object.values(v as Record<string, unknown>));
const KNOWN = new Set(MESSAGES.filter((v): v is string => typeof v === 'string'));
// The error handler's own word for a 415 that no route chose.
KNOWN.add('Tipe konten tidak didukung.');

/** The messages the contract writes with a value in them (`Nama rombel "X" sudah digunakan`), as patterns. */
const SLOT = '\u0001';
const KNOWN_PATTERNS = MESSAGES.filter((v): v is (...a: unknown[]) => unknown => typeof v === 'function')
  .map((fn) => String(fn(SLOT, SLOT, SLOT)))
  .map(
    (text) =>
      new RegExp(
        `^${text
          .split(SLOT)
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.+')}$`,
      ),
  );

/** Indonesian: one of the contract's messages, a length rule, or Zod's Indonesian locale. */
export function isIndonesian(message: string): boolean {
  return (
    KNOWN.has(message) ||
    KNOWN_PATTERNS.some((p) => p.test(message)) ||
    /^Maksimal \d+ karakter$/.test(message) ||
    // MSG.expensiveRateLimited writes its number as seconds or minutes: its pattern is not built from a slot.
    /^Terlalu banyak permintaan\. Coba lagi dalam \d+ (detik|menit)\.$/.test(message) ||
    /^(Input tidak valid|Pilihan tidak valid|Terlalu (besar|kecil)|String tidak valid|Angka tidak valid|Kunci tidak)/.test(message)
  );
}

/** Why a refusal is not `{ success: false, message, errors? }` with an Indonesian message; null when it is. */
export function envelopeProblem(raw: string): string | null {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw);
  } catch {
    return `not JSON: ${raw.slice(0, 120)}`;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return `not an object: ${raw.slice(0, 120)}`;
  const keys = Object.keys(body)
    .filter((k) => k !== 'errors')
    .sort()
    .join();
  if (body.success !== false || keys !== 'message,success') return `not the envelope: ${raw.slice(0, 200)}`;
  if (typeof body.message !== 'string' || !isIndonesian(body.message)) return `message not Indonesian: ${JSON.stringify(body.message)}`;
  if (body.errors !== undefined) {
    const e = body.errors as Record<string, unknown>;
    if (!e || typeof e !== 'object' || Array.isArray(e)) return `errors is not a map: ${raw.slice(0, 200)}`;
    for (const [field, list] of Object.entries(e)) {
      if (!Array.isArray(list) || list.some((m) => typeof m !== 'string' || !isIndonesian(m))) {
        return `errors.${field} is not a list of Indonesian messages: ${JSON.stringify(list).slice(0, 200)}`;
      }
    }
  }
  return null;
}
