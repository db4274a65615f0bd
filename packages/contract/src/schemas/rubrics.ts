/**
 * Issue 39 — rubrics: criteria × levels with points and descriptions; reusable per teacher, copied
 * with "Salin"; attached to an assignment, shown to the student before they hand in; the teacher
 * grades by choosing a level per criterion (with a comment each), the sum scaled to 100.
 *
 * Teacher (/api/teacher):
 *   GET    /rubrics                   rubricSummary[] (the teacher's own, newest first)
 *   POST   /rubrics                   rubricBody → 201 rubric
 *   GET    /rubrics/:id               rubric
 *   PUT    /rubrics/:id               rubricBody → rubric (409 once it graded work: copy it)
 *   DELETE /rubrics/:id               (409 while an assignment uses it)
 *   POST   /rubrics/:id/copy          → 201 rubric ("Salinan <judul>")
 *   PUT    /online-classes/:classId/contents/:lessonId/assignments/:id/rubric   assignmentRubricBody → rubric | null
 * Grading: POST …/assignments/:id/grade also takes `rubric_marks` (one per criterion, in order);
 * the score is then computed (rubricScore) and any `score` sent must equal it.
 * The student's assignment (GET /api/student/assignments/:assignmentId) carries `rubric`, and their
 * submission its `rubric_marks` once graded.
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { idParam } from '../fields.js';

export const RUBRIC_MSG = {
  created: 'Rubrik berhasil dibuat',
  updated: 'Rubrik berhasil diperbarui',
  deleted: 'Rubrik berhasil dihapus',
  copied: 'Rubrik berhasil disalin',
  attached: 'Rubrik dipasang pada tugas ini',
  detached: 'Rubrik dilepas dari tugas ini',
  title: 'Judul rubrik wajib diisi (maksimal 120 karakter)',
  criterionTitle: 'Nama kriteria wajib diisi (maksimal 120 karakter)',
  levelTitle: 'Nama level wajib diisi (maksimal 60 karakter)',
  criteriaCount: 'Rubrik perlu 1 sampai 12 kriteria',
  levelsCount: 'Setiap kriteria perlu 2 sampai 6 level',
  maxPoints: 'Skor maksimal kriteria harus bilangan bulat 1 sampai 100',
  levelPoints: 'Skor level harus bilangan bulat 0 sampai 100',
  levelAboveMax: (max: number) => `Skor level tidak boleh melebihi skor maksimal kriteria (${max})`,
  noTopLevel: 'Salah satu level harus bernilai skor maksimal kriteria',
  usedForGrading: 'Rubrik ini sudah dipakai untuk menilai. Salin rubrik untuk mengubahnya.',
  inUse: (n: number) => `Rubrik ini dipakai di ${n} tugas. Lepaskan dulu dari tugas tersebut.`,
  notYours: 'Rubrik tidak ditemukan',
  marksCount: (n: number) => `Pilih level untuk setiap kriteria (${n} kriteria)`,
  levelUnknown: 'Level yang dipilih tidak ada di kriteria ini',
  scoreMismatch: 'Nilai harus sama dengan jumlah skor rubrik',
  commentMax: 'Komentar kriteria maksimal 500 karakter',
  attachedAfterGrading: 'Tugas ini sudah dinilai dengan rubrik lain. Rubrik tidak bisa diganti.',
} as const;

const text = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ error: message }).min(1, message).max(max, message));
const optionalDescription = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
  z.string({ error: MSG.invalid }).max(500, 'Deskripsi maksimal 500 karakter').nullable().default(null),
);
const points = (message: string) => z.number({ error: message }).int(message).min(0, message).max(100, message);

export const rubricLevel = z.object({
  title: text(60, RUBRIC_MSG.levelTitle),
  description: optionalDescription,
  points: points(RUBRIC_MSG.levelPoints),
});
export const rubricCriterion = z
  .object({
    title: text(120, RUBRIC_MSG.criterionTitle),
    description: optionalDescription,
    max_points: points(RUBRIC_MSG.maxPoints).min(1, RUBRIC_MSG.maxPoints),
    levels: z.array(rubricLevel, { error: RUBRIC_MSG.levelsCount }).min(2, RUBRIC_MSG.levelsCount).max(6, RUBRIC_MSG.levelsCount),
  })
  .superRefine((c, ctx) => {
    c.levels.forEach((l, i) => {
      if (l.points > c.max_points)
        ctx.addIssue({ code: 'custom', path: ['levels', i, 'points'], message: RUBRIC_MSG.levelAboveMax(c.max_points) });
    });
    if (!c.levels.some((l) => l.points === c.max_points))
      ctx.addIssue({ code: 'custom', path: ['levels'], message: RUBRIC_MSG.noTopLevel });
  });
export const rubricBody = z.object({
  title: text(120, RUBRIC_MSG.title),
  criteria: z
    .array(rubricCriterion, { error: RUBRIC_MSG.criteriaCount })
    .min(1, RUBRIC_MSG.criteriaCount)
    .max(12, RUBRIC_MSG.criteriaCount),
});
export type RubricBody = z.input<typeof rubricBody>;

export const rubric = z.object({
  id: z.number(),
  title: z.string(),
  criteria: z.array(
    z.object({
      title: z.string(),
      description: z.string().nullable(),
      max_points: z.number(),
      levels: z.array(z.object({ title: z.string(), description: z.string().nullable(), points: z.number() })),
    }),
  ),
  /** The sum of the criteria's maximum points (the score is the chosen points / this × 100). */
  max_total: z.number(),
  /** It graded work already: it can be copied, not changed. */
  used_for_grading: z.boolean(),
  /** Assignments it is on. */
  assignment_count: z.number(),
  updated_at: z.string(),
});
export type Rubric = z.infer<typeof rubric>;
export const rubricSummary = rubric.omit({ criteria: true }).extend({ criteria_count: z.number() });
export type RubricSummary = z.infer<typeof rubricSummary>;

export const rubricParams = z.object({ id: idParam });
export const assignmentRubricBody = z.object({ rubric_id: idParam.nullable() });

/** One criterion's mark: the chosen level's index (null: not chosen) and a comment. */
export const rubricMark = z.object({
  level: z.number({ error: RUBRIC_MSG.levelUnknown }).int(RUBRIC_MSG.levelUnknown).min(0, RUBRIC_MSG.levelUnknown).nullable(),
  comment: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
    z.string({ error: MSG.invalid }).max(500, RUBRIC_MSG.commentMax).nullable().default(null),
  ),
});
export type RubricMark = z.infer<typeof rubricMark>;
export const rubricMarksField = z.array(rubricMark).max(12);

/** The score a rubric grade gives: the chosen points over the criteria's maximum, scaled to 100, rounded half up. */
export function rubricScore(
  r: { criteria: Array<{ max_points: number; levels: Array<{ points: number }> }> },
  marks: Array<{ level: number | null }>,
): number {
  const max = r.criteria.reduce((a, c) => a + c.max_points, 0);
  const got = r.criteria.reduce((a, c, i) => {
    const level = marks[i]?.level;
    return a + (level == null ? 0 : (c.levels[level]?.points ?? 0));
  }, 0);
  return max === 0 ? 0 : Math.floor((got * 100) / max + 0.5 + 1e-9);
}
