import { describe, expect, it } from 'vitest';
import { dateRange } from './parts';

describe('dateRange', () => {
  it('writes a semester’s dates in Indonesian, whatever the browser’s time zone', () => {
    expect(dateRange({ starts_on: '2026-07-01', ends_on: '2026-12-31' })).toBe('1 Juli 2026 – 31 Desember 2026');
    expect(dateRange({ starts_on: '2027-01-01', ends_on: '2027-06-30' })).toBe('1 Januari 2027 – 30 Juni 2027');
  });
});
