/** Rows → the contract's meetings, class lists and journal (contract schemas/meetings.ts). */
import { dayName, type AttendanceRow, type JournalRow, type Meeting } from '@kelasku/contract';
import type { FileService } from '../../files/service.js';
import type { JournalDbRow, MeetingRow, StudentMarkRow } from './queries.js';

/** [3, 4] for jam ke-3–4; [] without periods. */
export function periodsOf(from: number | null, to: number | null): number[] {
  if (from === null || to === null) return [];
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

export function toMeeting(r: MeetingRow): Meeting {
  return {
    id: r.id,
    class_id: r.class_id,
    number: r.number,
    date: r.date,
    periods: periodsOf(r.period_from, r.period_to),
    starts_at: new Date(r.starts_at).toISOString(),
    ends_at: new Date(r.ends_at).toISOString(),
    source: r.source,
    cancelled: r.cancelled_at !== null,
    cancel_reason: r.cancel_reason,
    lesson:
      r.lesson_id !== null && r.lesson_title !== null ? { id: r.lesson_id, number: r.lesson_number ?? 0, title: r.lesson_title } : null,
    topic: r.topic,
    activities: r.activities,
    notes: r.notes,
    attendance_taken_at: r.attendance_taken_at ? new Date(r.attendance_taken_at).toISOString() : null,
    totals: { H: r.H, T: r.T, S: r.S, I: r.I, D: r.D, A: r.A },
    unrecorded: r.unrecorded,
    checkin_open: r.checkin_open,
  };
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toAttendanceRow(files: FileService, r: StudentMarkRow): AttendanceRow {
  return {
    student: { id: r.id, name: r.name, nis: r.nis, avatar: files.url(r.avatar_file_id) },
    status: r.status,
    note: r.note,
    source: r.source,
    revision: r.revision ?? 0,
    recorded_by: r.recorded_by !== null && r.recorder_name !== null ? { id: r.recorded_by, name: r.recorder_name } : null,
    recorded_at: iso(r.recorded_at),
    checked_in_at: iso(r.checked_in_at),
    leave: r.leave_id !== null && r.leave_kind !== null ? { id: r.leave_id, kind: r.leave_kind } : null,
  };
}

const MONTHS = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];

/** ISO weekday (1 Senin … 7 Minggu) of a calendar day "2026-12-01". */
const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** "Senin 1 Desember" (or "Senin, 1 Desember 2026" with the year): a calendar day, no time zone involved. */
export function dayText(date: string, withYear = false): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const name = dayName(isoWeekday(date));
  return withYear ? `${name}, ${d} ${MONTHS[m - 1]} ${y}` : `${name} ${d} ${MONTHS[m - 1]}`;
}

/** "November 2026". */
export const monthText = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The first and last day of a month "2026-11". */
export function monthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

export function toJournalRow(r: JournalDbRow): JournalRow {
  return {
    meeting_id: r.meeting_id,
    class_id: r.class_id,
    date: r.date,
    periods: periodsOf(r.period_from, r.period_to),
    starts_at: new Date(r.starts_at).toISOString(),
    ends_at: new Date(r.ends_at).toISOString(),
    rombel: r.rombel,
    subject: r.subject,
    class_name: r.class_name,
    number: r.number,
    lesson: r.lesson,
    topic: r.topic,
    activities: r.activities,
    notes: r.notes,
    cancelled: r.cancelled,
    cancel_reason: r.cancel_reason,
    present: r.present,
    absent: r.absent,
    attendance_taken: r.attendance_taken,
  };
}
