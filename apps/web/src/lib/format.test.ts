import { describe, expect, it } from 'vitest';
import {
  formatDateTimeWib,
  formatDueIn,
  formatRelativeDeadline,
  fromWibPickerValue,
  isDueSoon,
  isPastWib,
  toWibPickerValue,
} from './format';

describe('WIB dates on a machine outside Jakarta', () => {
  it('runs in New York time, not Jakarta', () => {
    expect(new Date('2026-11-24T12:00:00Z').getTimezoneOffset()).toBe(300);
  });

  it('reads a deadline picked as 24/11/2026 23.59 as WIB: 16.59 UTC', () => {
    const iso = fromWibPickerValue('2026-11-24 23:59:00');
    expect(iso).toBe('2026-11-24T16:59:00.000Z');
    expect(Date.parse(iso)).toBe(Date.parse('2026-11-24T23:59:00+07:00'));
  });

  it('accepts a picker value without seconds', () => {
    expect(fromWibPickerValue('2031-02-20 07:45')).toBe('2031-02-20T00:45:00.000Z');
  });

  it('shows an instant in the picker as its WIB wall clock, across midnight', () => {
    expect(toWibPickerValue('2026-11-24T16:59:00.000Z')).toBe('2026-11-24 23:59:00');
    expect(toWibPickerValue('2026-11-24T20:30:00Z')).toBe('2026-11-25 03:30:00');
    expect(toWibPickerValue('2026-11-25T03:30:00+07:00')).toBe('2026-11-25 03:30:00');
  });

  it('has no picker value for a missing or broken date', () => {
    expect(toWibPickerValue(null)).toBeNull();
    expect(toWibPickerValue('bukan tanggal')).toBeNull();
  });

  it('round-trips a picker value', () => {
    expect(toWibPickerValue(fromWibPickerValue('2030-12-01 10:00:00'))).toBe('2030-12-01 10:00:00');
  });

  it('tells a past deadline by the WIB clock', () => {
    const now = Date.parse('2026-11-24T16:59:30Z'); // 23.59.30 WIB
    expect(isPastWib('2026-11-24 23:59:00', now)).toBe(true);
    expect(isPastWib('2026-11-25 00:00:00', now)).toBe(false);
    expect(isPastWib(null, now)).toBe(false);
  });

  it('formats for the screen in Indonesian with WIB', () => {
    expect(formatDateTimeWib('2026-11-24T16:59:00Z')).toBe('24 November 2026 23.59 WIB');
  });
});

describe('relative deadlines in WIB on a machine outside Jakarta', () => {
  // Tuesday 24 November 2026, 10.00 WIB (03.00 UTC; still Monday 23 November evening in New York).
  const now = Date.parse('2026-11-24T10:00:00+07:00');
  const wib = (s: string) => new Date(`${s}+07:00`).toISOString();

  it('says "hari ini", "besok" and "lusa" with the WIB time', () => {
    expect(formatRelativeDeadline(wib('2026-11-24T14:00:00'), now)).toBe('hari ini 14.00');
    expect(formatRelativeDeadline(wib('2026-11-25T23:59:00'), now)).toBe('besok 23.59');
    expect(formatRelativeDeadline(wib('2026-11-26T07:05:00'), now)).toBe('lusa 07.05');
  });

  it('counts WIB calendar days, not 24-hour spans', () => {
    // 00.30 WIB on the 25th is "besok" though only 14.5 hours away; in New York it is still the 24th.
    expect(formatRelativeDeadline('2026-11-24T17:30:00Z', now)).toBe('besok 00.30');
    // 23.59 WIB tonight is 16.59 UTC: still "hari ini".
    expect(formatRelativeDeadline('2026-11-24T16:59:00Z', now)).toBe('hari ini 23.59');
  });

  it('says "N hari lagi" from three days on, and the date a month or more away', () => {
    expect(formatRelativeDeadline(wib('2026-11-27T08:00:00'), now)).toBe('3 hari lagi');
    expect(formatRelativeDeadline(wib('2026-12-24T08:00:00'), now)).toBe('30 hari lagi');
    expect(formatRelativeDeadline(wib('2031-01-15T23:59:00'), now)).toBe('15 Januari 2031');
  });

  it('says how long ago a passed deadline was', () => {
    expect(formatRelativeDeadline(wib('2026-11-24T07:00:00'), now)).toBe('hari ini 07.00');
    expect(formatRelativeDeadline(wib('2026-11-23T23:59:00'), now)).toBe('kemarin 23.59');
    expect(formatRelativeDeadline(wib('2026-11-21T12:00:00'), now)).toBe('3 hari yang lalu');
    expect(formatRelativeDeadline(wib('2026-09-01T12:00:00'), now)).toBe('1 September 2026');
  });

  it('has nothing to say about a missing or broken date', () => {
    expect(formatRelativeDeadline(null, now)).toBe('-');
    expect(formatRelativeDeadline('bukan tanggal', now)).toBe('-');
  });

  it('marks deadlines within the next 24 hours as due soon', () => {
    expect(isDueSoon(wib('2026-11-24T14:00:00'), now)).toBe(true);
    expect(isDueSoon(wib('2026-11-25T10:00:00'), now)).toBe(true);
    expect(isDueSoon(wib('2026-11-25T10:01:00'), now)).toBe(false);
    expect(isDueSoon(wib('2026-11-24T09:59:00'), now)).toBe(false);
    expect(isDueSoon(null, now)).toBe(false);
  });
});

describe('time left until a deadline, for the phone dashboard', () => {
  // Tuesday 24 November 2026, 10.00 WIB.
  const now = Date.parse('2026-11-24T10:00:00+07:00');
  const at = (ms: number) => new Date(now + ms).toISOString();
  const MIN = 60_000;
  const HOUR = 60 * MIN;

  it('counts minutes, then hours, down', () => {
    expect(formatDueIn(at(30_000), now)).toBe('kurang dari 1 menit lagi');
    expect(formatDueIn(at(45 * MIN + 30_000), now)).toBe('45 menit lagi');
    expect(formatDueIn(at(2 * HOUR + 59 * MIN), now)).toBe('2 jam lagi');
    expect(formatDueIn(at(11 * HOUR + 59 * MIN), now)).toBe('11 jam lagi');
  });

  it('names the WIB day from 12 hours on', () => {
    expect(formatDueIn(new Date('2026-11-24T23:59:00+07:00').toISOString(), now)).toBe('hari ini 23.59');
    expect(formatDueIn(new Date('2026-11-25T23:59:00+07:00').toISOString(), now)).toBe('besok 23.59');
    expect(formatDueIn(new Date('2026-11-27T08:00:00+07:00').toISOString(), now)).toBe('3 hari lagi');
  });

  it('says how long ago a passed deadline was', () => {
    expect(formatDueIn(at(-20_000), now)).toBe('baru saja lewat');
    expect(formatDueIn(at(-20 * MIN), now)).toBe('lewat 20 menit');
    expect(formatDueIn(at(-(3 * HOUR + 50 * MIN)), now)).toBe('lewat 3 jam');
    expect(formatDueIn(at(-(2 * 24 * HOUR + HOUR)), now)).toBe('lewat 2 hari');
  });

  it('has nothing to say without a date', () => {
    expect(formatDueIn(null, now)).toBe('-');
    expect(formatDueIn('bukan tanggal', now)).toBe('-');
  });
});
