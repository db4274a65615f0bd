import { describe, expect, it } from 'vitest';
import { formatClockWib, formatFileSize } from '../lib/format';
import { NEW_METER, bytesText, measure, paused, percentOf, secondsLeft, timeLeftText } from './progress';

const MB = 1024 * 1024;

/** Feeds samples of a steady speed (bytes per second) every `stepMs` for `ms`. */
function steady(meter = NEW_METER, from: { at: number; sent: number }, bytesPerSecond: number, ms: number, stepMs = 500) {
  let m = meter;
  let { at, sent } = from;
  for (let t = 0; t <= ms; t += stepMs) {
    m = measure(m, sent, at);
    at += stepMs;
    sent += (bytesPerSecond * stepMs) / 1000;
  }
  return { meter: m, at, sent };
}

describe('the smoothed sending speed', () => {
  it('settles on a steady speed', () => {
    const { meter } = steady(NEW_METER, { at: 0, sent: 0 }, 500_000, 10_000);
    expect(meter.rate).toBeCloseTo(500_000, -3);
  });

  it('follows a change of speed gradually, not at the first sample', () => {
    const fast = steady(NEW_METER, { at: 0, sent: 0 }, 1_000_000, 10_000);
    const oneSlow = measure(fast.meter, fast.sent + 100_000, fast.at + 1000);
    // One second at 100 KB/s after a long run at 1 MB/s: still well above 100 KB/s.
    expect(oneSlow.rate!).toBeGreaterThan(500_000);
    const slow = steady(fast.meter, { at: fast.at, sent: fast.sent }, 100_000, 20_000);
    expect(slow.meter.rate).toBeCloseTo(100_000, -4);
  });

  it('merges samples that come too close together', () => {
    const a = measure(NEW_METER, 0, 0);
    const b = measure(a, 1000, 100);
    expect(b).toBe(a);
  });

  it('starts a new interval after a pause or when the server kept fewer bytes than were sent', () => {
    const run = steady(NEW_METER, { at: 0, sent: 0 }, 200_000, 5000);
    const rate = run.meter.rate;
    // Offline for a minute: the pause does not count as a slow interval.
    const back = measure(paused(run.meter), run.sent, run.at + 60_000);
    expect(back.rate).toBe(rate);
    // Resumed from the server's offset, below what was sent: no negative speed.
    const lower = measure(run.meter, run.sent - 300_000, run.at + 500);
    expect(lower.rate).toBe(rate);
    expect(lower.last).toEqual({ at: run.at + 500, sent: run.sent - 300_000 });
  });
});

describe('what the student reads while sending', () => {
  it('tells the time left in rounded words', () => {
    expect(secondsLeft(10 * MB, 20 * MB, null)).toBeNull();
    expect(timeLeftText(secondsLeft(10 * MB, 20 * MB, null))).toBe('');
    expect(timeLeftText(secondsLeft(0, 3 * MB, MB))).toBe('beberapa detik lagi');
    expect(timeLeftText(secondsLeft(10 * MB, 20 * MB, (10 * MB) / 31))).toBe('sekitar 30 detik lagi');
    expect(timeLeftText(secondsLeft(0, 20 * MB, 50 * 1024))).toBe('sekitar 7 menit lagi');
    expect(timeLeftText(5400)).toBe('sekitar 1,5 jam lagi');
  });

  it('shows the bytes sent in the unit of the whole file, and a percentage that reaches 100 only at the end', () => {
    expect(bytesText(10.24 * MB, 20 * MB)).toBe('10,2 MB dari 20,0 MB');
    expect(bytesText(0, 20 * MB)).toBe('0,0 MB dari 20,0 MB');
    expect(bytesText(100 * 1024, 300 * 1024)).toBe('100 KB dari 300 KB');
    expect(percentOf(20 * MB - 1, 20 * MB)).toBe(99);
    expect(percentOf(20 * MB, 20 * MB)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });

  it('writes file sizes in KB and MB', () => {
    expect(formatFileSize(400)).toBe('0,4 KB');
    expect(formatFileSize(22)).toBe('0,1 KB');
    expect(formatFileSize(0)).toBe('0,0 KB');
    expect(formatFileSize(120 * 1024)).toBe('120 KB');
    expect(formatFileSize(20 * MB)).toBe('20,0 MB');
    expect(formatFileSize(2.46 * MB)).toBe('2,5 MB');
  });

  it('tells when the work was sent: the clock today, with the date on another day (WIB)', () => {
    const now = Date.parse('2026-11-24T10:00:00Z'); // 17.00 WIB
    expect(formatClockWib('2026-11-24T07:05:00Z', now)).toBe('pukul 14.05 WIB');
    // 23.30 WIB the day before (16.30 UTC the same UTC day).
    expect(formatClockWib('2026-11-23T16:30:00Z', now)).toBe('23 November 2026 pukul 23.30 WIB');
    expect(formatClockWib(null, now)).toBe('-');
  });
});
