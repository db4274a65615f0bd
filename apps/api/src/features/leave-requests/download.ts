/** Sending the letter of a request (the caller has reached the request already). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../types.js';
import { contentDisposition } from '../../http/download.js';
import { notFound } from '../../http/errors.js';
import { letterFile } from './queries.js';

/**
 * Streams the letter with its stored type (decided by its content at upload), as an attachment
 * under its original name, never sniffed or run by the browser. 404 when the request has none.
 */
export async function sendLetter(app: App, request: FastifyRequest, reply: FastifyReply, fileId: number | null) {
  const file = await letterFile(app.db, fileId);
  if (!file) throw notFound();
  let body;
  try {
    body = await app.files.storage.open(file.storageKey);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    request.log.error({ fileId: file.id }, 'stored letter is missing from storage');
    throw notFound();
  }
  reply.raw.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
  return reply
    .type(file.mimeType)
    .header('Content-Disposition', contentDisposition(false, file.originalName))
    .header('Content-Length', file.size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .send(body);
}
