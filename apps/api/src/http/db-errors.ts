/** Reads PostgreSQL error details through Drizzle's wrapper, the same on PGlite and node-postgres. */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof o.code === 'string' && /^[0-9A-Z]{5}$/.test(o.code)) return { code: o.code, constraint: o.constraint };
    e = o.cause;
  }
  return {};
}

/** The constraint a unique violation hit, or null when the error is something else. */
export function uniqueViolation(err: unknown): string | null {
  const { code, constraint } = pgError(err);
  return code === '23505' ? (constraint ?? '') : null;
}

export const isForeignKeyViolation = (err: unknown) => pgError(err).code === '23503';

/**
 * The database cannot be reached (its server died, restarts, or refuses connections): the request
 * did nothing wrong and may be tried again shortly. node-postgres gives the socket's errno, the server
 * its SQLSTATE class 08 (connection) or 57P (shutting down, starting up), or a connection that ended.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const o = e as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown };
    if (typeof o.code === 'string' && /^(08|57P)/.test(o.code)) return true;
    // A socket that cannot connect (a stored file's ENOENT has no connect syscall, and stays a 500).
    if (o.syscall === 'connect' && (o.code === 'ECONNREFUSED' || o.code === 'ENOENT')) return true;
    if (typeof o.message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect)/.test(o.message)) return true;
    e = o.cause;
  }
  return false;
}
