import { z } from 'zod';
import { MSG } from '../messages.js';
import { LIMITS } from '../limits.js';
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
  telponField,
  usernameField,
} from '../fields.js';

export const roleName = z.enum(['admin', 'teacher', 'student', 'parent']);

export const loginBody = z.object({
  username: z.string({ error: MSG.required }).trim().min(1, MSG.required).max(255, MSG.loginFailed),
  password: z.string({ error: MSG.required }).min(1, MSG.required).max(1024, MSG.loginFailed),
});

export const sessionUser = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  role: roleName,
  avatar: z.string().nullable(),
  /** The admin asked for a new password: until it is set, only the password change works. */
  must_change_password: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginData = z.object({ token: z.string(), user: sessionUser });

export const profile = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  gender: z.string().nullable(),
  religion: z.string().nullable(),
  birthday: z.string().nullable(),
  address: z.string().nullable(),
  telpon: z.string().nullable(),
  status: z.number(),
  role: roleName,
  role_id: z.number(),
  avatar: z.string().nullable(),
  must_change_password: z.boolean(),
  teacher: z.object({ nip: z.string().nullable(), nik: z.string().nullable() }).nullable(),
  student: z
    .object({
      nis: z.string().nullable(),
      nisn: z.string().nullable(),
      rombel_id: z.number().nullable(),
      rombel_name: z.string().nullable(),
    })
    .nullable(),
});
export type Profile = z.infer<typeof profile>;

export const profileParams = z.object({ id: idParam });

export const profileBody = z.object({
  role: z.unknown().optional(),
  name: nameField,
  username: usernameField,
  email: emailField,
  gender: z.preprocess((v) => (v === '' ? null : v), genderField.nullable().optional()),
  birthday: birthdayField(LIMITS.birthdayMin, LIMITS.birthdayMax, MSG.birthdayRange),
  religion: religionField,
  address: optionalText(1000),
  telpon: telponField,
  nip: digitsField(LIMITS.nipMax, MSG.nipFormat),
  nik: digitsField(LIMITS.nikMax, MSG.nikFormat),
  nis: nisField,
  nisn: nisnField,
  rombel: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce
      .number({ error: MSG.rombelUnknown })
      .int(MSG.rombelUnknown)
      .positive(MSG.rombelUnknown)
      .max(2_147_483_647, MSG.rombelUnknown)
      .nullable()
      .optional(),
  ),
});
export type ProfileBody = z.input<typeof profileBody>;

export const passwordBody = z
  .object({
    password: z.string({ error: MSG.required }).min(1, MSG.required).max(1024, MSG.passwordOldWrong),
    new_password: passwordField,
    new_password_confirmation: z.string({ error: MSG.required }).min(1, MSG.required),
  })
  .refine((b) => b.new_password === b.new_password_confirmation, {
    path: ['new_password_confirmation'],
    message: MSG.passwordMismatch,
  });
export type PasswordBody = z.input<typeof passwordBody>;
