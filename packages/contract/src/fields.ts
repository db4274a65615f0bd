import { z } from 'zod';
import { LIMITS } from './limits.js';
import { MSG } from './messages.js';
import { RELIGIONS } from './roles.js';

/** Blank strings from forms mean "no value". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const trim = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** An optional text field: missing, null or blank all become null. */
export const optionalText = (max: number, message = `Maksimal ${max} karakter`) =>
  z.preprocess(blankToNull, z.string().max(max, message).nullable().optional());

export const requiredText = (max: number, requiredMessage: string = MSG.required) =>
  z.preprocess(
    trim,
    z.string({ error: requiredMessage }).min(1, { error: requiredMessage, abort: true }).max(max, `Maksimal ${max} karakter`),
  );

export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

export const nameField = z.preprocess(
  trim,
  z
    .string({ error: MSG.required })
    .min(1, { error: MSG.required, abort: true })
    .max(LIMITS.nameMax, MSG.nameMax)
    .refine((v) => Number.isNaN(Number(v)), MSG.nameNumeric),
);

export const usernameField = z.preprocess(
  trim,
  z
    .string({ error: MSG.required })
    .min(1, { error: MSG.required, abort: true })
    .min(LIMITS.usernameMin, MSG.usernameLength)
    .max(LIMITS.usernameMax, MSG.usernameLength)
    .regex(/^[A-Za-z0-9._-]+$/, MSG.usernameChars),
);

export const emailField = z.preprocess(blankToNull, z.email({ error: MSG.emailFormat }).max(255, MSG.emailFormat).nullable().optional());

export const passwordField = z
  .string({ error: MSG.required })
  .min(1, { error: MSG.required, abort: true })
  .min(LIMITS.passwordMin, MSG.passwordLength)
  .max(LIMITS.passwordMax, MSG.passwordLength);

export const genderField = z.enum(['L', 'P'], { error: MSG.genderInvalid });

export const religionField = z.preprocess(blankToNull, z.enum(RELIGIONS, { error: MSG.religionInvalid }).nullable().optional());

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar date: "2026-02-31" is refused, never rolled over into March. */
const validDate = (v: string) =>
  isoDate.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

export const birthdayField = (min: string | null, max: string, rangeMessage: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: MSG.dateFormat })
      .refine(validDate, { error: MSG.dateFormat, abort: true })
      .refine((v) => (min === null || v >= min) && v <= max, rangeMessage)
      .nullable()
      .optional(),
  );

/**
 * An Indonesian phone number, mobile or landline, as schools and Dapodik write it ("0812 3456 789",
 * "+62 812-3456-7890", "62812345678", "(021) 555-1234"): without spaces, dashes, dots and
 * parentheses, "0", "62" or "+62" and then 9 to 13 digits, 10 to 14 digits in all from the 0.
 * Kept in one form, the app's: 0 first, a dash after the 4th and the 8th digit ("0812-3456-7890",
 * "0812-3456-789", "0215-5512-34"). Null when it is no such number.
 */
export function telponOf(raw: string): string | null {
  const m = /^(?:\+62|62|0)([1-9]\d{8,12})$/.exec(raw.replace(/[\s.()-]/g, ''));
  if (!m) return null;
  const d = `0${m[1]}`;
  return `${d.slice(0, 4)}-${d.slice(4, 8)}-${d.slice(8)}`;
}

export const telponField = z.preprocess(
  blankToNull,
  z
    .string({ error: MSG.telponFormat })
    .max(LIMITS.telponMax, { error: MSG.telponFormat, abort: true })
    .transform((v, ctx) => {
      const telpon = telponOf(v);
      if (telpon === null) ctx.addIssue({ code: 'custom', message: MSG.telponFormat });
      return telpon ?? v;
    })
    .nullable()
    .optional(),
);

export const digitsField = (max: number, message: string) =>
  z.preprocess(
    blankToNull,
    z.string({ error: message }).max(max, { error: message, abort: true }).regex(/^\d+$/, message).nullable().optional(),
  );

/** NIS (or NIPD): digits, dots and dashes, e.g. "2122.10.001" (DECISIONS "Onboarding"). */
export const nisField = z.preprocess(
  blankToNull,
  z
    .string({ error: MSG.nisFormat })
    .max(LIMITS.nisMax, { error: MSG.nisFormat, abort: true })
    .regex(/^\d[\d.-]*$/, MSG.nisFormat)
    .nullable()
    .optional(),
);

/** NISN: exactly 10 digits (the national student number). */
export const nisnField = z.preprocess(
  blankToNull,
  z
    .string({ error: MSG.nisnFormat })
    .regex(/^\d{10}$/, MSG.nisnFormat)
    .nullable()
    .optional(),
);

/**
 * Date and time of an ISO 8601 date-time: a real calendar date (2026-02-31 and 2026-02-29 are refused,
 * where Date.parse would roll them over into March), hours 00–23, minutes and seconds 00–59.
 */
const isoDateTime = /^(\d{4}-\d{2}-\d{2})[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-](?:0\d|1[0-4]):?[0-5]\d)?$/;
const validDateTime = (v: string) => {
  const m = isoDateTime.exec(v);
  return m !== null && validDate(m[1]!) && !Number.isNaN(Date.parse(withOffset(v)));
};

/** A date-time with an offset (ISO 8601) as an ISO instant; "2026-11-30T23:59" without offset is read as WIB (+07:00). */
export const dateTimeOf = (message: string) =>
  z.preprocess(
    trim,
    z
      .string({ error: message })
      .min(1, message)
      .refine(validDateTime, message)
      .transform((v) => new Date(Date.parse(withOffset(v))).toISOString()),
  );

/**
 * A deadline or closing time: a date-time as dateTimeOf, or a date alone ("2026-12-04"), which means
 * the end of that day in WIB, 23:59:59 (DECISIONS "Limits and audit"); an impossible date is refused.
 */
export const endOfDayOf = (message: string) =>
  z.preprocess((v) => {
    const s = typeof v === 'string' ? v.trim() : v;
    return typeof s === 'string' && validDate(s) ? `${s}T23:59:59+07:00` : v;
  }, dateTimeOf(message));

/** The deadline's date-time (its message names the deadline); a date alone is 23:59:59 WIB. */
export const dateTimeField = endOfDayOf(MSG.deadlineFormat);

export function withOffset(v: string): string {
  const s = v.replace(' ', 'T');
  return /(Z|[+-]\d{2}:?\d{2})$/.test(s) ? s : `${s}+07:00`;
}
