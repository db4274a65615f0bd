import { randomInt } from 'node:crypto';
import { z } from 'zod';
import {
  IMPORT_COLUMN_LABELS,
  IMPORT_MSG,
  LIMITS,
  MSG,
  RELIGIONS,
  digitsField,
  emailField,
  nameField,
  nisField,
  nisnField,
  passwordField,
  telponOf,
  usernameField,
  type ImportField,
  type ImportRow,
  ROLE_IDS,
  type ParentRelation,
} from '@kelasku/contract';
import type { Cell } from './sheet.js';
import type { ImportRecord } from './header.js';
import { rombelKey, type ExistingUser, type SchoolData } from './school.js';

/** One parent a row names, as the import writes it. */
export interface PlannedParent {
  relation: ParentRelation;
  name: string;
  nik: string | null;
  telpon: string | null;
  /** An existing parent account (the same NIK), or null for the account `key` this import creates. */
  parentId: number | null;
  key: string;
  /** On the first row naming a new parent only: its account. */
  account?: { username: string; password: string };
}

/** The roles an import creates: teachers and students. */
type ImportedRoleId = typeof ROLE_IDS.teacher | typeof ROLE_IDS.student;

/** A row's values once checked, as they would be stored. */
export interface UserDraft {
  roleId: ImportedRoleId;
  name: string;
  username: string | null;
  email: string | null;
  gender: 'L' | 'P' | null;
  birthday: string | null;
  religion: string | null;
  telpon: string | null;
  password: string | null;
  nis: string | null;
  nisn: string | null;
  nip: string | null;
  nik: string | null;
  rombelId: number | null;
}

/** A planned row: what the preview shows, and what the import writes. */
export interface PlannedRow extends ImportRow {
  draft: UserDraft | null;
  /** The existing user an update or unchanged row matched. */
  userId: number | null;
  /** A password generated for a new user (shown once on the slips). */
  generatedPassword: string | null;
  /** The parents the row names that the import creates or links (issue 40; parents.ts). */
  parents?: PlannedParent[];
}

const text = (cell: Cell | undefined): string | null => {
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  const t = cell.replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
};

/** The first message of a zod check, or the value. */
function check<T>(schema: z.ZodType<T>, value: unknown): { value: T } | { error: string } {
  const r = schema.safeParse(value);
  return r.success ? { value: r.data } : { error: r.error.issues[0]?.message ?? MSG.invalid };
}

const GENDERS: Record<string, 'L' | 'P'> = { l: 'L', p: 'P', 'laki-laki': 'L', 'laki laki': 'L', perempuan: 'P', pria: 'L', wanita: 'P' };
const ROLES: Record<string, ImportedRoleId> = {
  siswa: ROLE_IDS.student,
  'peserta didik': ROLE_IDS.student,
  student: ROLE_IDS.student,
  guru: ROLE_IDS.teacher,
  teacher: ROLE_IDS.teacher,
  pendidik: ROLE_IDS.teacher,
};
const RELIGION_OF = new Map<string, string>([
  ...RELIGIONS.map((r) => [r.toLowerCase(), r] as const),
  ['katholik', 'Katolik'],
  ['budha', 'Buddha'],
  ['khonghucu', 'Konghucu'],
  ['kong hu cu', 'Konghucu'],
]);

/** A real calendar date from a date cell, dd/mm/yyyy (also with - or .) or yyyy-mm-dd; null when it is none. */
export function dateOf(cell: Cell | undefined): string | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  const t = text(cell);
  if (t === null) return null;
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  let [y, mo, d] = m ? [m[3], m[2], m[1]] : [];
  if (!m) {
    m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
    if (!m) return null;
    [y, mo, d] = [m[1], m[2], m[3]];
  }
  const iso = `${y}-${mo!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

const nipField = digitsField(LIMITS.nipMax, MSG.nipFormat);
const nikField = digitsField(LIMITS.nikMax, MSG.nikFormat);

/** Checks one record's cells: the draft, or the errors by column. */
export function draftOf(record: ImportRecord, rombels: Map<string, number>): { draft: UserDraft | null; errors: ImportRow['errors'] } {
  const v = record.values;
  const errors: ImportRow['errors'] = [];
  if (record.otherSeparator) return { draft: null, errors: [{ column: IMPORT_MSG.separatorColumn, message: IMPORT_MSG.otherSeparator }] };
  const fail = (column: ImportField, message: string) => errors.push({ column: IMPORT_COLUMN_LABELS[column], message });
  const take = <T>(column: ImportField, schema: z.ZodType<T>, value: unknown): T | null => {
    const r = check(schema, value);
    if ('error' in r) {
      fail(column, r.error);
      return null;
    }
    return r.value;
  };

  const roleText = text(v.role)?.toLowerCase();
  const roleId = roleText === undefined || roleText === null ? ROLE_IDS.student : ROLES[roleText];
  if (roleId === undefined) fail('role', IMPORT_MSG.roleInvalid);
  const name = take('name', nameField, text(v.name) ?? '');
  const username = text(v.username) === null ? null : take('username', usernameField, text(v.username));
  const email = take('email', emailField, text(v.email)) ?? null;
  const genderText = text(v.gender);
  const gender = genderText === null ? null : (GENDERS[genderText.toLowerCase()] ?? null);
  if (genderText !== null && gender === null) fail('gender', MSG.genderInvalid);
  const birthdayText = v.birthday === null || v.birthday === undefined ? null : v.birthday;
  const birthday = birthdayText === null ? null : dateOf(birthdayText);
  if (birthdayText !== null && birthday === null) fail('birthday', IMPORT_MSG.dateInvalid);
  else if (birthday !== null && (birthday < LIMITS.birthdayMin || birthday > LIMITS.birthdayMax)) fail('birthday', IMPORT_MSG.dateRange);
  const religionText = text(v.religion);
  const religion = religionText === null ? null : (RELIGION_OF.get(religionText.toLowerCase()) ?? null);
  if (religionText !== null && religion === null) fail('religion', MSG.religionInvalid);
  const telponText = text(v.telpon);
  // Dapodik's HP as written ("08123456789", "+62 812-3456-7890") → the app's form, 0812-3456-789.
  const telpon = telponText === null ? null : telponOf(telponText);
  if (telponText !== null && telpon === null) fail('telpon', MSG.telponFormat);
  const password = text(v.password) === null ? null : take('password', passwordField, text(v.password));
  const student = roleId === ROLE_IDS.student;
  const nis = student ? (take('nis', nisField, text(v.nis)) ?? null) : null;
  const nisn = student ? (take('nisn', nisnField, text(v.nisn)) ?? null) : null;
  const nip = roleId === ROLE_IDS.teacher ? (take('nip', nipField, text(v.nip)) ?? null) : null;
  const nik = roleId === ROLE_IDS.teacher ? (take('nik', nikField, text(v.nik)) ?? null) : null;
  const rombelText = student ? text(v.rombel) : null;
  const rombelId = rombelText === null ? null : (rombels.get(rombelKey(rombelText)) ?? null);
  if (rombelText !== null && rombelId === null) fail('rombel', IMPORT_MSG.rombelUnknown(rombelText));

  if (errors.length || roleId === undefined || name === null) return { draft: null, errors };
  return {
    draft: { roleId, name, username, email, gender, birthday, religion, telpon, password, nis, nisn, nip, nik, rombelId },
    errors,
  };
}

/** Letters and digits no one misreads on a printed slip (no l/1/I, o/0/O). */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const generatePassword = () => Array.from({ length: 8 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');

/** "Siti Nur Aminah" → "siti.nur"; letters and digits only; at least 3 characters. */
export function usernameBase(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, '')
    .split(' ')
    .filter(Boolean);
  const base = words.slice(0, 2).join('.').slice(0, 40);
  return base.length >= LIMITS.usernameMin ? base : `${base || 'user'}${'123'.slice(0, LIMITS.usernameMin - base.length)}`;
}

/** The fields an update compares, with the column label the preview names. */
const COMPARED: [keyof UserDraft, ImportField, (u: ExistingUser) => unknown][] = [
  ['name', 'name', (u) => u.name],
  ['username', 'username', (u) => u.username],
  ['email', 'email', (u) => u.email],
  ['gender', 'gender', (u) => u.gender],
  ['birthday', 'birthday', (u) => u.birthday],
  ['religion', 'religion', (u) => u.religion],
  ['telpon', 'telpon', (u) => u.telpon],
  ['nis', 'nis', (u) => u.nis],
  ['nisn', 'nisn', (u) => u.nisn],
  ['nip', 'nip', (u) => u.nip],
  ['nik', 'nik', (u) => u.nik],
  ['rombelId', 'rombel', (u) => u.rombelId],
];

/** The fields of `draft` the file gives (a blank cell keeps what is stored) that differ from the stored user. */
export function changesOf(draft: UserDraft, user: ExistingUser): ImportField[] {
  return COMPARED.filter(([key, , stored]) => {
    const wanted = draft[key];
    if (wanted === null) return false;
    const now = stored(user);
    return key === 'username' || key === 'email' ? String(now ?? '').toLowerCase() !== String(wanted).toLowerCase() : now !== wanted;
  }).map(([, column]) => column);
}

/** Rows planned between two turns of the event loop: the plan of 5,000 rows never holds it long (docs/limits.md). */
const PLAN_SLICE = 250;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * What importing each record would do: create, update (which columns), unchanged, or the errors
 * naming the column. A row matches an existing user by its username; a row without one by NIS
 * (students) or NIP (teachers), so a Dapodik export without usernames can be imported again. Usernames, e-mails, NIS and NIP are unique across the file and the school.
 */
export async function planImport(records: ImportRecord[], school: SchoolData): Promise<PlannedRow[]> {
  const seen = {
    username: new Map<string, number>(),
    email: new Map<string, number>(),
    nis: new Map<string, number>(),
    nisn: new Map<string, number>(),
    nip: new Map<string, number>(),
  };
  const taken = new Set(school.usernames);
  const planned: PlannedRow[] = [];
  for (const [i, record] of records.entries()) {
    if (i % PLAN_SLICE === PLAN_SLICE - 1) await nextTurn();
    const { draft, errors } = draftOf(record, school.rombels);
    const row: PlannedRow = {
      line: record.line,
      action: 'error',
      role: draft?.roleId === ROLE_IDS.teacher ? 'teacher' : 'student',
      name: draft?.name ?? text(record.values.name) ?? '',
      username: draft?.username ?? null,
      changes: [],
      errors,
      draft,
      userId: null,
      generatedPassword: null,
    };
    planned.push(row);
    // Unique inside the file too, also on rows with other errors: the later row names the earlier one.
    const fail = (column: ImportField, message: string) => errors.push({ column: IMPORT_COLUMN_LABELS[column], message });
    const once = (kind: keyof typeof seen, column: ImportField, value: string | null) => {
      if (value === null) return;
      const key = value.toLowerCase();
      const first = seen[kind].get(key);
      if (first !== undefined) fail(column, IMPORT_MSG.duplicateInFile(first));
      else seen[kind].set(key, record.line);
    };
    const student = (draft?.roleId ?? ROLE_IDS.student) === ROLE_IDS.student;
    once('username', 'username', text(record.values.username));
    once('email', 'email', text(record.values.email));
    once(student ? 'nis' : 'nip', student ? 'nis' : 'nip', text(student ? record.values.nis : record.values.nip));
    const nisnText = student ? text(record.values.nisn) : null;
    const nisnFirst = nisnText === null ? undefined : seen.nisn.get(nisnText);
    if (nisnText !== null && nisnFirst !== undefined) fail('nisn', IMPORT_MSG.nisnInFile(nisnText, nisnFirst));
    else if (nisnText !== null) seen.nisn.set(nisnText, record.line);
    if (!draft) continue;

    const byUsername = draft.username ? school.byUsername.get(draft.username.toLowerCase()) : undefined;
    const byNumber =
      draft.roleId === ROLE_IDS.student
        ? draft.nis
          ? school.byNis.get(draft.nis)
          : undefined
        : draft.nip
          ? school.byNip.get(draft.nip)
          : undefined;
    const number = draft.roleId === ROLE_IDS.student ? draft.nis : draft.nip;
    const numberColumn = draft.roleId === ROLE_IDS.student ? 'nis' : 'nip';
    const shared = number !== null && school.sharedNumbers.has(`${numberColumn}:${number}`);
    // A row with a username is that user (or a new one); only a row without one is matched by its number.
    if (!draft.username && shared) fail(numberColumn, IMPORT_MSG.numberShared);
    const match = draft.username ? byUsername : shared ? undefined : byNumber;
    if (match && match.roleId !== draft.roleId) fail('role', IMPORT_MSG.roleMismatch(match.username));
    const ownNumber = byUsername !== undefined && (draft.roleId === ROLE_IDS.student ? byUsername.nis : byUsername.nip) === number;
    if (draft.username && byNumber && byNumber.id !== byUsername?.id && !ownNumber) {
      fail(draft.roleId === ROLE_IDS.student ? 'nis' : 'nip', IMPORT_MSG.numberTaken(byNumber.name, byNumber.username));
    }
    if (draft.email) {
      const owner = school.byEmail.get(draft.email.toLowerCase());
      if (owner && owner.id !== match?.id) fail('email', IMPORT_MSG.emailTaken(owner.username));
    }
    if (draft.username && !match && taken.has(draft.username.toLowerCase())) fail('username', MSG.usernameTaken);
    const nisnHolder = draft.nisn ? school.byNisn.get(draft.nisn) : undefined;
    if (nisnHolder && nisnHolder.id !== match?.id) fail('nisn', MSG.nisnTaken(draft.nisn!, nisnHolder.name));

    if (match) seen.username.set(match.username.toLowerCase(), record.line);
    if (errors.length) continue;

    if (match) {
      const changes = changesOf(draft, match);
      row.userId = match.id;
      row.username = match.username;
      row.action = changes.length ? 'update' : 'unchanged';
      row.changes = changes.map((c) => IMPORT_COLUMN_LABELS[c]);
      if (draft.username) row.username = draft.username;
    } else {
      row.action = 'create';
    }
  }

  // Usernames for new rows without one: from the name, unique in the school and the file. The
  // number tried last for each base is remembered (the names taken only grow), so 5,000 rows of
  // one name cost 5,000 tries, not 12 million.
  const nextNumber = new Map<string, number>();
  for (const [i, row] of planned.entries()) {
    if (i % PLAN_SLICE === PLAN_SLICE - 1) await nextTurn();
    if (row.action !== 'create' || !row.draft) continue;
    if (!row.draft.username) {
      const base = usernameBase(row.draft.name);
      let n = nextNumber.get(base) ?? 1;
      let candidate = n === 1 ? base : `${base}${n}`;
      while (taken.has(candidate) || seen.username.has(candidate)) candidate = `${base}${++n}`;
      nextNumber.set(base, n);
      row.draft.username = candidate;
      row.username = candidate;
    }
    taken.add(row.draft.username.toLowerCase());
    if (!row.draft.password) row.generatedPassword = generatePassword();
  }
  return planned;
}
