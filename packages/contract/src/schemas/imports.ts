import { z } from 'zod';
import { LIMITS } from '../limits.js';

/** The user import of the admin (XLSX or CSV, previewed before anything is written). */

/** The columns an import reads; each header is matched generously (see the API's imports/header.ts). */
export const IMPORT_FIELDS = [
  'name',
  'nis',
  'nisn',
  'gender',
  'birthday',
  'religion',
  'rombel',
  'email',
  'username',
  'role',
  'nip',
  'nik',
  'telpon',
  'password',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The header of each column in the template, and the name a preview message gives it. */
export const IMPORT_COLUMN_LABELS: Record<ImportField, string> = {
  name: 'Nama',
  nis: 'NIS',
  nisn: 'NISN',
  gender: 'JK',
  birthday: 'Tanggal Lahir',
  religion: 'Agama',
  rombel: 'Rombel',
  email: 'Email',
  username: 'Username',
  role: 'Peran',
  nip: 'NIP',
  nik: 'NIK',
  telpon: 'Telepon',
  password: 'Password',
};

/** The most rows one file may hold, and its largest size. */
export const IMPORT_LIMITS = { rows: 5_000, bytes: 10 * 1024 * 1024 } as const;

export const IMPORT_MSG = {
  notSpreadsheet: 'File harus berupa XLSX atau CSV (UTF-8).',
  empty: 'File kosong.',
  noHeader: 'Baris judul kolom tidak ditemukan. Baris judul harus memuat kolom Nama.',
  noRows: 'File hanya berisi judul kolom, belum ada data.',
  tooManyRows: `File berisi lebih dari ${IMPORT_LIMITS.rows.toLocaleString('id-ID')} baris data. Bagi menjadi beberapa file.`,
  tooLarge: `Ukuran file maksimal ${IMPORT_LIMITS.bytes / 1024 / 1024} MB.`,
  roleInvalid: 'Peran harus Siswa atau Guru',
  separatorColumn: 'Pemisah',
  otherSeparator: 'Baris ini memakai pemisah kolom yang lain dari baris judul (; dan , tercampur). Simpan ulang file dengan satu pemisah.',
  dateInvalid: 'Tanggal tidak valid, gunakan format dd/mm/yyyy',
  dateRange: `Tanggal lahir harus antara ${LIMITS.birthdayMin.split('-').reverse().join('/')} dan ${LIMITS.birthdayMax.split('-').reverse().join('/')}`,
  rombelUnknown: (name: string) => `Rombel "${name}" tidak ditemukan`,
  roleMismatch: (username: string) => `User ${username} sudah ada dengan peran lain`,
  numberTaken: (name: string, username: string) => `Sudah dipakai oleh ${name} (${username})`,
  numberShared: 'Nomor ini dipakai lebih dari satu user di Kelasku; isi kolom Username agar jelas user yang dimaksud',
  emailTaken: (username: string) => `Email sudah dipakai oleh ${username}`,
  duplicateInFile: (line: number) => `Sama dengan baris ${line} di file ini`,
  nisnInFile: (nisn: string, line: number) => `NISN ${nisn} sama dengan baris ${line}`,
  hasErrors: 'Masih ada baris yang salah. Perbaiki file lalu unggah lagi; belum ada data yang disimpan.',
  nothingToDo: 'Semua baris sudah sesuai dengan data sekolah. Tidak ada yang perlu diimpor.',
  started: 'Impor dimulai. Kamu boleh menutup halaman ini; impor tetap berjalan.',
  changedSincePreview:
    'Impor dibatalkan: username atau email di file sudah dipakai user lain sejak pratinjau. Unggah file lagi; belum ada data yang disimpan.',
  failed: 'Impor gagal; belum ada data yang disimpan. Coba lagi.',
  slipsGone:
    'Password pertama sudah dihapus karena siswa sudah masuk atau slip sudah lewat 7 hari; reset password untuk membuat slip baru.',
  notFinished: 'Impor belum selesai.',
  /** The import's instance died (a restart, a crash) while it ran; another run takes it up (features/imports/job.ts). */
  resumed: 'Impor terhenti karena server dimulai ulang; dilanjutkan otomatis.',
  /** A parent the row names, left out because the child already has (or gets) the most parents. */
  parentOverLimit: (relation: string, name: string, max: number) =>
    `${relation} (${name}) tidak dibuat: satu siswa paling banyak punya ${max} orang tua/wali`,
  parentNameInvalid: (relation: string) => `Nama ${relation.toLowerCase()} tidak valid; orang tua ini dilewati`,
  parentPhoneInvalid: (relation: string) => `Nomor HP ${relation.toLowerCase()} tidak valid; akun dibuat tanpa nomor HP`,
  parentsPreview: (create: number, existing: number) =>
    `${create.toLocaleString('id-ID')} akun orang tua baru, ${existing.toLocaleString('id-ID')} ditautkan ke akun yang sudah ada`,
} as const;

/** One row of the preview: what the import would do with it. */
export const importRow = z.object({
  /** The row's line in the file (as Excel numbers it). */
  line: z.number(),
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  role: z.enum(['student', 'teacher']),
  name: z.string(),
  /** The username the user has or will get (generated from the name when the file has none). */
  username: z.string().nullable(),
  /** The columns an update changes, by their labels. */
  changes: z.array(z.string()),
  /** Each problem with the column it is in. */
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
  /** What the import leaves out of an otherwise good row (a parent over the limit); never blocks the file. Absent when none. */
  warnings: z.array(z.object({ column: z.string(), message: z.string() })).optional(),
});
export type ImportRow = z.infer<typeof importRow>;

/** The parents (issue 40) an import creates from the father, mother and guardian columns, and links to students. */
export const importParents = z.object({
  /** New parent accounts (one per NIK, shared by siblings). */
  create: z.number(),
  /** Links to parent accounts that already exist in Kelasku (the same NIK). */
  existing: z.number(),
  /** Links in all (new and existing accounts). */
  links: z.number(),
  /** Parents left out (a child's limit reached); each is a row warning. */
  skipped: z.number(),
});
export type ImportParents = z.infer<typeof importParents>;

export const importPreview = z.object({
  summary: z.object({ create: z.number(), update: z.number(), unchanged: z.number(), error: z.number() }),
  rows: z.array(importRow),
  /** Added with issue 40; absent from older servers' answers. */
  parents: importParents.optional(),
});
export type ImportPreview = z.infer<typeof importPreview>;

/** An import the admin started, as its progress page polls it. */
export const importJob = z.object({
  id: z.number(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** Rows to write (create + update), and how many are written. */
  total: z.number(),
  done: z.number(),
  summary: z.object({ create: z.number(), update: z.number(), unchanged: z.number() }),
  /** Why it failed (nothing was written then). */
  error: z.string().nullable(),
  /**
   * The slips of the first passwords: downloadable again (both formats) by the admin who made them, until each user's first
   * sign-in or `until` (7 days), whichever comes first; `count` first passwords are left.
   */
  slips: z.object({ pdf: z.boolean(), xlsx: z.boolean(), count: z.number(), until: z.string().nullable() }),
  /** When a run of it was cut off (its server restarted or crashed) and it started again; null if it never was. */
  resumed_at: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJob>;

export const importParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const slipParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), format: z.enum(['pdf', 'xlsx']) });

/** Filters of the user export (XLSX in the import's columns). */
export const userExportQuery = z.object({
  role: z.enum(['teacher', 'student']).optional(),
  rombel_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: z.enum(['active', 'inactive']).optional(),
});
export type UserExportQuery = z.infer<typeof userExportQuery>;

/** What the admin does to the users selected in the list at once. */
export const BULK_ACTIONS = ['deactivate', 'activate', 'move_rombel', 'force_password_change', 'reset_password'] as const;

export const BULK_MSG = {
  actionInvalid: 'Aksi tidak dikenal',
  idsInvalid: 'Pilih 1 sampai 1.000 user',
  studentsOnly: 'Hanya siswa yang dapat dipindahkan ke rombel',
  done: (n: number) => `${n.toLocaleString('id-ID')} user diperbarui`,
  reset: (n: number) => `Password ${n.toLocaleString('id-ID')} user dibuat ulang. Unduh slip akunnya sekarang.`,
} as const;

export const userBulkBody = z.object({
  ids: z
    .array(z.number().int().positive().max(2_147_483_647), { error: BULK_MSG.idsInvalid })
    .min(1, BULK_MSG.idsInvalid)
    .max(1000, BULK_MSG.idsInvalid),
  action: z.enum(BULK_ACTIONS, { error: BULK_MSG.actionInvalid }),
  /** The rombel of `move_rombel`. */
  rombel_id: z.number().int().positive().max(2_147_483_647).optional(),
});
export type UserBulkBody = z.infer<typeof userBulkBody>;

export const userBulkResult = z.object({
  /** How many users changed. */
  updated: z.number(),
  /** For reset_password: the batch whose slips hold the new passwords (GET /imports/{id}/slips.pdf). */
  import_id: z.number().nullable(),
});
export type UserBulkResult = z.infer<typeof userBulkResult>;
