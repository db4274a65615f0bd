import { describe, expect, it } from 'vitest';
import { clockOf, meetingDay, meetingHeading, meetingTime, monthName, thisMonthWib, todayWib } from './meeting-dates';

describe('meeting dates', () => {
  const m = {
    number: 7,
    date: '2026-12-01',
    periods: [3, 4],
    starts_at: '2026-12-01T08:30:00+07:00',
    ends_at: '2026-12-01T10:00:00+07:00',
  };

  it('heads a meeting with its number, day and jam ke- (the times when it has no periods)', () => {
    expect(meetingHeading(m)).toBe('Pertemuan 7, Selasa 1 Desember, jam ke-3–4');
    expect(meetingHeading({ ...m, number: 2, date: '2026-11-30', periods: [5] })).toBe('Pertemuan 2, Senin 30 November, jam ke-5');
    expect(meetingHeading({ ...m, number: null, periods: [4] })).toBe('Pertemuan, Selasa 1 Desember, jam ke-4');
    expect(meetingHeading({ ...m, number: 3, periods: [] })).toBe('Pertemuan 3, Selasa 1 Desember, 08.30–10.00');
    expect(meetingDay('2026-11-30')).toBe('Senin, 30 November 2026');
    expect(meetingDay('2026-12-04')).toBe('Jumat, 4 Desember 2026');
    expect(meetingTime({ ...m, periods: [5] })).toBe('jam ke-5');
  });

  it('reads instants on the WIB clock and calendar whatever the device zone', () => {
    expect(clockOf('2026-12-01T00:12:00Z')).toBe('07.12');
    expect(clockOf('2026-12-01T16:59:00.000Z')).toBe('23.59');
    expect(clockOf('07:00')).toBe('07.00');
    expect(clockOf(null)).toBe('-');
    expect(clockOf('kemarin')).toBe('-');
    expect(thisMonthWib(Date.parse('2026-11-30T18:00:00Z'))).toBe('2026-12');
    expect(todayWib(Date.parse('2026-11-30T17:00:00Z'))).toBe('2026-12-01');
    expect(todayWib(Date.parse('2026-11-30T16:59:00Z'))).toBe('2026-11-30');
    expect(monthName('2026-12')).toBe('Desember 2026');
    expect(monthName('2027-01')).toBe('Januari 2027');
  });
});
