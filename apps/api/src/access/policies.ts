/**
 * Who may do what to an object already within reach (the loaders of index.ts decide the reach).
 * Each policy answers yes or no, so a reply can also say what the user may do (a comment's
 * `can_delete`); `authorize` turns a no into the 403 with its message.
 */
import { LIMITS } from '@kelasku/contract';
import { forbidden } from '../http/errors.js';
import type { AuthUser } from '../types.js';

/** Throws the 403 with this message unless the policy allowed it. */
export function authorize(allowed: boolean, message: string): void {
  if (!allowed) throw forbidden(message);
}

/** A forum comment: its author, or the class's teacher (a teacher only ever reaches their own classes). */
export const mayDeleteComment = (user: AuthUser, comment: { authorId: number }): boolean =>
  user.id === comment.authorId || user.role === 'teacher';

const EDIT_WINDOW_MS = LIMITS.commentEditMinutes * 60_000;

/** Whether the edit window of a comment posted at `createdAt` is still open at `now`. */
export const withinEditWindow = (createdAt: Date, now = Date.now()): boolean => now - createdAt.getTime() < EDIT_WINDOW_MS;

/** A forum comment's text: its author only, while it lives and within LIMITS.commentEditMinutes of posting. */
export const mayEditComment = (
  user: AuthUser,
  c: { authorId: number; createdAt: Date; deletedAt: Date | null },
  now = Date.now(),
): boolean => c.deletedAt === null && c.authorId === user.id && withinEditWindow(c.createdAt, now);

/** A profile: one's own only. */
export const mayEditProfile = (user: AuthUser, profileId: number): boolean => user.id === profileId;

/** The fields the school owns: a student's rombel, NIS and NISN, a teacher's NIP and NIK. */
export const SCHOOL_FIELDS = ['rombel', 'nis', 'nisn', 'nip', 'nik'] as const;
export type SchoolField = (typeof SCHOOL_FIELDS)[number];

/**
 * The school-owned fields a user's own profile form writes: a teacher their NIP and NIK, a student
 * their rombel, NIS and NISN; an admin none. (An admin sets anyone's through the user form.)
 */
export function schoolFieldsOfOwnProfile(user: AuthUser): readonly SchoolField[] {
  if (user.roleId === 2) return ['nip', 'nik'];
  if (user.roleId === 3) return ['rombel', 'nis', 'nisn'];
  return [];
}

/**
 * The school-owned fields the user's own profile form would change and may not (DECISIONS): sending
 * the value a field already has is no change, and a student completing the profile fills an empty
 * one once. Empty when the form may be saved.
 */
export function refusedSchoolFieldChanges(
  user: AuthUser,
  current: Partial<Record<SchoolField, unknown>>,
  wanted: Partial<Record<SchoolField, unknown>>,
): SchoolField[] {
  return schoolFieldsOfOwnProfile(user).filter((field) => {
    const now = current[field] ?? null;
    if ((wanted[field] ?? null) === now) return false;
    return !(user.roleId === 3 && now === null);
  });
}

/** An admin changes any account's role and status, but does not demote or deactivate their own. */
export const mayChangeRoleOrStatus = (actor: AuthUser, targetId: number, change: { role?: number; status?: number }): boolean =>
  targetId !== actor.id || ((change.role === undefined || change.role === actor.roleId) && change.status !== 0);

/** An admin deletes any account but their own. */
export const mayDeleteUser = (actor: AuthUser, targetId: number): boolean => targetId !== actor.id;
