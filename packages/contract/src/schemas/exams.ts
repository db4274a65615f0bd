import { z } from 'zod';
import { dateTimeOf, idParam } from '../fields.js';
import { quizParams } from './quizzes.js';

/**
 * Issue 41 — exam mode (CBT): a quiz in exam mode needs, to start, the 6-digit token the proctor
 * shows; the token changes every {@link EXAM_TOKEN_PERIOD_SECONDS} seconds (derived from the quiz's
 * secret and the time window, never stored), the previous one is still taken for
 * {@link EXAM_TOKEN_GRACE_SECONDS} seconds, and each student uses a token once (a replay, another
 * quiz's token, a stale one or a second tab with the same token is refused). The attempt is bound
 * to the session that started it: another phone or browser may continue it only after the proctor's
 * "reset login". Leaving the page is logged and shown live on the proctor board; after the quiz's
 * leave limit the attempt is submitted. Per-student overrides give other dates, a longer time limit
 * or extra attempts. Every proctor action and override is in the audit log.
 *
 * Teacher of the quiz's class (/api/teacher/classes/:classId/contents/:lessonId/quizzes/:quizId; another
 * teacher's quiz: 404; a student who is not in the class's rombel: 404):
 *   GET    /exam-token                         examToken (409 when the quiz is not in exam mode)
 *   GET    /proctor                            proctorBoard (every student of the rombel, by name)
 *   GET    /proctor/:studentId/leaves          examLeave[] (the open or last attempt's leaves, oldest first)
 *   POST   /proctor/:studentId/reset-login     → proctorRow (the attempt may continue on another device with a new token)
 *   POST   /proctor/:studentId/add-time        addTimeBody → proctorRow (the open attempt's due time moves)
 *   POST   /proctor/:studentId/force-submit    → proctorRow (the open attempt is submitted as it stands)
 *   GET    /overrides                          quizOverride[]
 *   PUT    /overrides/:studentId               quizOverrideBody → quizOverride
 *   DELETE /overrides/:studentId               → ok message
 * Teacher, "Tambah soal" inside the quiz form (/api/teacher):
 *   GET    /classes/:classId/question-category questionCategory (the class's category of the caller's bank, made on first use)
 * Student (/api/student/classes/:classId/contents/:lessonId/quizzes/:quizId):
 *   POST   /attempts                           quizStartBody { token } (exam mode: 422 without, 403 wrong/stale/replayed/another device)
 *   POST   /attempts/:attemptId/events         examEventBody { kind: 'leave' | 'back' } → examEventResult
 * Live (GET /api/live?quiz=&class=&content=, teacher): `exam` events { quiz_id, student_id } as the board changes.
 */

export const EXAM_TOKEN_PERIOD_SECONDS = 300;
export const EXAM_TOKEN_GRACE_SECONDS = 60;
/** Leaves closer together than this count as one (a phone firing blur and visibilitychange together). */
export const EXAM_LEAVE_DEBOUNCE_SECONDS = 2;
/** Wrong tokens a student may type per quiz in wrongTokenMinutes before 429 (six digits are not to be guessed). */
export const EXAM_LIMITS = { addMinutesMax: 240, extraAttemptsMax: 20, wrongTokens: 10, wrongTokenMinutes: 15 } as const;

export const EXAM_MSG = {
  notExamMode: 'Kuis ini tidak memakai mode ujian.',
  tokenRequired: 'Masukkan token ujian dari pengawas.',
  tokenWrong: 'Token salah. Periksa lagi token yang ditampilkan pengawas.',
  tokenExpired: 'Token sudah berganti. Minta token terbaru ke pengawas.',
  tokenUsed: 'Token ini sudah kamu pakai. Minta token terbaru ke pengawas.',
  tokenTooMany: 'Terlalu banyak token salah. Tunggu 15 menit atau minta bantuan pengawas.',
  otherDevice: 'Ujian ini sedang dikerjakan di perangkat lain. Minta pengawas mereset login kamu.',
  loginReset: 'Login siswa direset. Siswa dapat melanjutkan dengan token baru.',
  timeAdded: (minutes: number) => `Waktu ditambah ${minutes} menit.`,
  forceSubmitted: 'Ujian siswa dikumpulkan.',
  noOpenAttempt: 'Siswa ini tidak sedang mengerjakan ujian.',
  addMinutesRange: `Tambahan waktu harus 1 sampai ${240} menit.`,
  overrideSaved: 'Pengecualian disimpan.',
  overrideDeleted: 'Pengecualian dihapus.',
  overrideEmpty: 'Isi minimal satu: waktu buka, waktu tutup, batas waktu, atau tambahan kesempatan.',
  extraAttemptsRange: 'Tambahan kesempatan harus 0 sampai 20.',
  autoSubmitted: 'Kamu terlalu sering keluar dari halaman ujian. Jawabanmu sudah dikumpulkan.',
  /** The board's line for a student who left: "keluar 3× — terakhir 10.42". */
  leaves: (count: number, lastTime: string) => `keluar ${count}× — terakhir ${lastTime}`,
} as const;

// ---------------------------------------------------------------- requests

export const proctorParams = quizParams.extend({ studentId: idParam });
export const classQuestionCategoryParams = z.object({ classId: idParam });

const numeric = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export const addTimeBody = z.object({
  minutes: z.preprocess(
    numeric,
    z
      .number({ error: EXAM_MSG.addMinutesRange })
      .int(EXAM_MSG.addMinutesRange)
      .min(1, EXAM_MSG.addMinutesRange)
      .max(EXAM_LIMITS.addMinutesMax, EXAM_MSG.addMinutesRange),
  ),
});
export type AddTimeBody = z.input<typeof addTimeBody>;

/** A student's own window, time limit and extra attempts; at least one is set. */
export const quizOverrideBody = z
  .object({
    opens_at: z
      .preprocess((v) => (blank(v) ? null : v), dateTimeOf('Waktu buka harus berupa tanggal dan jam yang valid').nullable())
      .optional(),
    closes_at: z
      .preprocess((v) => (blank(v) ? null : v), dateTimeOf('Waktu tutup harus berupa tanggal dan jam yang valid').nullable())
      .optional(),
    time_limit_minutes: z
      .preprocess(
        (v) => (blank(v) ? null : numeric(v)),
        z
          .number({ error: 'Batas waktu harus 1 sampai 600 menit, atau kosong' })
          .int('Batas waktu harus 1 sampai 600 menit, atau kosong')
          .min(1, 'Batas waktu harus 1 sampai 600 menit, atau kosong')
          .max(600, 'Batas waktu harus 1 sampai 600 menit, atau kosong')
          .nullable(),
      )
      .optional(),
    extra_attempts: z
      .preprocess(
        (v) => (blank(v) ? 0 : numeric(v)),
        z
          .number({ error: EXAM_MSG.extraAttemptsRange })
          .int(EXAM_MSG.extraAttemptsRange)
          .min(0, EXAM_MSG.extraAttemptsRange)
          .max(20, EXAM_MSG.extraAttemptsRange),
      )
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.opens_at && v.closes_at && new Date(v.closes_at).getTime() <= new Date(v.opens_at).getTime()) {
      ctx.addIssue({ code: 'custom', path: ['closes_at'], message: 'Waktu tutup harus setelah waktu buka' });
    }
    if (!v.opens_at && !v.closes_at && !v.time_limit_minutes && !v.extra_attempts)
      ctx.addIssue({ code: 'custom', message: EXAM_MSG.overrideEmpty });
  });
export type QuizOverrideBody = z.input<typeof quizOverrideBody>;

export const examEventBody = z.object({ kind: z.enum(['leave', 'back']) });
export type ExamEventBody = z.infer<typeof examEventBody>;

// ---------------------------------------------------------------- replies

export const examToken = z.object({
  token: z.string().describe('6 digits'),
  /** When this token is replaced (the previous one is still taken for EXAM_TOKEN_GRACE_SECONDS). */
  valid_until: z.string(),
  period_seconds: z.number(),
  server_now: z.string(),
});
export type ExamToken = z.infer<typeof examToken>;

export const EXAM_STATES = ['not_started', 'working', 'submitted'] as const;
export type ExamState = (typeof EXAM_STATES)[number];

/** One student on the proctor board: the latest attempt's state. */
export const proctorRow = z.object({
  student: z.object({ id: z.number(), name: z.string(), nis: z.string().nullable() }),
  state: z.enum(EXAM_STATES),
  attempt_id: z.number().nullable(),
  started_at: z.string().nullable(),
  due_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  answered: z.number(),
  question_count: z.number(),
  leave_count: z.number(),
  last_left_at: z.string().nullable(),
  /** The student is away from the exam page now (left and not back). */
  away: z.boolean(),
  extra_minutes: z.number(),
  /** The attempt is bound to a session (a "reset login" frees it). */
  bound: z.boolean(),
  has_override: z.boolean(),
});
export type ProctorRow = z.infer<typeof proctorRow>;

export const proctorBoard = z.object({
  quiz: z.object({ id: z.number(), title: z.string(), exam_mode: z.boolean(), exam_leave_limit: z.number().nullable() }),
  server_now: z.string(),
  rows: z.array(proctorRow),
});
export type ProctorBoard = z.infer<typeof proctorBoard>;

export const examLeave = z.object({ left_at: z.string(), back_at: z.string().nullable() });
export type ExamLeave = z.infer<typeof examLeave>;

export const examEventResult = z.object({ leave_count: z.number(), submitted: z.boolean() });
export type ExamEventResult = z.infer<typeof examEventResult>;

export const quizOverride = z.object({
  student: z.object({ id: z.number(), name: z.string(), nis: z.string().nullable() }),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  time_limit_minutes: z.number().nullable(),
  extra_attempts: z.number(),
  updated_at: z.string(),
});
export type QuizOverride = z.infer<typeof quizOverride>;

/** The `exam` event of a live stream: the board row of this student changed. */
export const liveExamEvent = z.object({ quiz_id: z.number(), student_id: z.number() });
export type LiveExamEvent = z.infer<typeof liveExamEvent>;
