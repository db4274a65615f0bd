/**
 * Issue 37 — the school's structure, part 3: bell times, the weekly timetable, the FET import,
 * and what teachers and students read ("Hari ini", "Jadwal").
 * Admin (/api/admin):
 *   GET  /bell-times                       bellDay[] (Senin … Sabtu)
 *   PUT  /bell-times                       bellTimesBody → bellDay[] (the whole set replaced)
 *   GET  /timetable?semester_id=&rombel_id=&teacher_id=   timetableWeek
 *   POST /timetable/slots                  slotBody → 201 timetableSlot; a clash is a 409 naming the slot
 *   DELETE /timetable/slots/:id            → { id }
 *   POST /timetable/import/preview         multipart `file` (XLSX: Hari, Jam ke, Rombel, Kode Mapel) → timetableImportPreview
 *   POST /timetable/import                 same file → timetableImportResult
 *   POST /imports/fet/preview              multipart `fet` (.fet), optional `timetable` (FET's
 *                                          *_activities.csv or *_timetable.csv from fet-cl) → fetPreview
 *   POST /imports/fet                      same files + `teachers` (JSON: fetTeacherChoice[]) → fetResult
 * Teacher (/api/teacher) and student (/api/student):
 *   GET  /today                            today (lessons in order and what is due today)
 *   GET  /timetable                        timetableWeek of the caller (own lessons / own rombel)
 */
import { z } from 'zod';

export const TIMETABLE_MSG = {
  bellSaved: 'Jam pelajaran berhasil disimpan',
  bellOverlap: (day: string, time: string) => `${day} ${time}: jam bertumpang tindih dengan jam sebelumnya`,
  bellTimeFormat: 'Jam ditulis seperti 07.00',
  bellEndsBeforeStart: (day: string, time: string) => `${day} ${time}: jam selesai harus setelah jam mulai`,
  bellPeriodTwice: (day: string, period: number) => `${day}: jam ke-${period} ditulis lebih dari sekali`,
  dayInvalid: 'Hari harus Senin sampai Minggu',
  periodUnknown: (day: string, period: number) => `${day} tidak punya jam ke-${period}`,
  slotSaved: 'Jadwal berhasil disimpan',
  slotDeleted: 'Jadwal dihapus',
  rombelClash: (rombel: string, slot: string, subject: string) => `${rombel} sudah ada jadwal ${subject} pada ${slot}`,
  teacherClash: (teacher: string, slot: string, rombel: string) => `${teacher} sudah mengajar ${rombel} pada ${slot}`,
  assignmentUnknown: 'Tugas mengajar tidak ditemukan',
  fetUnreadable: 'Berkas FET tidak dapat dibaca. Pastikan berkas .fet utuh (simpan ulang dari FET).',
  fetTooLarge: 'Berkas terlalu besar (maksimal 10 MB)',
  fetNotRombel: (set: string) => `Kelompok siswa "${set}" bukan rombel; aktivitasnya dilewati`,
  fetTeacherTwice: (a: string, b: string) => `Guru "${a}" dan "${b}" tampaknya orang yang sama; keduanya dicocokkan ke satu akun`,
  fetCsvUnreadable: 'Berkas jadwal FET (CSV) tidak dapat dibaca',
  fetNoActiveSemester: 'Belum ada semester aktif',
  fetImported: (n: number) => `Impor FET selesai: ${n} tugas mengajar`,
  fetSlotsReplaced: (rombel: string, n: number) => `Jadwal ${rombel} yang sudah ada (${n} jam pelajaran) diganti jadwal dari FET`,
  fetNoTeacher: (id: string) => `Aktivitas ${id} tidak punya guru; aktivitasnya dilewati`,
  fetActivityUnknown: (row: number, id: string) => `Baris ${row} jadwal FET: aktivitas ${id} tidak ada di berkas .fet`,
  fetCsvSlot: (row: number, day: string, hour: string) => `Baris ${row} jadwal FET: hari "${day}" jam "${hour}" tidak ada di berkas .fet`,
  fetTeacherChoice: (name: string) => `Pilihan akun untuk guru "${name}" bukan akun guru yang aktif`,
  fetHasErrors: 'Berkas FET masih punya kesalahan; perbaiki dulu lalu pratinjau ulang',
  fetTeachersField: 'Pilihan guru harus berupa daftar JSON',
  importColumns: 'Kolom Hari, Jam ke, Rombel dan Kode Mapel harus ada di baris judul',
  importEmpty: 'Berkas tidak berisi baris jadwal',
  importHasErrors: 'Masih ada baris yang salah; perbaiki dulu lalu pratinjau ulang',
  rowDay: (row: number) => `Baris ${row}: hari harus Senin sampai Minggu`,
  rowPeriod: (row: number) => `Baris ${row}: jam ke harus angka 1 sampai 20`,
  rowRombel: (row: number, name: string) => `Baris ${row}: rombel "${name}" tidak ditemukan`,
  rowSubject: (row: number, code: string) => `Baris ${row}: mata pelajaran dengan kode "${code}" tidak ditemukan`,
  rowAssignment: (row: number, rombel: string, subject: string) =>
    `Baris ${row}: ${rombel} belum punya tugas mengajar ${subject} di semester aktif`,
  rowTwice: (row: number, first: number) => `Baris ${row}: sama dengan baris ${first}`,
} as const;

export const DAY_NAMES = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'] as const;
/** "Senin" for ISO weekday 1. */
export const dayName = (day: number) => DAY_NAMES[day - 1] ?? String(day);
/** "Senin jam ke-3". */
export const slotLabel = (day: number, period: number) => `${dayName(day)} jam ke-${period}`;

const hhmm = z.string().regex(/^([01]\d|2[0-3])[.:][0-5]\d$/, TIMETABLE_MSG.bellTimeFormat);

// ---------------------------------------------------------------- bell times

export const bellPeriod = z.object({
  /** Jam ke-N; null for a break ("Istirahat"). */
  period: z.number().int().min(1).max(20).nullable(),
  /** "07.00". */
  starts_at: hhmm,
  ends_at: hhmm,
});
export type BellPeriod = z.infer<typeof bellPeriod>;

export const bellDay = z.object({
  day: z.number().int().min(1, TIMETABLE_MSG.dayInvalid).max(7, TIMETABLE_MSG.dayInvalid),
  periods: z.array(bellPeriod).max(30),
});
export type BellDay = z.infer<typeof bellDay>;

export const bellTimesBody = z.object({ days: z.array(bellDay).max(7) });
export type BellTimesBody = z.input<typeof bellTimesBody>;

// ---------------------------------------------------------------- timetable

/** GET /timetable: the active semester unless named; a rombel's or a teacher's week, or the whole school's. */
export const timetableQuery = z.object({
  semester_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  rombel_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  teacher_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const slotParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const slotBody = z.object({
  assignment_id: z.coerce.number().int().positive().max(2_147_483_647),
  day: z.coerce.number({ error: TIMETABLE_MSG.dayInvalid }).int().min(1, TIMETABLE_MSG.dayInvalid).max(7, TIMETABLE_MSG.dayInvalid),
  period: z.coerce.number().int().min(1).max(20),
});
export type SlotBody = z.input<typeof slotBody>;

/** One lesson period of the week. */
export const timetableSlot = z.object({
  id: z.number(),
  day: z.number(),
  period: z.number(),
  starts_at: z.string(),
  ends_at: z.string(),
  assignment_id: z.number(),
  subject: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  rombel: z.object({ id: z.number(), name: z.string() }),
  teachers: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The class to open: for teachers of the assignment and students of the rombel. */
  class_id: z.number(),
});
export type TimetableSlot = z.infer<typeof timetableSlot>;

export const timetableWeek = z.object({
  semester_id: z.number(),
  bell: z.array(bellDay),
  slots: z.array(timetableSlot),
});
export type TimetableWeek = z.infer<typeof timetableWeek>;

export const timetableImportPreview = z.object({
  rows: z.array(z.object({ row: z.number(), summary: z.string(), errors: z.array(z.string()) })),
  totals: z.object({ slots: z.number(), error: z.number() }),
});
export type TimetableImportPreview = z.infer<typeof timetableImportPreview>;
export const timetableImportResult = z.object({ slots: z.number() });

// ---------------------------------------------------------------- "Hari ini"

/** One lesson of today, merged over consecutive periods of the same assignment ("jam ke-3–4"). */
export const todayLesson = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  periods: z.array(z.number()),
  subject: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  rombel: z.object({ id: z.number(), name: z.string() }),
  teachers: z.array(z.object({ id: z.number(), name: z.string() })),
  class_id: z.number(),
  /** Issue 38: today's meeting of this lesson (the teacher's "Presensi"); null for a student or before it is made. */
  meeting_id: z.number().nullable(),
  /** now | next | done | later, at the time of the answer (WIB). */
  state: z.enum(['done', 'now', 'next', 'later']),
});
export type TodayLesson = z.infer<typeof todayLesson>;

export const todayDue = z.object({
  kind: z.enum(['assignment', 'quiz']),
  id: z.number(),
  title: z.string(),
  class_id: z.number(),
  lesson_id: z.number(),
  class_name: z.string(),
  due_at: z.string(),
});
export type TodayDue = z.infer<typeof todayDue>;

export const today = z.object({
  /** "2026-11-30" in WIB, and its ISO weekday. */
  date: z.string(),
  day: z.number(),
  semester: z.object({ id: z.number(), label: z.string() }).nullable(),
  lessons: z.array(todayLesson),
  due: z.array(todayDue),
  /** The rombels of which the teacher is wali kelas (teachers); the student's wali kelas (students). */
  homeroom: z.array(
    z.object({ rombel: z.object({ id: z.number(), name: z.string() }), teacher: z.object({ id: z.number(), name: z.string() }) }),
  ),
});
export type Today = z.infer<typeof today>;

// ---------------------------------------------------------------- FET import

/** A teacher named in the .fet file, matched to an account or offered as a new one. */
export const fetTeacher = z.object({
  /** The name as FET writes it ("05 WAHYU AMIN, S.Pd."). */
  fet_name: z.string(),
  /** Cleaned: "Wahyu Amin, S.Pd." (number stripped). */
  name: z.string(),
  /** Other spellings of the same person in the file. */
  also: z.array(z.string()),
  match: z.object({ id: z.number(), name: z.string(), nip: z.string().nullable() }).nullable(),
  activities: z.number(),
});
export type FetTeacher = z.infer<typeof fetTeacher>;

/** The admin's choice per FET teacher: an account, or `new` (an account with a first-password slip). */
export const fetTeacherChoice = z.object({ fet_name: z.string(), user_id: z.number().int().positive().nullable() });
export type FetTeacherChoice = z.infer<typeof fetTeacherChoice>;

export const fetPreview = z.object({
  institution: z.string(),
  days: z.array(z.string()),
  hours: z.number(),
  teachers: z.array(fetTeacher),
  subjects: z.array(z.object({ fet_name: z.string(), code: z.string(), name: z.string(), exists: z.boolean() })),
  rombels: z.array(
    z.object({ fet_name: z.string(), name: z.string(), grade: z.number(), department: z.string().nullable(), exists: z.boolean() }),
  ),
  assignments: z.number(),
  /** Lesson periods the timetable CSV places (0 without one). */
  slots: z.number(),
  /** Skipped activities and oddities, each naming its activity or set. */
  warnings: z.array(z.string()),
  /** Refusals that stop the import (a clash in the CSV, a truncated file). */
  errors: z.array(z.string()),
  totals: z.object({ activities: z.number(), skipped: z.number(), hours_per_week: z.number() }),
});
export type FetPreview = z.infer<typeof fetPreview>;

export const fetResult = z.object({
  teachers_created: z.number(),
  subjects_created: z.number(),
  rombels_created: z.number(),
  assignments: z.number(),
  slots: z.number(),
  /** The user import holding the new teachers' first-password slips (null when none were made). */
  slips_import_id: z.number().nullable(),
});
export type FetResult = z.infer<typeof fetResult>;
