import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's security headers on every response. They are the same for every request, so helmet's
 * middleware runs once at start-up against a stand-in response and the headers it sets are kept;
 * each request then only copies them. (`@fastify/helmet` rebuilds helmet, parsing the whole
 * policy, on every request: about a tenth of the server's CPU on a forum thread.)
 */
function securityHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return [...headers];
}

/**
 * The app's policy: only its own scripts, no framing of the app, no HSTS (TLS is the reverse proxy's
 * business). The pages may frame the app's own files (PDF preview) and YouTube's privacy-enhanced
 * player (link materials).
 */
const HEADERS = securityHeaders({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
});

/** Puts the security headers on a response (a route may still replace one, as file links do the policy). */
export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of HEADERS) res.setHeader(name, value);
}

export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    setSecurityHeaders(reply.raw);
    done();
  });
}
