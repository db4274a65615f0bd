import { z } from 'zod';
import { LIMITS, errorEnvelope } from '@kelasku/contract';
import type { App } from '../types.js';

const tags = ['files'];
const uploadParams = z.object({ id: z.string().max(64) });
const empty = z.any();

/**
 * The tus 1.0.0 endpoint for resumable uploads (files/resumable.ts; docs/features/uploads.md), for any
 * logged-in user. The bytes go as `application/offset+octet-stream`, read as they come.
 */
export default async function uploadRoutes(app: App) {
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  app.post(
    '/uploads',
    {
      schema: {
        tags,
        summary:
          'Create a resumable upload (tus 1.0.0, creation extension): `Tus-Resumable: 1.0.0`, `Upload-Length` (bytes, at most 50 MB: ' +
          'else 413) and `Upload-Metadata` with `filename` (its extension must be an allowed type: else 415). 201 with `Location: ' +
          '/api/uploads/{id}`. At most 20 unfinished uploads per user (429). An upload not used within 24 hours is deleted.',
        response: {
          201: empty,
          400: errorEnvelope,
          413: errorEnvelope,
          415: errorEnvelope,
          422: errorEnvelope,
          429: errorEnvelope,
          507: errorEnvelope,
        },
      },
    },
    (request, reply) => app.uploads.create(request, reply),
  );

  const own = { 404: errorEnvelope, 415: errorEnvelope };
  app.head(
    '/uploads/:id',
    {
      schema: {
        tags,
        summary: 'How much of the upload the server has (`Upload-Offset`, `Upload-Length`): resume from there. Another user’s id: 404.',
        params: uploadParams,
        response: { 200: empty, ...own },
      },
    },
    (request, reply) => app.uploads.handle(request, reply),
  );
  app.patch(
    '/uploads/:id',
    {
      schema: {
        tags,
        summary:
          'Send bytes from `Upload-Offset` (must equal the server’s: else 409) as `application/offset+octet-stream`; 204 with the new ' +
          '`Upload-Offset`. A cut request keeps what arrived. The first bytes decide the type: a file whose content is not an ' +
          'allowed type (or not what its name says) is refused with 415 at once, and its upload deleted. When complete, send the ' +
          'id as the `upload` field of a form (a hand-in, a material) in place of a file.',
        params: uploadParams,
        // 507: the server's disk is full; the upload is deleted with what arrived (docs/features/uploads.md#faults).
        response: { 204: empty, 409: errorEnvelope, 413: errorEnvelope, 507: errorEnvelope, ...own },
      },
    },
    (request, reply) => app.uploads.handle(request, reply),
  );
  app.delete(
    '/uploads/:id',
    {
      schema: {
        tags,
        summary: 'Cancel an upload and delete what arrived (tus termination): 204.',
        params: uploadParams,
        response: { 204: empty, ...own },
      },
    },
    (request, reply) => app.uploads.handle(request, reply),
  );
}

/**
 * The tus extensions this server really offers: creation (with the length known, no upload in the
 * creation request, no concatenation) and termination. Unused uploads are deleted after a day by a
 * job, without the `Upload-Expires` header the expiration extension would need.
 */
export const TUS_EXTENSIONS = 'creation,termination';

/**
 * OPTIONS /api/uploads without a session (tus 1.0.0 discovery): the version, the extensions and the
 * largest upload. Same origin only: no CORS headers.
 */
export async function uploadDiscoveryRoutes(app: App) {
  app.options(
    '/uploads',
    {
      schema: {
        tags,
        summary:
          'tus discovery (no token needed): 204 with `Tus-Resumable: 1.0.0`, `Tus-Version: 1.0.0`, `Tus-Extension: ' +
          `${TUS_EXTENSIONS}\` and \`Tus-Max-Size\` (${LIMITS.fileBytes} bytes, 50 MB).`,
        security: [],
        response: { 204: empty },
      },
    },
    async (_request, reply) =>
      reply
        .code(204)
        .header('Tus-Resumable', '1.0.0')
        .header('Tus-Version', '1.0.0')
        .header('Tus-Extension', TUS_EXTENSIONS)
        .header('Tus-Max-Size', String(LIMITS.fileBytes))
        .header('Cache-Control', 'no-store')
        .send(),
  );
}
