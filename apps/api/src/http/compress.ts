import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const gzip = promisify(zlib.gzip);

/** Replies smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** Whether the request's Accept-Encoding takes gzip (explicitly, or through `*`), honouring q=0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star: boolean | null = null;
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const wanted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'gzip') return wanted;
    if (name === '*') star = wanted;
  }
  return star === true;
}

/**
 * JSON replies of 1 KB and more are gzipped for a browser that accepts it (a student's class list:
 * 33 KB becomes under 2 KB on the school's Wi-Fi). Compression runs on libuv's thread pool, off
 * the event loop. Files are streams and are left alone (the built web app is served
 * pre-compressed, see app.ts); so are replies that already have an encoding.
 */
export function installJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // Characters, not bytes: cheaper to read, and never more than the bytes.
    if (typeof payload !== 'string' || payload.length < COMPRESS_MIN_BYTES) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/\baccept-encoding\b/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
    if (!acceptsGzip(request.headers['accept-encoding'])) return payload;
    reply.header('content-encoding', 'gzip');
    reply.removeHeader('content-length');
    return gzip(payload, { level: 6 });
  });
}
