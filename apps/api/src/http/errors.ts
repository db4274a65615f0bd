import { MSG } from '@kelasku/contract';

export type FieldErrors = Record<string, string[]>;

/** A failure the client caused or may see; turned into the envelope by the one error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = MSG.malformed) => new HttpError(400, message);
export const unauthorized = () => new HttpError(401, MSG.unauthenticated);
export const forbidden = (message: string = MSG.forbidden) => new HttpError(403, message);
export const notFound = () => new HttpError(404, MSG.notFound);
/** 409 for a value that must be unique or a state that forbids the change; names the field when there is one. */
export const conflict = (message: string, field?: string) => new HttpError(409, message, field ? { [field]: [message] } : undefined);
export const tooLarge = (message: string = MSG.tooLarge) => new HttpError(413, message);
export const unsupportedType = (message: string = MSG.fileType, field?: string) =>
  new HttpError(415, message, field ? { [field]: [message] } : undefined);
/** 422 for one or more invalid fields; the first message becomes the envelope's message. */
export const invalid = (errors: FieldErrors) => new HttpError(422, Object.values(errors)[0]?.[0] ?? MSG.invalid, errors);
/** The field errors of a failed zod parse: one message list per field path ("_" for the whole form). */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) (errors[issue.path.map(String).join('.') || '_'] ??= []).push(issue.message);
  return errors;
}
export const invalidField = (field: string, message: string) => invalid({ [field]: [message] });
export const tooManyRequests = (message: string) => new HttpError(429, message);

/** Error codes of a full file system (ENOSPC) or a full disk quota (EDQUOT). */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** True for a write the storage refused because it is full: answered 507 by the error handler, which also tells the admins. */
export const isStorageFull = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && STORAGE_FULL_CODES.has(String((err as { code?: unknown }).code));

/** The error to throw where a library reported a full storage without the file system's own error (files/resumable.ts). */
export const storageFullError = (): Error => Object.assign(new Error('no space left in the storage'), { code: 'ENOSPC' });
