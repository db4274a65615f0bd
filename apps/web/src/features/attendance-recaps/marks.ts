import { ATTENDANCE_LABELS, ATTENDANCE_STATUSES, type AttendanceStatus, type AttendanceTotals } from '@kelasku/contract';

/**
 * The colour of each mark. A mark is never told by colour alone: its letter (H, T, S, I, D, A) is
 * always printed on it, and its full name is its title.
 */
export const MARK_COLORS: Record<AttendanceStatus, string> = {
  H: 'green',
  T: 'yellow',
  S: 'blue',
  I: 'violet',
  D: 'cyan',
  A: 'red',
};

/** Background and text of a mark's cell: light shade behind a dark letter (WCAG AA contrast). */
export function markStyle(status: AttendanceStatus): { background: string; color: string } {
  const c = MARK_COLORS[status];
  return { background: `var(--mantine-color-${c}-1)`, color: `var(--mantine-color-${c}-9)` };
}

const WEEKDAYS_SHORT = ['Min', 'Sen', 'Sel', 'Rab', 'Kam', 'Jum', 'Sab'];

/** The weekday of a calendar date ("2026-11-30" → 1, Monday), read as a date and not an instant. */
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** A date's column heading in a month recap: the day and its weekday ("30", "Sen"). */
export function dayHeading(date: string): { day: string; weekday: string } {
  return { day: String(Number(date.slice(8, 10))), weekday: WEEKDAYS_SHORT[weekday(date)] ?? '' };
}

/** "30/11" of "2026-11-30". */
export const shortDate = (date: string) => `${Number(date.slice(8, 10))}/${Number(date.slice(5, 7))}`;

/** The marks in the order of a report card's columns, with their names. */
export const TOTAL_COLUMNS = ATTENDANCE_STATUSES.map((s) => ({ status: s, label: ATTENDANCE_LABELS[s] }));

/** The semester recap's columns: the report card's Sakit, Izin, Alpa first, then the rest. */
export const REPORT_CARD_ORDER = (['S', 'I', 'A', 'H', 'T', 'D'] as const).map((s) => ({
  status: s,
  label: ATTENDANCE_LABELS[s],
  report: s === 'S' || s === 'I' || s === 'A',
}));

/** Everything recorded (every mark counted). */
export const totalRecorded = (t: AttendanceTotals) => ATTENDANCE_STATUSES.reduce((n, s) => n + t[s], 0);
