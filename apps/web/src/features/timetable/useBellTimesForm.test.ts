import { describe, expect, it } from 'vitest';
import { addMinutes, toBody } from './useBellTimesForm';

describe('bell times form', () => {
  it('starts a new row where the last ended', () => {
    expect(addMinutes('07.00', 45)).toBe('07.45');
    expect(addMinutes('09:30', 15)).toBe('09.45');
    expect(addMinutes('23.50', 45)).toBe('23.59');
    expect(addMinutes('7.0', 45)).toBe('');
  });

  it('numbers lessons in order, breaks without a number, every school day present', () => {
    const body = toBody({
      1: [
        { key: 1, kind: 'period', starts_at: '07.00', ends_at: '07.45' },
        { key: 2, kind: 'break', starts_at: '07.45', ends_at: '08.00' },
        { key: 3, kind: 'period', starts_at: ' 08.00 ', ends_at: '08.45' },
      ],
    });
    expect(body.days.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(body.days[0]!.periods).toEqual([
      { period: 1, starts_at: '07.00', ends_at: '07.45' },
      { period: null, starts_at: '07.45', ends_at: '08.00' },
      { period: 2, starts_at: '08.00', ends_at: '08.45' },
    ]);
    expect(body.days[5]!.periods).toEqual([]);
  });
});
