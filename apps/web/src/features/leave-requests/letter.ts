import { LEAVE_FILE_MAX_MB, LEAVE_FILE_TYPES, LEAVE_MSG, MB, MSG } from '@kelasku/contract';
import { ApiError } from '../../lib/api-error';

/** What the letter's picker accepts (the server sniffs the bytes again). */
export const LETTER_ACCEPT: string[] = [...LEAVE_FILE_TYPES];
export const LETTER_MAX_BYTES = LEAVE_FILE_MAX_MB * MB;

/** Why a picked letter cannot be sent, with the server's own words; null when it can. */
export function letterProblem(file: File | null): string | null {
  if (!file) return LEAVE_MSG.fileRequired;
  if (file.size === 0) return MSG.fileEmpty;
  if (!(LEAVE_FILE_TYPES as readonly string[]).includes(file.type)) return LEAVE_MSG.fileType;
  if (file.size > LETTER_MAX_BYTES) return LEAVE_MSG.fileTooLarge;
  return null;
}

/** The drop zone's generic "wrong type" becomes the letter's own message. */
export const letterDropMessage = (message: string | null) => (message === MSG.fileType ? LEAVE_MSG.fileType : message);

/**
 * The message a refused letter shows under the picker: the server's `file` field message, or the
 * message of a 413/415 (a file the server refused as a whole); null for other failures.
 */
export function letterFailure(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  const field = err.errors.file?.[0];
  if (field) return field;
  return err.status === 413 || err.status === 415 ? err.message : null;
}

/** Today and tomorrow in WIB, for the form's first values. */
export function wibDay(offsetDays = 0, now: number = Date.now()): string {
  const d = new Date(now + 7 * 3600_000 + offsetDays * 86_400_000);
  return d.toISOString().slice(0, 10);
}
