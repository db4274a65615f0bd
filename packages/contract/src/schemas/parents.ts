/**
 * Issue 40 — wali kelas and parents. Parents (orang tua/wali) are role 4 with their own area
 * /api/parent. A parent follows one or more children (siblings); a child has at most
 * {@link MAX_PARENTS_PER_CHILD} parents. A parent sees, per child and read only, what the child
 * could see of their own work, grades, attendance and classes' announcements — never another
 * student, a forum or a private comment — and can send an izin/sakit request for the child.
 *
 * Public (/api):
 *   POST   /pairing-codes/check                pairingCheckBody → pairingCheck (whose code it is; 404/410 refused)
 *   POST   /parent-signup                      parentSignupBody → 201 loginResult-like { token, user } (a new parent linked by the code)
 * Student (/api/student):
 *   GET    /pairing                            studentPairing (the active code's expiry, the linked parents)
 *   POST   /pairing-code                       → 201 pairingCode (the code, shown once; replaces an unused one; 409 at 3 parents)
 * Parent (/api/parent; a child who is not theirs, deactivated or unknown: 404):
 *   GET    /children                           parentChild[]
 *   POST   /children                           pairBody { code, relation } → 201 parentChild (a sibling)
 *   GET    /privacy                            parentPrivacy (what the school keeps and why; accepted_at)
 *   POST   /privacy/accept                     → parentPrivacy
 *   GET    /settings                           parentSettings
 *   PUT    /settings                           parentSettings → parentSettings
 *   GET    /summaries                          parentSummary[] (the weekly summaries, newest first)
 *   GET    /children/:studentId/today          today (timetable.ts; the child's lessons and what is due today)
 *   GET    /children/:studentId/work?tab=      myWorkItem[] (assignments.ts; "Tugas Saya" of the child)
 *   GET    /children/:studentId/grades         myClassGrades[] (assignments.ts; scores and feedback of graded work)
 *   GET    /children/:studentId/report-grades  studentReportCard[] (report-grades.ts; final grades once released)
 *   GET    /children/:studentId/attendance?semester_id=   studentAttendance (attendance-recaps.ts)
 *   GET    /children/:studentId/announcements  parentAnnouncement[] (of the child's classes, newest first)
 *   GET    /children/:studentId/messages       parentMessage[] (from the wali kelas, newest first)
 *   GET    /children/:studentId/leave-requests leaveRequest[] (leave-requests.ts; the child's, newest first)
 *   POST   /children/:studentId/leave-requests multipart as the student's → 201 leaveRequest (requested_by: the parent)
 *   POST   /children/:studentId/leave-requests/:id/withdraw  → leaveRequest (own pending request only)
 *   GET    /children/:studentId/leave-requests/:id/file      the letter
 * Teacher, as wali kelas of the rombel this semester (/api/teacher; 404 for another rombel or a student not in it):
 *   GET    /homerooms/:rombelId/overview       homeroomOverview ("Kelas Perwalian")
 *   GET    /homerooms/:rombelId/students/:studentId/parents   parentContact[] (with phone numbers)
 *   POST   /homerooms/:rombelId/students/:studentId/parents   homeroomParentBody → 201 createdParent (first password once)
 *   GET    /homerooms/:rombelId/students/:studentId/messages  parentMessage[]
 *   POST   /homerooms/:rombelId/students/:studentId/messages  parentMessageBody → 201 parentMessage (parents notified)
 *   GET    /homerooms/:rombelId/parent-slips   PDF of the first-password slips of parents the caller made, still kept
 * Admin (/api/admin):
 *   GET    /students/:studentId/parents        parentContact[] (with link id, source, created)
 *   DELETE /parent-links/:linkId               unlink (audited 'parent.unlink'); the parent account stays
 *   GET    /homeroom-settings                  homeroomSettings
 *   PUT    /homeroom-settings                  homeroomSettings → homeroomSettings (audited 'homeroom.settings')
 *   (users: role filter `parent`, role label "Orang Tua"; the import creates parents — imports.ts)
 */
import { z } from 'zod';
import { emailField, nameField, passwordField, telponField, usernameField } from '../fields.js';
import { idParam } from '../fields.js';

export const MAX_PARENTS_PER_CHILD = 3;
export const PAIRING_CODE_DAYS = 7;
export const PARENT_RELATIONS = ['ayah', 'ibu', 'wali'] as const;
export type ParentRelation = (typeof PARENT_RELATIONS)[number];
export const PARENT_RELATION_LABELS: Record<ParentRelation, string> = { ayah: 'Ayah', ibu: 'Ibu', wali: 'Wali' };
export const PARENT_LINK_SOURCES = ['import', 'homeroom', 'pairing', 'admin'] as const;
export const PARENT_LINK_SOURCE_LABELS: Record<(typeof PARENT_LINK_SOURCES)[number], string> = {
  import: 'Impor data siswa',
  homeroom: 'Dibuat wali kelas',
  pairing: 'Kode dari siswa',
  admin: 'Dibuat admin',
};
/** The at-risk defaults (the admin changes them): Alpa days this month, missing pieces of work. */
export const RISK_DEFAULTS = { alpa: 3, missing: 3 } as const;
export const PARENT_MESSAGE_MAX = 1000;
/** Messages to parents one wali kelas may send in an hour. */
export const PARENT_MESSAGES_PER_HOUR = 30;

export const PARENT_MSG = {
  codeInvalid: 'Kode tidak dikenal. Periksa lagi kode dari anak Anda.',
  codeUsed: 'Kode ini sudah dipakai. Minta anak Anda membuat kode baru.',
  codeExpired: 'Kode ini sudah kedaluwarsa. Minta anak Anda membuat kode baru.',
  codeRequired: 'Kode wajib diisi',
  relationInvalid: 'Pilih Ayah, Ibu, atau Wali',
  tooManyParents: `Satu siswa paling banyak punya ${MAX_PARENTS_PER_CHILD} orang tua/wali yang terhubung`,
  alreadyLinked: 'Anak ini sudah terhubung dengan akun Anda',
  codeCreated: 'Kode dibuat. Berikan kepada orang tua atau wali kamu.',
  paired: 'Anak berhasil ditambahkan',
  signedUp: 'Akun orang tua dibuat. Selamat datang!',
  parentCreated: 'Akun orang tua dibuat',
  unlinked: 'Orang tua tidak lagi terhubung dengan siswa ini',
  privacyAccepted: 'Terima kasih, Anda sudah membaca pemberitahuan privasi',
  settingsSaved: 'Pengaturan disimpan',
  messageRequired: 'Pesan wajib diisi',
  messageTooLong: `Pesan paling banyak ${PARENT_MESSAGE_MAX} karakter`,
  messageSent: 'Pesan terkirim ke orang tua',
  noParents: 'Siswa ini belum punya orang tua yang terhubung',
  riskSaved: 'Batas siswa perlu perhatian disimpan',
  riskAlpaInvalid: 'Batas alpa harus bilangan bulat 1 sampai 31',
  riskMissingInvalid: 'Batas tugas belum dikumpulkan harus bilangan bulat 1 sampai 50',
  privacyRequired: 'Baca dan setujui pemberitahuan privasi terlebih dahulu',
  codeRateLimited: 'Terlalu banyak kode yang salah. Coba lagi dalam 15 menit.',
  messageRateLimited: `Paling banyak ${PARENT_MESSAGES_PER_HOUR} pesan dalam satu jam. Coba lagi nanti.`,
} as const;

const relationField = z.enum(PARENT_RELATIONS, { error: PARENT_MSG.relationInvalid });
/** "K7P2-XM4Q": eight letters and digits (no 0/O, 1/I/L), a dash in the middle; typed with or without it, any case. */
const codeField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: PARENT_MSG.codeRequired }).min(1, PARENT_MSG.codeRequired).max(20, PARENT_MSG.codeInvalid),
);

// ---------------------------------------------------------------- pairing and sign-up

export const pairingCheckBody = z.object({ code: codeField });
export const pairingCheck = z.object({
  /** The child's first name and rombel only: whoever holds the code was given it by the child. */
  student_first_name: z.string(),
  rombel_name: z.string().nullable(),
  expires_at: z.string(),
});
export type PairingCheck = z.infer<typeof pairingCheck>;

export const parentSignupBody = z
  .object({
    code: codeField,
    relation: relationField,
    name: nameField,
    username: usernameField,
    password: passwordField,
    confirm_password: z.string(),
    telpon: telponField.optional(),
    email: emailField,
  })
  .refine((b) => b.password === b.confirm_password, { path: ['confirm_password'], message: 'Konfirmasi password tidak sama' });
export type ParentSignupBody = z.infer<typeof parentSignupBody>;

export const pairBody = z.object({ code: codeField, relation: relationField });
export type PairBody = z.infer<typeof pairBody>;

export const pairingCode = z.object({ code: z.string(), expires_at: z.string() });
export type PairingCode = z.infer<typeof pairingCode>;

export const studentPairing = z.object({
  /** An unused, unexpired code (its text is never shown again), or null. */
  active_code: z.object({ created_at: z.string(), expires_at: z.string() }).nullable(),
  parents: z.array(z.object({ name: z.string(), relation: relationField })),
  max_parents: z.number(),
});
export type StudentPairing = z.infer<typeof studentPairing>;

// ---------------------------------------------------------------- the parent's own pages

export const childParams = z.object({ studentId: idParam });
export const childLeaveParams = z.object({ studentId: idParam, id: idParam });

export const parentChild = z.object({
  id: z.number(),
  name: z.string(),
  nis: z.string().nullable(),
  rombel: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The wali kelas of the child's rombel this semester. */
  homeroom_teacher: z.object({ id: z.number(), name: z.string() }).nullable(),
  relation: relationField,
  avatar: z.string().nullable(),
});
export type ParentChild = z.infer<typeof parentChild>;

export const parentPrivacy = z.object({
  accepted_at: z.string().nullable(),
  /** What the school keeps about the parent and the child, and why (UU PDP), as headed sections. */
  sections: z.array(z.object({ title: z.string(), body: z.string() })),
});
export type ParentPrivacy = z.infer<typeof parentPrivacy>;

export const parentSettings = z.object({ weekly_summary_email: z.boolean() });
export type ParentSettings = z.infer<typeof parentSettings>;

export const parentAnnouncement = z.object({
  id: z.number(),
  class: z.object({ id: z.number(), name: z.string() }),
  title: z.string(),
  body: z.string(),
  author: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type ParentAnnouncement = z.infer<typeof parentAnnouncement>;

export const parentMessage = z.object({
  id: z.number(),
  student: z.object({ id: z.number(), name: z.string() }),
  sender: z.object({ id: z.number(), name: z.string() }).nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type ParentMessage = z.infer<typeof parentMessage>;
export const parentMessageBody = z.object({
  body: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: PARENT_MSG.messageRequired }).min(1, PARENT_MSG.messageRequired).max(PARENT_MESSAGE_MAX, PARENT_MSG.messageTooLong),
  ),
});

/** One child's week in a weekly summary. */
export const summaryChild = z.object({
  student: z.object({ id: z.number(), name: z.string() }),
  missing: z.array(z.object({ title: z.string(), class_name: z.string(), deadline: z.string() })),
  new_grades: z.array(z.object({ title: z.string(), class_name: z.string(), score: z.number() })),
  absences: z.array(z.object({ date: z.string(), mark: z.enum(['S', 'I', 'A']), count: z.number() })),
});
export const parentSummary = z.object({
  id: z.number(),
  week_start: z.string(),
  children: z.array(summaryChild),
  created_at: z.string(),
});
export type ParentSummary = z.infer<typeof parentSummary>;

// ---------------------------------------------------------------- the wali kelas

export const homeroomStudentParams = z.object({ rombelId: idParam, studentId: idParam });

/** A parent as the wali kelas and admins see them: with the phone number. */
export const parentContact = z.object({
  link_id: z.number(),
  parent: z.object({ id: z.number(), name: z.string(), username: z.string(), telpon: z.string().nullable(), email: z.string().nullable() }),
  relation: relationField,
  source: z.enum(PARENT_LINK_SOURCES),
  /** Whether the parent has signed in at least once (privacy notice accepted). */
  active: z.boolean(),
  created_at: z.string(),
});
export type ParentContact = z.infer<typeof parentContact>;

export const homeroomParentBody = z.object({
  name: nameField,
  relation: relationField,
  telpon: telponField.optional(),
  email: emailField,
});
export type HomeroomParentBody = z.infer<typeof homeroomParentBody>;
/** The new account, its first password shown once (and on the rombel's parent slips until first sign-in or 7 days). */
export const createdParent = z.object({ contact: parentContact, username: z.string(), password: z.string() });
export type CreatedParent = z.infer<typeof createdParent>;

export const riskReason = z.object({
  kind: z.enum(['alpa', 'missing', 'grade']),
  /** "4× alpa bulan ini", "3 tugas belum dikumpulkan", "Nilai akhir Matematika 68 (KKTP 75)". */
  text: z.string(),
});
export type RiskReason = z.infer<typeof riskReason>;

export const overviewStudent = z.object({
  id: z.number(),
  name: z.string(),
  nis: z.string().nullable(),
  /** Today's mark as the monthly recap counts a day (the mark of most of today's recorded meetings), or null when none is recorded yet. */
  today: z.enum(['H', 'S', 'I', 'A', 'T', 'D']).nullable(),
  month: z.object({ H: z.number(), S: z.number(), I: z.number(), A: z.number(), T: z.number(), D: z.number() }),
  /** Work of every subject: closed and not handed in; handed in after the deadline. */
  missing: z.number(),
  late: z.number(),
  risks: z.array(riskReason),
  parents: z.array(z.object({ id: z.number(), name: z.string(), relation: relationField, telpon: z.string().nullable() })),
});
export type OverviewStudent = z.infer<typeof overviewStudent>;

export const homeroomOverview = z.object({
  rombel: z.object({ id: z.number(), name: z.string() }),
  semester: z.object({ id: z.number(), label: z.string() }),
  /** WIB date of "today" and the month's first day. */
  date: z.string(),
  month_start: z.string(),
  thresholds: z.object({ alpa: z.number(), missing: z.number() }),
  /** Today's marks over the rombel (each student once), and those not recorded yet. */
  today: z.object({ H: z.number(), S: z.number(), I: z.number(), A: z.number(), T: z.number(), D: z.number(), unrecorded: z.number() }),
  pending_requests: z.number(),
  students: z.array(overviewStudent),
});
export type HomeroomOverview = z.infer<typeof homeroomOverview>;

export const homeroomSettings = z.object({
  risk_alpa: z.coerce
    .number({ error: PARENT_MSG.riskAlpaInvalid })
    .int(PARENT_MSG.riskAlpaInvalid)
    .min(1, PARENT_MSG.riskAlpaInvalid)
    .max(31, PARENT_MSG.riskAlpaInvalid),
  risk_missing: z.coerce
    .number({ error: PARENT_MSG.riskMissingInvalid })
    .int(PARENT_MSG.riskMissingInvalid)
    .min(1, PARENT_MSG.riskMissingInvalid)
    .max(50, PARENT_MSG.riskMissingInvalid),
});
export type HomeroomSettings = z.infer<typeof homeroomSettings>;

export const studentIdParams = z.object({ studentId: idParam });
export const parentLinkParams = z.object({ linkId: idParam });

// The WhatsApp address of a parent's number: whatsAppChatLink in ../whatsapp.ts (issue 42).
