import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@kelasku/contract';
import { HttpError, isStorageFull, type FieldErrors } from './errors.js';
import { isDatabaseUnavailable, pgError } from './db-errors.js';

const byStatus: Record<number, string> = {
  400: MSG.malformed,
  401: MSG.unauthenticated,
  403: MSG.forbidden,
  404: MSG.notFound,
  405: MSG.routeNotFound,
  406: MSG.malformed,
  413: MSG.tooLarge,
  415: 'Tipe konten tidak didukung.',
  422: MSG.invalid,
  429: MSG.loginRateLimited,
};

/** Fastify and plugin error codes that mean "the request was too large". */
const tooLargeCodes = new Set([
  'FST_ERR_CTP_BODY_TOO_LARGE',
  'FST_REQ_FILE_TOO_LARGE',
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
]);

function zodIssuesToFields(
  issues: ReadonlyArray<{ instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } }>,
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const p = issue.params?.issue?.path;
    const key = (p && p.length ? p.map(String).join('.') : issue.instancePath?.replace(/^\//, '').replace(/\//g, '.')) || '_';
    (out[key] ??= []).push(issue.message ?? MSG.invalid);
  }
  return out;
}

/** What the error handler tells the rest of the app (given by app.ts, so http/ imports no feature). */
export interface ErrorHandlerHooks {
  /** An upload failed on a full storage: the admins hear of it (features/notifications/events.ts). */
  storageFull(): Promise<unknown>;
}

/** One error handler: every failure leaves as { success: false, message, errors? }. */
export function installErrorHandler(app: FastifyInstance, hooks: ErrorHandlerHooks): void {
  app.setErrorHandler(async (err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ success: false, message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    // A full disk (or quota): the upload was not kept (the reader removed what it had written). The
    // operator hears of it in the log and the admins by a notice (at most one an hour); the user is
    // told it is the server's storage, not their connection.
    if (isStorageFull(err)) {
      request.log.error({ err, url: request.url.replace(/\?.*$/, '') }, 'storage full: upload not stored');
      await hooks.storageFull();
      // The rest of the upload is not wanted: the connection closes after the answer.
      return reply.code(507).header('Connection', 'close').send({ success: false, message: MSG.storageFull });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      if (err.validationContext === 'params') {
        return reply.code(404).send({ success: false, message: MSG.notFound });
      }
      const errors = zodIssuesToFields(err.validation as never);
      const message = Object.values(errors)[0]?.[0] ?? MSG.invalid;
      return reply.code(422).send({ success: false, message, errors });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err: err.cause, url: request.url }, 'response does not match its schema');
      return reply.code(500).send({ success: false, message: MSG.internal });
    }
    const code = err.code ?? '';
    if (tooLargeCodes.has(code)) {
      return reply.code(413).send({ success: false, message: MSG.tooLarge });
    }
    // A value the database cannot store (a NUL character in text, a number out of its range): bad input, nothing written.
    if (pgError(err).code?.startsWith('22')) {
      return reply.code(422).send({ success: false, message: MSG.invalid });
    }
    // The database is gone for a moment (the embedded server restarts after a crash): 503, try again.
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ url: request.url.replace(/\?.*$/, '') }, 'database unavailable: answered 503');
      return reply.code(503).header('Retry-After', '5').send({ success: false, message: MSG.unavailable });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, message: byStatus[status] ?? MSG.malformed });
    }
    request.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ success: false, message: MSG.internal });
  });
}
