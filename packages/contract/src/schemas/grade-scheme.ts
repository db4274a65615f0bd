/**
 * Issue 39 — grade categories and weights, KKTP, release, and the semester's lock ("Kunci nilai").
 *
 * The school's default scheme (admin, /api/admin):
 *   GET  /grade-scheme                    gradeSchemeDefaults
 *   PUT  /grade-scheme                    schemeDefaultsBody → gradeSchemeDefaults
 * A class's scheme (teacher of the class, /api/teacher; first read copies the school's default):
 *   GET  /online-classes/:classId/grade-scheme           classGradeScheme
 *   PUT  /online-classes/:classId/grade-scheme           classSchemeBody → classGradeScheme
 *        (409 when `revision` is not the current one: another teacher of the class saved first;
 *         409 when a category left out still holds work)
 *   POST /online-classes/:classId/grade-scheme/release   releaseBody → classGradeScheme
 * Tags on work (teacher of the class; the assignment and quiz bodies also take the same two fields):
 *   PUT  /online-classes/:classId/contents/:lessonId/assignments/:id/grading   workGradingBody → workGrading
 *   PUT  /online-classes/:classId/contents/:lessonId/quizzes/:id/grading       workGradingBody → workGrading
 *   PUT  /online-classes/:classId/contents/:lessonId/quizzes/:id/slots/:slotId/objectives  slotObjectivesBody → slotObjectives
 * The semester's lock (admin):
 *   POST   /semesters/:id/grade-lock      → semester (grades_locked_at set)
 *   DELETE /semesters/:id/grade-lock      → semester (open again)
 * While a semester is locked every grade write of its classes (grading, returns, quiz hand
 * grades, quick grading, imports, the scheme, descriptions, release) is refused with 409
 * GRADE_MSG.locked. Lock, unlock and every scheme change go to the audit log.
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { idParam } from '../fields.js';

export const GRADE_MSG = {
  schemeSaved: 'Skema nilai berhasil disimpan',
  defaultsSaved: 'Skema nilai bawaan sekolah berhasil disimpan',
  weightsTotal: (total: number) => `Jumlah bobot harus 100%, sekarang ${total}%`,
  weightRange: 'Bobot harus bilangan bulat 0 sampai 100',
  dropRange: 'Buang nilai terendah harus bilangan bulat 0 sampai 10',
  kktpRange: 'KKTP harus bilangan bulat 0 sampai 100',
  categoryName: 'Nama kategori wajib diisi (maksimal 60 karakter)',
  categoryNameTaken: (name: string) => `Kategori "${name}" ada dua kali`,
  categoriesCount: 'Skema nilai perlu 1 sampai 10 kategori',
  categoryHoldsWork: (name: string, n: number) => `Kategori "${name}" masih berisi ${n} tugas/kuis. Pindahkan dulu ke kategori lain.`,
  categoryNotInClass: 'Kategori tidak ditemukan di kelas ini',
  eraporPartTwice: (part: string) => `Kolom e-Rapor "${part}" hanya boleh untuk satu kategori`,
  schemeChanged: 'Skema nilai kelas ini baru saja diubah oleh guru lain. Muat ulang untuk melihat perubahannya.',
  objectiveNotInClass: 'Tujuan pembelajaran ini bukan untuk mata pelajaran dan tingkat kelas ini',
  released: 'Nilai akhir sudah ditampilkan kepada siswa',
  unreleased: 'Nilai akhir disembunyikan lagi dari siswa',
  tagsSaved: 'Kategori dan tujuan pembelajaran berhasil disimpan',
  locked: 'Nilai semester ini sudah dikunci. Minta admin membuka kuncinya untuk mengubah nilai.',
  lockedNow: (label: string) => `Nilai ${label} dikunci`,
  unlockedNow: (label: string) => `Kunci nilai ${label} dibuka`,
  alreadyLocked: 'Nilai semester ini sudah dikunci',
  notLocked: 'Nilai semester ini tidak sedang dikunci',
} as const;

/** What each e-Rapor column a category can fill is called on screen. */
export const ERAPOR_PARTS = ['lingkup_materi', 'akhir_tes', 'akhir_non_tes'] as const;
export type EraporPart = (typeof ERAPOR_PARTS)[number];
export const ERAPOR_PART_LABELS: Record<EraporPart, string> = {
  lingkup_materi: 'Sumatif Lingkup Materi (per TP)',
  akhir_tes: 'Sumatif Akhir Semester — Tes',
  akhir_non_tes: 'Sumatif Akhir Semester — Non-tes',
};

/** An id in a JSON body: a whole positive number (not coerced: `true` is no id). */
const bodyId = z.number({ error: MSG.invalid }).int(MSG.invalid).positive(MSG.invalid).max(2_147_483_647, MSG.invalid);

const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

export const categoryBody = z.object({
  /** Absent: a new category; else one of the class's (or the defaults') own. */
  id: bodyId.optional(),
  name: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: GRADE_MSG.categoryName }).min(1, GRADE_MSG.categoryName).max(60, GRADE_MSG.categoryName),
  ),
  weight: wholeNumber(0, 100, GRADE_MSG.weightRange),
  drop_lowest: wholeNumber(0, 10, GRADE_MSG.dropRange).default(0),
  /** true: work not handed in once it closed counts as 0; false: it is left out. */
  missing_counts_zero: z.boolean({ error: MSG.invalid }).default(true),
  erapor_part: z.enum(ERAPOR_PARTS, { error: MSG.invalid }).nullable().default(null),
});
export type CategoryBody = z.input<typeof categoryBody>;

/** Weights total 100, names are unique (case-insensitive), each e-Rapor column is filled by one category at most. */
const schemeRules = (v: { categories: Array<z.infer<typeof categoryBody>> }, ctx: z.RefinementCtx) => {
  const total = v.categories.reduce((a, c) => a + c.weight, 0);
  if (total !== 100) ctx.addIssue({ code: 'custom', path: ['categories'], message: GRADE_MSG.weightsTotal(total) });
  const names = new Set<string>();
  const parts = new Set<string>();
  v.categories.forEach((c, i) => {
    const key = c.name.toLowerCase();
    if (names.has(key)) ctx.addIssue({ code: 'custom', path: ['categories', i, 'name'], message: GRADE_MSG.categoryNameTaken(c.name) });
    names.add(key);
    if (c.erapor_part && parts.has(c.erapor_part))
      ctx.addIssue({
        code: 'custom',
        path: ['categories', i, 'erapor_part'],
        message: GRADE_MSG.eraporPartTwice(ERAPOR_PART_LABELS[c.erapor_part]),
      });
    if (c.erapor_part) parts.add(c.erapor_part);
  });
};

const categoriesField = z
  .array(categoryBody, { error: GRADE_MSG.categoriesCount })
  .min(1, GRADE_MSG.categoriesCount)
  .max(10, GRADE_MSG.categoriesCount);

export const schemeDefaultsBody = z.object({ categories: categoriesField }).superRefine(schemeRules);
export type SchemeDefaultsBody = z.input<typeof schemeDefaultsBody>;

export const classSchemeBody = z
  .object({
    /** The scheme's revision the teacher started from. */
    revision: z.number({ error: MSG.invalid }).int(MSG.invalid).positive(MSG.invalid),
    kktp: wholeNumber(0, 100, GRADE_MSG.kktpRange),
    categories: categoriesField,
  })
  .superRefine(schemeRules);
export type ClassSchemeBody = z.input<typeof classSchemeBody>;

export const releaseBody = z.object({ released: z.boolean({ error: MSG.invalid }) });

export const gradeCategory = z.object({
  id: z.number(),
  name: z.string(),
  weight: z.number(),
  drop_lowest: z.number(),
  missing_counts_zero: z.boolean(),
  erapor_part: z.enum(ERAPOR_PARTS).nullable(),
  position: z.number(),
});
export type GradeCategory = z.infer<typeof gradeCategory>;

export const gradeSchemeDefaults = z.object({ categories: z.array(gradeCategory) });
export type GradeSchemeDefaults = z.infer<typeof gradeSchemeDefaults>;

export const classGradeScheme = z.object({
  online_class_id: z.number(),
  /** Categories in order; `work_count`: the assignments and quizzes in it (work without a category counts in the first). */
  categories: z.array(gradeCategory.extend({ work_count: z.number() })),
  kktp: z.number(),
  released_at: z.string().nullable(),
  revision: z.number(),
  /** The class's semester has its grades locked (every grade write is refused). */
  locked: z.boolean(),
  /** The subject and grade the class's TPs come from (null: a class without a teaching assignment). */
  subject: z.object({ id: z.number(), name: z.string() }).nullable(),
  grade: z.number().nullable(),
});
export type ClassGradeScheme = z.infer<typeof classGradeScheme>;

/** The category (null: the class's first) and TPs (of the class's subject and grade) of an assignment or quiz. */
export const workGradingFields = {
  category_id: bodyId.nullable().optional().describe("Issue 39: a grade category of this class (null: the class's first)"),
  objective_ids: z
    .array(bodyId, { error: MSG.invalid })
    .max(30, MSG.invalid)
    .optional()
    .describe("Issue 39: TPs of the class's subject and grade (absent: unchanged)"),
};
export const workGradingBody = z.object(workGradingFields);
export type WorkGradingBody = z.input<typeof workGradingBody>;
export const workGrading = z.object({ category_id: z.number().nullable(), objective_ids: z.array(z.number()) });
export type WorkGrading = z.infer<typeof workGrading>;

export const classSchemeParams = z.object({ classId: idParam });
export const workParams = z.object({ classId: idParam, lessonId: idParam, id: idParam });
export const quizSlotParams = z.object({ classId: idParam, lessonId: idParam, id: idParam, slotId: idParam });
export const slotObjectivesBody = z.object({ objective_ids: z.array(bodyId, { error: MSG.invalid }).max(30, MSG.invalid) });
export const slotObjectives = z.object({ slot_id: z.number(), objective_ids: z.array(z.number()) });

export const semesterLockParams = z.object({ id: idParam });
