import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { SUBMISSION_STATUS } from '../roles.js';
import { dateTimeField, idParam, optionalText, requiredText } from '../fields.js';
import { workGradingFields } from './grade-scheme.js';
import { rubric, rubricMarksField } from './rubrics.js';
import { returnMessageField } from './quick-grading.js';

/** Messages of assignments, grading and submissions. */
export const ASSIGNMENT_MSG = {
  created: 'Tugas berhasil ditambahkan',
  updated: 'Tugas berhasil diperbarui',
  deleted: 'Tugas berhasil dihapus',
  graded: 'Nilai berhasil disimpan',
  studentNotInClass: 'Siswa ini tidak terdaftar di rombel kelas ini',
  fileChanged: 'Siswa baru saja mengubah kirimannya. Muat ulang lalu periksa kiriman terbaru sebelum menilai.',
  closesBeforeDeadline: 'Waktu penutupan tidak boleh sebelum tenggat',
  returned: 'Tugas dikembalikan ke siswa',
  returnUngraded: 'Beri nilai dulu sebelum mengembalikan tugas ini',
  extended: 'Tenggat untuk siswa ini berhasil diperpanjang',
  extensionRemoved: 'Perpanjangan tenggat untuk siswa ini dihapus',
  commentSent: 'Komentar terkirim',
  feedbackMax: 'Masukan maksimal 10.000 karakter',
} as const;

/** Messages of the student's hand-in. */
export const SUBMISSION_MSG = {
  tooManyFiles: 'Paling banyak 10 file dalam satu pengumpulan',
  totalTooLarge: 'Ukuran semua file paling besar 100 MB',
  empty: 'Lampirkan file atau tulis jawaban',
  closed: 'Pengumpulan tugas ini sudah ditutup',
  unsubmitted: 'Pengiriman dibatalkan',
  notHandedIn: 'Tugas ini belum dikirim',
  unknownKeep: 'File lama yang dipilih tidak ditemukan. Muat ulang halaman lalu coba lagi.',
  answerMax: 'Jawaban maksimal 10.000 karakter',
} as const;

/** The student's grading status (DECISIONS: ungraded is score null, 0 is a real grade). */
export const GRADING_STATUS = {
  notSubmitted: SUBMISSION_STATUS[1],
  waiting: 'Menunggu untuk dinilai',
  graded: 'Sudah dinilai',
  returned: 'Dikembalikan',
  /** Issue 41: a finished quiz whose results the student may not see yet. */
  quizDone: 'Sudah dikerjakan',
} as const;

export type SubmissionStatusId = 1 | 2 | 3;

/** 2 when handed in on or before the deadline, 3 when late. Derived, so moving a deadline re-judges lateness. */
export function submissionStatusId(submittedAt: Date | string, deadline: Date | string): 2 | 3 {
  return new Date(submittedAt).getTime() <= new Date(deadline).getTime() ? 2 : 3;
}

export function gradingStatus(submitted: boolean, score: number | null, returned = false): string {
  if (returned && score !== null) return GRADING_STATUS.returned;
  if (score !== null) return GRADING_STATUS.graded;
  return submitted ? GRADING_STATUS.waiting : GRADING_STATUS.notSubmitted;
}

// ---------------------------------------------------------------- requests

export const assignmentsParams = z.object({ classId: idParam, lessonId: idParam });
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

/** Blank or absent: null (no closing time); otherwise an ISO date-time like the deadline. */
const closesField = z.preprocess((v) => (v == null || (typeof v === 'string' && v.trim() === '') ? null : v), dateTimeField.nullable());

/** The closing time, when given, may not come before the deadline (the message on `closes_at`). */
const closesAfterDeadline = (v: { deadline: string; closes_at?: string | null }, ctx: z.RefinementCtx) => {
  if (v.closes_at && new Date(v.closes_at).getTime() < new Date(v.deadline).getTime()) {
    ctx.addIssue({ code: 'custom', path: ['closes_at'], message: ASSIGNMENT_MSG.closesBeforeDeadline });
  }
};

export const assignmentBody = z
  .object({
    title: requiredText(LIMITS.titleMax),
    description: requiredText(LIMITS.textMax),
    deadline: deadlineField.describe(
      'ISO 8601 date-time, e.g. "2026-11-30T23:59:00+07:00"; without an offset it is read as WIB; a date alone ("2026-11-30") is 23:59:59 WIB',
    ),
    closes_at: closesField
      .optional()
      .describe('Optional closing time (ISO date-time, not before the deadline): after it hand-ins are refused. Null or absent: never'),
    ...workGradingFields,
  })
  .superRefine(closesAfterDeadline);
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
  feedback: optionalText(LIMITS.textMax, ASSIGNMENT_MSG.feedbackMax).describe('Feedback for the student (blank: none)'),
  revision: idField(MSG.invalid)
    .optional()
    .describe(
      'The submission.revision the teacher looked at. When sent, the grade is saved only if the student has not handed ' +
        'in or unsubmitted since (409 otherwise), so work racing the grade is never graded unseen. The web always sends it.',
    ),
  rubric_marks: rubricMarksField
    .optional()
    .describe("Issue 39: one mark per criterion of the assignment's rubric; `score` must then equal rubricScore (422 otherwise)"),
});
export type GradeBody = z.input<typeof gradeBody>;

export const studentParams = assignmentParams.extend({ studentId: idParam });
export const returnBody = z.object({
  student_id: idField(ASSIGNMENT_MSG.studentNotInClass),
  /** Issue 39: a message to the student, written in the private thread of the assignment and carried by the notification. */
  message: returnMessageField,
});

/** "Perpanjang untuk siswa ini": a later deadline and optional closing time for one student. */
export const extensionBody = z
  .object({
    deadline: deadlineField.describe('The new deadline for this student (ISO date-time)'),
    closes_at: closesField.optional().describe('The closing time for this student; null or absent: never closes for them'),
  })
  .superRefine(closesAfterDeadline);
export type ExtensionBody = z.input<typeof extensionBody>;

export const privateCommentBody = z.object({
  body: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: MSG.commentEmpty }).min(1, MSG.commentEmpty).max(LIMITS.commentMax, MSG.commentMax),
  ),
});
export type PrivateCommentBody = z.input<typeof privateCommentBody>;

/** Text fields of the hand-in form; the files travel as the repeated multipart field `files`. */
export const handInFields = z.object({
  text: optionalText(LIMITS.textMax, SUBMISSION_MSG.answerMax),
  /** Ids of current files to keep, comma separated (or the field repeated); absent: none kept. */
  keep: z.string().optional(),
});

/** "Tugas Saya" tabs: Belum dikerjakan, Terlambat, Selesai. */
export const MY_WORK_TABS = ['todo', 'late', 'done'] as const;
export type MyWorkTab = (typeof MY_WORK_TABS)[number];
export const myWorkQuery = z.object({ tab: z.enum(MY_WORK_TABS).optional() });

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
  /** After this instant hand-ins are refused; null: never. */
  closes_at: z.string().nullable(),
  author: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  online_class: z.object({ id: z.number(), name: z.string() }),
  /** Issue 39: the rubric attached (null: none). */
  rubric_id: z.number().nullable(),
  /** Issue 39: its grade category (null: the class's first) and its TPs (teacher replies only). */
  category_id: z.number().nullable().optional(),
  objective_ids: z.array(z.number()).optional(),
});
export type Assignment = z.infer<typeof assignment>;

/** A handed-in file: `file` is a short-lived signed link. */
export const submittedFile = z.object({
  file_id: z.number(),
  file: z.string(),
  filename: z.string(),
  /** Lower case, without the dot; empty when the name has none. */
  file_extension: z.string(),
  size: z.number(),
  mime: z.string(),
});
export type SubmittedFile = z.infer<typeof submittedFile>;

/** An earlier version of a submission, kept when the teacher returned it. */
export const submissionVersion = z.object({
  version: z.number(),
  text_answer: z.string().nullable(),
  submitted_at: z.string().nullable(),
  score: z.number().nullable(),
  feedback: z.string().nullable(),
  graded_at: z.string().nullable(),
  returned_at: z.string().nullable(),
  files: z.array(submittedFile),
});
export type SubmissionVersion = z.infer<typeof submissionVersion>;

/** The Tugas Saya state: to do, deadline passed without a hand-in, or done (handed in / graded / returned). */
export const workState = z.enum(MY_WORK_TABS);
export type WorkState = z.infer<typeof workState>;

/**
 * A student's work on an assignment as the student and the teacher see it. Status and lateness
 * follow the last hand-in against this student's deadline (an extension moves it). `files` are
 * the current version's; `history` the earlier, returned versions, newest first.
 */
export const submissionDetail = z.object({
  status_id: z.number().describe('1 Belum Mengumpulkan, 2 Sudah Mengumpulkan (on time), 3 Terlambat'),
  status: z.string(),
  grading_status: z.string().describe('Belum Mengumpulkan | Menunggu untuk dinilai | Sudah dinilai | Dikembalikan'),
  state: workState,
  score: z.number().nullable().describe('null while ungraded; 0 is a real grade'),
  last_score: z
    .number()
    .nullable()
    .describe('Issue 39: returned work handed in again waits for a new grade: its last grade, kept until then (null otherwise)'),
  feedback: z.string().nullable(),
  text_answer: z.string().nullable(),
  submitted_at: z.string().nullable(),
  graded_at: z.string().nullable(),
  returned_at: z.string().nullable(),
  version: z.number(),
  revision: z.number().describe('Changes with every hand-in and unsubmit; send it with a grade'),
  files: z.array(submittedFile),
  history: z.array(submissionVersion),
  /** This student's deadline and closing time (the assignment's, or the extension's). */
  deadline: z.string(),
  closes_at: z.string().nullable(),
  extended: z.boolean(),
  can_hand_in: z.boolean(),
  can_unsubmit: z.boolean(),
  /** Issue 39: the rubric marks of the grade, per criterion (null until graded with a rubric). */
  rubric_marks: z.array(z.object({ level: z.number().nullable(), comment: z.string().nullable() })).nullable(),
});
export type SubmissionDetail = z.infer<typeof submissionDetail>;

/** The student's own submission. */
export const studentSubmission = submissionDetail;
export type StudentSubmission = SubmissionDetail;

export const assignmentWithSubmission = assignment.extend({
  submission: studentSubmission,
  /** Issue 39: the rubric attached, shown before handing in (null: none). */
  rubric: rubric.nullable(),
});
export type AssignmentWithSubmission = z.infer<typeof assignmentWithSubmission>;

/** The assignment student entry of SPEC §3 (teacher grading lists); `submission` is null when nothing is handed in. */
export const assignmentStudent = z.object({
  student_id: z.number(),
  name: z.string(),
  nis: z.string().nullable(),
  avatar: z.string().nullable(),
  extended: z.boolean(),
  submission: z
    .object({
      files: z.array(submittedFile),
      has_text: z.boolean(),
      score: z.number().nullable(),
      submitted_at: z.string(),
      graded_at: z.string().nullable(),
      returned_at: z.string().nullable(),
      revision: z.number(),
      status_id: z.number(),
      status: z.string(),
    })
    .nullable(),
});
export type AssignmentStudent = z.infer<typeof assignmentStudent>;

/** One message of the private thread between a student and the teacher. */
export const privateComment = z.object({
  id: z.number(),
  body: z.string(),
  author: z.object({ id: z.number(), name: z.string(), role: z.number(), avatar: z.string().nullable() }),
  created_at: z.string(),
});
export type PrivateComment = z.infer<typeof privateComment>;

/** The teacher's grading view of one student: their work, the thread, and the neighbours for Berikutnya/Sebelumnya. */
export const studentWork = z.object({
  student: z.object({ id: z.number(), name: z.string(), nis: z.string().nullable(), avatar: z.string().nullable() }),
  submission: submissionDetail,
  comments: z.array(privateComment),
  /** The previous and next student by name among those who handed in (null at the ends). */
  previous_student_id: z.number().nullable(),
  next_student_id: z.number().nullable(),
  /** Issue 39: the assignment's rubric, to grade with (null: none). */
  rubric: rubric.nullable(),
});
export type StudentWork = z.infer<typeof studentWork>;

/** What a piece of "Tugas Saya" is: an assignment, or a quiz (issue 41; its id is the quiz's). */
export const MY_WORK_KINDS = ['assignment', 'quiz'] as const;
export type MyWorkKind = (typeof MY_WORK_KINDS)[number];

/**
 * An assignment or a quiz (issue 41) of "Tugas Saya" and "Nilai Saya": this student's deadline, state
 * and score. A quiz: its deadline is its closing time for this student (an override moves it, null:
 * it never closes); todo until a finished attempt (done), late once closed without one ("terlewat");
 * its score is the counting attempt's grade 0–100, only where show_results lets the student see it;
 * the web opens it at /my-classes/{online_class.id}/contents/{content_id}/quizzes/{id}.
 */
export const myWorkItem = z.object({
  kind: z.enum(MY_WORK_KINDS),
  id: z.number(),
  title: z.string(),
  content_id: z.number(),
  online_class: z.object({ id: z.number(), name: z.string() }),
  /** Null only for a quiz that never closes. */
  deadline: z.string().nullable(),
  closes_at: z.string().nullable(),
  extended: z.boolean(),
  /** A quiz that opens later (null: open, or an assignment). */
  opens_at: z.string().nullable(),
  /** False for a finished quiz whose results the student may not see yet (its score is then null, and nothing waits for a grade). */
  results_visible: z.boolean(),
  state: workState,
  status_id: z.number(),
  grading_status: z.string(),
  submitted_at: z.string().nullable(),
  score: z.number().nullable(),
  /** Issue 39: returned work handed in again waits for a new grade: its last grade, kept until then (null otherwise). */
  last_score: z.number().nullable(),
  feedback: z.string().nullable(),
  returned_at: z.string().nullable(),
});
export type MyWorkItem = z.infer<typeof myWorkItem>;

/**
 * "Nilai Saya": one class with this student's assignments and the average of the graded ones (null when none);
 * work waiting for a new grade counts with its last grade (`last_score`), as in the gradebook.
 */
export const myClassGrades = z.object({
  online_class: z.object({ id: z.number(), name: z.string() }),
  average: z.number().nullable(),
  items: z.array(myWorkItem),
});
export type MyClassGrades = z.infer<typeof myClassGrades>;

/** Mean of the given scores with one decimal; null when there is none. */
export function averageScore(scores: Array<number | null>): number | null {
  const graded = scores.filter((s): s is number => s !== null);
  if (graded.length === 0) return null;
  return Math.round((graded.reduce((a, b) => a + b, 0) / graded.length) * 10) / 10;
}
