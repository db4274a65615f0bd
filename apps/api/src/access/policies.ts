/**
 * Who may do what to an object already within reach (the loaders of index.ts decide the reach).
 * Each policy answers yes or no — or, where a reply shows the answer too, its refusal (the 403's
 * message, null when allowed) — so the route's 403 and the reply's `can_*` flag come from one
 * statement of the rule (a comment's `can_edit` and `can_delete`). `authorize` turns a no into the
 * 403 with its message, `enforce` a refusal into the 403 with that message.
 */
import { FORUM_MSG, LIMITS, ROLE_IDS } from '@kelasku/contract';
import { forbidden } from '../http/errors.js';
import type { AuthUser } from '../types.js';

/** Throws the 403 with this message unless the policy allowed it. */
export function authorize(allowed: boolean, message: string): void {
  if (!allowed) throw forbidden(message);
}

/** Throws the 403 with the policy's refusal, if it refused (null: allowed). */
export function enforce(refusal: string | null): void {
  if (refusal !== null) throw forbidden(refusal);
}

/**
 * Deleting a forum comment: its author, or the class's teacher (a teacher only ever reaches their
 * own classes). The refusal, or null. A deleted comment is out of reach (404) before this is asked.
 */
export const commentDeleteRefusal = (user: AuthUser, comment: { authorId: number }): string | null =>
  user.id === comment.authorId || user.role === 'teacher' ? null : FORUM_MSG.commentNotOwn;

const EDIT_WINDOW_MS = LIMITS.commentEditMinutes * 60_000;

/** Whether the edit window of a comment posted at `createdAt` is still open at `now`. */
const withinEditWindow = (createdAt: Date, now: number): boolean => now - createdAt.getTime() < EDIT_WINDOW_MS;

/**
 * Changing a forum comment's text: its author only, within LIMITS.commentEditMinutes of posting.
 * The refusal, or null. A deleted comment is out of reach (404) before this is asked.
 */
export function commentEditRefusal(user: AuthUser, c: { authorId: number; createdAt: Date }, now = Date.now()): string | null {
  if (c.authorId !== user.id) return FORUM_MSG.commentEditNotOwn;
  if (!withinEditWindow(c.createdAt, now)) return FORUM_MSG.commentEditExpired;
  return null;
}

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
  if (user.roleId === ROLE_IDS.teacher) return ['nip', 'nik'];
  if (user.roleId === ROLE_IDS.student) return ['rombel', 'nis', 'nisn'];
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
    return !(user.roleId === ROLE_IDS.student && now === null);
  });
}

/** An admin changes any account's role and status, but does not demote or deactivate their own. */
export const mayChangeRoleOrStatus = (actor: AuthUser, targetId: number, change: { role?: number; status?: number }): boolean =>
  targetId !== actor.id || ((change.role === undefined || change.role === actor.roleId) && change.status !== 0);

/** An admin deletes any account but their own. */
export const mayDeleteUser = (actor: AuthUser, targetId: number): boolean => targetId !== actor.id;
