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
