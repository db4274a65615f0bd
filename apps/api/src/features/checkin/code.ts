/**
 * The rotating codes of self check-in (issue 38; contract schemas/checkin.ts). TOTP-like: the time
 * is cut into steps of {@link CHECKIN_ROTATION_SECONDS} s from the epoch; a meeting's code of a step
 * is 6 digits taken from HMAC-SHA256(the meeting's secret, "<meetingId>:<step>") by dynamic
 * truncation (RFC 4226 §5.3), zero-padded. A code is accepted during its own step and the next one
 * only (two rotations), so a code shown at the end of a step still works for a slow typist while
 * one photographed a minute ago does not. Every function takes `now`: the tests pin the clock.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CHECKIN_ROTATION_SECONDS } from '@kelasku/contract';

const STEP_MS = CHECKIN_ROTATION_SECONDS * 1000;

/** A new meeting's secret: 32 random bytes. */
export const newCheckinSecret = (): Buffer => randomBytes(32);

/** The step `now` falls in. */
export const checkinStep = (nowMs: number): number => Math.floor(nowMs / STEP_MS);

/** When the step of `now` ends (the next code starts). */
export const rotatesAt = (nowMs: number): Date => new Date((checkinStep(nowMs) + 1) * STEP_MS);

/** The meeting's code of a step: "000000" … "999999". */
export function checkinCode(secret: Buffer, meetingId: number, step: number): string {
  const mac = createHmac('sha256', secret).update(`${meetingId}:${step}`).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

/** The meeting's code shown at `now`. */
export const currentCode = (secret: Buffer, meetingId: number, nowMs: number): string => checkinCode(secret, meetingId, checkinStep(nowMs));

/** Whether `code` is the meeting's code of the step of `now` or of the step before it. */
export function codeMatches(secret: Buffer, meetingId: number, code: string, nowMs: number): boolean {
  const step = checkinStep(nowMs);
  const typed = Buffer.from(code);
  let hit = false;
  for (const s of [step, step - 1]) {
    const expected = Buffer.from(checkinCode(secret, meetingId, s));
    // Both are checked, in constant time: the answer's timing tells nothing about the code.
    if (expected.length === typed.length && timingSafeEqual(expected, typed)) hit = true;
  }
  return hit;
}
