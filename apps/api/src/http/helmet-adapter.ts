import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The one place that relies on helmet's internals: its middleware is run once, at start-up, against
 * a stand-in response, and the headers it sets are kept (http/security-headers.ts copies them onto
 * every response). What the stand-in assumes (checked by test/library-adapters.test.ts, so an
 * upgrade that changes it fails there and not on a school's server):
 * - the middleware only calls `res.setHeader` and `res.removeHeader`, and reads nothing of the request
 *   (no directive given as a function), so the headers are the same for every request;
 * - it has finished, calling `next` (with an error, if any), before it returns.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let finished = false;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    finished = true;
    failure = err;
  });
  if (failure) throw failure;
  if (!finished) throw new Error('helmet did not finish at once: its headers cannot be computed once at start-up');
  return [...headers];
}
