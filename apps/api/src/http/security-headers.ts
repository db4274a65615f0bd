import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { helmetHeaders } from './helmet-adapter.js';

/**
 * Helmet's security headers on every response. They are the same for every request, so helmet's
 * middleware runs once at start-up (helmet-adapter.ts) and the headers it sets are kept; each
 * request then only copies them. (`@fastify/helmet` rebuilds helmet, parsing the whole policy, on
 * every request: about a tenth of the server's CPU on a forum thread.)
 *
 * The app's policy: only its own scripts, no framing of the app, no HSTS (TLS is the reverse proxy's
 * business). The pages may frame the app's own files (PDF preview) and YouTube's privacy-enhanced
 * player (link materials), and show YouTube's thumbnails (i.ytimg.com).
 */
const HEADERS = helmetHeaders({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // YouTube materials show the video's thumbnail until tapped (issue 42).
      imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
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
