import { z } from 'zod';
import { errorEnvelope } from '@kelasku/contract';
import type { App } from '../types.js';

const tags = ['files'];
const uploadParams = z.object({ id: z.string().max(64) });
const empty = z.any();

/**
 * The tus 1.0.0 endpoint for resumable uploads (files/resumable.ts; docs/uploads.md), for any
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
        response: { 201: empty, 400: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope, 429: errorEnvelope },
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
        response: { 204: empty, 409: errorEnvelope, 413: errorEnvelope, ...own },
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
