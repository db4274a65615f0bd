/**
 * Issue 37 — the school's structure, part 1: departments (program/konsentrasi keahlian) and
 * semesters. Routes (admin area, /api/admin):
 *   GET  /departments                      department[] (all, enabled or not)
 *   POST /departments                      departmentBody → 201 department
 *   PUT  /departments/:id                  departmentBody → department
 *   GET  /semesters                        semester[] (newest first)
 *   POST /semesters                        semesterBody → 201 semester (not active)
 *   PUT  /semesters/:id                    semesterBody → semester
 *   POST /semesters/:id/activate           → semester (the other one stops being active)
 *   POST /semesters/next/preview           nextSemesterBody → nextSemesterPreview (writes nothing)
 *   POST /semesters/next                   nextSemesterBody → nextSemesterResult
 * Read by everyone signed in: GET /api/semesters/active → semester.
 * Wali kelas (GET /homerooms, PUT /homerooms/:rombelId) take their params here, their bodies and
 * replies from teaching.ts.
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { idParam, requiredText } from '../fields.js';
import { TEACHING_MSG } from './teaching.js';

export const SCHOOL_MSG = {
  departmentCreated: 'Jurusan berhasil ditambahkan',
  departmentUpdated: 'Jurusan berhasil diperbarui',
  departmentCodeTaken: 'Kode jurusan sudah digunakan',
  departmentCodeFormat: 'Kode jurusan hanya huruf, angka, titik dan tanda hubung (maksimal 20)',
  semesterCreated: 'Semester berhasil ditambahkan',
  semesterUpdated: 'Semester berhasil diperbarui',
  semesterActivated: (label: string) => `${label} sekarang semester aktif`,
  schoolYearFormat: 'Tahun pelajaran ditulis seperti 2026/2027',
  schoolYearOrder: 'Tahun kedua harus tahun pertama ditambah satu',
  termInvalid: 'Semester harus Ganjil atau Genap',
  dateFormat: 'Tanggal tidak valid (format YYYY-MM-DD)',
  endsBeforeStart: 'Tanggal selesai harus setelah tanggal mulai',
  semesterTaken: (label: string) => `${label} sudah ada`,
  semesterOverlap: (label: string) => `Tanggalnya bertumpang tindih dengan ${label}`,
  semesterAlreadyActive: 'Semester ini sudah aktif',
  activeChanged: 'Semester aktif baru saja berubah. Muat ulang lalu coba lagi.',
  noActiveSemester: 'Belum ada semester aktif. Aktifkan satu semester dulu.',
  nextSemesterStarted: (label: string) => `${label} dimulai. Kelas semester lalu sudah diarsipkan.`,
  ungradedWarning: (n: number) => `${n} pengumpulan tugas belum dinilai. Nilai tetap bisa diberikan dari arsip.`,
} as const;

/** "2026/2027 Ganjil". */
export const semesterLabel = (s: { school_year: string; term: 1 | 2 | number }) => `${s.school_year} ${s.term === 1 ? 'Ganjil' : 'Genap'}`;

// ---------------------------------------------------------------- departments

export const departmentBody = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z
      .string({ error: MSG.required })
      .min(1, MSG.required)
      .regex(/^[A-Z0-9.-]{1,20}$/, SCHOOL_MSG.departmentCodeFormat),
  ),
  name: requiredText(150),
  short_name: requiredText(20),
  enabled: z.boolean({ error: 'Status aktif harus true atau false' }),
});
export type DepartmentBody = z.input<typeof departmentBody>;

export const departmentParams = z.object({ id: idParam });

export const schoolDepartment = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  short_name: z.string(),
  enabled: z.boolean(),
  /** Rombels of the department (a disabled one keeps its rombels). */
  rombels: z.number(),
});
export type SchoolDepartment = z.infer<typeof schoolDepartment>;

// ---------------------------------------------------------------- semesters

/** A day of the calendar that exists ("2027-02-30" does not), years 1900–2999. */
const realDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900' && v < '3000';
};
const isoDate = z.string({ error: MSG.required }).refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && realDay(v), SCHOOL_MSG.dateFormat);

export const semesterBody = z
  .object({
    school_year: z
      .string({ error: MSG.required })
      .regex(/^\d{4}\/\d{4}$/, SCHOOL_MSG.schoolYearFormat)
      .refine((y) => Number(y.slice(5)) === Number(y.slice(0, 4)) + 1, SCHOOL_MSG.schoolYearOrder),
    term: z.union([z.literal(1), z.literal(2)], { error: SCHOOL_MSG.termInvalid }),
    starts_on: isoDate,
    ends_on: isoDate,
  })
  .refine((b) => b.ends_on > b.starts_on, { path: ['ends_on'], message: SCHOOL_MSG.endsBeforeStart });
export type SemesterBody = z.input<typeof semesterBody>;

export const semesterParams = z.object({ id: idParam });

export const semester = z.object({
  id: z.number(),
  school_year: z.string(),
  /** 1 Ganjil, 2 Genap. */
  term: z.number(),
  /** "2026/2027 Ganjil". */
  label: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  active: z.boolean(),
  /** Online classes of the semester (archived ones included). */
  classes: z.number(),
  /** Issue 39, "Kunci nilai": the semester's grades are locked since this instant (ISO); null: open. */
  grades_locked_at: z.string().nullable(),
});
export type Semester = z.infer<typeof semester>;

/**
 * "Mulai semester Genap" (or the next year's Ganjil): the semester to start. Omitted fields take
 * the obvious next one (after 2026/2027 Ganjil: 2026/2027 Genap, January 1 – June 30).
 * `carry_over` copies the teaching assignments (with new, empty classes), wali kelas and timetable.
 */
export const nextSemesterBody = z.object({
  starts_on: isoDate.optional(),
  ends_on: isoDate.optional(),
  carry_over: z.boolean().default(true),
  /**
   * The active semester the preview showed (`from.id`): when another start got there first the
   * semester has changed, and this start is refused (409) instead of starting the one after.
   */
  from_semester_id: z.coerce
    .number({ error: SCHOOL_MSG.activeChanged })
    .int(SCHOOL_MSG.activeChanged)
    .positive(SCHOOL_MSG.activeChanged)
    .max(2_147_483_647, SCHOOL_MSG.activeChanged)
    .optional(),
});
export type NextSemesterBody = z.input<typeof nextSemesterBody>;

export const nextSemesterPreview = z.object({
  from: semester,
  /** The semester that will start (not yet written: id 0). */
  to: semester,
  /** Classes of the ended semester that go to the archive (read-only, history kept). */
  archived_classes: z.number(),
  /** Teaching assignments (each with a new class), wali kelas and timetable slots carried over. */
  assignments: z.number(),
  homerooms: z.number(),
  slots: z.number(),
  /** Work not yet graded in the classes being archived: a warning, not a refusal. */
  ungraded_submissions: z.number(),
  warnings: z.array(z.string()),
});
export type NextSemesterPreview = z.infer<typeof nextSemesterPreview>;

export const nextSemesterResult = z.object({
  semester,
  archived_classes: z.number(),
  assignments: z.number(),
  homerooms: z.number(),
  slots: z.number(),
});
export type NextSemesterResult = z.infer<typeof nextSemesterResult>;

// ---------------------------------------------------------------- wali kelas (params; shapes in teaching.ts)

export const homeroomParams = z.object({ rombelId: idParam });
export const homeroomQuery = z.object({
  /** Omitted: the active semester. */
  semester_id: z.coerce
    .number({ error: TEACHING_MSG.semesterUnknown })
    .int(TEACHING_MSG.semesterUnknown)
    .positive(TEACHING_MSG.semesterUnknown)
    .max(2_147_483_647, TEACHING_MSG.semesterUnknown)
    .optional(),
});
