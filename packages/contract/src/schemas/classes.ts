import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { MSG } from '../messages.js';
import { idParam, optionalText, requiredText } from '../fields.js';
import { classLessonQuiz } from './quizzes.js';
import { classSubject } from './teaching.js';

/** Messages of the teacher's classes, contents and materials, and of uploads in general. */
export const CLASS_MSG = {
  classCreated: 'Kelas berhasil ditambahkan',
  classUpdated: 'Kelas berhasil diperbarui',
  classDeleted: 'Kelas berhasil dihapus',
  lessonCreated: 'Konten berhasil ditambahkan',
  lessonUpdated: 'Konten berhasil diperbarui',
  lessonDeleted: 'Konten berhasil dihapus',
  materialCreated: 'Materi berhasil ditambahkan',
  materialDeleted: 'Materi berhasil dihapus',
  materialUpdated: 'Materi berhasil diperbarui',
  materialsCreated: (n: number) => `${n} materi berhasil ditambahkan`,
  materialBatchMax: 'Paling banyak 20 file sekaligus.',
  /** A link material's address: only complete http(s) addresses. */
  urlInvalid: 'Tautan harus berupa alamat lengkap yang diawali http:// atau https://',
  urlTooLong: 'Tautan paling panjang 2000 karakter',
  /** PUT …/materials/:id with a url for a file material, or a file for a link material. */
  materialNotLink: 'Materi ini berupa file, bukan tautan',
  materialNotFile: 'Materi ini berupa tautan, bukan file',
  orderSaved: 'Urutan berhasil disimpan',
  /** The same id twice in a reorder. */
  orderDuplicate: 'Urutan menyebut item yang sama lebih dari sekali',
  visibilitySaved: 'Visibilitas berhasil disimpan',
  publishAtFormat: 'Waktu tayang harus berupa tanggal dan jam yang valid',
  /** The class a content is copied into is not a valid id. */
  copyTargetUnknown: 'Kelas tujuan tidak ditemukan',
  lessonCopied: (className: string) => `Konten berhasil disalin ke ${className}`,
  classCopied: 'Kelas berhasil disalin',
  shiftDays: 'Geser tanggal harus bilangan bulat antara -366 dan 366 hari',
  announcementCreated: 'Pengumuman berhasil dibuat',
  announcementUpdated: 'Pengumuman berhasil diperbarui',
  announcementDeleted: 'Pengumuman berhasil dihapus',
  /** Every write under an archived class (year-end promotion), 409. */
  classArchived: 'Kelas ini sudah diarsipkan dan hanya dapat dibaca.',
} as const;

/** Messages of the upload reader (files/multipart.ts), for every upload of the product. */
export const FILE_MSG = {
  notMultipart: 'Kirim data sebagai multipart/form-data.',
  oneFileOnly: 'Hanya satu file yang dapat diunggah',
  uploadInterrupted: 'Unggahan terputus sebelum selesai. Silakan coba lagi.',
  /** Resumable uploads (tus, /api/uploads). */
  uploadNotFound: 'Unggahan tidak ditemukan atau sudah kedaluwarsa. Unggah ulang file-nya.',
  uploadUnfinished: 'Unggahan belum selesai. Tunggu sampai 100%, lalu kirim lagi.',
  tooManyUploads: 'Terlalu banyak unggahan yang belum selesai. Selesaikan atau batalkan dulu, lalu coba lagi.',
  uploadLengthRequired: 'Ukuran file (Upload-Length) harus dikirim saat unggahan dibuat.',
  uploadNameRequired: 'Nama file (filename di Upload-Metadata) harus dikirim saat unggahan dibuat.',
  uploadOffsetMismatch: 'Posisi unggahan tidak cocok dengan server. Periksa posisinya lalu lanjutkan.',
  /** The small page a browser tab shows for a file link that is too old (410), altered (403) or of a file that is gone (404). */
  linkExpiredPage: 'Tautan sudah kedaluwarsa. Kembali ke Kelasku dan buka file itu lagi.',
  linkInvalidPage: 'Tautan file tidak valid. Kembali ke Kelasku dan buka file itu lagi.',
  fileGonePage: 'File ini sudah tidak ada. Mungkin sudah dihapus atau diganti.',
  backToApp: 'Kembali ke Kelasku',
} as const;

/** GET /api/files/{fileId}/link: a fresh signed link to open the file in a new tab. */
export const fileLink = z.object({
  /** Path of a signed link (`/api/files/{id}?e=…&s=…`), valid at least FILE_URL_TTL seconds from now; no bearer token needed. */
  url: z.string(),
});
export type FileLink = z.infer<typeof fileLink>;

export const fileLinkParams = z.object({ fileId: idParam });

// ---------------------------------------------------------------- online classes

export const onlineClassParams = z.object({ id: idParam });

/** The teacher's class list: the current classes, or with `archived=1` the archived ones ("Arsip"). */
export const classListQuery = z.object({ archived: z.enum(['0', '1']).optional() });

/** A rombel id from a form: numbers may arrive as strings; anything that is not a positive id is an unknown rombel. */
const rombelIdField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v === '' || v === null ? undefined : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? MSG.required : MSG.rombelUnknown) })
    .int(MSG.rombelUnknown)
    .positive(MSG.rombelUnknown)
    .max(2_147_483_647, MSG.rombelUnknown),
);

export const onlineClassBody = z.object({
  name: requiredText(LIMITS.titleMax),
  description: optionalText(LIMITS.textMax),
  rombel_class_id: rombelIdField,
});
export type OnlineClassBody = z.input<typeof onlineClassBody>;

export const classStudent = z.object({
  id: z.number(),
  name: z.string(),
  nis: z.string().nullable(),
  avatar: z.string().nullable(),
});

/**
 * An online class as the lists show it (teacher and student dashboards, the sidebar's class menu):
 * its rombel and teacher, no students. The rombel's id is what the edit form sends as `rombel_class_id`.
 */
export const classSummary = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  rombel: z.object({ id: z.number(), name: z.string() }),
  teacher: z.object({ id: z.number(), name: z.string(), avatar: z.string().nullable() }),
  created_at: z.string(),
  updated_at: z.string(),
  /** When the year-end promotion archived the class (read-only, listed under "Arsip"); null for a current class. */
  archived_at: z.string().nullable(),
  /** Issue 37: the subject of the teaching assignment owning the class; null for a class made by hand. */
  subject: classSubject.nullable().optional(),
});
export type ClassSummary = z.infer<typeof classSummary>;

/** One online class as its page shows it: the summary and the students of its rombel, by name. */
export const classDetail = classSummary.extend({
  students: z.object({ data: z.array(classStudent), total: z.number() }),
});
export type ClassDetail = z.infer<typeof classDetail>;

// ---------------------------------------------------------------- contents

export const classLessonsParams = z.object({ classId: idParam });
export const classLessonParams = z.object({ classId: idParam, lessonId: idParam });

export const classLessonBody = z.object({
  title: requiredText(LIMITS.titleMax),
  description: optionalText(LIMITS.textMax),
});
export type ClassLessonBody = z.input<typeof classLessonBody>;

/**
 * Who sees a content or an item: `hidden` (a draft) keeps it from students; `publish_at` (ISO
 * instant) shows it to them from then on. Students see it when it is not hidden and publish_at is
 * null or past; the teacher always sees everything, with these two fields.
 */
export const visibility = z.object({
  hidden: z.boolean(),
  publish_at: z.string().nullable(),
});
export type Visibility = z.infer<typeof visibility>;

/**
 * A material as a list shows it: a file (`file` is a short-lived signed link that opens without a
 * bearer token) or a link (`url`, http or https; `youtube_id` when it is a YouTube video, which the
 * page embeds through youtube-nocookie.com). The file fields are null for a link.
 */
export const classMaterial = visibility.extend({
  id: z.number(),
  kind: z.enum(['file', 'link']),
  title: z.string(),
  file: z.string().nullable(),
  filename: z.string().nullable(),
  /** Extension of the original name, lower case, without the dot ("pdf"); empty when it has none or for a link. */
  file_extension: z.string(),
  size: z.number().nullable(),
  mime: z.string().nullable(),
  url: z.string().nullable(),
  youtube_id: z.string().nullable(),
  position: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClassMaterial = z.infer<typeof classMaterial>;

export const classLessonForum = visibility.extend({ id: z.number(), topic: z.string(), position: z.number() });
/** An assignment link of a content; for a student also their state and score ("Tugas Saya" states). */
export const classLessonAssignment = visibility.extend({
  id: z.number(),
  title: z.string(),
  position: z.number(),
  state: z.enum(['todo', 'late', 'done']).optional(),
  score: z.number().nullable().optional(),
});

export const classLesson = visibility.extend({
  id: z.number(),
  online_class_id: z.number(),
  /** "Pembelajaran N": given when the content is made, never renumbered when another is deleted. */
  number: z.number(),
  /** Place in the class's agenda; lists come in this order. */
  position: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ClassLesson = z.infer<typeof classLesson>;

/** A content with its materials, forums, assignments and quizzes (each list in the teacher's order). */
export const classLessonDetail = classLesson.extend({
  materials: z.array(classMaterial),
  forums: z.array(classLessonForum),
  assignment: z.array(classLessonAssignment),
  quizzes: z.array(classLessonQuiz),
});
export type ClassLessonDetail = z.infer<typeof classLessonDetail>;

// ---------------------------------------------------------------- materials

export const classMaterialParams = z.object({ classId: idParam, lessonId: idParam, id: idParam });

/** Text fields of the material upload form (the file travels as the multipart field `file`). */
export const classMaterialFields = z.object({ title: requiredText(LIMITS.titleMax) });
