/**
 * Pairing codes (issue 40): eight letters and digits nobody misreads (no 0/O, 1/I/L), shown
 * "XXXX-XXXX", typed with or without the dash and in any case. Only the SHA-256 (hex) of the
 * normalized code is kept. A code is claimed in one statement (used once, never after it expired).
 */
import { createHash, randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { MAX_PARENTS_PER_CHILD, PAIRING_CODE_DAYS, PARENT_MSG } from '@kelasku/contract';
import type { Db, Executor } from '../../db/client.js';
import { loginFailures, pairingCodes, parentLinks, rombelClasses, students, users } from '../../db/schema.js';
import { takeSlot } from '../../auth/login-limits.js';
import { HttpError, conflict, tooManyRequests } from '../../http/errors.js';

export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

/** A new code as shown: "K7P2-XM4Q". */
export function newCode(): string {
  const raw = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `${raw.slice(0, 4)}-${raw.slice(4)}`;
}

/** The code as typed, without spaces and dashes, upper case; null when it cannot be a code (another format). */
export function normalizeCode(typed: string): string | null {
  const s = typed.replace(/[\s-]/g, '').toUpperCase();
  if (s.length !== CODE_LENGTH) return null;
  for (const ch of s) if (!CODE_ALPHABET.includes(ch)) return null;
  return s;
}

export const codeHash = (normalized: string) => createHash('sha256').update(normalized).digest('hex');

/**
 * Failed code look-ups per address (a guessing client): like the login's limits, counted in the
 * same table so every instance agrees; a code that exists gives its attempt back.
 */
export const PAIRING_LIMITS = { perAddress: 10, windowMinutes: 15 } as const;
const limitKey = (ip: string) => `pair:${ip}`;

/** Reserves one look-up for the address; 429 once it guessed too often. */
export async function reserveLookup(db: Db, ip: string): Promise<void> {
  if (!(await takeSlot(db, limitKey(ip), PAIRING_LIMITS.perAddress, PAIRING_LIMITS.windowMinutes))) {
    throw tooManyRequests(PARENT_MSG.codeRateLimited);
  }
}

/** The look-up found a code: it was no guess. */
export async function releaseLookup(db: Db, ip: string): Promise<void> {
  await db
    .update(loginFailures)
    .set({ count: sql`greatest(${loginFailures.count} - 1, 0)` })
    .where(eq(loginFailures.key, limitKey(ip)));
}

export interface FoundCode {
  id: number;
  studentId: number;
  firstName: string;
  rombelName: string | null;
  expiresAt: Date;
}

/**
 * The code's student (an active one): 404 for an unknown code (or a deactivated child), 410 for a
 * used or expired one. Reads only; the claim is {@link claimCode}.
 */
export async function findCode(db: Executor, typed: string): Promise<FoundCode> {
  const normalized = normalizeCode(typed);
  if (normalized === null) throw new HttpError(404, PARENT_MSG.codeInvalid);
  const [row] = await db
    .select({
      id: pairingCodes.id,
      studentId: pairingCodes.studentId,
      name: users.name,
      rombelName: rombelClasses.name,
      expiresAt: pairingCodes.expiresAt,
      usedAt: pairingCodes.usedAt,
      expired: sql<boolean>`${pairingCodes.expiresAt} <= now()`,
    })
    .from(pairingCodes)
    .innerJoin(users, and(eq(users.id, pairingCodes.studentId), eq(users.status, 1)))
    .innerJoin(students, eq(students.userId, users.id))
    .leftJoin(rombelClasses, eq(rombelClasses.id, students.rombelClassId))
    .where(eq(pairingCodes.codeHash, codeHash(normalized)))
    .limit(1);
  if (!row) throw new HttpError(404, PARENT_MSG.codeInvalid);
  if (row.usedAt) throw new HttpError(410, PARENT_MSG.codeUsed);
  if (row.expired) throw new HttpError(410, PARENT_MSG.codeExpired);
  const firstName = row.name.trim().split(/\s+/)[0] ?? row.name;
  return { id: row.id, studentId: row.studentId, firstName, rombelName: row.rombelName, expiresAt: row.expiresAt };
}

/**
 * Claims the code for `parentId` in one statement (unused and unexpired only); a parallel claim
 * that lost answers as the code now is (410 used).
 */
export async function claimCode(tx: Executor, code: FoundCode, parentId: number): Promise<void> {
  const claimed = await tx
    .update(pairingCodes)
    .set({ usedAt: sql`now()`, usedBy: parentId })
    .where(and(eq(pairingCodes.id, code.id), isNull(pairingCodes.usedAt), gt(pairingCodes.expiresAt, sql`now()`)))
    .returning({ id: pairingCodes.id });
  if (claimed.length === 0) throw new HttpError(410, PARENT_MSG.codeUsed);
}

/**
 * Locks the child's `students` row until the transaction ends and counts their parents: 409 when
 * the child already has {@link MAX_PARENTS_PER_CHILD}. Parallel links of one child queue here.
 */
export async function lockChildWithRoom(tx: Executor, studentId: number): Promise<void> {
  await tx.select({ id: students.userId }).from(students).where(eq(students.userId, studentId)).for('update');
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(parentLinks)
    .where(eq(parentLinks.studentId, studentId));
  if ((row?.n ?? 0) >= MAX_PARENTS_PER_CHILD) throw conflict(PARENT_MSG.tooManyParents);
}

/** The student's new code (an unused one is replaced); valid PAIRING_CODE_DAYS days. The text is returned once. */
export async function issueCode(tx: Executor, studentId: number): Promise<{ code: string; expiresAt: Date }> {
  await lockChildWithRoom(tx, studentId);
  await tx.delete(pairingCodes).where(and(eq(pairingCodes.studentId, studentId), isNull(pairingCodes.usedAt)));
  const code = newCode();
  const [row] = await tx
    .insert(pairingCodes)
    .values({
      studentId,
      codeHash: codeHash(normalizeCode(code)!),
      expiresAt: sql`now() + make_interval(days => ${PAIRING_CODE_DAYS})`,
    })
    .returning({ expiresAt: pairingCodes.expiresAt });
  return { code, expiresAt: row!.expiresAt };
}
