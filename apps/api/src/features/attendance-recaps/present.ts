/** Rows of the recap queries → the recaps of the contract (schemas/attendance-recaps.ts). */
import {
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
  type AttendanceTotals,
  type ClassRecap,
  type MonthRecap,
  type SemesterRecap,
  type StudentAttendance,
} from '@kelasku/contract';
import type { SemesterCountRow, StudentMarkRow, StudentMeetingRow, classMeetings } from './queries.js';

export const zeroTotals = (): AttendanceTotals => ({ H: 0, T: 0, S: 0, I: 0, D: 0, A: 0 });

/** [3, 4] for jam ke-3–4; [] without periods. */
export function periodsOf(from: number | null, to: number | null): number[] {
  if (from === null) return [];
  const out: number[] = [];
  for (let p = from; p <= (to ?? from); p++) out.push(p);
  return out;
}

/** Month names as Indonesian reports write them ("November 2026"). */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('id-ID', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** "November" (the month of "2026-11-03" or "2026-11"). */
export const monthName = (dateOrMonth: string) => monthLabel(dateOrMonth.slice(0, 7)).split(' ')[0]!;

interface Grid {
  student: { id: number; name: string; nis: string | null; nisn: string | null };
  marks: Map<string, AttendanceStatus>;
}

/** One entry per student (in the rows' order) with their marks by key. */
function grids(rows: StudentMarkRow[]): Grid[] {
  const byId = new Map<number, Grid>();
  for (const r of rows) {
    let g = byId.get(r.id);
    if (!g) {
      g = { student: { id: r.id, name: r.name, nis: r.nis, nisn: r.nisn }, marks: new Map() };
      byId.set(r.id, g);
    }
    if (r.key !== null && r.status !== null) g.marks.set(r.key, r.status);
  }
  return [...byId.values()];
}

/** The marks in the order of `keys` (null: none), and their totals. */
function line(g: Grid, keys: string[]) {
  const totals = zeroTotals();
  const marks = keys.map((k) => g.marks.get(k) ?? null);
  for (const m of marks) if (m) totals[m]++;
  return { student: g.student, marks, totals };
}

export function toClassRecap(
  klass: { id: number; name: string; rombel: string; subject: string | null },
  meetings: Awaited<ReturnType<typeof classMeetings>>,
  rows: StudentMarkRow[],
): ClassRecap {
  const keys = meetings.map((m) => String(m.id));
  return {
    class: { id: klass.id, name: klass.name, rombel: klass.rombel, subject: klass.subject },
    meetings: meetings.map((m) => ({
      id: m.id,
      number: m.number,
      date: m.date,
      periods: periodsOf(m.period_from, m.period_to),
      cancelled: false,
    })),
    students: grids(rows).map((g) => line(g, keys)),
  };
}

export function toMonthRecap(
  rombel: { id: number; name: string },
  month: string,
  homeroom: MonthRecap['homeroom'],
  dates: string[],
  rows: StudentMarkRow[],
): MonthRecap {
  return { rombel, month, homeroom, dates, students: grids(rows).map((g) => line(g, dates)) };
}

export function toSemesterRecap(
  rombel: { id: number; name: string },
  semester: { id: number; label: string },
  homeroom: SemesterRecap['homeroom'],
  rows: SemesterCountRow[],
): SemesterRecap {
  const byId = new Map<number, SemesterRecap['students'][number]>();
  for (const r of rows) {
    let s = byId.get(r.id);
    if (!s) {
      s = { student: { id: r.id, name: r.name, nis: r.nis, nisn: r.nisn }, totals: zeroTotals(), meetings: r.meetings };
      byId.set(r.id, s);
    }
    if (r.status) s.totals[r.status] = r.days;
  }
  return { rombel, semester, homeroom, students: [...byId.values()] };
}

export function toStudentAttendance(
  semester: { id: number; label: string },
  counts: Array<{ kind: 'day' | 'meeting'; status: AttendanceStatus; n: number }>,
  meetings: StudentMeetingRow[],
): StudentAttendance {
  const days = zeroTotals();
  const totals = zeroTotals();
  for (const c of counts) if (ATTENDANCE_STATUSES.includes(c.status)) (c.kind === 'day' ? days : totals)[c.status] = c.n;
  return {
    semester,
    days,
    totals,
    meetings: meetings.map((m) => ({
      meeting: {
        id: m.id,
        number: m.number,
        date: m.date,
        periods: periodsOf(m.period_from, m.period_to),
        starts_at: new Date(m.starts_at).toISOString(),
      },
      class: { id: m.class_id, name: m.class_name, subject: m.subject },
      status: m.status,
      note: m.note,
    })),
  };
}
