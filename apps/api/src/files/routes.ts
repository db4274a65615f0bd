import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { FILE_MSG, MSG, errorEnvelope, fileLink, fileLinkParams, idParam, ok } from '@kelasku/contract';
import type { App } from '../types.js';
import { storedFiles } from '../db/schema.js';
import { fileFor, fileOfLink } from '../access/index.js';
import { HttpError, notFound } from '../http/errors.js';
import { contentDisposition, linkPage, opensInTab } from '../http/download.js';
import { isInline } from './types.js';

/**
 * Reads a single "bytes=a-b" range. null: serve the whole file (no header, or a form this server
 * may ignore such as several ranges); 'invalid': the range lies outside the file (416).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  if (m[1] === '' && m[2] === '') return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return null;
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/** True when an If-None-Match header names this entity tag (a list, weak tags and * included). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * What a stored file may do when the browser opens it. Nothing runs script in the app's origin:
 * every file is a sandboxed document without network access, except a PDF, which browsers show
 * in their own isolated viewer and which Chromium and Safari refuse to show in a sandbox.
 */
function securityPolicy(mime: string): string {
  if (mime === 'application/pdf') return "frame-ancestors 'self'";
  return "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";
}

/** The bytes of a file; documented only, never serialized (a stream is sent as it is). */
const fileBytes = z.any();

const linkQuery = z.object({ u: z.string().max(20).optional(), e: z.string().max(20).optional(), s: z.string().max(100).optional() });

/** Signed file links: open in a new tab without a bearer header; HTTP ranges for seeking video. */
export default async function fileRoutes(app: App) {
  app.get(
    '/files/:id',
    {
      schema: {
        tags: ['files'],
        summary:
          'Read a stored file through the signed link found in a `file` or `avatar` field (no bearer token needed). ' +
          'Supports `Range: bytes=a-b` (206) and `If-None-Match` (304). A link names the user it was made for (`u`; avatars: none) and ' +
          'opens only while that user still sees the file’s parent (not hidden, not scheduled, not deleted, class not archived away ' +
          'from them): else 404. An altered link answers 403, an expired one 410, a link to a file that is gone 404: to a browser tab (Accept: text/html) as a small Indonesian HTML page with a link back to the app, otherwise ' +
          'as the JSON envelope. Get a fresh link from `GET /api/files/{fileId}/link` when the user clicks.',
        security: [],
        params: z.object({ id: idParam }),
        querystring: linkQuery,
        response: {
          200: fileBytes.describe('The whole file, with its type and original name (Content-Disposition)'),
          206: fileBytes.describe('The requested byte range (Content-Range)'),
          304: fileBytes.describe('Not modified'),
          403: errorEnvelope,
          404: errorEnvelope,
          410: errorEnvelope,
          416: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { u, e, s } = request.query;
      const exp = e !== undefined && /^\d{1,15}$/.test(e) ? Number(e) : NaN;
      const userId = u === undefined ? null : /^\d{1,9}$/.test(u) ? Number(u) : NaN;
      const link = s && !Number.isNaN(userId) ? app.files.check(id, userId, exp, s) : 'invalid';
      if (link !== 'valid') {
        const status = link === 'expired' ? 410 : 403;
        if (opensInTab(request)) return linkPage(reply, status, link === 'expired' ? FILE_MSG.linkExpiredPage : FILE_MSG.linkInvalidPage);
        throw new HttpError(status, MSG.fileLinkInvalid);
      }
      const [file] = await app.db.select().from(storedFiles).where(eq(storedFiles.id, id));
      if (!file) {
        if (opensInTab(request)) return linkPage(reply, 404, FILE_MSG.fileGonePage);
        throw notFound();
      }
      // The parent must still be visible to the user the link was made for (the JSON routes' rule).
      const allowed = await fileOfLink(app.db, userId, id).then(
        () => true,
        (err: unknown) => {
          if (err instanceof HttpError && err.statusCode === 404) return false;
          throw err;
        },
      );
      if (!allowed) {
        if (opensInTab(request)) return linkPage(reply, 404, FILE_MSG.linkInvalidPage);
        throw notFound();
      }
      const range = parseRange(request.headers.range, file.size);
      const etag = `"f${file.id}-${file.size}"`;
      reply
        .header('Accept-Ranges', 'bytes')
        .header('ETag', etag)
        .header('Cache-Control', 'private, max-age=600')
        .header('X-Content-Type-Options', 'nosniff');
      // Replaces the app's page policy (set by helmet on every response).
      reply.raw.setHeader('Content-Security-Policy', securityPolicy(file.mimeType));
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      if (range === 'invalid') {
        return reply.code(416).header('Content-Range', `bytes */${file.size}`).send({ success: false, message: MSG.rangeInvalid });
      }
      let body;
      try {
        body = file.size === 0 ? null : await app.files.storage.open(file.storageKey, range ?? undefined);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        request.log.error({ fileId: file.id }, 'stored file is missing from storage');
        throw notFound();
      }
      reply
        // Text is read as UTF-8 (what today's editors write) instead of the browser's guess.
        .type(file.mimeType.startsWith('text/') ? `${file.mimeType}; charset=utf-8` : file.mimeType)
        .header('Content-Disposition', contentDisposition(isInline(file.mimeType), file.originalName));
      if (range) {
        reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('Content-Length', range.end - range.start + 1);
      } else {
        reply.header('Content-Length', file.size);
      }
      return reply.send(body ?? '');
    },
  );
}

/** GET /api/files/:fileId/link (any logged-in user): the browser asks for a fresh link when the user clicks a file. */
export async function fileLinkRoutes(app: App) {
  app.get(
    '/files/:fileId/link',
    {
      schema: {
        tags: ['files'],
        summary:
          'A fresh signed link (`data.url`) to open a stored file in a new tab, minted when the user clicks, so a page left open for hours ' +
          'never opens an expired link. Only for a file whose parent the caller may see: an avatar (any logged-in user), a material of a ' +
          'class the caller teaches or whose rombel is theirs, a submission the caller handed in or whose class they teach. Anything else ' +
          'is 404, so an id reveals nothing.',
        params: fileLinkParams,
        response: { 200: ok(fileLink), 404: errorEnvelope },
      },
    },
    async (request) => {
      await fileFor(app.db, request.user, request.params.fileId);
      return { success: true as const, data: { url: app.files.forUser(request.user.id).url(request.params.fileId) } };
    },
  );
}
