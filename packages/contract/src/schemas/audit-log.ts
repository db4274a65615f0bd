import { z } from 'zod';
import { MSG } from '../messages.js';

/**
 * The audit log ("Log aktivitas", ASVS V16): one row per admin write and per grade change.
 * Actions are stable codes; the screens show AUDIT_ACTION_LABELS.
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.delete',
  'user.status',
  'user.role',
  'user.password_reset',
  'user.unlock',
  'users.bulk',
  'import.run',
  'promotion.run',
  'rombel.create',
  'rombel.update',
  'rombel.delete',
  'word.create',
  'word.update',
  'word.delete',
  'backup.download',
  'grade.assignment',
  'grade.quiz',
  'grade.override',
  'grade.regrade',
  'department.create',
  'department.update',
  'semester.create',
  'semester.update',
  'semester.activate',
  'semester.next',
  'homeroom.update',
  'timetable.bell',
  'timetable.slot',
  'timetable.import',
  'fet.import',
  'subject.create',
  'subject.update',
  'subject.delete',
  'subject.import',
  'teaching.create',
  'teaching.update',
  'teaching.delete',
  'teaching.import',
  'leave.approve',
  'leave.refuse',
  'attendance.update',
  'attendance.settings',
  'grade.lock',
  'grade.unlock',
  'grade.scheme_defaults',
  'grade.scheme',
  'grade.release',
  'grade.description',
  'objective.create',
  'objective.update',
  'objective.delete',
  'objective.order',
  'objective.import',
  'parent.link',
  'parent.unlink',
  'homeroom.settings',
  'exam.reset_login',
  'exam.add_time',
  'exam.force_submit',
  'quiz.override',
  'quiz.override_delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What each action reads as on the screen and in the export. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.create': 'Membuat pengguna',
  'user.update': 'Mengubah pengguna',
  'user.delete': 'Menghapus pengguna',
  'user.status': 'Mengubah status pengguna',
  'user.role': 'Mengubah peran pengguna',
  'user.password_reset': 'Mengatur ulang password',
  'user.unlock': 'Membuka kunci akun',
  'users.bulk': 'Aksi massal pengguna',
  'import.run': 'Menjalankan impor pengguna',
  'promotion.run': 'Menjalankan kenaikan kelas',
  'rombel.create': 'Membuat rombel',
  'rombel.update': 'Mengubah rombel',
  'rombel.delete': 'Menghapus rombel',
  'word.create': 'Membuat kata motivasi',
  'word.update': 'Mengubah kata motivasi',
  'word.delete': 'Menghapus kata motivasi',
  'backup.download': 'Mengunduh cadangan',
  'grade.assignment': 'Menilai tugas',
  'grade.quiz': 'Menilai jawaban kuis',
  'grade.override': 'Mengubah nilai otomatis kuis',
  'grade.regrade': 'Menilai ulang kuis',
  'department.create': 'Membuat jurusan',
  'department.update': 'Mengubah jurusan',
  'semester.create': 'Membuat semester',
  'semester.update': 'Mengubah semester',
  'semester.activate': 'Mengaktifkan semester',
  'semester.next': 'Memulai semester berikutnya',
  'homeroom.update': 'Mengubah wali kelas',
  'timetable.bell': 'Mengubah jam pelajaran',
  'timetable.slot': 'Mengubah jadwal pelajaran',
  'timetable.import': 'Mengimpor jadwal pelajaran',
  'fet.import': 'Mengimpor berkas FET',
  'subject.create': 'Membuat mata pelajaran',
  'subject.update': 'Mengubah mata pelajaran',
  'subject.delete': 'Menghapus mata pelajaran',
  'subject.import': 'Mengimpor mata pelajaran',
  'teaching.create': 'Membuat tugas mengajar',
  'teaching.update': 'Mengubah tugas mengajar',
  'teaching.delete': 'Menghapus tugas mengajar',
  'teaching.import': 'Mengimpor tugas mengajar',
  'leave.approve': 'Menyetujui permohonan izin/sakit',
  'leave.refuse': 'Menolak permohonan izin/sakit',
  'attendance.update': 'Mengubah presensi',
  'attendance.settings': 'Mengubah pengaturan presensi',
  'grade.lock': 'Mengunci nilai semester',
  'grade.unlock': 'Membuka kunci nilai semester',
  'grade.scheme_defaults': 'Mengubah skema nilai bawaan sekolah',
  'grade.scheme': 'Mengubah skema nilai kelas',
  'grade.release': 'Menampilkan/menyembunyikan nilai akhir',
  'grade.description': 'Mengubah deskripsi rapor siswa',
  'objective.create': 'Menambah tujuan pembelajaran',
  'objective.update': 'Mengubah tujuan pembelajaran',
  'objective.delete': 'Menghapus tujuan pembelajaran',
  'objective.order': 'Mengubah urutan tujuan pembelajaran',
  'objective.import': 'Mengimpor tujuan pembelajaran',
  'parent.link': 'Menautkan orang tua ke siswa',
  'parent.unlink': 'Melepas tautan orang tua dari siswa',
  'homeroom.settings': 'Mengubah batas siswa perlu perhatian',
  'exam.reset_login': 'Mereset login ujian siswa',
  'exam.add_time': 'Menambah waktu ujian siswa',
  'exam.force_submit': 'Mengumpulkan paksa ujian siswa',
  'quiz.override': 'Mengatur pengecualian kuis untuk siswa',
  'quiz.override_delete': 'Menghapus pengecualian kuis siswa',
};

/** The labels of the fields a before → after shows (keys not listed show as they are). */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  name: 'Nama',
  username: 'Username',
  email: 'Email',
  role: 'Peran',
  status: 'Status',
  gender: 'Jenis kelamin',
  birthday: 'Tanggal lahir',
  religion: 'Agama',
  address: 'Alamat',
  telpon: 'Telepon',
  nip: 'NIP',
  nik: 'NIK',
  nis: 'NIS',
  nisn: 'NISN',
  rombel: 'Rombel',
  must_change_password: 'Wajib ganti password',
  password: 'Password',
  score: 'Nilai',
  max_score: 'Nilai maksimal',
  feedback: 'Masukan',
  points: 'Poin',
  auto_points: 'Poin otomatis',
  grade: 'Tingkat',
  department: 'Jurusan',
  title: 'Judul',
  body: 'Isi',
  from: 'Dari',
  active: 'Aktif',
  action: 'Aksi',
  created: 'Dibuat',
  updated: 'Diperbarui',
  unchanged: 'Tidak berubah',
  moved: 'Naik/pindah',
  graduated: 'Lulus',
  archived: 'Kelas diarsipkan',
  mappings: 'Pemetaan',
  import_id: 'Nomor impor',
  file: 'Berkas',
  decision_note: 'Catatan keputusan',
  marks: 'Presensi',
  alpa_alert_days: 'Batas hari Alpa sebulan',
  categories: 'Kategori nilai',
  kktp: 'KKTP',
  released: 'Ditampilkan ke siswa',
  locked: 'Nilai dikunci',
  code: 'Kode',
  description: 'Deskripsi',
};

export const AUDIT_MSG = {
  dateRange: 'Tanggal akhir tidak boleh sebelum tanggal mulai',
  actionUnknown: 'Jenis aktivitas tidak dikenal',
  /** Shown where a new password was set: the password itself is never kept. */
  passwordSet: 'diganti',
} as const;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const dayField = z
  .string()
  .regex(isoDate, MSG.dateFormat)
  .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), MSG.dateFormat);

/** Filters of the admin's list and export: who (part of the actor's name or username), what, and a WIB date range. */
const filterFields = {
  actor: z.string().trim().max(100).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: AUDIT_MSG.actionUnknown }).optional(),
  /** First day (YYYY-MM-DD, WIB), inclusive. */
  from: dayField.optional(),
  /** Last day (YYYY-MM-DD, WIB), inclusive. */
  to: dayField.optional(),
};
const rangeInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

export const auditFilterQuery = z.object(filterFields).refine(rangeInOrder, { error: AUDIT_MSG.dateRange, path: ['to'] });
export type AuditFilterQuery = z.infer<typeof auditFilterQuery>;

export const auditListQuery = z
  .object({
    ...filterFields,
    page: z.coerce.number().int().min(1).max(1_000_000).optional(),
    per_page: z.coerce.number().int().min(1).max(100).optional(),
  })
  .refine(rangeInOrder, { error: AUDIT_MSG.dateRange, path: ['to'] });
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const AUDIT_PER_PAGE = 50;

export const auditEntry = z.object({
  id: z.number(),
  /** ISO 8601 instant. */
  at: z.string(),
  actor: z.object({ id: z.number().nullable(), name: z.string(), role: z.string() }),
  /** The caller's address (null in a teacher's grade history). */
  ip: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  action_label: z.string(),
  target: z.object({ type: z.string(), id: z.number().nullable() }),
  summary: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** A value of a before/after as text: "kosong" for none, Ya/Tidak, lists joined. */
export function auditValueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return 'kosong';
  if (typeof v === 'boolean') return v ? 'Ya' : 'Tidak';
  if (Array.isArray(v)) return v.map(auditValueText).join('; ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export interface AuditChange {
  /** The field's Indonesian label. */
  field: string;
  /** Null when the field had no before (a creation) or no after (a deletion). */
  before: string | null;
  after: string | null;
}

/** The fields of a row's before/after, in order, as text ("action" of a bulk row is left out: the summary names it). */
export function auditChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => k !== 'action');
  return keys.map((k) => ({
    field: AUDIT_FIELD_LABELS[k] ?? k,
    before: before && k in before ? auditValueText(before[k]) : null,
    after: after && k in after ? auditValueText(after[k]) : null,
  }));
}

/** One line per field: "Nama: A → B", "Nama: A" (created or deleted). */
export const auditChangeLines = (before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] =>
  auditChanges(before, after).map((c) =>
    c.before !== null && c.after !== null ? `${c.field}: ${c.before} → ${c.after}` : `${c.field}: ${c.after ?? c.before}`,
  );
