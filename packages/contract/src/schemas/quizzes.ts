import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { dateTimeOf, endOfDayOf, idParam, requiredText } from '../fields.js';
import { QUESTION_TYPES, question } from './question-bank.js';
import { workGradingFields } from './grade-scheme.js';

/**
 * Quizzes and exams (issue 25, docs/features/quizzes.md): the teacher's quizzes inside a content, the
 * student's attempts, grading and statistics. The question bank has its own file.
 */

export const QUIZ_MSG = {
  created: 'Kuis berhasil ditambahkan',
  updated: 'Kuis berhasil diperbarui',
  deleted: 'Kuis berhasil dihapus',
  hasAttempts: 'Soal kuis tidak dapat diubah karena sudah ada siswa yang mengerjakannya',
  closesBeforeOpens: 'Waktu tutup harus setelah waktu buka',
  opensAtFormat: 'Waktu buka harus berupa tanggal dan jam yang valid',
  closesAtFormat: 'Waktu tutup harus berupa tanggal dan jam yang valid',
  publishAtFormat: 'Waktu tayang harus berupa tanggal dan jam yang valid',
  timeLimitRange: 'Batas waktu harus 1 sampai 600 menit, atau kosong',
  attemptsRange: 'Jumlah kesempatan harus 0 (tanpa batas) sampai 20',
  slotsRequired: 'Tambahkan minimal satu soal',
  slotsMax: 'Paling banyak 200 soal dalam satu kuis',
  slotInvalid: 'Pilih satu soal, atau satu kategori dengan jumlah soal yang diambil',
  countRange: 'Jumlah soal yang diambil harus 1 sampai 200',
  questionUnknown: 'Soal tidak ditemukan di bank soal kamu',
  categoryUnknown: 'Kategori tidak ditemukan di bank soal kamu',
  categoryTooFew: 'Jumlah soal yang diambil melebihi jumlah soal di kategori ini',
  duplicateQuestion: 'Soal yang sama dipakai lebih dari sekali',
  notOpen: 'Kuis ini belum dibuka',
  closed: 'Kuis ini sudah ditutup',
  attemptsUsed: 'Kesempatan mengerjakan kuis ini sudah habis',
  noQuestions: 'Kuis ini belum memiliki soal',
  attemptClosed: 'Waktu mengerjakan sudah habis atau kuis sudah dikumpulkan. Jawaban yang sudah tersimpan tetap dinilai.',
  notFinished: 'Kuis ini belum selesai dikerjakan',
  notGradable: 'Jawaban dapat dinilai setelah siswa selesai mengerjakan',
  answerInvalid: 'Jawaban tidak sesuai dengan soal ini',
  answerSaved: 'Jawaban tersimpan',
  submitted: 'Kuis berhasil dikumpulkan',
  graded: 'Nilai berhasil disimpan',
  pointsRange: (max: number | string) => `Nilai harus antara 0 dan ${max}`,
  regraded: (n: number | string) => `${n} percobaan dinilai ulang`,
  feedbackMax: 'Masukan maksimal 10.000 karakter',
  leaveLimitRange: 'Batas keluar halaman harus 1 sampai 50 kali, atau kosong',
} as const;

export const GRADING_METHODS = ['highest', 'last'] as const;
export const SHOW_RESULTS = ['after_submit', 'after_close', 'never'] as const;

/** A free-text answer's length (an essay); a short answer is at most QUIZ_LIMITS.shortAnswerMax. */
export const QUIZ_LIMITS = {
  slotsMax: 200,
  essayMax: 20_000,
  shortAnswerMax: 1_000,
  timeLimitMax: 600,
  attemptsMax: 20,
  leaveLimitMax: 50,
} as const;

// ---------------------------------------------------------------- requests

export const quizzesParams = z.object({ classId: idParam, lessonId: idParam });
export const quizParams = quizzesParams.extend({ quizId: idParam });
export const quizAttemptParams = quizParams.extend({ attemptId: idParam });
export const quizAnswerParams = quizAttemptParams.extend({ questionId: idParam });

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** Blank or absent: null; else an ISO date-time (without an offset read as WIB). */
const instantOrNull = (message: string) => z.preprocess((v) => (blank(v) ? null : v), dateTimeOf(message).nullable());
/** As instantOrNull; a date alone is the end of that day, 23:59:59 WIB (a closing time). */
const endOfDayOrNull = (message: string) => z.preprocess((v) => (blank(v) ? null : v), endOfDayOf(message).nullable());

/** Numbers from forms may arrive as strings ("30"). */
const numeric = (v: unknown) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);
const intIn = (min: number, max: number, message: string) =>
  z.preprocess(numeric, z.number({ error: message }).int({ error: message, abort: true }).min(min, message).max(max, message));

const positiveId = (message: string) =>
  z.preprocess(numeric, z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message));

/** One place of the quiz: a fixed question of the teacher's bank, or `count` questions drawn from a category. */
export const quizSlotBody = z
  .object({
    question_id: positiveId(QUIZ_MSG.questionUnknown).optional(),
    category_id: positiveId(QUIZ_MSG.categoryUnknown).optional(),
    count: intIn(1, QUIZ_LIMITS.slotsMax, QUIZ_MSG.countRange).optional(),
  })
  .superRefine((s, ctx) => {
    const fixed = s.question_id !== undefined && s.category_id === undefined && s.count === undefined;
    const drawn = s.question_id === undefined && s.category_id !== undefined && s.count !== undefined;
    if (!fixed && !drawn) ctx.addIssue({ code: 'custom', message: QUIZ_MSG.slotInvalid });
  });
export type QuizSlotBody = z.input<typeof quizSlotBody>;

export const quizBody = z
  .object({
    title: requiredText(LIMITS.titleMax),
    description: z.preprocess((v) => (v == null ? '' : v), z.string().max(LIMITS.textMax, `Maksimal ${LIMITS.textMax} karakter`)),
    opens_at: instantOrNull(QUIZ_MSG.opensAtFormat).optional().describe('ISO date-time; null or absent: open at once'),
    closes_at: endOfDayOrNull(QUIZ_MSG.closesAtFormat)
      .optional()
      .describe('ISO date-time after opens_at (a date alone: 23:59:59 WIB that day); null or absent: never closes'),
    time_limit_minutes: z
      .preprocess((v) => (blank(v) ? null : v), intIn(1, QUIZ_LIMITS.timeLimitMax, QUIZ_MSG.timeLimitRange).nullable())
      .optional()
      .describe('Minutes an attempt may last (1–600); null: no limit but the closing time'),
    attempts_allowed: intIn(0, QUIZ_LIMITS.attemptsMax, QUIZ_MSG.attemptsRange).default(1).describe('0: unlimited'),
    grading_method: z.enum(GRADING_METHODS).default('highest'),
    shuffle_questions: z.boolean().default(false),
    shuffle_options: z.boolean().default(false),
    one_per_page: z.boolean().default(true),
    show_results: z.enum(SHOW_RESULTS).default('after_submit'),
    show_review: z.boolean().default(false),
    hidden: z.boolean().default(false),
    publish_at: instantOrNull(QUIZ_MSG.publishAtFormat).optional(),
    exam_mode: z.boolean().default(false).describe('Issue 41: a start needs the proctor’s token; leaving the page is logged'),
    exam_leave_limit: z
      .preprocess((v) => (blank(v) ? null : v), intIn(1, QUIZ_LIMITS.leaveLimitMax, QUIZ_MSG.leaveLimitRange).nullable())
      .optional()
      .describe('Exam mode: the attempt is submitted after this many leaves (1–50); null: never'),
    slots: z
      .array(quizSlotBody, { error: QUIZ_MSG.slotsRequired })
      .min(1, QUIZ_MSG.slotsRequired)
      .max(QUIZ_LIMITS.slotsMax, QUIZ_MSG.slotsMax)
      .describe('[{ question_id } | { category_id, count }], in order'),
    ...workGradingFields,
  })
  .superRefine((v, ctx) => {
    if (v.opens_at && v.closes_at && new Date(v.closes_at).getTime() <= new Date(v.opens_at).getTime()) {
      ctx.addIssue({ code: 'custom', path: ['closes_at'], message: QUIZ_MSG.closesBeforeOpens });
    }
  });
export type QuizBody = z.input<typeof quizBody>;

/** PUT …/attempts/:attemptId/answers/:questionId/grade: a hand grade (essays; overrides an automatic score too). */
export const quizGradeBody = z.object({
  points: z
    .preprocess(
      numeric,
      z.number({ error: MSG.required }).min(0, QUIZ_MSG.pointsRange('poin soal')).max(100, QUIZ_MSG.pointsRange('poin soal')),
    )
    .describe('0 to the question’s points'),
  feedback: z
    .preprocess((v) => (blank(v) ? null : v), z.string().max(LIMITS.textMax, QUIZ_MSG.feedbackMax).nullable())
    .optional()
    .describe('Feedback for the student (blank: none)'),
});
export type QuizGradeBody = z.input<typeof quizGradeBody>;

// ---------------------------------------------------------------- the student's answer

const choiceId = z.string().min(1).max(64);

/**
 * A student's answer, by question type: `{ option }` (multiple choice), `{ options }` (multiple
 * answer), `{ value }` (true/false), `{ text }` (short answer, essay), `{ matches: { [leftId]: rightId } }`
 * (matching, ids as the attempt shows them). Checked against the question on the server.
 */
export const quizAnswer = z.union([
  z.object({ option: choiceId }).strict(),
  z.object({ options: z.array(choiceId).max(10) }).strict(),
  z.object({ value: z.boolean() }).strict(),
  z.object({ text: z.string().max(QUIZ_LIMITS.essayMax, `Maksimal ${QUIZ_LIMITS.essayMax} karakter`) }).strict(),
  z.object({ matches: z.record(choiceId, choiceId) }).strict(),
]);
export type QuizAnswer = z.infer<typeof quizAnswer>;

export const quizAnswerBody = z.object({ answer: quizAnswer });

/** POST …/attempts (student): in exam mode the 6-digit token the proctor shows; ignored otherwise. No body at all is no token. */
export const quizStartBody = z
  .object({ token: z.string().max(20).optional().describe('Exam mode: the token the proctor shows (6 digits)') })
  .nullish();
export type QuizStartBody = z.input<typeof quizStartBody>;
export type QuizAnswerBody = z.input<typeof quizAnswerBody>;

export const myQuizParams = z.object({ classId: idParam, lessonId: idParam, quizId: idParam });
export const myQuizAttemptParams = myQuizParams.extend({ attemptId: idParam });
export const myQuizAnswerParams = myQuizAttemptParams.extend({ questionId: idParam });

// ---------------------------------------------------------------- responses (teacher)

const settings = {
  title: z.string(),
  description: z.string(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  time_limit_minutes: z.number().nullable(),
  attempts_allowed: z.number(),
  grading_method: z.enum(GRADING_METHODS),
  one_per_page: z.boolean(),
  show_results: z.enum(SHOW_RESULTS),
  show_review: z.boolean(),
  /** Issue 41: exam mode (token, full screen, leaves logged) and its leave limit. */
  exam_mode: z.boolean(),
  exam_leave_limit: z.number().nullable(),
};

/** A question of the teacher's bank as a quiz shows it: the bank's question, with its key. */
export const quizQuestion = question;

export const quizSlot = z.object({
  /** Issue 39: the slot's id (to tag it with TPs) and its TPs. */
  id: z.number(),
  objective_ids: z.array(z.number()),
  position: z.number(),
  /** A fixed question (with its key), or null for a category slot. */
  question_id: z.number().nullable(),
  question: quizQuestion.nullable(),
  /** A category slot: `count` questions drawn from it per attempt; `available` questions in it now. */
  category_id: z.number().nullable(),
  category_name: z.string().nullable(),
  count: z.number().nullable(),
  available: z.number().nullable(),
});
export type QuizSlot = z.infer<typeof quizSlot>;

/** The quiz as its teacher sees it. */
export const quiz = z.object({
  id: z.number(),
  content_id: z.number(),
  position: z.number(),
  ...settings,
  shuffle_questions: z.boolean(),
  shuffle_options: z.boolean(),
  hidden: z.boolean(),
  publish_at: z.string().nullable(),
  /** Questions an attempt gets. */
  question_count: z.number(),
  /** Points of an attempt; null when drawn questions carry different points. */
  total_points: z.number().nullable(),
  attempt_count: z.number(),
  slots: z.array(quizSlot),
  created_at: z.string(),
  updated_at: z.string(),
  /** Issue 39: its grade category (null: the class's first) and its TPs. */
  category_id: z.number().nullable(),
  objective_ids: z.array(z.number()),
});
export type Quiz = z.infer<typeof quiz>;

/** One attempt in a list: scores are points, `grade` is 0–100 (null while not finished or not fully graded). */
export const quizAttemptSummary = z.object({
  id: z.number(),
  number: z.number(),
  started_at: z.string(),
  due_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  timed_out: z.boolean(),
  score: z.number().nullable(),
  max_score: z.number().nullable(),
  grade: z.number().nullable(),
});
export type QuizAttemptSummary = z.infer<typeof quizAttemptSummary>;

/** GET …/quizzes/:quizId/results: one row per student of the rombel, by name. */
export const quizResultRow = z.object({
  student: z.object({ id: z.number(), name: z.string(), nis: z.string().nullable() }),
  attempts: z.array(quizAttemptSummary),
  /** The counting attempt's grade (by grading_method); null when none is finished and graded. */
  grade: z.number().nullable(),
  /** A finished attempt waits for a hand grade (an essay). */
  needs_grading: z.boolean(),
});
export type QuizResultRow = z.infer<typeof quizResultRow>;

/** One question of an attempt as the teacher grades it. */
export const quizAttemptItem = z.object({
  question: quizQuestion,
  /** The order the student saw (options, or the right-hand list of a matching question, as pair ids); null for others. */
  order: z.array(z.string()).nullable(),
  /** The student's answer as saved (matching: by pair ids); null when not answered. */
  answer: z.unknown().nullable(),
  saved_at: z.string().nullable(),
  auto_points: z.number().nullable(),
  manual_points: z.number().nullable(),
  /** What counts: manual_points when set, else auto_points. */
  points: z.number().nullable(),
  feedback: z.string().nullable(),
  needs_grading: z.boolean(),
});
export type QuizAttemptItem = z.infer<typeof quizAttemptItem>;

export const quizAttemptDetail = quizAttemptSummary.extend({
  student: z.object({ id: z.number(), name: z.string(), nis: z.string().nullable() }),
  /** Seconds from the start to the finish (or to now while open). */
  time_taken_seconds: z.number(),
  needs_grading: z.boolean(),
  questions: z.array(quizAttemptItem),
});
export type QuizAttemptDetail = z.infer<typeof quizAttemptDetail>;

export const quizRegrade = z.object({ regraded: z.number() });

/** GET …/statistics: per question over the finished attempts. */
export const quizQuestionStatistics = z.object({
  question_id: z.number(),
  text: z.string(),
  type: z.enum(QUESTION_TYPES),
  points: z.number(),
  /** Finished attempts that had this question. */
  attempts: z.number(),
  /** 0–100: mean points / points over those attempts (hand-graded answers still waiting not counted); null when none. */
  facility: z.number().nullable(),
  /** −1…1, Kelley: upper 27 % minus lower 27 % of the counting attempts; null under 10 students. */
  discrimination: z.number().nullable(),
  /** Choice and true/false questions: how often each choice was chosen. */
  options: z.array(z.object({ id: z.string(), text: z.string(), chosen: z.number(), correct: z.boolean() })),
});
export const quizStatistics = z.object({
  /** Finished attempts, and the students with a counting (graded) attempt. */
  attempts: z.number(),
  students: z.number(),
  questions: z.array(quizQuestionStatistics),
});
export type QuizStatistics = z.infer<typeof quizStatistics>;

// ---------------------------------------------------------------- responses (student)

/** The quiz as a student sees it: no slots, no keys. */
export const studentQuiz = z.object({
  id: z.number(),
  content_id: z.number(),
  ...settings,
  question_count: z.number(),
  total_points: z.number().nullable(),
});
export type StudentQuiz = z.infer<typeof studentQuiz>;

export const studentQuizView = z.object({
  quiz: studentQuiz,
  /** Scores and grades only where show_results allows (else null). */
  attempts: z.array(quizAttemptSummary),
  /** The counting grade, where show_results allows. */
  grade: z.number().nullable(),
  can_start: z.boolean(),
  reason_if_not: z.string().nullable(),
  open_attempt_id: z.number().nullable(),
  server_now: z.string(),
});
export type StudentQuizView = z.infer<typeof studentQuizView>;

const choice = z.object({ id: z.string(), text: z.string() });

/** A question of an attempt without its key: options in this attempt's order; matching as a left list and a shuffled right list. */
export const studentQuizQuestion = z.object({
  id: z.number(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  points: z.number(),
  image: z.string().nullable(),
  options: z.array(choice).optional(),
  left: z.array(choice).optional(),
  right: z.array(choice).optional(),
});
export type StudentQuizQuestion = z.infer<typeof studentQuizQuestion>;

export const studentAttempt = z.object({
  id: z.number(),
  number: z.number(),
  started_at: z.string(),
  due_at: z.string().nullable(),
  server_now: z.string(),
  finished_at: z.string().nullable(),
  one_per_page: z.boolean(),
  /** Issue 41, exam mode: how often the student left the page, and after how many leaves it is submitted. */
  exam: z.object({ leave_count: z.number(), leave_limit: z.number().nullable() }).nullable(),
  questions: z.array(studentQuizQuestion),
  /** The answers saved so far, by question id. */
  answers: z.record(z.string(), quizAnswer),
});
export type StudentAttempt = z.infer<typeof studentAttempt>;

export const savedAnswer = z.object({ saved_at: z.string() });

/** After a submit: what may be shown (score and grade only where show_results allows). */
export const submittedAttempt = z.object({
  id: z.number(),
  finished_at: z.string(),
  timed_out: z.boolean(),
  results_visible: z.boolean(),
  score: z.number().nullable(),
  max_score: z.number().nullable(),
  grade: z.number().nullable(),
  needs_grading: z.boolean(),
});
export type SubmittedAttempt = z.infer<typeof submittedAttempt>;

/** The correct answer of a question in the review (only with show_review), ids as the attempt shows them. */
export const reviewKey = z.object({
  options: z.array(z.string()).optional(),
  value: z.boolean().optional(),
  answers: z.array(z.string()).optional(),
  tolerance: z.number().nullable().optional(),
  matches: z.record(z.string(), z.string()).optional(),
});

export const reviewQuestion = studentQuizQuestion.extend({
  answer: quizAnswer.nullable(),
  /** Only with show_review. */
  key: reviewKey.optional(),
  points_awarded: z.number().nullable().optional(),
  /** The teacher's feedback, where the results are shown. */
  feedback: z.string().nullable().optional(),
  /** Issue 41, only with show_review: the key's feedback for the answer given (GIFT `#…`), and the question's general feedback. */
  answer_feedback: z.string().nullable().optional(),
  general_feedback: z.string().nullable().optional(),
});
export type ReviewQuestion = z.infer<typeof reviewQuestion>;

export const attemptReview = z.object({
  id: z.number(),
  number: z.number(),
  started_at: z.string(),
  finished_at: z.string(),
  timed_out: z.boolean(),
  results_visible: z.boolean(),
  review_visible: z.boolean(),
  score: z.number().nullable(),
  max_score: z.number().nullable(),
  grade: z.number().nullable(),
  needs_grading: z.boolean(),
  questions: z.array(reviewQuestion),
});
export type AttemptReview = z.infer<typeof attemptReview>;

/** A quiz link of a content: for a student also whether it is open now. */
export const classLessonQuiz = z.object({
  id: z.number(),
  title: z.string(),
  position: z.number(),
  hidden: z.boolean(),
  publish_at: z.string().nullable(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  time_limit_minutes: z.number().nullable(),
});
export type ClassLessonQuiz = z.infer<typeof classLessonQuiz>;
