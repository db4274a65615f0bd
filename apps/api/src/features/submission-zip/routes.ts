import { SUBMISSION_ZIP_MSG, SUBMISSION_ZIP_NAMES, assignmentParams, errorEnvelope } from '@kelasku/contract';
import { z } from 'zod';
import type { App } from '../../types.js';
import { assignmentFor } from '../../access/index.js';
import { conflict } from '../../http/errors.js';
import { attachment } from '../../http/download.js';
import { zipStream } from '../../files/zip.js';
import { handedInFiles } from './queries.js';
import { zipEntries } from './present.js';
import { safeSegment } from './names.js';

/** GET /api/teacher/…/assignments/:id/submissions.zip: "Unduh semua (ZIP)". */
export default async function submissionZipRoutes(app: App): Promise<void> {
  app.get(
    '/online-classes/:classId/contents/:contentId/assignments/:id/submissions.zip',
    {
      schema: {
        tags: ['teacher: grading'],
        summary:
          'Every handed-in submission as one ZIP, streamed: a folder per student ("NIS - Nama"), the files of the current version and ' +
          'the text answer as Jawaban.txt. Students who have not handed in (or unsubmitted) are left out. 409 when nobody has handed in.',
        params: assignmentParams,
        response: {
          200: z.any().describe('application/zip, named "<judul tugas> - Pengumpulan.zip"'),
          404: errorEnvelope,
          409: errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const { klass, assignment } = await assignmentFor(app.db, request.user, request.params, 'read');
      const entries = zipEntries(await handedInFiles(app.db, assignment.id, klass.archivedAt ? null : klass.rombelClassId));
      if (entries.length === 0) throw conflict(SUBMISSION_ZIP_MSG.empty);
      const { stream, done } = zipStream(app.files.storage, entries, request.log);
      attachment(reply, 'application/zip', `${safeSegment(assignment.title, 'Tugas', 150)}${SUBMISSION_ZIP_NAMES.suffix}`, stream);
      // The handler lasts as long as the download, so a shutdown waits for it (http/in-flight.ts).
      await done;
      return reply;
    },
  );
}
