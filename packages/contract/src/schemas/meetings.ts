/**
 * Issue 38 — meetings, taking attendance and the teaching journal. Teacher (/api/teacher), for
 * the classes the teacher teaches (team teaching included; 404 otherwise):
 *   GET    /online-classes/:classId/meetings                  meeting[] newest first (date, first period, id: the reverse
 *          of the numbering); the timetable's meetings up to today (WIB) are made first
 *   POST   /online-classes/:classId/meetings                  meetingBody → 201 meeting (a meeting outside the timetable)
 *   GET    /online-classes/:classId/meetings/:meetingId       meetingDetail (the class list with each student's mark)
 *   PATCH  /online-classes/:classId/meetings/:meetingId       journalBody → meeting (topic, activities, notes, Pembelajaran)
 *   POST   /online-classes/:classId/meetings/:meetingId/cancel    cancelBody → meeting
 *   POST   /online-classes/:classId/meetings/:meetingId/restore   → meeting (not cancelled any more; 409 slotTaken when
 *          another meeting of the class took its time meanwhile)
 *   DELETE /online-classes/:classId/meetings/:meetingId       → { id } (a meeting added by hand only, 409 otherwise)
 *   PUT    /online-classes/:classId/meetings/:meetingId/attendance  attendanceBody → meetingDetail;
 *          409 when the meeting is cancelled, or when another device changed a student since this
 *          one read it (`errors["students.<id>"]` names each, nothing is written).
 *   GET    /journal?month=2026-11                            journalMonth (the caller's meetings, oldest first)
 *   GET    /journal.xlsx?month=2026-11                       the same as XLSX ("Jurnal Mengajar")
 */
import { z } from 'zod';
import { optionalText } from '../fields.js';
import { attendanceDate, attendanceMonth, attendanceStatus, meeting } from './attendance.js';

export const MEETING_MSG = {
  created: 'Pertemuan berhasil ditambahkan',
  saved: 'Jurnal pertemuan berhasil disimpan',
  cancelled: 'Pertemuan dibatalkan',
  restored: 'Pertemuan diaktifkan kembali',
  deleted: 'Pertemuan dihapus',
  deleteTimetable: 'Pertemuan dari jadwal tidak dapat dihapus; batalkan saja',
  attendanceSaved: 'Presensi berhasil disimpan',
  meetingCancelled: 'Pertemuan ini dibatalkan; presensi tidak dapat disimpan',
  conflict: 'Sebagian siswa sudah diubah di perangkat lain. Periksa lalu simpan lagi.',
  conflictStudent: (status: string, by: string) => `Sudah diubah menjadi ${status} oleh ${by}`,
  studentUnknown: 'Siswa ini bukan siswa rombel kelas ini',
  timeFormat: 'Jam ditulis seperti 07.00',
  endsBeforeStart: 'Jam selesai harus setelah jam mulai',
  periodOrder: 'Jam ke- terakhir tidak boleh sebelum jam ke- pertama',
  periodUnknown: 'Hari itu tidak punya jam ke- tersebut',
  slotTaken: 'Kelas ini sudah punya pertemuan pada jam itu',
  outsideSemester: 'Tanggal harus di dalam semester kelas ini',
  lessonUnknown: 'Pembelajaran tidak ditemukan di kelas ini',
  cancelReasonRequired: 'Alasan pembatalan wajib diisi',
  archived: 'Kelas ini sudah diarsipkan',
} as const;

const hhmm = z.string().regex(/^([01]\d|2[0-3])[.:][0-5]\d$/, MEETING_MSG.timeFormat);

/** A meeting outside the timetable: a date and either periods (jam ke-) or times. */
export const meetingBody = z.object({
  date: attendanceDate,
  period_from: z.number().int().min(1).max(20).nullable().optional(),
  period_to: z.number().int().min(1).max(20).nullable().optional(),
  /** "07.00", when no periods are given. */
  starts_at: hhmm.nullable().optional(),
  ends_at: hhmm.nullable().optional(),
  lesson_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  topic: optionalText(255),
});
export type MeetingBody = z.input<typeof meetingBody>;

/** The teaching journal of a meeting; fields left out stay as they are. */
export const journalBody = z.object({
  lesson_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  topic: optionalText(255),
  activities: optionalText(5000),
  notes: optionalText(5000),
});
export type JournalBody = z.input<typeof journalBody>;

export const cancelBody = z.object({
  reason: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: MEETING_MSG.cancelReasonRequired }).min(1, MEETING_MSG.cancelReasonRequired).max(255, 'Maksimal 255 karakter'),
  ),
});

/** One student of the class list. */
export const attendanceRow = z.object({
  student: z.object({ id: z.number(), name: z.string(), nis: z.string().nullable(), avatar: z.string().nullable() }),
  /** null: not recorded yet. */
  status: attendanceStatus.nullable(),
  note: z.string().nullable(),
  source: z.enum(['teacher', 'checkin', 'leave']).nullable(),
  /** 0 when not recorded; send it back with a change. */
  revision: z.number(),
  recorded_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  recorded_at: z.string().nullable(),
  checked_in_at: z.string().nullable(),
  /** An approved izin/sakit request covering the meeting's day. */
  leave: z.object({ id: z.number(), kind: z.enum(['S', 'I']) }).nullable(),
});
export type AttendanceRow = z.infer<typeof attendanceRow>;

export const meetingDetail = z.object({
  meeting,
  class: z.object({
    id: z.number(),
    name: z.string(),
    rombel: z.object({ id: z.number(), name: z.string() }),
    subject: z.object({ id: z.number(), name: z.string() }).nullable(),
  }),
  students: z.array(attendanceRow),
});
export type MeetingDetail = z.infer<typeof meetingDetail>;

/** Save marks: each entry names the revision the device last saw (0: none). Students left out stay as they are. */
export const attendanceBody = z.object({
  entries: z
    .array(
      z.object({
        student_id: z.number().int().positive().max(2_147_483_647),
        status: attendanceStatus,
        note: optionalText(255),
        revision: z.number().int().min(0),
      }),
    )
    .max(200),
});
export type AttendanceBody = z.input<typeof attendanceBody>;

export const journalQuery = z.object({ month: attendanceMonth });

export const journalRow = z.object({
  meeting_id: z.number(),
  class_id: z.number(),
  date: z.string(),
  periods: z.array(z.number()),
  /** ISO instants (WIB on screen); what "Jam ke-" shows for a meeting without periods. */
  starts_at: z.string(),
  ends_at: z.string(),
  rombel: z.string(),
  subject: z.string().nullable(),
  class_name: z.string(),
  number: z.number().nullable(),
  lesson: z.string().nullable(),
  topic: z.string().nullable(),
  activities: z.string().nullable(),
  notes: z.string().nullable(),
  cancelled: z.boolean(),
  cancel_reason: z.string().nullable(),
  /** H + T, and S + I + D + A, of the recorded marks. */
  present: z.number(),
  absent: z.number(),
  attendance_taken: z.boolean(),
});
export type JournalRow = z.infer<typeof journalRow>;

export const journalMonth = z.object({
  month: z.string(),
  teacher: z.object({ id: z.number(), name: z.string(), nip: z.string().nullable() }),
  rows: z.array(journalRow),
});
export type JournalMonth = z.infer<typeof journalMonth>;
