/**
 * Issue 39 — quick grading, "Kembalikan semua", returns with a message, and grades imported back
 * from the gradebook's XLSX.
 *
 * Teacher of the class (/api/teacher), base …/online-classes/:classId/contents/:lessonId/assignments/:id:
 *   GET  …/quick-grading                     quickGradingRow[] (every student of the rombel, by name)
 *   PUT  …/quick-grading/:studentId          quickGradeBody → quickGradingRow (one row, saved as it is left)
 *   POST …/return-all                        returnAllBody → returnAllResult ("Kembalikan semua yang sudah dinilai")
 *   POST …/return                            also takes `message` (sent to the student in the private thread)
 * The gradebook import (teacher of the class):
 *   POST /online-classes/:classId/gradebook/import?apply=0|1   multipart `file` (the gradebook XLSX,
 *        edited in Excel) → gradebookImportPreview (apply=1: saved in one transaction, same preview back;
 *        while the file has any error nothing is saved: `applied` false, the errors listed, status 200)
 * One notification per grading act, with the score in it (kind `graded`: "Tugas "X" dinilai: 85";
 * a grade and return in one act, `and_return: true`: kind `returned` with the score).
 * Every write here is refused with 409 GRADE_MSG.locked while the semester's grades are locked.
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { idParam } from '../fields.js';
import { GRADEBOOK_STATES } from './gradebook.js';
import { rubricMarksField } from './rubrics.js';

export const QUICK_MSG = {
  saved: 'Nilai tersimpan',
  returnedAll: (n: number) => (n === 0 ? 'Tidak ada tugas yang sudah dinilai untuk dikembalikan' : `${n} tugas dikembalikan kepada siswa`),
  returnMessageMax: 'Pesan maksimal 1000 karakter',
  notSubmitted: 'Siswa ini belum mengumpulkan, jadi belum bisa dinilai',
  savedAndReturned: 'Nilai tersimpan dan tugas dikembalikan',
  importHasErrors: 'Perbaiki kesalahan di berkas dulu; belum ada nilai yang disimpan',
  importApplied: (n: number) => `${n} nilai berhasil diperbarui dari berkas`,
  importNothing: 'Tidak ada nilai yang berubah di berkas ini',
  notXlsx: 'Berkas harus berupa file Excel (.xlsx) dari buku nilai Kelasku',
  notGradebook: 'Berkas ini bukan buku nilai kelas ini (judul kolom No, NIS, Nama tidak ditemukan)',
  studentNotInClass: (who: string) => `${who} bukan siswa kelas ini`,
  studentUnknown: (nis: string) => `NIS ${nis} tidak dikenal di kelas ini`,
  scoreText: (cell: string) => `Isi sel ${cell} harus angka 0 sampai 100`,
  scoreRange: (cell: string) => `Nilai di sel ${cell} harus 0 sampai 100`,
  scoreWhole: (cell: string) => `Nilai di sel ${cell} harus bilangan bulat`,
  studentTwice: (who: string) => `${who} ada lebih dari satu baris di berkas`,
  cellNotSubmitted: (cell: string) => `Sel ${cell}: siswa belum mengumpulkan tugas ini, nilai tidak bisa diisi`,
  columnUnknown: (title: string) => `Kolom "${title}" tidak cocok dengan tugas mana pun di kelas ini`,
  quizColumn: (title: string) => `Kolom kuis "${title}" dilewati: nilai kuis berasal dari jawaban siswa`,
} as const;

export const quickGradingParams = z.object({ classId: idParam, lessonId: idParam, id: idParam, studentId: idParam });

export const quickGradingRow = z.object({
  student: z.object({ id: z.number(), name: z.string(), nis: z.string().nullable() }),
  /** graded | waiting (handed in, no score) | missing | todo, as in the gradebook. */
  state: z.enum(GRADEBOOK_STATES),
  score: z.number().nullable(),
  /** The last grade, kept while returned work handed in again waits for a new one. */
  last_score: z.number().nullable(),
  feedback: z.string().nullable(),
  /** The submission's revision (send it back with the grade); null: nothing handed in. */
  revision: z.number().nullable(),
  late: z.boolean(),
  returned: z.boolean(),
});
export type QuickGradingRow = z.infer<typeof quickGradingRow>;

export const quickGradeBody = z.object({
  score: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: MSG.scoreRange }).int(MSG.scoreRange).min(0, MSG.scoreRange).max(100, MSG.scoreRange),
  ),
  feedback: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v) : v),
    z.string({ error: MSG.invalid }).max(5000).nullable().optional(),
  ),
  revision: z.number({ error: MSG.invalid }).int().positive(),
  rubric_marks: rubricMarksField.optional(),
  /** "Nilai & kembalikan": grade and return in one act (one notification, kind `returned`, with the score). */
  and_return: z.boolean({ error: MSG.invalid }).optional(),
});
export type QuickGradeBody = z.input<typeof quickGradeBody>;

const messageField = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v),
  z.string({ error: MSG.invalid }).max(1000, QUICK_MSG.returnMessageMax).nullable().optional(),
);
export const returnAllBody = z.object({ message: messageField });
export const returnMessageField = messageField;
export const returnAllResult = z.object({ returned: z.number() });

export const gradebookImportQuery = z.object({ apply: z.enum(['0', '1']).optional() });
export const gradebookImportPreview = z.object({
  /** Every cell whose score changes: the cell ("E7"), the student, the assignment, before → after. */
  changes: z.array(
    z.object({
      cell: z.string(),
      student: z.object({ id: z.number(), name: z.string() }),
      assignment: z.object({ id: z.number(), title: z.string() }),
      before: z.number().nullable(),
      after: z.number(),
    }),
  ),
  /** Cells and rows refused, each with where and why; nothing is applied while there is one. */
  errors: z.array(z.object({ cell: z.string().nullable(), row: z.number().nullable(), message: z.string() })),
  /** Notes that do not stop the import (quiz columns skipped). */
  warnings: z.array(z.string()),
  applied: z.boolean(),
});
export type GradebookImportPreview = z.infer<typeof gradebookImportPreview>;
