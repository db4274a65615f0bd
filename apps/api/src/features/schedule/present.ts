/** Rows → the contract's "Hari ini" and "Jadwal" (contract schemas/timetable.ts). */
import { semesterLabel, type TimetableSlot, type Today, type TodayDue, type TodayLesson } from '@kelasku/contract';
import type { DueRow, SlotRow } from './queries.js';

const WIB_OFFSET_MS = 7 * 3600_000;

/** The moment in WIB (UTC+7, no daylight saving): its date, ISO weekday, time of day and the day's bounds. */
export function wibDay(now: Date) {
  const shifted = new Date(now.getTime() + WIB_OFFSET_MS);
  const date = shifted.toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${date}T00:00:00+07:00`));
  return {
    date,
    /** 1 Senin … 7 Minggu. */
    day: shifted.getUTCDay() === 0 ? 7 : shifted.getUTCDay(),
    /** "13:05:09", comparable with the bell's times. */
    time: shifted.toISOString().slice(11, 19),
    from,
    to: new Date(from.getTime() + 24 * 3600_000),
  };
}

/** "07:00:00" → "07.00". */
export const hhmm = (t: string) => t.slice(0, 5).replace(':', '.');

/** Zero-padded "7:00:00" → "07:00:00", so times compare as strings. */
const padTime = (t: string) => t.padStart(8, '0');

type Merged = Omit<TodayLesson, 'state' | 'starts_at' | 'ends_at' | 'meeting_id'> & {
  assignmentId: number;
  startsAt: string;
  endsAt: string;
};

/**
 * Today's periods (in time order) as lessons: consecutive periods of one assignment become one
 * ("jam ke-3–4"), each with its state at `time` (WIB "HH:MM:SS"): done, now, the first upcoming
 * next, the others later. `meetingIds` ("classId:firstPeriod" → id) gives each its meeting of today.
 */
export function todayLessons(rows: SlotRow[], time: string, meetingIds: ReadonlyMap<string, number> = new Map()): TodayLesson[] {
  const merged: Merged[] = [];
  for (const r of rows) {
    const last = merged.at(-1);
    if (last && last.assignmentId === r.assignmentId && last.periods.at(-1)! + 1 === r.period) {
      last.periods.push(r.period);
      last.endsAt = padTime(r.endsAt);
      continue;
    }
    merged.push({
      assignmentId: r.assignmentId,
      startsAt: padTime(r.startsAt),
      endsAt: padTime(r.endsAt),
      periods: [r.period],
      subject: r.subject,
      rombel: r.rombel,
      teachers: r.teachers,
      class_id: r.classId,
    });
  }
  let nextGiven = false;
  return merged.map(({ assignmentId: _, startsAt, endsAt, ...l }) => {
    let state: TodayLesson['state'] = 'later';
    if (endsAt <= time) state = 'done';
    else if (startsAt <= time) state = 'now';
    else if (!nextGiven) {
      state = 'next';
      nextGiven = true;
    }
    const meeting_id = meetingIds.get(`${l.class_id}:${l.periods[0]}`) ?? null;
    return { ...l, starts_at: hhmm(startsAt), ends_at: hhmm(endsAt), meeting_id, state };
  });
}

export const toDue = (r: DueRow): TodayDue => ({
  kind: r.kind,
  id: r.id,
  title: r.title,
  class_id: r.classId,
  lesson_id: r.lessonId,
  class_name: r.className,
  due_at: r.dueAt.toISOString(),
});

export const toSemester = (s: { id: number; schoolYear: string; term: number } | null): Today['semester'] =>
  s ? { id: s.id, label: semesterLabel({ school_year: s.schoolYear, term: s.term }) } : null;

export const toSlot = (r: SlotRow): TimetableSlot => ({
  id: r.id,
  day: r.day,
  period: r.period,
  starts_at: hhmm(padTime(r.startsAt)),
  ends_at: hhmm(padTime(r.endsAt)),
  assignment_id: r.assignmentId,
  subject: r.subject,
  rombel: r.rombel,
  teachers: r.teachers,
  class_id: r.classId,
});
