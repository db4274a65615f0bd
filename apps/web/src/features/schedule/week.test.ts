import { describe, expect, it } from 'vitest';
import type { TimetableSlot, TimetableWeek } from '@kelasku/contract';
import { dayLessons, dueLink, periodsLabel, timeRange, weekDays, weekRows, wibWeekday } from './week';

const slot = (id: number, day: number, period: number, starts: string, ends: string, assignment = 1): TimetableSlot => ({
  id,
  day,
  period,
  starts_at: starts,
  ends_at: ends,
  assignment_id: assignment,
  subject: { id: assignment, code: `M${assignment}`, name: `Mapel ${assignment}` },
  rombel: { id: 1, name: 'X TKJ 1' },
  teachers: [{ id: 9, name: 'Bu Sari' }],
  class_id: 100 + assignment,
});

const monday = [
  { period: 1, starts_at: '07.00', ends_at: '07.45' },
  { period: 2, starts_at: '07.45', ends_at: '08.30' },
  { period: null, starts_at: '08.30', ends_at: '08.45' },
  { period: 3, starts_at: '08.45', ends_at: '09.30' },
  { period: 4, starts_at: '09.30', ends_at: '10.15' },
];
const friday = [
  { period: 1, starts_at: '07.00', ends_at: '07.35' },
  { period: 2, starts_at: '07.35', ends_at: '08.10' },
];

const week = (slots: TimetableSlot[]): TimetableWeek => ({
  semester_id: 1,
  bell: [
    { day: 5, periods: friday },
    { day: 1, periods: monday },
    { day: 6, periods: [] },
  ],
  slots,
});

describe('the week', () => {
  it('writes times with a dot and periods as one or a range', () => {
    expect(timeRange('07:00', '08.30')).toBe('07.00–08.30');
    expect(periodsLabel([3])).toBe('jam ke-3');
    expect(periodsLabel([3, 4])).toBe('jam ke-3–4');
  });

  it('merges consecutive periods of one assignment, but not across a break or another subject', () => {
    const w = week([
      slot(4, 1, 4, '09.30', '10.15', 2),
      slot(1, 1, 1, '07.00', '07.45'),
      slot(2, 1, 2, '07.45', '08.30'),
      slot(3, 1, 3, '08.45', '09.30'),
      slot(5, 5, 1, '07.00', '07.35', 2),
    ]);
    const lessons = dayLessons(w, 1);
    expect(lessons.map((l) => [l.subject.name, timeRange(l.starts_at, l.ends_at), periodsLabel(l.periods)])).toEqual([
      ['Mapel 1', '07.00–08.30', 'jam ke-1–2'],
      ['Mapel 1', '08.45–09.30', 'jam ke-3'],
      ['Mapel 2', '09.30–10.15', 'jam ke-4'],
    ]);
    expect(dayLessons(w, 2)).toEqual([]);
  });

  it('shows the days with lesson periods or lessons, and the rows of the longest day with its break', () => {
    const w = week([slot(1, 7, 6, '12.00', '12.45')]);
    expect(weekDays(w)).toEqual([1, 5, 7]);
    const rows = weekRows(w);
    expect(rows.map((r) => (r.kind === 'break' ? 'Istirahat' : r.period))).toEqual([1, 2, 'Istirahat', 3, 4, 6]);
    expect(rows[0]).toMatchObject({ starts_at: '07.00', ends_at: '07.45' });
  });

  it('finds the WIB weekday whatever the browser clock says', () => {
    // Sunday 29 November 2026, 20.00 UTC is Monday 03.00 WIB.
    expect(wibWeekday(Date.UTC(2026, 10, 29, 20, 0))).toBe(1);
    expect(wibWeekday(Date.UTC(2026, 10, 29, 10, 0))).toBe(7);
  });

  it('links what is due to the teacher’s or the student’s page', () => {
    const a = { kind: 'assignment' as const, id: 5, class_id: 2, lesson_id: 3 };
    const q = { ...a, kind: 'quiz' as const };
    expect(dueLink('teacher', a)).toBe('/online-class/2/contents/3/assignment/5');
    expect(dueLink('teacher', q)).toBe('/online-class/2/contents/3/quizzes/5');
    expect(dueLink('student', a)).toBe('/my-classes/2/submissions/5');
    expect(dueLink('student', q)).toBe('/my-classes/2/contents/3/quizzes/5');
  });
});
