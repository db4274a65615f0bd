/**
 * Issue 39 — the Nilai Akhir (final grade) of a class, per student, with its breakdown and TP
 * mastery; the report description; the student's "Nilai Saya"; the wali kelas's leger.
 * How it is computed: docs/features/report-grades.md and computeReportGrades (report-grades.ts in
 * apps/api/src/features/report-grades/compute.ts).
 *
 * Teacher of the class (/api/teacher):
 *   GET /online-classes/:classId/report-grades                      classReportGrades
 *   GET /online-classes/:classId/report-grades.xlsx                 "Nilai Akhir <kelas>": breakdown per student
 *   PUT /online-classes/:classId/report-grades/students/:studentId/description
 *       descriptionBody → studentReportGrade (null parts: written from the TPs again)
 * Student (/api/student):
 *   GET /report-grades                        studentReportCard[] (one per class of their rombel this semester)
 * Wali kelas of the rombel (/api/teacher) and admin (/api/admin/rombels/:rombelId/leger…):
 *   GET /homerooms/:rombelId/leger            leger (students × subjects, the final grades)
 *   GET /homerooms/:rombelId/leger.xlsx       "Leger <rombel>"
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { idParam } from '../fields.js';
import { gradeCategory } from './grade-scheme.js';

export const REPORT_MSG = {
  descriptionSaved: 'Deskripsi rapor berhasil disimpan',
  descriptionMax: 'Deskripsi maksimal 1000 karakter',
  notReleased: 'Nilai akhir belum ditampilkan oleh guru',
  achievedPrefix: 'Menunjukkan penguasaan yang baik dalam ',
  toImprovePrefix: 'Perlu ditingkatkan dalam ',
  reached: 'Sudah tercapai',
  notReached: 'Perlu ditingkatkan',
  noScore: 'Belum ada nilai',
  awaitingRegrade: 'Menunggu nilai baru',
} as const;

/** One graded piece of the class as the final grade reads it. */
export const reportItem = z.object({
  /** "a12" (assignment 12) or "q5" (quiz 5). */
  key: z.string(),
  kind: z.enum(['assignment', 'quiz']),
  id: z.number(),
  title: z.string(),
  category_id: z.number(),
  objective_ids: z.array(z.number()),
});
export type ReportItem = z.infer<typeof reportItem>;

export const reportCategoryResult = z.object({
  category_id: z.number(),
  /** Mean of the counted scores after the drops, 2 decimals; null: nothing counted yet. */
  average: z.number().nullable(),
  /** The items counted (missing work as 0 where the category says so), and those dropped as lowest. */
  counted: z.array(z.object({ key: z.string(), score: z.number(), missing: z.boolean() })),
  dropped: z.array(z.string()),
});
export type ReportCategoryResult = z.infer<typeof reportCategoryResult>;

export const objectiveResult = z.object({
  objective_id: z.number(),
  /** Mean of the tagged work's scores, rounded to a whole number; null: no tagged work graded. */
  score: z.number().nullable(),
  /** score ≥ KKTP; null without a score. */
  reached: z.boolean().nullable(),
});
export type ObjectiveResult = z.infer<typeof objectiveResult>;

export const reportDescription = z.object({
  achieved: z.string().nullable(),
  to_improve: z.string().nullable(),
  /** The teacher wrote it (else it is written from the TPs). */
  edited: z.boolean(),
});

export const studentReportGrade = z.object({
  student: z.object({ id: z.number(), name: z.string(), nis: z.string().nullable(), nisn: z.string().nullable() }),
  /** Nilai Akhir: whole number rounded half up as e-Rapor stores it; null when no weighted category has a score. */
  final: z.number().nullable(),
  /** The unrounded weighted mean, 2 decimals. */
  final_exact: z.number().nullable(),
  categories: z.array(reportCategoryResult),
  objectives: z.array(objectiveResult),
  description: reportDescription,
  /** Some graded work of theirs was handed in again and waits for a new grade (its last grade counts meanwhile). */
  awaiting_regrade: z.boolean(),
});
export type StudentReportGrade = z.infer<typeof studentReportGrade>;

export const reportObjective = z.object({ id: z.number(), code: z.string(), description: z.string(), position: z.number() });

export const classReportGrades = z.object({
  online_class: z.object({ id: z.number(), name: z.string() }),
  categories: z.array(gradeCategory),
  kktp: z.number(),
  released_at: z.string().nullable(),
  locked: z.boolean(),
  items: z.array(reportItem),
  objectives: z.array(reportObjective),
  students: z.array(studentReportGrade),
});
export type ClassReportGrades = z.infer<typeof classReportGrades>;

export const reportGradesParams = z.object({ classId: idParam });
export const descriptionParams = z.object({ classId: idParam, studentId: idParam });
const descriptionPart = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
  z.string({ error: MSG.invalid }).max(1000, REPORT_MSG.descriptionMax).nullable(),
);
export const descriptionBody = z.object({ achieved: descriptionPart, to_improve: descriptionPart });
export type DescriptionBody = z.input<typeof descriptionBody>;

/** One class of the student's "Nilai Saya" report part. */
export const studentReportCard = z.object({
  online_class: z.object({ id: z.number(), name: z.string(), subject: z.string().nullable() }),
  categories: z.array(
    gradeCategory.pick({ id: true, name: true, weight: true, drop_lowest: true }).extend({ average: z.number().nullable() }),
  ),
  released: z.boolean(),
  /** Only once released. */
  final: z.number().nullable(),
  description: reportDescription.omit({ edited: true }).nullable(),
  /** Each TP of the class in words: "Sudah tercapai", "Perlu ditingkatkan", "Belum ada nilai". */
  objectives: z.array(z.object({ code: z.string(), description: z.string(), score: z.number().nullable(), words: z.string() })),
  awaiting_regrade: z.boolean(),
});
export type StudentReportCard = z.infer<typeof studentReportCard>;

export const legerParams = z.object({ rombelId: idParam });
export const leger = z.object({
  rombel: z.object({ id: z.number(), name: z.string() }),
  semester: z.object({ id: z.number(), label: z.string() }),
  subjects: z.array(z.object({ class_id: z.number(), subject: z.string(), teachers: z.array(z.string()), released: z.boolean() })),
  /** Each student's final grade per subject column (null: none yet), their mean and rank (by mean, ties share). */
  students: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      nisn: z.string().nullable(),
      finals: z.array(z.number().nullable()),
      average: z.number().nullable(),
      rank: z.number().nullable(),
    }),
  ),
});
export type Leger = z.infer<typeof leger>;
