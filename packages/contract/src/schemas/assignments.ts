import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { SUBMISSION_STATUS } from '../roles.js';
import { dateTimeField, idParam, requiredText } from '../fields.js';

/** Messages of assignments, grading and submissions. */
export const ASSIGNMENT_MSG = {
  created: 'Tugas berhasil ditambahkan',
  updated: 'Tugas berhasil diperbarui',
  deleted: 'Tugas berhasil dihapus',
  graded: 'Nilai berhasil disimpan',
  studentNotInClass: 'Siswa ini tidak terdaftar di rombel kelas ini',
  fileChanged: 'Siswa baru saja mengganti file tugasnya. Muat ulang lalu periksa file terbaru sebelum menilai.',
} as const;

/** The student's grading status (DECISIONS: ungraded is score null, 0 is a real grade). */
export const GRADING_STATUS = {
  notSubmitted: SUBMISSION_STATUS[1],
  waiting: 'Menunggu untuk dinilai',
  graded: 'Sudah dinilai',
} as const;

export type SubmissionStatusId = 1 | 2 | 3;

/** 2 when handed in on or before the deadline, 3 when late. Derived, so moving a deadline re-judges lateness. */
export function submissionStatusId(submittedAt: Date | string, deadline: Date | string): 2 | 3 {
  return new Date(submittedAt).getTime() <= new Date(deadline).getTime() ? 2 : 3;
}

export function gradingStatus(submitted: boolean, score: number | null): string {
  if (!submitted) return GRADING_STATUS.notSubmitted;
  return score === null ? GRADING_STATUS.waiting : GRADING_STATUS.graded;
}

// ---------------------------------------------------------------- requests

export const assignmentsParams = z.object({ classId: idParam, contentId: idParam });
export const assignmentParams = assignmentsParams.extend({ id: idParam });
export const studentAssignmentParams = z.object({ assignmentId: idParam });

/** Missing or blank: "Wajib diisi"; otherwise an ISO date-time (without an offset it is read as WIB). */
const deadlineField = z.preprocess((v, ctx) => {
  if (v == null || (typeof v === 'string' && v.trim() === '')) {
    ctx.addIssue({ code: 'custom', message: MSG.required, input: v });
    return z.NEVER;
  }
  return v;
}, dateTimeField);

export const assignmentBody = z.object({
  title: requiredText(LIMITS.titleMax),
  description: requiredText(LIMITS.textMax),
  deadline: deadlineField.describe('ISO 8601 date-time, e.g. "2026-11-30T23:59:00+07:00"; without an offset it is read as WIB'),
});
export type AssignmentBody = z.input<typeof assignmentBody>;

/** Numbers from forms may arrive as strings ("80"); anything else is left for the number check to refuse. */
const numeric = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);
const absent = (v: unknown) => v === undefined || v === null || v === '';

const idField = (invalidMessage: string) =>
  z.preprocess(
    numeric,
    z
      .number({ error: (iss) => (absent(iss.input) ? MSG.required : invalidMessage) })
      .int(invalidMessage)
      .positive(invalidMessage)
      .max(2_147_483_647, invalidMessage),
  );

export const scoreField = z.preprocess(
  numeric,
  z
    .number({ error: (iss) => (absent(iss.input) ? MSG.required : MSG.scoreRange) })
    .int({ error: MSG.scoreRange, abort: true })
    .min(LIMITS.scoreMin, MSG.scoreRange)
    .max(LIMITS.scoreMax, MSG.scoreRange),
);

export const gradeBody = z.object({
  student_id: idField(ASSIGNMENT_MSG.studentNotInClass),
  score: scoreField.describe('Integer 0–100'),
  file_id: idField(MSG.invalid)
    .optional()
    .describe(
      'The submission.file_id the teacher looked at. When sent, the grade is saved only if that file is still the ' +
        'submitted one (409 otherwise), so a replacement racing the grade is never graded unseen. The web always sends it.',
    ),
});
export type GradeBody = z.input<typeof gradeBody>;

// ---------------------------------------------------------------- responses

/** The Assignment of SPEC §3. `deadline` is an ISO instant; the browser shows it in WIB. */
export const assignment = z.object({
  id: z.number(),
  /** Repeats `id` (SPEC §3 names both). */
  assignment_id: z.number(),
  content_id: z.number(),
  title: z.string(),
  description: z.string(),
  deadline: z.string(),
  author: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  online_class: z.object({ id: z.number(), name: z.string() }),
});
export type Assignment = z.infer<typeof assignment>;

/** A handed-in file: `file` is a short-lived signed link; `file_id` identifies the version (for grading). */
const submittedFile = {
  file_id: z.number(),
  file: z.string(),
  filename: z.string(),
  /** Lower case, without the dot; empty when the name has none. */
  file_extension: z.string(),
  size: z.number(),
};

/** The student's own submission; every field but the status is null while nothing is handed in. */
export const studentSubmission = z.object({
  status_id: z.number().describe('1 Belum Mengumpulkan, 2 Sudah Mengumpulkan (on time), 3 Terlambat'),
  status: z.string(),
  grading_status: z.string().describe('Belum Mengumpulkan | Menunggu untuk dinilai | Sudah dinilai'),
  score: z.number().nullable().describe('null while ungraded; 0 is a real grade'),
  submitted_at: z.string().nullable(),
  graded_at: z.string().nullable(),
  file_id: z.number().nullable(),
  file: z.string().nullable(),
  filename: z.string().nullable(),
  file_extension: z.string().nullable(),
  size: z.number().nullable(),
});
export type StudentSubmission = z.infer<typeof studentSubmission>;

export const assignmentWithSubmission = assignment.extend({ submission: studentSubmission });
export type AssignmentWithSubmission = z.infer<typeof assignmentWithSubmission>;

/** The assignment student entry of SPEC §3 (teacher grading lists); `submission` is null when nothing is handed in. */
export const assignmentStudent = z.object({
  student_id: z.number(),
  name: z.string(),
  nis: z.string().nullable(),
  avatar: z.string().nullable(),
  submission: z
    .object({
      ...submittedFile,
      score: z.number().nullable(),
      submitted_at: z.string(),
      graded_at: z.string().nullable(),
      status_id: z.number(),
      status: z.string(),
    })
    .nullable(),
});
export type AssignmentStudent = z.infer<typeof assignmentStudent>;
