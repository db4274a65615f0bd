import type { BellPeriod, TimetableSlot, TimetableWeek, TodayDue } from '@kelasku/contract';
import type { ScheduleRole } from '../../api/schedule';

const WIB_OFFSET_MS = 7 * 3600 * 1000;

/** "07.00" whether the server wrote "07.00" or "07:00". */
export const clock = (t: string) => t.replace(':', '.');

/** "07.00–08.30". */
export const timeRange = (starts: string, ends: string) => `${clock(starts)}–${clock(ends)}`;

/** "jam ke-3" or, over consecutive periods, "jam ke-3–4". */
export function periodsLabel(periods: readonly number[]): string {
  if (periods.length === 0) return '';
  const first = periods[0]!;
  const last = periods[periods.length - 1]!;
  return first === last ? `jam ke-${first}` : `jam ke-${first}–${last}`;
}

/** The ISO weekday (1 Senin … 7 Minggu) of an instant by the WIB calendar, whatever the browser's time zone. */
export function wibWeekday(now: number = Date.now()): number {
  const d = new Date(now + WIB_OFFSET_MS).getUTCDay();
  return d === 0 ? 7 : d;
}

/** Where a lesson opens its class: the teacher's class page or the student's. */
export const classLink = (role: ScheduleRole, classId: number) =>
  role === 'teacher' ? `/online-class/${classId}` : `/my-classes/${classId}`;

/** What a lesson row says under its subject: the rombel for the teacher, the teachers for the student. */
export const lessonWho = (role: ScheduleRole, lesson: Pick<TimetableSlot, 'rombel' | 'teachers'>) =>
  role === 'teacher' ? lesson.rombel.name : lesson.teachers.map((t) => t.name).join(', ');

/** One lesson of a day in the week: consecutive periods of one teaching assignment merged ("jam ke-3–4"). */
export interface DayLesson {
  key: string;
  assignment_id: number;
  starts_at: string;
  ends_at: string;
  periods: number[];
  subject: TimetableSlot['subject'];
  rombel: TimetableSlot['rombel'];
  teachers: TimetableSlot['teachers'];
  class_id: number;
}

const byTime = (a: { starts_at: string }, b: { starts_at: string }) => clock(a.starts_at).localeCompare(clock(b.starts_at));

/**
 * The lessons of one day in order. Periods of one assignment that follow each other without a gap
 * (one ends when the next starts; a break between them is a gap) are one lesson.
 */
export function dayLessons(week: TimetableWeek, day: number): DayLesson[] {
  const slots = week.slots.filter((s) => s.day === day).sort((a, b) => byTime(a, b) || a.subject.name.localeCompare(b.subject.name));
  const out: DayLesson[] = [];
  for (const s of slots) {
    const prev = out[out.length - 1];
    if (prev && prev.assignment_id === s.assignment_id && clock(prev.ends_at) === clock(s.starts_at)) {
      prev.ends_at = s.ends_at;
      prev.periods.push(s.period);
      continue;
    }
    out.push({
      key: `${s.id}`,
      assignment_id: s.assignment_id,
      starts_at: s.starts_at,
      ends_at: s.ends_at,
      periods: [s.period],
      subject: s.subject,
      rombel: s.rombel,
      teachers: s.teachers,
      class_id: s.class_id,
    });
  }
  return out;
}

/** The days the week shows: those with lesson periods in the bell times or with a lesson, in order. */
export function weekDays(week: TimetableWeek): number[] {
  const days = new Set<number>();
  for (const d of week.bell) if (d.periods.some((p) => p.period !== null)) days.add(d.day);
  for (const s of week.slots) days.add(s.day);
  return [...days].sort((a, b) => a - b);
}

/** A row of the week's table: a lesson period (its times as on the day with the most periods) or a break. */
export type WeekRow =
  { kind: 'period'; period: number; starts_at: string; ends_at: string } | { kind: 'break'; starts_at: string; ends_at: string };

/**
 * The rows of the week's table, after the day with the most lesson periods (Friday's shorter day
 * fits inside Monday's): its periods and breaks in order, then any period number only another day
 * or a lesson has.
 */
export function weekRows(week: TimetableWeek): WeekRow[] {
  const lessonCount = (periods: readonly BellPeriod[]) => periods.filter((p) => p.period !== null).length;
  const reference = [...week.bell].sort((a, b) => lessonCount(b.periods) - lessonCount(a.periods) || a.day - b.day)[0];
  const rows: WeekRow[] = [...(reference?.periods ?? [])]
    .sort(byTime)
    .map((p) =>
      p.period === null
        ? { kind: 'break' as const, starts_at: p.starts_at, ends_at: p.ends_at }
        : { kind: 'period' as const, period: p.period, starts_at: p.starts_at, ends_at: p.ends_at },
    );
  const known = new Set(rows.flatMap((r) => (r.kind === 'period' ? [r.period] : [])));
  const extra = new Map<number, { starts_at: string; ends_at: string }>();
  for (const d of week.bell)
    for (const p of d.periods) if (p.period !== null && !known.has(p.period) && !extra.has(p.period)) extra.set(p.period, p);
  for (const s of week.slots) if (!known.has(s.period) && !extra.has(s.period)) extra.set(s.period, s);
  const tail = [...extra.entries()].sort(([a], [b]) => a - b);
  return [...rows, ...tail.map(([period, t]) => ({ kind: 'period' as const, period, starts_at: t.starts_at, ends_at: t.ends_at }))];
}

/** The times of period `period` on `day` ("" when that day has no such period). */
export function periodTimes(week: TimetableWeek, day: number, period: number): string {
  const p = week.bell.find((d) => d.day === day)?.periods.find((x) => x.period === period);
  return p ? timeRange(p.starts_at, p.ends_at) : '';
}

/** Where an item due today opens: the teacher's assignment or quiz page, or the student's hand-in or quiz page. */
export function dueLink(role: ScheduleRole, item: Pick<TodayDue, 'kind' | 'id' | 'class_id' | 'lesson_id'>): string {
  if (role === 'teacher') {
    const lesson = `/online-class/${item.class_id}/contents/${item.lesson_id}`;
    return item.kind === 'quiz' ? `${lesson}/quizzes/${item.id}` : `${lesson}/assignment/${item.id}`;
  }
  return item.kind === 'quiz'
    ? `/my-classes/${item.class_id}/contents/${item.lesson_id}/quizzes/${item.id}`
    : `/my-classes/${item.class_id}/submissions/${item.id}`;
}
