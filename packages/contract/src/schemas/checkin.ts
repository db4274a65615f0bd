/**
 * Issue 38 — self check-in ("Presensi mandiri"). The teacher opens it for a meeting and shows a QR
 * code with a 6-digit code beneath it; both rotate every {@link CHECKIN_ROTATION_SECONDS} s. A code
 * is good during its own rotation and the next one only, for that meeting only, for students of
 * the class's rombel only, while the window is open; after the teacher's "late after" minutes a
 * check-in counts as Terlambat (T), before it as Hadir (H). Wrong codes are throttled per student.
 *
 * Teacher (/api/teacher), for the classes the teacher teaches:
 *   POST   /online-classes/:classId/meetings/:meetingId/checkin   checkinOpenBody → checkinState (opens or re-opens it)
 *   GET    /online-classes/:classId/meetings/:meetingId/checkin   checkinState (the current code; polled each rotation)
 *   DELETE /online-classes/:classId/meetings/:meetingId/checkin   → checkinState (closed now)
 *   The live stream `GET /api/live?meeting=<id>&class=<classId>` carries `attendance` events while
 *   the teacher's screen is open (one per check-in or change).
 * Student (/api/student):
 *   POST   /checkin   checkinBody → checkinResult (the QR code carries the meeting; a typed code is
 *          matched against the open check-ins of the student's classes)
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { attendanceStatus, meeting } from './attendance.js';

export const CHECKIN_ROTATION_SECONDS = 15;
/** Wrong codes a student may type per window before being told to wait. */
export const CHECKIN_WRONG_MAX = 10;
export const CHECKIN_WRONG_WINDOW_MINUTES = 5;

export const CHECKIN_MSG = {
  opened: 'Presensi mandiri dibuka',
  closed: 'Presensi mandiri ditutup',
  codeFormat: 'Kode presensi terdiri dari 6 angka',
  wrongCode: 'Kode presensi salah atau sudah kedaluwarsa. Minta kode terbaru ke guru.',
  notOpen: 'Presensi mandiri untuk pertemuan ini belum dibuka atau sudah ditutup',
  notYourClass: 'Kode ini bukan untuk kelasmu',
  already: (label: string) => `Kamu sudah tercatat ${label} di pertemuan ini`,
  hadir: 'Presensi berhasil: Hadir',
  terlambat: 'Presensi berhasil: Terlambat',
  tooMany: (seconds: number) => `Terlalu banyak kode salah. Coba lagi dalam ${seconds} detik.`,
  meetingCancelled: 'Pertemuan ini dibatalkan',
  /** Opening a meeting of another day than today (WIB). */
  notToday: 'Presensi mandiri hanya dapat dibuka pada hari pertemuan',
  windowRange: 'Lama presensi 1 sampai 180 menit',
  lateRange: 'Batas terlambat 0 sampai 180 menit',
} as const;

export const checkinOpenBody = z.object({
  /** How long the window stays open, from now. */
  minutes: z.number({ error: CHECKIN_MSG.windowRange }).int().min(1, CHECKIN_MSG.windowRange).max(180, CHECKIN_MSG.windowRange).default(15),
  /** Check-ins this many minutes after the meeting's start count as Terlambat. */
  late_after_minutes: z
    .number({ error: CHECKIN_MSG.lateRange })
    .int()
    .min(0, CHECKIN_MSG.lateRange)
    .max(180, CHECKIN_MSG.lateRange)
    .default(10),
});
export type CheckinOpenBody = z.input<typeof checkinOpenBody>;

export const checkinState = z.object({
  meeting_id: z.number(),
  open: z.boolean(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  late_at: z.string().nullable(),
  /** The code of the current rotation (null when closed). */
  code: z.string().nullable(),
  /** What the QR code holds: the app's check-in address with the meeting and the code. */
  qr_text: z.string().nullable(),
  /** When this code's rotation ends (the screen asks again then). */
  rotates_at: z.string().nullable(),
  /** The server's clock, for the countdown. */
  server_time: z.string(),
  checked_in: z.number(),
  students: z.number(),
});
export type CheckinState = z.infer<typeof checkinState>;

export const checkinBody = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s/g, '') : v),
    z.string({ error: MSG.required }).regex(/^\d{6}$/, CHECKIN_MSG.codeFormat),
  ),
  /** From the QR code; a typed code leaves it out. */
  meeting_id: z.number().int().positive().max(2_147_483_647).optional(),
});
export type CheckinBody = z.input<typeof checkinBody>;

export const checkinResult = z.object({
  status: attendanceStatus,
  meeting,
  class: z.object({ id: z.number(), name: z.string(), subject: z.string().nullable() }),
});
export type CheckinResult = z.infer<typeof checkinResult>;

/** `attendance` live event: a mark of the meeting changed (a check-in, another device's save). */
export const liveAttendanceEvent = z.object({ meeting_id: z.number(), student_id: z.number(), status: attendanceStatus.nullable() });
export type LiveAttendanceEvent = z.infer<typeof liveAttendanceEvent>;
