import { MSG, ROLE_IDS } from '@kelasku/contract';
import type { Executor } from '../db/client.js';
import { conflict } from '../http/errors.js';
import { nisnHolders } from './imports/queries.js';

/** A unique violation on the users table as the 409 that names the field. */
export function conflictForUnique(constraint: string) {
  if (constraint.includes('nisn')) return conflict(MSG.nisnUsed, 'nisn');
  return constraint.includes('email') ? conflict(MSG.emailTaken, 'email') : conflict(MSG.usernameTaken, 'username');
}

/** A student's NISN is unique in the school: another student's is the 409 naming them (the index backs it up). */
export async function checkNisnFree(db: Executor, roleId: number, nisn: string | null | undefined, userId: number | null) {
  if (roleId !== ROLE_IDS.student || !nisn) return;
  const holder = (await nisnHolders(db, [nisn])).get(nisn);
  if (holder && holder.userId !== userId) throw conflict(MSG.nisnTaken(nisn, holder.name), 'nisn');
}
