/**
 * Issue 39 — tujuan pembelajaran (TP) per subject and grade, in the order e-Rapor gives them.
 *
 * Admin (/api/admin) and teachers (/api/teacher; a teacher writes the TPs of a subject they teach
 * this semester, reads any):
 *   GET    /learning-objectives?subject_id=&grade=        learningObjective[] (by position)
 *   POST   /learning-objectives                           objectiveBody → 201 learningObjective
 *   PUT    /learning-objectives/:id                       objectiveUpdateBody → learningObjective
 *   DELETE /learning-objectives/:id                       (409 while work is tagged with it)
 *   PUT    /learning-objectives/order                     objectiveOrderBody → learningObjective[]
 *   POST   /learning-objectives/import?subject_id=&grade=&dry_run=1   multipart `file` (XLSX: Kelasku's
 *          own "Kode | Tujuan Pembelajaran" sheet, or e-Rapor's "Template Import Tujuan Pembelajaran")
 *          → objectiveImportResult (dry_run: what would change, nothing written)
 *   GET    /learning-objectives/template.xlsx             the empty Kelasku sheet to fill in
 * A class's TPs (teacher of the class): GET /api/teacher/online-classes/:classId/learning-objectives
 *   → learningObjective[] of the class's subject and its rombel's grade.
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { idParam } from '../fields.js';
import { GRADES } from '../roles.js';

export const TP_MSG = {
  created: 'Tujuan pembelajaran berhasil ditambahkan',
  updated: 'Tujuan pembelajaran berhasil diperbarui',
  deleted: 'Tujuan pembelajaran berhasil dihapus',
  reordered: 'Urutan tujuan pembelajaran berhasil disimpan',
  imported: (created: number, updated: number) => `${created} TP ditambahkan, ${updated} TP diperbarui`,
  codeFormat: 'Kode TP wajib diisi (maksimal 20 karakter, tanpa spasi di awal atau akhir)',
  codeTaken: (code: string) => `Kode TP "${code}" sudah dipakai untuk mata pelajaran dan tingkat ini`,
  description: 'Deskripsi TP wajib diisi (maksimal 500 karakter)',
  gradeInvalid: 'Tingkat harus 10, 11 atau 12',
  subjectUnknown: 'Mata pelajaran tidak ditemukan',
  inUse: (n: number) => `TP ini dipakai di ${n} tugas/kuis. Lepaskan dulu dari tugas/kuis tersebut.`,
  notYourSubject: 'Anda tidak mengajar mata pelajaran ini semester ini',
  orderMismatch: 'Urutan harus memuat semua TP mata pelajaran dan tingkat ini, masing-masing sekali',
  notXlsx: 'Berkas harus berupa file Excel (.xlsx)',
  noRows: 'Tidak ada TP yang bisa dibaca dari berkas ini',
  tooManyRows: 'Maksimal 100 TP dalam satu berkas',
  wrongSubject: (inFile: string, expected: string) => `Template ini untuk mata pelajaran ${inFile}, bukan ${expected}`,
  headerMissing: 'Baris judul "Kode | Tujuan Pembelajaran" tidak ditemukan. Pakai template dari Kelasku atau template TP dari e-Rapor.',
  rowRepeated: (code: string) => `Kode TP "${code}" muncul lebih dari sekali di berkas ini`,
  dryRun: 'Pratinjau impor: belum ada yang disimpan',
} as const;

export const objectivesQuery = z.object({
  subject_id: idParam,
  grade: z.coerce.number({ error: TP_MSG.gradeInvalid }).refine((g) => (GRADES as readonly number[]).includes(g), TP_MSG.gradeInvalid),
});

const codeField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: TP_MSG.codeFormat }).min(1, TP_MSG.codeFormat).max(20, TP_MSG.codeFormat),
);
const descriptionField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: TP_MSG.description }).min(1, TP_MSG.description).max(500, TP_MSG.description),
);

export const objectiveBody = z.object({
  subject_id: idParam,
  grade: z.number({ error: TP_MSG.gradeInvalid }).refine((g) => (GRADES as readonly number[]).includes(g), TP_MSG.gradeInvalid),
  code: codeField,
  description: descriptionField,
});
export type ObjectiveBody = z.input<typeof objectiveBody>;
export const objectiveUpdateBody = z.object({ code: codeField, description: descriptionField });
export const objectiveOrderBody = objectivesQuery.extend({ ids: z.array(idParam, { error: MSG.invalid }).min(1).max(100) });
export const objectiveParams = z.object({ id: idParam });
export const classObjectivesParams = z.object({ classId: idParam });
export const objectiveImportQuery = objectivesQuery.extend({ dry_run: z.enum(['0', '1']).optional() });

export const learningObjective = z.object({
  id: z.number(),
  subject_id: z.number(),
  grade: z.number(),
  code: z.string(),
  description: z.string(),
  position: z.number(),
  /** e-Rapor's tp_id once read from one of its templates. */
  erapor_id: z.string().nullable(),
  /** How many assignments, quizzes and quiz questions are tagged with it. */
  work_count: z.number(),
});
export type LearningObjective = z.infer<typeof learningObjective>;

export const objectiveImportResult = z.object({
  /** 'kelasku' (our sheet) or 'erapor' (e-Rapor's TP template). */
  format: z.enum(['kelasku', 'erapor']),
  created: z.array(z.object({ code: z.string(), description: z.string() })),
  updated: z.array(z.object({ code: z.string(), description: z.string(), before: z.string() })),
  /** Rows skipped, each with its row number and why. */
  skipped: z.array(z.object({ row: z.number(), message: z.string() })),
  dry_run: z.boolean(),
});
export type ObjectiveImportResult = z.infer<typeof objectiveImportResult>;
