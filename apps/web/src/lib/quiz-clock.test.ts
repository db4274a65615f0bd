import { describe, expect, it } from 'vitest';
import { clockOffset, countdownWords, formatCountdown, isOver, isWarning, remainingMs, WARNING_MS } from './quiz-clock';

describe('clockOffset', () => {
  it('sets the server time against the middle of the round trip', () => {
    const sent = Date.parse('2026-11-20T03:00:00.000Z');
    // The phone is 2 minutes behind the server; the request took 400 ms.
    const serverNow = new Date(sent + 2 * 60_000 + 200).toISOString();
    expect(clockOffset(serverNow, sent, sent + 400)).toBe(2 * 60_000);
  });

  it('is negative when the phone runs ahead, and 0 for an unreadable server time', () => {
    const sent = Date.parse('2026-11-20T03:00:00.000Z');
    expect(clockOffset(new Date(sent - 90_000).toISOString(), sent, sent)).toBe(-90_000);
    expect(clockOffset('bukan tanggal', sent, sent)).toBe(0);
  });
});

describe('remainingMs', () => {
  const due = '2026-11-20T03:10:00.000Z';
  const dueMs = Date.parse(due);

  it('counts on the server clock, not the phone clock', () => {
    // The phone shows 03:00 but the server is already at 03:05: 5 minutes left, not 10.
    const phoneNow = Date.parse('2026-11-20T03:00:00.000Z');
    expect(remainingMs(due, 5 * 60_000, phoneNow)).toBe(5 * 60_000);
    // A phone 3 minutes ahead of the server.
    expect(remainingMs(due, -3 * 60_000, dueMs)).toBe(3 * 60_000);
  });

  it('goes negative after the deadline and is null without one', () => {
    expect(remainingMs(due, 0, dueMs + 1500)).toBe(-1500);
    expect(remainingMs(null, 0, dueMs)).toBeNull();
    expect(remainingMs('', 0, dueMs)).toBeNull();
  });
});

describe('formatCountdown', () => {
  it('shows minutes and seconds, hours when there are', () => {
    expect(formatCountdown(4 * 60_000 + 59_000)).toBe('04:59');
    expect(formatCountdown(59 * 60_000)).toBe('59:00');
    expect(formatCountdown(3723_000)).toBe('1:02:03');
    expect(formatCountdown(10 * 3600_000)).toBe('10:00:00');
    expect(formatCountdown(47 * 3600_000 + 59_000)).toBe('1 hari 23:00:59');
  });

  it('rounds up to the whole second and stops at 00:00', () => {
    expect(formatCountdown(1)).toBe('00:01');
    expect(formatCountdown(999)).toBe('00:01');
    expect(formatCountdown(1000)).toBe('00:01');
    expect(formatCountdown(1001)).toBe('00:02');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5000)).toBe('00:00');
  });
});

describe('countdownWords', () => {
  it('says the time in Indonesian words', () => {
    expect(countdownWords(3723_000)).toBe('1 jam 2 menit');
    expect(countdownWords(3600_000)).toBe('1 jam');
    expect(countdownWords(51 * 3600_000)).toBe('2 hari 3 jam');
    expect(countdownWords(48 * 3600_000)).toBe('2 hari');
    expect(countdownWords(4 * 60_000 + 59_000)).toBe('4 menit 59 detik');
    expect(countdownWords(12 * 60_000 + 30_000)).toBe('12 menit');
    expect(countdownWords(30_000)).toBe('30 detik');
    expect(countdownWords(-1)).toBe('0 detik');
  });
});

describe('isWarning and isOver', () => {
  it('warns under five minutes', () => {
    expect(isWarning(WARNING_MS)).toBe(false);
    expect(isWarning(WARNING_MS - 1)).toBe(true);
    expect(isWarning(null)).toBe(false);
  });

  it('is over at zero', () => {
    expect(isOver(1)).toBe(false);
    expect(isOver(0)).toBe(true);
    expect(isOver(-10)).toBe(true);
    expect(isOver(null)).toBe(false);
  });
});
