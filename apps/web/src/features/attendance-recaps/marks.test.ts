import { describe, expect, it } from 'vitest';
import { ATTENDANCE_STATUSES } from '@kelasku/contract';
import { dayHeading, MARK_COLORS, markStyle, shortDate, totalRecorded } from './marks';

describe('recap dates', () => {
  it('heads a month recap’s columns with the day and its Indonesian weekday', () => {
    expect(dayHeading('2026-11-30')).toEqual({ day: '30', weekday: 'Sen' });
    expect(dayHeading('2026-12-06')).toEqual({ day: '6', weekday: 'Min' });
    expect(shortDate('2026-12-01')).toBe('1/12');
  });
});

describe('marks', () => {
  it('every mark has its own colour, a light background behind a dark letter', () => {
    expect(new Set(Object.values(MARK_COLORS)).size).toBe(ATTENDANCE_STATUSES.length);
    expect(markStyle('A')).toEqual({ background: 'var(--mantine-color-red-1)', color: 'var(--mantine-color-red-9)' });
  });

  it('counts every recorded mark', () => {
    expect(totalRecorded({ H: 10, T: 1, S: 2, I: 0, D: 1, A: 3 })).toBe(17);
  });
});
