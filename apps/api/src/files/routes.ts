import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { MSG, idParam } from '@kelasku/contract';
import type { App } from '../types.js';
import { storedFiles } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import { isInline } from './types.js';

function contentDisposition(inline: boolean, name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Parses a single "bytes=a-b" range; null for none, 'invalid' when it cannot be served. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
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
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/** Signed file links: open in a new tab without a bearer header; HTTP ranges for seeking video. */
export default async function fileRoutes(app: App) {
  app.get(
    '/files/:id',
    {
      schema: {
        tags: ['files'],
        summary: 'Read a stored file through a signed link (from a `file` or `avatar` field)',
        params: z.object({ id: idParam }),
        querystring: z.object({ e: z.coerce.number().int(), s: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { e, s } = request.query;
      if (!app.files.verify(id, e, s)) throw new HttpError(403, MSG.fileLinkInvalid);
      const [file] = await app.db.select().from(storedFiles).where(eq(storedFiles.id, id));
      if (!file) throw notFound();
      const etag = `"f${file.id}-${file.size}"`;
      reply
        .header('Accept-Ranges', 'bytes')
        .header('ETag', etag)
        .header('Cache-Control', 'private, max-age=600')
        .header('Content-Disposition', contentDisposition(isInline(file.mimeType), file.originalName))
        // A stored file never runs script in the app's origin, whatever it holds.
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox")
        .header('X-Content-Type-Options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const range = parseRange(request.headers.range, file.size);
      if (range === 'invalid') {
        return reply.code(416).header('Content-Range', `bytes */${file.size}`).send({ success: false, message: MSG.rangeInvalid });
      }
      reply.type(file.mimeType);
      if (range) {
        reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('Content-Length', range.end - range.start + 1);
        return reply.send(app.files.storage.read(file.storageKey, range));
      }
      reply.header('Content-Length', file.size);
      return reply.send(file.size === 0 ? '' : app.files.storage.read(file.storageKey));
    },
  );
}
