import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  FILE_MSG,
  MSG,
  ROLE_BY_ID,
  SUBMISSION_ZIP_MSG,
  SUBMISSION_ZIP_NAMES,
  assignmentParams,
  errorEnvelope,
  fileLink,
  ok,
} from '@kelasku/contract';
import { z } from 'zod';
import type { App, AuthUser } from '../../types.js';
import { assignmentFor } from '../../access/index.js';
import { userForTokenId } from '../../auth/tokens.js';
import { HttpError, conflict } from '../../http/errors.js';
import { attachment, linkPage, opensInTab } from '../../http/download.js';
import { zipStream } from '../../files/zip.js';
import { handedInFiles } from './queries.js';
import { zipEntries } from './present.js';
import { safeSegment } from './names.js';

type ZipParams = z.infer<typeof assignmentParams>;

const PATH = '/online-classes/:classId/contents/:lessonId/assignments/:id/submissions.zip';
/** A download link only has to start the download: five minutes. */
const LINK_SECONDS = 300;
const linkSubject = (p: ZipParams, tokenId: number) => `zip:${p.classId}:${p.lessonId}:${p.id}:${tokenId}`;

const zipSummary =
  'Every handed-in submission as one ZIP, streamed: a folder per student ("NIS - Nama"), the files of the current version and ' +
  'the text answer as Jawaban.txt. Students who have not handed in (or unsubmitted) are left out. 409 when nobody has handed in.';

/** The handed-in work of an assignment the user may read (404 otherwise, 409 when nobody handed in). */
async function zipOf(app: App, user: AuthUser, params: ZipParams) {
  const { klass, assignment } = await assignmentFor(app.db, user, params, 'read');
  const entries = zipEntries(await handedInFiles(app.db, assignment.id, klass.archivedAt ? null : klass.rombelClassId));
  if (entries.length === 0) throw conflict(SUBMISSION_ZIP_MSG.empty);
  return { assignment, entries };
}

/** Streams the ZIP; the handler lasts as long as the download, so a shutdown waits for it (http/in-flight.ts). */
async function sendZip(app: App, request: FastifyRequest, reply: FastifyReply, zip: Awaited<ReturnType<typeof zipOf>>) {
  const { stream, done } = zipStream(app.files.storage, zip.entries, request.log);
  attachment(reply, 'application/zip', `${safeSegment(zip.assignment.title, 'Tugas', 150)}${SUBMISSION_ZIP_NAMES.suffix}`, stream);
  await done;
  return reply;
}

/** GET /api/teacher/…/submissions.zip and POST …/submissions.zip/link: "Unduh semua (ZIP)". */
export default async function submissionZipRoutes(app: App): Promise<void> {
  const tags = ['teacher: grading'];
  app.get(
    PATH,
    {
      config: { expensive: 'zip' },
      schema: {
        tags,
        summary: `${zipSummary} With the bearer token; browsers use the signed link of POST …/submissions.zip/link instead.`,
        params: assignmentParams,
        response: {
          200: z.any().describe('application/zip, named "<judul tugas> - Pengumpulan.zip"'),
          404: errorEnvelope,
          409: errorEnvelope,
        },
      },
    },
    async (request, reply) => sendZip(app, request, reply, await zipOf(app, request.user, request.params)),
  );

  app.post(
    `${PATH}/link`,
    {
      schema: {
        tags,
        summary:
          'A signed link (`data.url`, five minutes, tied to this session) to download the ZIP without a bearer header, so the ' +
          "browser streams a large ZIP to disk with its own progress instead of holding it in the tab's memory. 409 when nobody " +
          'has handed in; logging out ends the link.',
        params: assignmentParams,
        response: { 200: ok(fileLink), 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      await zipOf(app, request.user, request.params);
      const p = request.params;
      const exp = Math.floor(Date.now() / 1000) + LINK_SECONDS;
      const t = request.user.tokenId;
      const sig = app.files.signFor(linkSubject(p, t), exp);
      const url = `/api/downloads/online-classes/${p.classId}/contents/${p.lessonId}/assignments/${p.id}/submissions.zip?t=${t}&e=${exp}&s=${sig}`;
      return { success: true as const, data: { url } };
    },
  );
}

const linkQuery = z.object({
  t: z.string().max(12).optional(),
  e: z.string().max(20).optional(),
  s: z.string().max(100).optional(),
});

/** GET /api/downloads/…/submissions.zip: the signed link of POST …/submissions.zip/link (no bearer header). */
export async function submissionZipLinkRoutes(app: App): Promise<void> {
  app.get(
    `/downloads${PATH}`,
    {
      schema: {
        tags: ['teacher: grading'],
        summary:
          `${zipSummary} Opened through a signed link from POST …/submissions.zip/link: an altered link or one whose session has ` +
          'ended answers 403, an expired one 410 (a browser tab gets a small Indonesian page).',
        security: [],
        params: assignmentParams,
        querystring: linkQuery,
        response: {
          200: z.any().describe('application/zip'),
          403: errorEnvelope,
          404: errorEnvelope,
          409: errorEnvelope,
          410: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      // Like every authenticated answer: never kept by a shared lab computer's browser.
      reply.header('Cache-Control', 'no-store');
      const { t, e, s } = request.query;
      const tokenId = t !== undefined && /^\d{1,10}$/.test(t) ? Number(t) : NaN;
      const exp = e !== undefined && /^\d{1,15}$/.test(e) ? Number(e) : NaN;
      let state = s && Number.isInteger(tokenId) ? app.files.checkSigned(linkSubject(request.params, tokenId), exp, s) : 'invalid';
      const session = state === 'valid' ? await userForTokenId(app.db, tokenId) : null;
      // The session must still be live, and its user may not be held at the new-password form.
      if (state === 'valid' && (!session || session.mustChangePassword)) state = 'invalid';
      if (state !== 'valid' || !session) {
        const status = state === 'expired' ? 410 : 403;
        if (opensInTab(request)) return linkPage(reply, status, state === 'expired' ? FILE_MSG.linkExpiredPage : FILE_MSG.linkInvalidPage);
        throw new HttpError(status, MSG.fileLinkInvalid);
      }
      const user: AuthUser = { ...session, role: ROLE_BY_ID[session.roleId]! };
      // One expensive call at a time per user, and the ZIP rate (http/limits.ts), as with the bearer token.
      return app.limits.run(reply, user.id, 'zip', async () => sendZip(app, request, reply, await zipOf(app, user, request.params)));
    },
  );
}
