import type { FastifyReply, FastifyRequest } from 'fastify';
import { FILE_MSG, MSG, ROLE_BY_ID, errorEnvelope, fileLink, ok } from '@kelasku/contract';
import { z } from 'zod';
import type { App } from '../../types.js';
import { userForTokenId } from '../../auth/tokens.js';
import { HttpError } from '../../http/errors.js';
import { attachment, linkPage, opensInTab } from '../../http/download.js';
import { backupFileName } from '../../backup/format.js';
import { backupStream } from '../../backup/write.js';
import { recordAudit, type AuditSource } from '../../audit/record.js';

/** A download link only has to start the download: five minutes. */
const LINK_SECONDS = 300;
const linkSubject = (tokenId: number) => `backup:${tokenId}`;

const summary =
  'The whole school as one archive (gzip’d tar), streamed: a consistent snapshot of every table (one REPEATABLE READ ' +
  'transaction) and every stored file it names, with manifest.json first and checksums.json last; restore it with ' +
  '`npm run restore -- FILE` into an empty data folder or database. Named "kelasku-cadangan-YYYYMMDD-HHmm.tar.gz" (WIB).';

/**
 * Streams the archive. The handler lasts as long as the download, so a shutdown waits for it
 * (http/in-flight.ts); when the client goes away the backup stops and its connection is released.
 */
async function sendBackup(app: App, request: FastifyRequest, reply: FastifyReply, who: AuditSource['user'] = request.user) {
  const log = request.log;
  const name = backupFileName();
  // The download is in the audit log before the first byte leaves (and so in the backup's own snapshot).
  await recordAudit(
    app.db,
    { ip: request.ip, user: who },
    { action: 'backup.download', targetType: 'backup', summary: name, after: { file: name } },
  );
  const { stream, done } = backupStream(
    { pool: app.database.pool, storage: app.files.storage, kind: app.database.kind },
    { reporter: { progress: (line) => log.debug(line.trim()), warn: (line) => log.warn(line) } },
  );
  void reply.header('cache-control', 'no-store');
  attachment(reply, 'application/gzip', name, stream);
  try {
    const s = await done;
    log.info({ tables: s.tables, rows: s.rows, files: s.files, fileBytes: s.fileBytes, missing: s.missing.length }, 'backup streamed');
  } catch (err) {
    log.warn({ err }, 'backup ended before the end (client gone or a failure)');
  }
  return reply;
}

/** GET /api/admin/backup and POST /api/admin/backup/link: "Unduh cadangan". */
export default async function backupRoutes(app: App): Promise<void> {
  const tags = ['admin'];
  app.get(
    '/backup',
    {
      config: { expensive: 'backup' },
      schema: {
        tags,
        summary: `${summary} With the bearer token; browsers use the signed link of POST /api/admin/backup/link instead.`,
        response: { 200: z.any().describe('application/gzip: kelasku-cadangan-YYYYMMDD-HHmm.tar.gz') },
      },
    },
    async (request, reply) => sendBackup(app, request, reply),
  );

  app.post(
    '/backup/link',
    {
      schema: {
        tags,
        summary:
          'A signed link (`data.url`, five minutes, tied to this session) to download the backup without a bearer header, so ' +
          "the browser streams it to disk with its own progress instead of holding it in the tab's memory. Logging out ends the link.",
        response: { 200: ok(fileLink) },
      },
    },
    async (request) => {
      const exp = Math.floor(Date.now() / 1000) + LINK_SECONDS;
      const t = request.user.tokenId;
      const sig = app.files.signFor(linkSubject(t), exp);
      return { success: true as const, data: { url: `/api/downloads/backup?t=${t}&e=${exp}&s=${sig}` } };
    },
  );
}

const linkQuery = z.object({
  t: z.string().max(12).optional(),
  e: z.string().max(20).optional(),
  s: z.string().max(100).optional(),
});

/** GET /api/downloads/backup: the signed link of POST /api/admin/backup/link (no bearer header). */
export async function backupLinkRoutes(app: App): Promise<void> {
  app.get(
    '/downloads/backup',
    {
      schema: {
        tags: ['admin'],
        summary:
          `${summary} Opened through a signed link from POST /api/admin/backup/link: an altered link, one whose session has ` +
          'ended or whose user is no longer an admin answers 403, an expired one 410 (a browser tab gets a small Indonesian page).',
        security: [],
        querystring: linkQuery,
        response: { 200: z.any().describe('application/gzip'), 403: errorEnvelope, 410: errorEnvelope },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      const { t, e, s } = request.query;
      const tokenId = t !== undefined && /^\d{1,10}$/.test(t) ? Number(t) : NaN;
      const exp = e !== undefined && /^\d{1,15}$/.test(e) ? Number(e) : NaN;
      let state = s && Number.isInteger(tokenId) ? app.files.checkSigned(linkSubject(tokenId), exp, s) : 'invalid';
      const session = state === 'valid' ? await userForTokenId(app.db, tokenId) : null;
      // The session must still be live, its user still an admin, and not held at the new-password form.
      if (state === 'valid' && (!session || ROLE_BY_ID[session.roleId] !== 'admin' || session.mustChangePassword)) state = 'invalid';
      if (state !== 'valid') {
        const status = state === 'expired' ? 410 : 403;
        if (opensInTab(request)) return linkPage(reply, status, state === 'expired' ? FILE_MSG.linkExpiredPage : FILE_MSG.linkInvalidPage);
        throw new HttpError(status, MSG.fileLinkInvalid);
      }
      // One expensive call at a time per user, and the backup rate (http/limits.ts), as with the bearer token.
      return app.limits.run(reply, session!.id, 'backup', () => sendBackup(app, request, reply, session!));
    },
  );
}
