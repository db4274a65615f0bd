/**
 * Issue 39 — e-Rapor SMK both ways. The teacher uploads the empty template e-Rapor gave them and
 * gets the same file back filled in, ready to upload into e-Rapor without retyping:
 *   "FORMAT EXCEL SUMATIF LINGKUP MATERI"  (heading row 9: No, PD_ID, Nama Peserta Didik, NISN,
 *       TP 1…TP n, then the n TP ids; column B and the id columns hidden; the sheet protected with
 *       E10:… unlocked) ← each student's TP scores from the categories marked lingkup_materi;
 *   "FORMAT EXCEL SUMATIF AKHIR SEMESTER"  (row 9: No, PD_ID, Nama Peserta Didik, NISN, NILAI_NON_TES,
 *       NILAI_TES) ← the akhir_non_tes and akhir_tes categories' averages;
 *   "Template Nilai Akhir" (sheet "NILAI AKHIR", heading row 12, one row per student and TP from row
 *       13: NO, PD_ID, NAMA, NISN, NILAI AKHIR, TP_ID, KETERCAPAIAN KOMPETENSI (1/0/empty),
 *       DESKRIPSI) ← the Nilai Akhir and each TP reached or not.
 * Students are matched by NISN (rows that cannot be matched are named and left empty), TPs by
 * e-Rapor's tp_id when Kelasku knows it, else by order (TP n ↔ the class's n-th TP, whose tp_id is
 * then remembered). Only score cells are written: the heading row, hidden columns, ids, sheet
 * names and protection stay as they were.
 *
 * Teacher of the class (/api/teacher):
 *   POST /online-classes/:classId/erapor/fill    multipart `file` → eraporFillResult (the filled
 *        file behind a short-lived link; 422 for a file that is not one of the three templates, of
 *        another subject or rombel, with its heading row edited or hidden columns removed)
 *        (at most ERAPOR_MAX_BYTES, 413 beyond; 422 ERAPOR_MSG.notXlsx for anything but an XLSX)
 * Public (/api), the link of eraporFillResult.download_url (five minutes, ends with the session):
 *   GET  /downloads/erapor/:token                 the filled XLSX (same file name as uploaded);
 *        404 ERAPOR_MSG.linkExpired once expired, altered or logged out
 */
import { z } from 'zod';

export const ERAPOR_MSG = {
  filled: (n: number) => `${n} siswa terisi. Unggah berkas ini ke e-Rapor.`,
  notXlsx: 'Berkas harus berupa file Excel (.xlsx) dari e-Rapor',
  unknownTemplate: 'Berkas ini bukan template nilai e-Rapor (sumatif lingkup materi, sumatif akhir semester atau nilai akhir)',
  wrongSubject: (inFile: string, expected: string) => `Template ini untuk mata pelajaran ${inFile}, bukan ${expected}`,
  wrongRombel: (inFile: string, expected: string) => `Template ini untuk kelas ${inFile}, bukan ${expected}`,
  headingChanged: (row: number) => `Baris judul (baris ${row}) template ini sudah diubah. Unduh ulang template dari e-Rapor.`,
  hiddenColumnsMissing: 'Kolom tersembunyi PD_ID atau ID TP tidak ditemukan. Unduh ulang template dari e-Rapor.',
  tpCountMismatch: (inFile: number, inClass: number) =>
    `Template berisi ${inFile} TP, sedangkan kelas ini punya ${inClass} TP. Samakan daftar TP dulu.`,
  nisnUnknown: (row: number, name: string, nisn: string) => `Baris ${row}: ${name} (NISN ${nisn || '-'}) tidak ditemukan di kelas ini`,
  noCategory: (part: string) => `Belum ada kategori yang diisi ke kolom e-Rapor "${part}". Atur di skema nilai.`,
  linkExpired: 'Tautan unduhan sudah kedaluwarsa. Unggah template sekali lagi.',
  fileRequired: 'Pilih berkas template e-Rapor (.xlsx) untuk diisi',
  tooLarge: 'Berkas terlalu besar (maksimal 2 MB). Template nilai e-Rapor biasanya hanya beberapa puluh KB.',
  tpRowsUneven: 'Jumlah baris TP tidak sama untuk setiap siswa; baris TP yang tidak dikenal dibiarkan apa adanya.',
} as const;

/** The most an uploaded template may weigh (multipart `file`; more: 413 ERAPOR_MSG.tooLarge). */
export const ERAPOR_MAX_BYTES = 2 * 1024 * 1024;
/** How long the filled file's link works, in seconds. */
export const ERAPOR_LINK_SECONDS = 300;

export const ERAPOR_TEMPLATES = ['sumatif_lingkup_materi', 'sumatif_akhir_semester', 'nilai_akhir'] as const;
export type EraporTemplate = (typeof ERAPOR_TEMPLATES)[number];

export const eraporFillResult = z.object({
  template: z.enum(ERAPOR_TEMPLATES),
  file_name: z.string(),
  /** Rows filled, and rows whose NISN Kelasku does not know in this class (left as they were). */
  filled: z.number(),
  unmatched: z.array(z.object({ row: z.number(), name: z.string(), nisn: z.string() })),
  /** Students of the class the file does not list. */
  missing_from_file: z.array(z.object({ id: z.number(), name: z.string(), nisn: z.string().nullable() })),
  /** How TP columns were matched: by e-Rapor's ids or by order. */
  objectives_matched_by: z.enum(['id', 'order']).nullable(),
  warnings: z.array(z.string()),
  /** The filled file (a short-lived link). */
  download_url: z.string(),
});
export type EraporFillResult = z.infer<typeof eraporFillResult>;
