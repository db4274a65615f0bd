/**
 * Issue 37 — the school's structure, part 2: subjects (mata pelajaran), teaching assignments
 * (pembagian tugas mengajar) and wali kelas. Routes (admin area, /api/admin):
 *   GET    /subjects                        subject[] (by group, then code)
 *   POST   /subjects                        subjectBody → 201 subject
 *   PUT    /subjects/:id                    subjectBody → subject
 *   DELETE /subjects/:id                    → 409 while an assignment uses it
 *   GET    /subjects/export                 XLSX (Kode, Nama, Kelompok, Kelas, Jurusan)
 *   POST   /subjects/import/preview         multipart `file` (XLSX) → teachingImportPreview
 *   POST   /subjects/import                 multipart `file` → teachingImportResult (all rows or none)
 *   GET    /teaching-assignments?semester_id=   assignmentGrid (the active semester by default)
 *   POST   /teaching-assignments            teachingAssignmentBody → 201 teachingAssignment (its class is created)
 *   PUT    /teaching-assignments/:id        teachingAssignmentUpdateBody → teachingAssignment (new first teacher: the class moves)
 *   DELETE /teaching-assignments/:id        → 409 while its class holds lessons
 *   GET    /teaching-assignments/export?semester_id=   XLSX (Rombel, Kode Mapel, Mapel, Guru, Jam per Minggu, Wali Kelas)
 *   POST   /teaching-assignments/import/preview?semester_id=   multipart `file` → teachingImportPreview
 *   POST   /teaching-assignments/import?semester_id=           multipart `file` → teachingImportResult (all rows or none)
 *   GET    /homerooms?semester_id=          homeroom[] (one per rombel, teacher null when none)
 *   PUT    /homerooms/:rombelId             homeroomBody → homeroom (teacher_id null removes)
 * The admin's rombel detail (GET /api/admin/resources/rombel-classes/:id) gains `teaching`
 * (rombelTeaching: homeroom and subjects) of the active semester. Teacher and student class lists gain
 * `subject` (classSubject | null; null for a class made by hand).
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { idParam, requiredText } from '../fields.js';

export const TEACHING_MSG = {
  subjectCreated: 'Mata pelajaran berhasil ditambahkan',
  subjectUpdated: 'Mata pelajaran berhasil diperbarui',
  subjectDeleted: 'Mata pelajaran berhasil dihapus',
  subjectCodeTaken: 'Kode mata pelajaran sudah digunakan',
  subjectNameTaken: 'Nama mata pelajaran sudah digunakan',
  subjectCodeFormat: 'Kode mata pelajaran hanya huruf, angka, titik dan tanda hubung (maksimal 20)',
  subjectInUse: 'Mata pelajaran tidak dapat dihapus karena masih dipakai di pembagian tugas mengajar',
  subjectUnknown: 'Mata pelajaran tidak ditemukan',
  groupInvalid: 'Kelompok harus umum, kejuruan atau muatan lokal',
  gradesInvalid: 'Pilih minimal satu tingkat: 10, 11 atau 12',
  departmentsInvalid: 'Jurusan tidak ditemukan',
  assignmentCreated: 'Tugas mengajar berhasil ditambahkan. Kelasnya sudah dibuat.',
  assignmentUpdated: 'Tugas mengajar berhasil diperbarui',
  assignmentDeleted: 'Tugas mengajar berhasil dihapus',
  assignmentTaken: (rombel: string, subject: string) => `${rombel} sudah punya tugas mengajar ${subject} di semester ini`,
  assignmentInUse: 'Tugas mengajar tidak dapat dihapus karena kelasnya sudah berisi pembelajaran',
  /** A teacher deleting the class of a teaching assignment: only the admin removes the assignment (and its class). */
  classOfAssignment: 'Kelas ini dibuat dari pembagian tugas mengajar. Minta admin menghapus tugas mengajarnya.',
  rombelDepartmentDisabled: (rombel: string) => `Jurusan rombel ${rombel} tidak aktif`,
  teacherUnknown: 'Guru tidak ditemukan',
  teacherInactive: (name: string) => `Guru ${name} sudah dinonaktifkan`,
  teachersRequired: 'Pilih minimal satu guru',
  teacherTwice: 'Guru yang sama dipilih dua kali',
  hoursInvalid: 'Jam per minggu harus 1 sampai 40',
  semesterUnknown: 'Semester tidak ditemukan',
  semesterEnded: 'Semester ini sudah berakhir; kelasnya hanya dapat dibaca',
  homeroomSaved: 'Wali kelas berhasil disimpan',
  homeroomRemoved: 'Wali kelas dihapus',
  importDone: (n: number) => `${n} baris berhasil diimpor`,
  rowSubjectUnknown: (row: number, code: string) => `Baris ${row}: mata pelajaran "${code}" tidak ada`,
  rowRombelUnknown: (row: number, name: string) => `Baris ${row}: rombel "${name}" tidak ada`,
  rowTeacherUnknown: (row: number, name: string) => `Baris ${row}: guru "${name}" tidak ditemukan`,
  rowTeacherAmbiguous: (row: number, name: string) => `Baris ${row}: ada beberapa guru "${name}"; tulis NIP-nya`,
  rowRepeated: (row: number, first: number) => `Baris ${row}: sama dengan baris ${first}`,
  rowHomeroomConflict: (row: number, first: number) => `Baris ${row}: wali kelas berbeda dengan baris ${first}`,
  /** A message of a field's rule, placed on its row: "Baris 4: Jam per minggu harus 1 sampai 40". */
  rowError: (row: number, message: string) => `Baris ${row}: ${message}`,
  headerMissing: (columns: string) => `Kolom ${columns} tidak ditemukan di baris judul`,
} as const;

export const SUBJECT_GROUPS = ['umum', 'kejuruan', 'mulok'] as const;
export type SubjectGroup = (typeof SUBJECT_GROUPS)[number];
export const SUBJECT_GROUP_LABELS: Record<SubjectGroup, string> = {
  umum: 'Umum',
  kejuruan: 'Kejuruan',
  mulok: 'Muatan lokal',
};

const positiveId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

// ---------------------------------------------------------------- subjects

export const subjectParams = z.object({ id: idParam });
export const teachingAssignmentParams = z.object({ id: idParam });
/** ?semester_id= of the grid, its export and its import; omitted: the active semester. */
export const semesterQuery = z.object({ semester_id: positiveId(TEACHING_MSG.semesterUnknown).optional() });

export const subjectBody = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z
      .string({ error: MSG.required })
      .min(1, MSG.required)
      .regex(/^[A-Z0-9.-]{1,20}$/, TEACHING_MSG.subjectCodeFormat),
  ),
  name: requiredText(150),
  group: z.enum(SUBJECT_GROUPS, { error: TEACHING_MSG.groupInvalid }),
  grades: z
    .array(z.union([z.literal(10), z.literal(11), z.literal(12)], { error: TEACHING_MSG.gradesInvalid }), {
      error: TEACHING_MSG.gradesInvalid,
    })
    .min(1, TEACHING_MSG.gradesInvalid),
  /** Empty: every department. */
  department_ids: z.array(positiveId(TEACHING_MSG.departmentsInvalid)).max(50).default([]),
});
export type SubjectBody = z.input<typeof subjectBody>;

export const subject = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  group: z.enum(SUBJECT_GROUPS),
  grades: z.array(z.number()),
  departments: z.array(z.object({ id: z.number(), short_name: z.string() })),
  /** Teaching assignments using it in the active semester. */
  assignments: z.number(),
});
export type Subject = z.infer<typeof subject>;

/** One row of an import preview (subjects or assignments): what it will do, or why not. */
export const teachingImportRow = z.object({
  row: z.number(),
  action: z.enum(['create', 'update', 'unchanged', 'error']),
  summary: z.string(),
  errors: z.array(z.string()),
});
export const teachingImportPreview = z.object({
  rows: z.array(teachingImportRow),
  totals: z.object({ create: z.number(), update: z.number(), unchanged: z.number(), error: z.number() }),
});
export type TeachingImportPreview = z.infer<typeof teachingImportPreview>;
export const teachingImportResult = z.object({ created: z.number(), updated: z.number() });
export type TeachingImportResult = z.infer<typeof teachingImportResult>;

// ---------------------------------------------------------------- teaching assignments

export const teacherRef = z.object({ id: z.number(), name: z.string(), nip: z.string().nullable() });
export type TeacherRef = z.infer<typeof teacherRef>;

export const teachingAssignmentBody = z.object({
  /** Omitted: the active semester. */
  semester_id: positiveId(TEACHING_MSG.semesterUnknown).optional(),
  rombel_id: positiveId(MSG.rombelUnknown),
  subject_id: positiveId(TEACHING_MSG.subjectUnknown),
  /** The first is the teacher whose class it is. */
  teacher_ids: z
    .array(positiveId(TEACHING_MSG.teacherUnknown), { error: TEACHING_MSG.teachersRequired })
    .min(1, TEACHING_MSG.teachersRequired)
    .max(5)
    .refine((ids) => new Set(ids).size === ids.length, TEACHING_MSG.teacherTwice),
  hours_per_week: z.coerce
    .number({ error: TEACHING_MSG.hoursInvalid })
    .int(TEACHING_MSG.hoursInvalid)
    .min(1, TEACHING_MSG.hoursInvalid)
    .max(40, TEACHING_MSG.hoursInvalid),
  /** The class's name; default "Matematika — X TKJ 1". */
  class_name: z.string().trim().max(255).optional(),
});
export type TeachingAssignmentBody = z.input<typeof teachingAssignmentBody>;

export const teachingAssignmentUpdateBody = teachingAssignmentBody.pick({ teacher_ids: true, hours_per_week: true });
export type TeachingAssignmentUpdateBody = z.input<typeof teachingAssignmentUpdateBody>;

export const teachingAssignment = z.object({
  id: z.number(),
  semester_id: z.number(),
  rombel: z.object({ id: z.number(), name: z.string(), grade: z.number() }),
  subject: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  teachers: z.array(teacherRef),
  hours_per_week: z.number(),
  online_class: z.object({ id: z.number(), name: z.string() }),
  /** Timetable slots placed this semester (against hours_per_week). */
  slots: z.number(),
});
export type TeachingAssignment = z.infer<typeof teachingAssignment>;

/** The admin grid: rombels × subjects, the assignments in its cells. */
export const assignmentGrid = z.object({
  semester_id: z.number(),
  rombels: z.array(z.object({ id: z.number(), name: z.string(), grade: z.number(), department_id: z.number() })),
  subjects: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), group: z.enum(SUBJECT_GROUPS) })),
  assignments: z.array(teachingAssignment),
});
export type AssignmentGrid = z.infer<typeof assignmentGrid>;

// ---------------------------------------------------------------- wali kelas

export const homeroomBody = z.object({
  semester_id: positiveId(TEACHING_MSG.semesterUnknown).optional(),
  teacher_id: positiveId(TEACHING_MSG.teacherUnknown).nullable(),
});
export type HomeroomBody = z.input<typeof homeroomBody>;

export const homeroom = z.object({
  rombel: z.object({ id: z.number(), name: z.string(), grade: z.number() }),
  teacher: teacherRef.nullable(),
});
export type Homeroom = z.infer<typeof homeroom>;

/** A rombel's subjects and teachers this semester (the admin's rombel page). */
export const rombelTeaching = z.object({
  homeroom: teacherRef.nullable(),
  subjects: z.array(
    z.object({ assignment_id: z.number(), code: z.string(), name: z.string(), teachers: z.array(teacherRef), hours_per_week: z.number() }),
  ),
});
export type RombelTeaching = z.infer<typeof rombelTeaching>;

/** What a class card shows of its subject (null for a class made by hand). */
export const classSubject = z.object({ id: z.number(), code: z.string(), name: z.string() });
export type ClassSubject = z.infer<typeof classSubject>;
