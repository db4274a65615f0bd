import { describe, expect, it } from 'vitest';
import { formatDateTimeWib, fromWibPickerValue, isPastWib, toWibPickerValue } from './format';

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
