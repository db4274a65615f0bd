/**
 * Issue 38 — izin and sakit requests. A student asks for a day or a range of days within the
 * active semester, with a photo (JPEG, PNG, WebP) or PDF of the letter, at most
 * {@link LEAVE_FILE_MAX_MB} MB; the wali kelas of the student's rombel approves or refuses with a
 * note. An approved request marks every meeting of the student's classes in the range S or I
 * (those already made, and those made later), unless a teacher recorded the student Hadir or
 * Terlambat; each mark it changes, and later changes of those marks, are in the audit log.
 *
 * Student (/api/student):
 *   GET    /leave-requests                     leaveRequest[] (own, newest first)
 *   POST   /leave-requests                     multipart: kind, starts_on, ends_on, reason, file → 201 leaveRequest
 *   POST   /leave-requests/:id/withdraw        → leaveRequest (pending only, 409 otherwise)
 *   GET    /leave-requests/:id/file            the letter (stream)
 * Teacher, as wali kelas of the rombel this semester (/api/teacher; 404 for another rombel):
 *   GET    /homerooms                          homeroomSummary[] (the caller's rombels as wali kelas)
 *   GET    /homerooms/:rombelId/leave-requests?status=pending   leaveRequest[] (newest first)
 *   POST   /homerooms/:rombelId/leave-requests/:id/approve      leaveDecisionBody → leaveRequest
 *   POST   /homerooms/:rombelId/leave-requests/:id/refuse       leaveDecisionBody (note required) → leaveRequest
 *   GET    /homerooms/:rombelId/leave-requests/:id/file         the letter
 * Admin (/api/admin), read only:
 *   GET    /leave-requests?status=&rombel_id=&semester_id=  leaveRequest[] (newest first)
 *   GET    /leave-requests/:id/file            the letter
 */
import { z } from 'zod';
import { optionalText } from '../fields.js';
import { attendanceDate } from './attendance.js';

export const LEAVE_FILE_MAX_MB = 10;
export const LEAVE_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

export const LEAVE_MSG = {
  created: 'Permohonan terkirim ke wali kelas',
  withdrawn: 'Permohonan dibatalkan',
  approved: 'Permohonan disetujui',
  refused: 'Permohonan ditolak',
  kindInvalid: 'Pilih Sakit atau Izin',
  reasonRequired: 'Keterangan wajib diisi',
  endsBeforeStart: 'Tanggal selesai tidak boleh sebelum tanggal mulai',
  outsideSemester: 'Tanggal harus di dalam semester yang aktif',
  tooLong: 'Permohonan paling lama 14 hari; buat permohonan baru untuk hari berikutnya',
  tooOld: 'Permohonan hanya untuk hari ini, hari yang akan datang, atau paling lama 7 hari yang lalu',
  fileRequired: 'Lampirkan foto atau PDF surat',
  fileType: 'Surat harus berupa foto (JPG, PNG, WebP) atau PDF',
  fileTooLarge: `Ukuran surat maksimal ${LEAVE_FILE_MAX_MB} MB`,
  noRombel: 'Kamu belum punya rombel',
  noHomeroom: 'Rombelmu belum punya wali kelas untuk semester ini; hubungi admin sekolah',
  notPending: 'Permohonan ini sudah diputuskan',
  noteRequired: 'Alasan penolakan wajib diisi',
  overlap: 'Sudah ada permohonan untuk tanggal itu',
} as const;

/** The word of each kind inside a sentence ("Permohonan sakit 1–2 Desember disetujui"). */
export const LEAVE_KIND_WORDS = { S: 'sakit', I: 'izin' } as const;

const MONTHS = ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'];

/**
 * A request's days as a sentence shows them: "1 Desember", "1–2 Desember", "30 November–2 Desember",
 * "30 Desember 2026–2 Januari 2027" (the year only where the range crosses one).
 */
export function leaveRangeText(startsOn: string, endsOn: string): string {
  const [y1, m1, d1] = startsOn.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = endsOn.split('-').map(Number) as [number, number, number];
  const month = (m: number) => MONTHS[m - 1] ?? '';
  if (startsOn === endsOn) return `${d1} ${month(m1)}`;
  if (y1 !== y2) return `${d1} ${month(m1)} ${y1}–${d2} ${month(m2)} ${y2}`;
  if (m1 !== m2) return `${d1} ${month(m1)}–${d2} ${month(m2)}`;
  return `${d1}–${d2} ${month(m1)}`;
}

export const LEAVE_STATUSES = ['pending', 'approved', 'refused', 'withdrawn'] as const;
export const LEAVE_STATUS_LABELS: Record<(typeof LEAVE_STATUSES)[number], string> = {
  pending: 'Menunggu',
  approved: 'Disetujui',
  refused: 'Ditolak',
  withdrawn: 'Dibatalkan',
};

/** The fields of the multipart form (the file is its `file` part). */
export const leaveRequestBody = z
  .object({
    kind: z.enum(['S', 'I'], { error: LEAVE_MSG.kindInvalid }),
    starts_on: attendanceDate,
    ends_on: attendanceDate,
    reason: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string({ error: LEAVE_MSG.reasonRequired }).min(1, LEAVE_MSG.reasonRequired).max(1000, 'Maksimal 1000 karakter'),
    ),
  })
  .refine((b) => b.ends_on >= b.starts_on, { path: ['ends_on'], message: LEAVE_MSG.endsBeforeStart });
export type LeaveRequestBody = z.input<typeof leaveRequestBody>;

export const leaveDecisionBody = z.object({ note: optionalText(1000) });
export const leaveParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const homeroomLeaveParams = z.object({
  rombelId: z.coerce.number().int().positive().max(2_147_483_647),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export const leaveListQuery = z.object({
  status: z.enum(LEAVE_STATUSES).optional(),
  rombel_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** The admin's list: one semester's requests (default: every semester). */
  semester_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
/** The wali kelas's list of a rombel: by status. */
export const homeroomLeaveQuery = z.object({ status: z.enum(LEAVE_STATUSES).optional() });

export const leaveRequest = z.object({
  id: z.number(),
  student: z.object({ id: z.number(), name: z.string(), nis: z.string().nullable() }),
  rombel: z.object({ id: z.number(), name: z.string() }),
  kind: z.enum(['S', 'I']),
  starts_on: z.string(),
  ends_on: z.string(),
  /** School days in the range that have meetings of the student's classes. */
  days: z.number(),
  reason: z.string(),
  file: z.object({ filename: z.string(), mime_type: z.string(), size: z.number() }).nullable(),
  status: z.enum(LEAVE_STATUSES),
  requested_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  decided_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
  created_at: z.string(),
});
export type LeaveRequest = z.infer<typeof leaveRequest>;

export const homeroomSummary = z.object({
  rombel: z.object({ id: z.number(), name: z.string() }),
  semester: z.object({ id: z.number(), label: z.string() }),
  students: z.number(),
  pending_requests: z.number(),
});
export type HomeroomSummary = z.infer<typeof homeroomSummary>;
