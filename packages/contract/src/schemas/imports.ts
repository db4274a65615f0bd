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

/** The most rows one file may hold, and its largest size. */
export const IMPORT_LIMITS = { rows: 5_000, bytes: 10 * 1024 * 1024 } as const;

export const IMPORT_MSG = {
  notSpreadsheet: 'File harus berupa XLSX atau CSV (UTF-8).',
  empty: 'File kosong.',
  noHeader: 'Baris judul kolom tidak ditemukan. Baris judul harus memuat kolom Nama dan minimal satu kolom lain.',
  noRows: 'File hanya berisi judul kolom, belum ada data.',
  tooManyRows: `File berisi lebih dari ${IMPORT_LIMITS.rows.toLocaleString('id-ID')} baris. Bagi menjadi beberapa file.`,
} as const;
