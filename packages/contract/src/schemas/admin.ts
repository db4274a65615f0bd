import { z } from 'zod';
import { MSG } from '../messages.js';
import { LIMITS } from '../limits.js';
import { GRADES } from '../roles.js';
import {
  birthdayField,
  digitsField,
  nisField,
  nisnField,
  emailField,
  genderField,
  idParam,
  nameField,
  optionalText,
  passwordField,
  religionField,
  requiredText,
  telponField,
  usernameField,
} from '../fields.js';
import { profile } from './session.js';
import { rombelTeaching } from './teaching.js';

/** Messages of the admin screens (users, rombel classes, motivational words). */
export const ADMIN_MSG = {
  userCreated: 'User berhasil ditambahkan',
  userUpdated: 'User berhasil diperbarui',
  userDeleted: 'User berhasil dihapus',
  userUnlocked: 'Kunci akun dibuka. User dapat masuk kembali.',
  userDeactivated: 'User dinonaktifkan. Ia tidak dapat masuk sampai diaktifkan kembali.',
  userActivated: 'User diaktifkan kembali.',
  userStatusInvalid: 'Status harus 0 (nonaktif) atau 1 (aktif)',
  rombelCreated: 'Rombel berhasil ditambahkan',
  rombelUpdated: 'Rombel berhasil diperbarui',
  rombelDeleted: 'Rombel berhasil dihapus',
  rombelNameTaken: 'Nama rombel sudah digunakan',
  rombelInUse: 'Rombel tidak dapat dihapus karena masih dipakai',
  departmentUnknown: 'Jurusan tidak ditemukan',
  wordCreated: 'Kata motivasi berhasil ditambahkan',
  wordUpdated: 'Kata motivasi berhasil diperbarui',
  wordDeleted: 'Kata motivasi berhasil dihapus',
  activeInvalid: 'Status aktif harus true atau false',
  mustChangePasswordInvalid: 'Ganti password saat masuk harus true atau false',
  statusFilterInvalid: 'Status harus active atau inactive',
} as const;

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
/** Numbers from forms may arrive as strings ("2"); anything else is left for the check to refuse. */
const numericString = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);

/** An integer among `allowed` (or any positive id when null): missing gives "Wajib diisi", anything else `message`. */
const intChoice = (allowed: readonly number[] | null, message: string) =>
  z.preprocess(
    (v) => numericString(blankToUndefined(v)),
    z
      .number({ error: (iss) => (iss.input === undefined ? MSG.required : message) })
      .int(message)
      .refine((n) => (allowed ? allowed.includes(n) : n > 0 && n <= 2_147_483_647), message),
  );

/** A yes/no field: true/false, also as "true"/"false", 1/0 or "1"/"0" from forms; anything else gets `message`. */
const flagField = (message: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v),
    z.boolean({ error: message }),
  );

const optionalRombelId = z.preprocess(
  (v) => (v === '' ? null : numericString(v)),
  z
    .number({ error: MSG.rombelUnknown })
    .int(MSG.rombelUnknown)
    .positive(MSG.rombelUnknown)
    .max(2_147_483_647, MSG.rombelUnknown)
    .nullable()
    .optional(),
);

// ---------------------------------------------------------------- dashboard

export const dashboardStats = z.object({
  total_users: z.number(),
  total_admin: z.number(),
  total_teachers: z.number(),
  total_students: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;

// ---------------------------------------------------------------- users

/** The user record of SPEC §3 as the admin sees it: the profile plus the role's label and creation time. Never a password. */
export const adminUser = profile.extend({
  role_label: z.string(),
  created_at: z.string(),
  /** Locked everywhere by failed logins (50 within 15 minutes); the admin can lift it. */
  locked: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const userParams = z.object({ id: idParam });

/** What deleting a user would remove (the delete dialog offers deactivation instead). */
export const userDeleteImpact = z.object({
  /** Submissions that go: the user's own, and those handed in to assignments the user wrote. */
  submissions: z.number(),
  /** How many of those submissions are graded. */
  graded: z.number(),
  /** Comments that go: the user's own, those in forums the user opened, and every reply below them. */
  comments: z.number(),
});
export type UserDeleteImpact = z.infer<typeof userDeleteImpact>;

/**
 * Paging and filters of the user list. The answer is always one page with `meta`: `page` defaults
 * to 1 and `per_page` to {@link USERS_PER_PAGE} (at most 100).
 */
/** Users per page when the request does not say. */
export const USERS_PER_PAGE = 50;

export const userListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
  /** Part of the name, username or e-mail, case-insensitive. */
  q: z.string().trim().max(100).optional(),
  role: z.enum(['admin', 'teacher', 'student', 'parent']).optional(),
  /** `active` (status 1) or `inactive` (status 0, deactivated); both when left out. */
  status: z.enum(['active', 'inactive'], { error: ADMIN_MSG.statusFilterInvalid }).optional(),
  /** Only the students of this rombel. */
  rombel_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const pageMeta = z.object({ page: z.number(), per_page: z.number(), total: z.number(), last_page: z.number() });
export type PageMeta = z.infer<typeof pageMeta>;

export const roleIdField = intChoice([1, 2, 3], MSG.roleInvalid);

/** Detail fields of a teacher (nip, nik) or student (rombel_id, nis, nisn); the ones of the other role are ignored. Missing keys leave the value as it is. */
const detailFields = {
  rombel_id: optionalRombelId,
  nip: digitsField(LIMITS.nipMax, MSG.nipFormat),
  nik: digitsField(LIMITS.nikMax, MSG.nikFormat),
  nis: nisField,
  nisn: nisnField,
};

export const userCreateBody = z
  .object({
    role: roleIdField,
    name: nameField,
    gender: genderField,
    email: emailField,
    username: usernameField,
    password: passwordField,
    /** Optional (SPEC §7 sends none); when sent it must equal password. */
    confirm_password: z.preprocess(blankToUndefined, z.string().optional()),
    /** "Ganti password saat masuk": the user must set a new password before anything else works. */
    must_change_password: flagField(ADMIN_MSG.mustChangePasswordInvalid).optional(),
    ...detailFields,
  })
  .refine((b) => b.confirm_password === undefined || b.password === b.confirm_password, {
    path: ['confirm_password'],
    message: MSG.passwordMismatch,
  });
export type UserCreateBody = z.input<typeof userCreateBody>;

export const userUpdateBody = z
  .object({
    name: nameField,
    gender: genderField,
    username: usernameField,
    email: emailField,
    birthday: birthdayField(null, LIMITS.birthdayMax, MSG.birthdayMax),
    religion: religionField,
    address: optionalText(1000),
    telpon: telponField,
    /** The form always sends 1; 0 deactivates the account (its sessions end at once). */
    status: z.preprocess(
      (v) => numericString(blankToUndefined(v)),
      z
        .number({ error: MSG.statusInvalid })
        .refine((n) => n === 0 || n === 1, MSG.statusInvalid)
        .optional(),
    ),
    /** Changing the role moves the detail row (see docs/features/admin.md). */
    role: z.preprocess(blankToUndefined, roleIdField.optional()),
    /** Sent only when the admin sets a new password; then it must equal confirm_password. */
    password: z.preprocess(blankToUndefined, passwordField.optional()),
    confirm_password: z.preprocess(blankToUndefined, z.string().optional()),
    /** Sets or clears "ganti password saat masuk"; left out keeps it. */
    must_change_password: flagField(ADMIN_MSG.mustChangePasswordInvalid).optional(),
    ...detailFields,
  })
  .refine((b) => b.password === undefined || b.password === b.confirm_password, {
    path: ['confirm_password'],
    message: MSG.passwordMismatch,
  });
export type UserUpdateBody = z.input<typeof userUpdateBody>;

/** "Nonaktifkan" (0) or "Aktifkan" (1) alone, without resending the whole user (imported users may lack a gender). */
export const userStatusBody = z.object({ status: intChoice([0, 1], ADMIN_MSG.userStatusInvalid) });
export type UserStatusBody = z.input<typeof userStatusBody>;

// ---------------------------------------------------------------- departments and rombel classes

export const department = z.object({ id: z.number(), code: z.string(), name: z.string(), enabled: z.boolean() });
export type Department = z.infer<typeof department>;

export const rombelParams = z.object({ id: idParam });

export const rombelBody = z.object({
  department_id: intChoice(null, ADMIN_MSG.departmentUnknown),
  name: requiredText(100),
  grade: intChoice(GRADES, MSG.gradeInvalid),
});
export type RombelBody = z.input<typeof rombelBody>;

export const rombelClass = z.object({
  id: z.number(),
  department_id: z.number(),
  department_name: z.string(),
  name: z.string(),
  grade: z.number(),
  total_student: z.number(),
});
export type RombelClass = z.infer<typeof rombelClass>;

export const rombelStudent = z.object({ id: z.number(), name: z.string(), nis: z.string().nullable(), nisn: z.string().nullable() });

export const rombelDetail = rombelClass.extend({
  students: z.array(rombelStudent),
  /** Issue 37: its wali kelas and its subjects with their teachers in the active semester. */
  teaching: rombelTeaching.optional(),
});
export type RombelDetail = z.infer<typeof rombelDetail>;

/** One choice of a rombel select box (teacher's class form, student's profile, admin's user form). */
export const rombelOption = z.object({ id: z.number(), name: z.string(), grade: z.number() });
export type RombelOption = z.infer<typeof rombelOption>;

// ---------------------------------------------------------------- motivational words

export const wordParams = z.object({ id: idParam });

const activeField = flagField(ADMIN_MSG.activeInvalid);

export const wordBody = z.object({
  title: requiredText(LIMITS.titleMax),
  body: requiredText(LIMITS.textMax),
  from: requiredText(255),
  /** Default on when creating; left as it is when an update leaves it out. */
  active: activeField.optional(),
});
export type WordBody = z.input<typeof wordBody>;

export const motivationalWord = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  from: z.string(),
  active: z.boolean(),
  created_at: z.string(),
});
export type MotivationalWord = z.infer<typeof motivationalWord>;

/** The student's quote; null when no word is active. */
export const randomWord = z.object({ id: z.number(), title: z.string(), body: z.string(), from: z.string() }).nullable();
export type RandomWord = z.infer<typeof randomWord>;

// ---------------------------------------------------------------- new school year: rombels in bulk, promotion, archive

/** Messages of the new school year: rombels in bulk, "Kenaikan Kelas" and the class archive. */
export const YEAR_MSG = {
  rombelsCreated: (n: number) => `${n} rombel berhasil ditambahkan`,
  namesRequired: 'Tulis minimal satu nama rombel',
  tooManyNames: (max: number) => `Maksimal ${max} rombel sekaligus`,
  nameRepeated: (name: string) => `Nama rombel "${name}" ditulis lebih dari sekali`,
  nameTaken: (name: string) => `Nama rombel "${name}" sudah digunakan`,
  mappingsRequired: 'Pilih minimal satu rombel untuk dinaikkan',
  mappingTwice: (name: string) => `Rombel "${name}" dipetakan lebih dari sekali`,
  mappingToSelf: (name: string) => `Rombel "${name}" tidak dapat dinaikkan ke rombel itu sendiri`,
  rombelMissing: (id: number) => `Rombel dengan ID ${id} tidak ditemukan`,
  targetInvalid: 'Tujuan harus ID rombel atau "lulus"',
  promotionApplied: 'Kenaikan kelas berhasil diterapkan',
} as const;

/** Most rombels one bulk form may create (a grade of one department is far fewer). */
export const BULK_ROMBELS_MAX = 50;

/** POST /api/admin/resources/rombel-classes/bulk: several rombels of one department and grade, one name each. */
export const rombelBulkBody = z.object({
  department_id: intChoice(null, ADMIN_MSG.departmentUnknown),
  grade: intChoice(GRADES, MSG.gradeInvalid),
  names: z
    .array(requiredText(100), { error: YEAR_MSG.namesRequired })
    .min(1, YEAR_MSG.namesRequired)
    .max(BULK_ROMBELS_MAX, YEAR_MSG.tooManyNames(BULK_ROMBELS_MAX)),
});
export type RombelBulkBody = z.input<typeof rombelBulkBody>;

/** Where a rombel's students go at the year's end: another rombel, or `lulus` (graduated: no rombel, deactivated). */
export const LULUS = 'lulus';
const promotionTarget = z.union([z.literal(LULUS), intChoice(null, YEAR_MSG.targetInvalid)], { error: YEAR_MSG.targetInvalid });

export const promotionBody = z.object({
  mappings: z
    .array(z.object({ from_rombel_id: intChoice(null, MSG.rombelUnknown), to: promotionTarget }), { error: YEAR_MSG.mappingsRequired })
    .min(1, YEAR_MSG.mappingsRequired)
    .max(500),
});
export type PromotionBody = z.input<typeof promotionBody>;

/** One mapping of the preview: who moves (or graduates) and which classes go to the archive. */
export const promotionPreviewRow = z.object({
  from: z.object({ id: z.number(), name: z.string(), grade: z.number() }),
  /** The next rombel, or null for "lulus". */
  to: z.object({ id: z.number(), name: z.string(), grade: z.number() }).nullable(),
  students: z.number(),
  /** Online classes of the `from` rombel that will be archived. */
  classes: z.number(),
});
export const promotionPreview = z.object({
  mappings: z.array(promotionPreviewRow),
  totals: z.object({ moved: z.number(), graduated: z.number(), classes: z.number() }),
});
export type PromotionPreview = z.infer<typeof promotionPreview>;

/** What the promotion did, counted in its one transaction. */
export const promotionResult = z.object({ moved: z.number(), graduated: z.number(), archived: z.number() });
export type PromotionResult = z.infer<typeof promotionResult>;

/** An archived online class as the admin's "Arsip Kelas" list shows it. */
export const archivedClass = z.object({
  id: z.number(),
  name: z.string(),
  rombel: z.object({ id: z.number(), name: z.string() }),
  teacher: z.object({ id: z.number(), name: z.string() }),
  archived_at: z.string(),
});
export type ArchivedClass = z.infer<typeof archivedClass>;

/** The names of a textarea, one per line, without blank lines and surrounding spaces. */
export const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The bulk rombel form's validator: the same body, with the names typed one per line in a textarea. */
export const rombelBulkForm = z.preprocess(
  (v) => (v && typeof v === 'object' && 'names' in v && typeof v.names === 'string' ? { ...v, names: linesOf(v.names) } : v),
  rombelBulkBody,
);
