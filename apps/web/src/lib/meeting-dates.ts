/**
 * Dates of meetings and attendance (issue 38), by the WIB calendar whatever the device's time zone:
 * a meeting's heading ("Pertemuan 7, Senin 1 Desember, jam ke-3–4"), its day and time, months.
 */
import { meetingPeriods, type Meeting } from '@kelasku/contract';

const WIB_OFFSET_MS = 7 * 3600 * 1000;

// A calendar day ("2026-12-01") is read as midnight UTC and written in UTC: no time zone moves it.
const dayFmt = new Intl.DateTimeFormat('id-ID', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const monthFmt = new Intl.DateTimeFormat('id-ID', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const wibDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' });

/** "Senin, 1 Desember 2026" (withYear) or "Senin 1 Desember" — a calendar day. */
export function meetingDay(date: string, withYear = true): string {
  const long = dayFmt.format(new Date(`${date}T00:00:00Z`));
  return withYear ? long : long.replace(',', '').replace(/ \d{4}$/, '');
}

/** "Desember 2026" of "2026-12". */
export const monthName = (month: string) => monthFmt.format(new Date(`${month}-01T00:00:00Z`));

/** This month by the WIB calendar ("2026-11"), whatever the device's time zone. */
export const thisMonthWib = (now: number = Date.now()) => wibDate.format(new Date(now)).slice(0, 7);

/** "07.12": the WIB clock of an ISO instant, or a time as written ("07:00" → "07.00"); "-" for none or nonsense. */
export function clockOf(value: string | null | undefined): string {
  if (!value) return '-';
  if (!value.includes('T')) return /^\d{2}[:.]\d{2}/.test(value) ? value.slice(0, 5).replace(':', '.') : '-';
  const at = Date.parse(value);
  return Number.isNaN(at) ? '-' : new Date(at + WIB_OFFSET_MS).toISOString().slice(11, 16).replace(':', '.');
}

/** "jam ke-3–4", or the times of a meeting without periods ("07.00–08.30"). */
export const meetingTime = (m: Pick<Meeting, 'periods' | 'starts_at' | 'ends_at'>) =>
  m.periods.length > 0 ? meetingPeriods(m.periods) : `${clockOf(m.starts_at)}–${clockOf(m.ends_at)}`;

/** "Pertemuan 7" (a cancelled meeting has no number). */
export const meetingName = (m: Pick<Meeting, 'number'>) => (m.number === null ? 'Pertemuan' : `Pertemuan ${m.number}`);

/** "Pertemuan 7, Senin 1 Desember, jam ke-3–4" — the heading of a meeting. */
export const meetingHeading = (m: Pick<Meeting, 'number' | 'date' | 'periods' | 'starts_at' | 'ends_at'>) =>
  `${meetingName(m)}, ${meetingDay(m.date, false)}, ${meetingTime(m)}`;

/** Today by the WIB calendar ("2026-11-30"). */
export const todayWib = (now: number = Date.now()) => wibDate.format(new Date(now));
