/**
 * Issue 38 — recaps, their XLSX, and the absence alert.
 *
 * Per class (students × meetings), teacher of the class (/api/teacher) and admin (/api/admin):
 *   GET /online-classes/:classId/attendance-recap          classRecap
 *   GET /online-classes/:classId/attendance-recap.xlsx     "Rekap Presensi <kelas>"
 * Per rombel per month (students × dates, the "rekap absensi bulanan"), wali kelas of the rombel
 * (/api/teacher/homerooms/:rombelId/…) and admin (/api/admin/attendance/rombels/:rombelId/…):
 *   GET …/attendance?month=2026-11          monthRecap
 *   GET …/attendance.xlsx?month=2026-11
 * Per student per semester (the S, I, A of the report card), same two places:
 *   GET …/attendance/semester?semester_id=   semesterRecap
 *   GET …/attendance/semester.xlsx?semester_id=
 * The student's own (/api/student):
 *   GET /attendance?semester_id=             studentAttendance
 * Settings (/api/admin):
 *   GET /attendance/settings                 attendanceSettings
 *   PUT /attendance/settings                 attendanceSettings → attendanceSettings
 *
 * Alerts (bell, and the e-mail digest like every notification): a student marked Alpa is told
 * (kind `absent`); the wali kelas is told when a student's Alpa days in a calendar month reach
 * the school's number (kind `absence_alert`, default 3), once per student and month.
 */
import { z } from 'zod';
import { attendanceMonth, attendanceStatus, attendanceTotals, meeting } from './attendance.js';
import { homeroomQuery } from './school-year.js';

export const RECAP_MSG = {
  settingsSaved: 'Pengaturan presensi berhasil disimpan',
  thresholdRange: 'Isi angka 1 sampai 31',
  noMeetings: 'Belum ada pertemuan pada bulan ini',
} as const;

export const DEFAULT_ALPA_ALERT_DAYS = 3;

/** The wali kelas a rombel recap names (its heading), or null. */
export const recapHomeroom = z.object({ id: z.number(), name: z.string() }).nullable();

export const recapStudent = z.object({ id: z.number(), name: z.string(), nis: z.string().nullable(), nisn: z.string().nullable() });

export const classRecap = z.object({
  class: z.object({ id: z.number(), name: z.string(), rombel: z.string(), subject: z.string().nullable() }),
  meetings: z.array(meeting.pick({ id: true, number: true, date: true, periods: true, cancelled: true })),
  students: z.array(
    z.object({
      student: recapStudent,
      /** One per meeting, in the order of `meetings`; null: not recorded. */
      marks: z.array(attendanceStatus.nullable()),
      totals: attendanceTotals,
    }),
  ),
});
export type ClassRecap = z.infer<typeof classRecap>;

/** Omitted: the current month (WIB). */
export const monthQuery = z.object({ month: attendanceMonth.optional() });
/** Omitted: the active semester; an unknown one is 422 with TEACHING_MSG.semesterUnknown. */
export const recapSemesterQuery = homeroomQuery;

export const monthRecap = z.object({
  rombel: z.object({ id: z.number(), name: z.string() }),
  /** "2026-11". */
  month: z.string(),
  /** The wali kelas of a semester that shares a day with the month (else of the active one). */
  homeroom: recapHomeroom,
  /** The days of the month that had meetings ("2026-11-03"). */
  dates: z.array(z.string()),
  students: z.array(
    z.object({
      student: recapStudent,
      /** The day's mark, one per date; null: nothing recorded that day. */
      marks: z.array(attendanceStatus.nullable()),
      /** Days per mark. */
      totals: attendanceTotals,
    }),
  ),
});
export type MonthRecap = z.infer<typeof monthRecap>;

export const semesterRecap = z.object({
  rombel: z.object({ id: z.number(), name: z.string() }),
  semester: z.object({ id: z.number(), label: z.string() }),
  homeroom: recapHomeroom,
  /** Days per mark (S, I, A are the report card's Sakit, Izin, Tanpa keterangan), and the meetings recorded. */
  students: z.array(z.object({ student: recapStudent, totals: attendanceTotals, meetings: z.number() })),
});
export type SemesterRecap = z.infer<typeof semesterRecap>;

export const studentAttendance = z.object({
  semester: z.object({ id: z.number(), label: z.string() }),
  /** Days per mark (the report card's Sakit, Izin, Tanpa keterangan are S, I, A). */
  days: attendanceTotals,
  /** Meetings per mark. */
  totals: attendanceTotals,
  meetings: z.array(
    z.object({
      meeting: meeting.pick({ id: true, number: true, date: true, periods: true, starts_at: true }),
      class: z.object({ id: z.number(), name: z.string(), subject: z.string().nullable() }),
      status: attendanceStatus,
      note: z.string().nullable(),
    }),
  ),
});
export type StudentAttendance = z.infer<typeof studentAttendance>;

export const attendanceSettings = z.object({
  /** The wali kelas is told when a student's Alpa days in a month reach this. */
  alpa_alert_days: z.number({ error: RECAP_MSG.thresholdRange }).int().min(1, RECAP_MSG.thresholdRange).max(31, RECAP_MSG.thresholdRange),
});
export type AttendanceSettings = z.infer<typeof attendanceSettings>;
