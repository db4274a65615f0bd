import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ERAPOR_MAX_BYTES, ERAPOR_MSG, classLessonsParams, eraporFillResult, errorEnvelope, ok } from '@kelasku/contract';
import type { App } from '../../types.js';
import { classForTeacher } from '../../access/index.js';
import { HttpError, invalidField } from '../../http/errors.js';
import { DOWNLOAD_TYPES, attachment } from '../../http/download.js';
import { formParts, multipartFailure } from '../../files/multipart.js';
import { reportGradesOf } from '../report-grades/service.js';
import { fillErapor } from './fill.js';
import { filledOf, storeFilled } from './links.js';
import { eraporClassInfo, rememberEraporIds } from './queries.js';

/** The form's `file` (whole, at most ERAPOR_MAX_BYTES) and its name; other parts are drained. */
async function readTemplateFile(request: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  let found: { bytes: Buffer; name: string } | null = null;
  try {
    for await (const part of formParts(request, { fileSize: ERAPOR_MAX_BYTES, files: 3, fields: 10 })) {
      if (part.type === 'file' && part.fieldname === 'file' && !found) found = { bytes: await part.toBuffer(), name: part.filename };
      else if (part.type === 'file') part.file.resume();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, ERAPOR_MSG.tooLarge);
    throw multipartFailure(request, err, 'file') ?? err;
  }
  if (!found || found.bytes.length === 0) throw invalidField('file', ERAPOR_MSG.fileRequired);
  return found;
}

/** The name the download keeps: the uploaded one (its last path segment), an .xlsx. */
function downloadName(uploaded: string, template: string): string {
  const base = (uploaded.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200);
  if (!base) return `${template}.xlsx`;
  return /\.xlsx$/i.test(base) ? base : `${base}.xlsx`;
}

/** /api/teacher: e-Rapor's templates filled in (issue 39; contract schemas/erapor.ts). */
export async function teacherRoutes(app: App): Promise<void> {
  app.post(
    '/online-classes/:classId/erapor/fill',
    {
      config: { expensive: 'export' },
      schema: {
        tags: ['teacher: report grades'],
        summary:
          'Fills the empty template e-Rapor gave the teacher (multipart `file`, at most 2 MB): "sumatif lingkup materi" (each TP score from the ' +
          'final-grade computation, needs a category marked lingkup_materi), "sumatif akhir semester" (NILAI_NON_TES / NILAI_TES: the ' +
          'akhir_non_tes / akhir_tes categories\' averages rounded half up) or "nilai akhir" (the final grade, and per TP 1 reached, 0 not, ' +
          'empty without a score). Students are matched by NISN (unknown rows named and left as they were), TPs by their e-Rapor id or else by ' +
          'order (the ids are then remembered). Only score cells change. The file comes back behind a five-minute link. 422 for a file that is ' +
          'not an XLSX, not one of the three templates, of another subject or rombel, with its heading row edited or hidden columns removed, ' +
          "or whose TP count differs from the class's.",
        params: classLessonsParams,
        response: { 200: ok(eraporFillResult), 404: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const klass = await classForTeacher(app.db, request.user, request.params.classId, 'read');
      const upload = await readTemplateFile(request);
      const grades = await reportGradesOf(app.db, klass);
      const info = await eraporClassInfo(
        app.db,
        klass.id,
        grades.objectives.map((o) => o.id),
      );
      const filled = await fillErapor(upload.bytes, grades, info);
      await rememberEraporIds(app.db, filled.remember);
      const fileName = downloadName(upload.name, filled.result.template);
      const url = await storeFilled(app, filled.bytes, fileName, request.user.tokenId);
      const data = { ...filled.result, file_name: fileName, download_url: url };
      return { success: true as const, message: ERAPOR_MSG.filled(data.filled), data };
    },
  );
}

/** /api: the filled file behind its short-lived link. */
export async function publicRoutes(app: App): Promise<void> {
  app.get(
    '/downloads/erapor/:token',
    {
      schema: {
        tags: ['teacher: report grades'],
        summary:
          'The filled e-Rapor template of POST …/erapor/fill, through its link (five minutes, ended by logging out). 404 "Tautan unduhan sudah ' +
          'kedaluwarsa…" once expired, altered or unknown.',
        security: [],
        params: z.object({ token: z.string().max(100) }),
        response: { 200: z.any().describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), 404: errorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const file = await filledOf(app, request.params.token);
      if (!file) throw new HttpError(404, ERAPOR_MSG.linkExpired);
      return attachment(reply, DOWNLOAD_TYPES.xlsx, file.name, file.bytes);
    },
  );
}
