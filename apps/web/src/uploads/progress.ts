import { formatFileSize } from '../lib/format';

const MB = 1024 * 1024;

/**
 * The sending speed, smoothed so the time left does not jump with every progress event: an
 * exponential average over about `TAU_MS` of samples. `at` is a clock in milliseconds.
 */
export interface RateMeter {
  /** The last sample the next one is measured from; null after a pause (offline, retry, resume). */
  last: { at: number; sent: number } | null;
  /** Bytes per second, or null until a first interval has been measured. */
  rate: number | null;
}

export const NEW_METER: RateMeter = { last: null, rate: null };

/** Samples closer together than this are merged (progress events come many times a second). */
const MIN_INTERVAL_MS = 250;
/** The averaging time: older speed counts less and less after a few seconds. */
const TAU_MS = 3000;

/** The meter after `sent` bytes were reported at `at`. */
export function measure(meter: RateMeter, sent: number, at: number): RateMeter {
  const { last } = meter;
  // First sample after a pause, or fewer bytes than before (the server kept less than was sent): a new start.
  if (!last || sent < last.sent || at < last.at) return { last: { at, sent }, rate: meter.rate };
  const dt = at - last.at;
  if (dt < MIN_INTERVAL_MS) return meter;
  const instant = ((sent - last.sent) / dt) * 1000;
  const weight = 1 - Math.exp(-dt / TAU_MS);
  const rate = meter.rate === null ? instant : meter.rate + weight * (instant - meter.rate);
  return { last: { at, sent }, rate };
}

/** The meter after a pause: the speed is kept, the next sample starts a new interval. */
export const paused = (meter: RateMeter): RateMeter => ({ last: null, rate: meter.rate });

/** Seconds left at the smoothed speed, or null when it cannot be told yet. */
export function secondsLeft(sent: number, total: number, rate: number | null): number | null {
  if (rate === null || rate <= 0) return null;
  return Math.max(0, (total - sent) / rate);
}

/** "sekitar 30 detik lagi", "sekitar 3 menit lagi", "beberapa detik lagi"; "" while unknown. */
export function timeLeftText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '';
  if (seconds < 10) return 'beberapa detik lagi';
  if (seconds < 60) return `sekitar ${Math.round(seconds / 5) * 5} detik lagi`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `sekitar ${minutes} menit lagi`;
  const hours = Math.round(seconds / 360) / 10;
  return `sekitar ${String(hours).replace('.', ',')} jam lagi`;
}

/** "10,2 MB dari 20,0 MB": the bytes sent in the unit of the whole file. */
export function bytesText(sent: number, total: number): string {
  if (total < MB) return `${formatFileSize(sent).replace(/ KB$/, '')} KB dari ${formatFileSize(total)}`;
  return `${(sent / MB).toFixed(1).replace('.', ',')} MB dari ${formatFileSize(total)}`;
}

/** 0–100, rounded down so 100 % means every byte is on the server. */
export const percentOf = (sent: number, total: number) => (total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0);
