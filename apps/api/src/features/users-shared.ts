import { MSG } from '@kelasku/contract';
import { conflict } from '../http/errors.js';

/** A unique violation on the users table as the 409 that names the field. */
export function conflictForUnique(constraint: string) {
  return constraint.includes('email') ? conflict(MSG.emailTaken, 'email') : conflict(MSG.usernameTaken, 'username');
}
