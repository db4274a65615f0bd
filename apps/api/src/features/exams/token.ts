/**
 * The exam token (issue 41): six digits derived from the quiz's secret and the time window, never
 * stored. The window is the Unix time divided by EXAM_TOKEN_PERIOD_SECONDS; the previous window's
 * token is still taken for EXAM_TOKEN_GRACE_SECONDS after the rotation (the proctor just read it out).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { EXAM_TOKEN_GRACE_SECONDS, EXAM_TOKEN_PERIOD_SECONDS } from '@kelasku/contract';

/** A new quiz secret (made when exam mode is first switched on or the token first asked for). */
export const newExamSecret = (): string => randomBytes(32).toString('hex');

/** The token window of an instant. */
export const windowOf = (at: Date): number => Math.floor(at.getTime() / 1000 / EXAM_TOKEN_PERIOD_SECONDS);

/** The token of one quiz in one window: HMAC-SHA256(secret, "quizId:window"), six decimal digits. */
export function examTokenOf(secret: string, quizId: number, window: number): string {
  const mac = createHmac('sha256', secret).update(`${quizId}:${window}`).digest();
  return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export type TokenJudgement = { window: number } | 'wrong' | 'expired';

/**
 * What a typed token is at `now`: this window's token, the previous window's within the grace
 * seconds after the rotation (its window: each is claimed once), one of the last hour's windows
 * ('expired': "ask for the newest token"), or anything else ('wrong'). A quiz without a secret has
 * no token yet ('wrong').
 */
export function judgeToken(secret: string | null, quizId: number, typed: string, now: Date): TokenJudgement {
  const token = typed.replace(/\s+/g, '');
  if (!secret || !/^\d{6}$/.test(token)) return 'wrong';
  const current = windowOf(now);
  if (same(token, examTokenOf(secret, quizId, current))) return { window: current };
  const sinceRotation = now.getTime() / 1000 - current * EXAM_TOKEN_PERIOD_SECONDS;
  if (same(token, examTokenOf(secret, quizId, current - 1)))
    return sinceRotation <= EXAM_TOKEN_GRACE_SECONDS ? { window: current - 1 } : 'expired';
  const hour = Math.ceil(3600 / EXAM_TOKEN_PERIOD_SECONDS);
  for (let w = current - 2; w >= current - hour; w--) if (same(token, examTokenOf(secret, quizId, w))) return 'expired';
  return 'wrong';
}
