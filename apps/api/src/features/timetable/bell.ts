/** Bell times: the rules of a day's periods, and reading and replacing the whole set. */
import { asc, sql } from 'drizzle-orm';
import { TIMETABLE_MSG, dayName, type BellDay, type BellTimesBody } from '@kelasku/contract';
import type { Executor } from '../../db/client.js';
import { bellPeriods } from '../../db/schema.js';

/** "07.00" or "07:00" → minutes since midnight. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** Minutes → "07.00" (what the screens show). */
export const hhmmOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}.${String(minutes % 60).padStart(2, '0')}`;
/** A database time ("07:00:00") → "07.00". */
export const showTime = (t: string) => `${t.slice(0, 2)}.${t.slice(3, 5)}`;

/**
 * The first broken rule of the set, as its Indonesian message naming the day and time, or null.
 * A day's periods are taken in order of their start: each ends after it starts, starts no earlier
 * than the previous one ends, and a lesson period (jam ke-N) is written once a day.
 */
export function bellRefusal(body: {
  days: { day: number; periods: { period: number | null; starts_at: string; ends_at: string }[] }[];
}): string | null {
  const byDay = new Map<number, { period: number | null; start: number; end: number; label: string }[]>();
  for (const d of body.days) {
    const list = byDay.get(d.day) ?? [];
    for (const p of d.periods)
      list.push({ period: p.period, start: minutesOf(p.starts_at), end: minutesOf(p.ends_at), label: hhmmOf(minutesOf(p.starts_at)) });
    byDay.set(d.day, list);
  }
  for (const [day, list] of [...byDay].sort((a, b) => a[0] - b[0])) {
    const name = dayName(day);
    list.sort((a, b) => a.start - b.start);
    const seen = new Set<number>();
    for (const [i, p] of list.entries()) {
      if (p.end <= p.start) return TIMETABLE_MSG.bellEndsBeforeStart(name, p.label);
      const prev = list[i - 1];
      if (prev && p.start < prev.end) return TIMETABLE_MSG.bellOverlap(name, p.label);
      if (p.period !== null && seen.has(p.period)) return TIMETABLE_MSG.bellPeriodTwice(name, p.period);
      if (p.period !== null) seen.add(p.period);
    }
  }
  return null;
}

/** Every day's bell times, Senin first, each day's periods in order. */
export async function readBell(db: Executor): Promise<BellDay[]> {
  const rows = await db.select().from(bellPeriods).orderBy(asc(bellPeriods.day), asc(bellPeriods.startsAt));
  const days = new Map<number, BellDay>();
  for (const r of rows) {
    const d = days.get(r.day) ?? { day: r.day, periods: [] };
    d.periods.push({ period: r.period, starts_at: showTime(r.startsAt), ends_at: showTime(r.endsAt) });
    days.set(r.day, d);
  }
  return [...days.values()];
}

/** Replaces the whole set (the caller checked it with bellRefusal and holds the transaction). */
export async function replaceBell(tx: Executor, body: BellTimesBody): Promise<void> {
  await tx.delete(bellPeriods).where(sql`true`);
  const rows = body.days.flatMap((d) =>
    d.periods.map((p) => ({
      day: d.day,
      period: p.period,
      startsAt: `${p.starts_at.replace('.', ':')}:00`,
      endsAt: `${p.ends_at.replace('.', ':')}:00`,
    })),
  );
  if (rows.length > 0) await tx.insert(bellPeriods).values(rows);
}

/**
 * The default bell of a school that has none (the FET import): `hours` lesson periods of 45
 * minutes from 07.00 on each of `days` days, with a 15-minute break after jam ke-4.
 */
export function defaultBell(days: number, hours: number): BellTimesBody {
  const periods: BellDay['periods'] = [];
  let at = 7 * 60;
  for (let n = 1; n <= hours; n++) {
    periods.push({ period: n, starts_at: hhmmOf(at), ends_at: hhmmOf(at + 45) });
    at += 45;
    if (n === 4 && hours > 4) {
      periods.push({ period: null, starts_at: hhmmOf(at), ends_at: hhmmOf(at + 15) });
      at += 15;
    }
  }
  return { days: Array.from({ length: Math.min(days, 7) }, (_, i) => ({ day: i + 1, periods })) };
}

/** "day:period" of every lesson period the bell knows. */
export async function bellPeriodKeys(db: Executor): Promise<Set<string>> {
  const rows = await db.select({ day: bellPeriods.day, period: bellPeriods.period }).from(bellPeriods);
  return new Set(rows.filter((r) => r.period !== null).map((r) => `${r.day}:${r.period}`));
}
