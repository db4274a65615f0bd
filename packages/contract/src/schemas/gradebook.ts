import { z } from 'zod';
import { idParam } from '../fields.js';
import { classSummary } from './classes.js';

/**
 * The state of one student's work on one assignment in the gradebook:
 * - graded: it has a score (also when it was returned and not handed in again);
 * - waiting: handed in (submitted_at set), no score yet;
 * - missing: nothing handed in and the student's deadline (extension-aware) has passed;
 * - todo: nothing handed in, the deadline is still ahead.
 */
export const GRADEBOOK_STATES = ['graded', 'waiting', 'missing', 'todo'] as const;
export type GradebookState = (typeof GRADEBOOK_STATES)[number];

/** The marks the gradebook (page, XLSX legend) shows beside or instead of a score. */
export const GRADEBOOK_LABELS = {
  waiting: 'Belum dinilai',
  missing: 'Tidak mengumpulkan',
  todo: 'Belum waktunya',
  late: 'Terlambat',
  extended: 'Diperpanjang',
  average: 'Rata-rata',
  /** Marks a quiz column of the spreadsheets ("Kuis: Ulangan Harian 1"). */
  quiz: 'Kuis',
  classAverage: 'Rata-rata kelas',
  noAssignments: 'Belum ada tugas di kelas ini.',
  noStudents: 'Belum ada siswa di kelas ini.',
  noClasses: 'Belum ada kelas.',
} as const;

export const gradebookParams = z.object({ classId: idParam });

export const gradebookCell = z.object({
  assignment_id: z.number(),
  state: z.enum(GRADEBOOK_STATES),
  /** 0–100 when graded (or the last grade while `awaiting_regrade`), else null. */
  score: z.number().nullable(),
  /** Returned work was handed in again: `score` is its last grade, kept until the teacher grades the new version. */
  awaiting_regrade: z.boolean(),
  /** Handed in after the student's own deadline (extension-aware). */
  late: z.boolean(),
  /** The student has an extension for this assignment. */
  extended: z.boolean(),
});
export type GradebookCell = z.infer<typeof gradebookCell>;

/** One assignment column: ordered by content, then deadline. */
export const gradebookAssignment = z.object({
  id: z.number(),
  title: z.string(),
  deadline: z.string(),
  content: z.object({ id: z.number(), title: z.string() }),
  /** Mean of the graded scores of the students shown, 1 decimal; null when none is graded. */
  average: z.number().nullable(),
});
export type GradebookAssignment = z.infer<typeof gradebookAssignment>;

/**
 * A student's quiz (issue 25): graded (the counting attempt's grade, by the quiz's grading method),
 * waiting (handed in, an answer waits for a hand grade), missing (no finished attempt and the quiz
 * has closed) or todo.
 */
export const gradebookQuizCell = z.object({
  quiz_id: z.number(),
  state: z.enum(GRADEBOOK_STATES),
  /** The grade 0–100 when graded, else null. */
  score: z.number().nullable(),
});
export type GradebookQuizCell = z.infer<typeof gradebookQuizCell>;

/** One quiz column, after the assignment columns: by content, then closing time. */
export const gradebookQuiz = z.object({
  id: z.number(),
  title: z.string(),
  closes_at: z.string().nullable(),
  content: z.object({ id: z.number(), title: z.string() }),
  /** Mean of the graded quiz grades of the students shown, 1 decimal; null when none. */
  average: z.number().nullable(),
});
export type GradebookQuiz = z.infer<typeof gradebookQuiz>;

/** One student row, by name, with one cell per assignment column and one per quiz column, in the columns' order. */
export const gradebookStudent = z.object({
  id: z.number(),
  name: z.string(),
  nis: z.string().nullable(),
  /** Mean of this student's graded scores and quiz grades (ungraded and missing work not counted), 1 decimal; null when none. */
  average: z.number().nullable(),
  cells: z.array(gradebookCell),
  quiz_cells: z.array(gradebookQuizCell),
});
export type GradebookStudent = z.infer<typeof gradebookStudent>;

/**
 * GET /api/teacher/online-classes/{classId}/gradebook. The students are those of the class's rombel;
 * in an archived class (its rombel holds another year now) those who handed in something.
 */
export const gradebook = z.object({
  online_class: z.object({ id: z.number(), name: z.string(), archived_at: z.string().nullable() }),
  assignments: z.array(gradebookAssignment),
  quizzes: z.array(gradebookQuiz),
  students: z.array(gradebookStudent),
});
export type Gradebook = z.infer<typeof gradebook>;

/** A class of the teacher's class list (dashboard): the summary and how many hand-ins wait for a score. */
export const teacherClassSummary = classSummary.extend({
  /** Submissions handed in (submitted_at set) and not graded (score null), and finished quiz attempts whose essay waits for a hand grade (issue 41). */
  waiting_count: z.number(),
});
export type TeacherClassSummary = z.infer<typeof teacherClassSummary>;
