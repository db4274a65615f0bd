/**
 * The attempt's clock. The server decides when an attempt ends (`due_at`); the phone's own clock
 * may be minutes off, so the countdown runs on the server's time: the offset between the server's
 * `server_now` and this browser's clock, measured when the attempt was loaded.
 */

/** Under this much time left the countdown turns to its warning colour. */
export const WARNING_MS = 5 * 60_000;

/**
 * How far the server's clock is ahead of this browser's (negative: behind), in ms. `server_now`
 * was read while the request was in flight, so it is set against the middle of the round trip.
 */
export function clockOffset(serverNow: string, sentAt: number, receivedAt: number): number {
  const server = Date.parse(serverNow);
  if (Number.isNaN(server)) return 0;
  return Math.round(server - (sentAt + receivedAt) / 2);
}

/** The server's time now, by this browser's clock and the offset. */
export const serverTime = (offsetMs: number, now: number = Date.now()) => now + offsetMs;

/** Milliseconds left until `dueAt` on the server's clock (negative once past); null when there is no deadline. */
export function remainingMs(dueAt: string | null | undefined, offsetMs: number, now: number = Date.now()): number | null {
  if (!dueAt) return null;
  const due = Date.parse(dueAt);
  if (Number.isNaN(due)) return null;
  return due - serverTime(offsetMs, now);
}

/** Whole seconds left, rounded up (the countdown shows 00:01 until the last second is over). */
const secondsLeft = (ms: number) => Math.max(0, Math.ceil(ms / 1000));

const two = (n: number) => String(n).padStart(2, '0');

const DAY_S = 24 * 3600;

/** "04:59", "59:00", "1:02:03", "2 hari 03:00:00": what the countdown shows; 00:00 once the time is over. */
export function formatCountdown(ms: number): string {
  const s = secondsLeft(ms);
  const d = Math.floor(s / DAY_S);
  const h = Math.floor((s % DAY_S) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${d} hari ${two(h)}:${two(m)}:${two(sec)}`;
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
}

/** The time left in words, for screen readers: "2 hari 3 jam", "1 jam 2 menit", "4 menit 59 detik", "30 detik". */
export function countdownWords(ms: number): string {
  const s = secondsLeft(ms);
  const d = Math.floor(s / DAY_S);
  const h = Math.floor((s % DAY_S) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return h > 0 ? `${d} hari ${h} jam` : `${d} hari`;
  if (h > 0) return m > 0 ? `${h} jam ${m} menit` : `${h} jam`;
  if (m > 0) return sec > 0 && m < 5 ? `${m} menit ${sec} detik` : `${m} menit`;
  return `${sec} detik`;
}

/** Whether the countdown shows its warning colour: under five minutes left. */
export const isWarning = (ms: number | null) => ms !== null && ms < WARNING_MS;

/** Whether the time is over (the server has closed the attempt, or is about to). */
export const isOver = (ms: number | null) => ms !== null && ms <= 0;
