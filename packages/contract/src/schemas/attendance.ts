/**
 * Issue 38 — Presensi: what every part of it shares (statuses, a meeting, a month, a date range).
 * The parts: meetings.ts (meetings, taking attendance, the teaching journal), checkin.ts (self
 * check-in), leave-requests.ts (izin/sakit requests), attendance-recaps.ts (recaps, XLSX, alerts).
 *
 * Rules every part follows (docs/features/attendance.md):
 * - A meeting (pertemuan) is a lesson of a class on a day. The timetable's lessons become meetings
 *   by themselves on their day (consecutive periods of one class are one meeting, "jam ke-3–4"),
 *   from the day the teaching assignment was made; a teacher adds others or cancels one. Its
 *   number ("Pertemuan 7") is its place among the class's meetings that are not cancelled.
 * - No attendance row means "not recorded". A day's mark for a student (monthly recap, the
 *   report card's totals) is the mark of most of that day's recorded meetings; on a tie the more
 *   serious one wins, in the order A, S, I, D, T, H.
 */
import { z } from 'zod';
import { MSG } from '../messages.js';

export const ATTENDANCE_STATUSES = ['H', 'T', 'S', 'I', 'D', 'A'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const ATTENDANCE_LABELS: Record<AttendanceStatus, string> = {
  H: 'Hadir',
  T: 'Terlambat',
  S: 'Sakit',
  I: 'Izin',
  D: 'Dispensasi',
  A: 'Alpa',
};

/** A tie between marks of one day goes to the first of these. */
export const ATTENDANCE_SERIOUSNESS: readonly AttendanceStatus[] = ['A', 'S', 'I', 'D', 'T', 'H'];

export const ATTENDANCE_MSG = {
  statusInvalid: 'Status presensi harus H, T, S, I, D atau A',
  monthFormat: 'Bulan ditulis seperti 2026-11',
  dateFormat: 'Tanggal tidak valid',
  noActiveSemester: 'Belum ada semester aktif',
  outsideSemester: 'Tanggal harus di dalam semester',
} as const;

const realDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900' && v < '3000';
};
/** "2026-12-01": a real calendar day. */
export const attendanceDate = z.string({ error: MSG.required }).refine(realDay, ATTENDANCE_MSG.dateFormat);
/** "2026-11": a month. */
export const attendanceMonth = z
  .string({ error: MSG.required })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: ATTENDANCE_MSG.monthFormat, abort: true })
  .refine((v) => v >= '1900' && v < '3000', ATTENDANCE_MSG.monthFormat);

export const attendanceStatus = z.enum(ATTENDANCE_STATUSES, { error: ATTENDANCE_MSG.statusInvalid });

/** Counts of marks (meetings or days), every status present. */
export const attendanceTotals = z.object({ H: z.number(), T: z.number(), S: z.number(), I: z.number(), D: z.number(), A: z.number() });
export type AttendanceTotals = z.infer<typeof attendanceTotals>;

export const meetingParams = z.object({
  classId: z.coerce.number().int().positive().max(2_147_483_647),
  meetingId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const classIdParams = z.object({ classId: z.coerce.number().int().positive().max(2_147_483_647) });
export const rombelIdParams = z.object({ rombelId: z.coerce.number().int().positive().max(2_147_483_647) });

/** A meeting as lists show it. */
export const meeting = z.object({
  id: z.number(),
  class_id: z.number(),
  /** "Pertemuan N" among the class's meetings that are not cancelled; null when cancelled. */
  number: z.number().nullable(),
  /** "2026-12-01" (WIB). */
  date: z.string(),
  /** [3, 4] for jam ke-3–4; [] for a meeting outside the timetable without periods. */
  periods: z.array(z.number()),
  starts_at: z.string(),
  ends_at: z.string(),
  source: z.enum(['timetable', 'extra']),
  cancelled: z.boolean(),
  cancel_reason: z.string().nullable(),
  /** The Pembelajaran it covers. */
  lesson: z.object({ id: z.number(), number: z.number(), title: z.string() }).nullable(),
  topic: z.string().nullable(),
  activities: z.string().nullable(),
  notes: z.string().nullable(),
  /** When the class list was first saved; null: not taken yet. */
  attendance_taken_at: z.string().nullable(),
  /** Marks recorded so far, and students of the rombel with none. */
  totals: attendanceTotals,
  unrecorded: z.number(),
  /** Self check-in is open now. */
  checkin_open: z.boolean(),
});
export type Meeting = z.infer<typeof meeting>;

/** "Pertemuan 7, Senin 1 Desember, jam ke-3–4" — the heading of a meeting everywhere. */
export function meetingPeriods(periods: readonly number[]): string {
  if (periods.length === 0) return '';
  const first = periods[0];
  const last = periods[periods.length - 1];
  return first === last ? `jam ke-${first}` : `jam ke-${first}–${last}`;
}
