import type { FastifyRequest } from 'fastify';
import { FILE_MSG, IMPORT_LIMITS, IMPORT_MSG, MSG, errorEnvelope, importPreview, ok, type ImportPreview } from '@kelasku/contract';
import type { App } from '../../types.js';
import { HttpError, badRequest, invalidField } from '../../http/errors.js';
import { readSheet } from './sheet.js';
import { readRecords } from './header.js';
import { planImport, type PlannedRow } from './plan.js';
import { loadSchoolData } from './queries.js';
import { templateWorkbook } from './template.js';

/** The uploaded spreadsheet (multipart `file`), read whole: at most IMPORT_LIMITS.bytes. */
async function uploadedSheet(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, FILE_MSG.notMultipart);
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_LIMITS.bytes, files: 1 } })) {
      if (part.type === 'file' && part.fieldname === 'file' && bytes === null) bytes = await part.toBuffer();
      else if (part.type === 'file') part.file.resume();
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, IMPORT_MSG.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw invalidField('file', FILE_MSG.oneFileOnly);
    if (request.raw.destroyed || /Unexpected end of|terminated early/.test((err as Error).message ?? '')) {
      throw badRequest(FILE_MSG.uploadInterrupted);
    }
    throw badRequest();
  }
  if (bytes === null) throw invalidField('file', MSG.fileRequired);
  return bytes;
}

/** Reads, checks and plans an uploaded file against the school as it is now. */
export async function planUpload(app: App, request: FastifyRequest): Promise<PlannedRow[]> {
  const { records } = readRecords(await readSheet(await uploadedSheet(request)));
  if (records.length > IMPORT_LIMITS.rows) throw new HttpError(422, IMPORT_MSG.tooManyRows);
  return planImport(records, await loadSchoolData(app.db));
}

/** The preview's rows and counts (never a draft or a password). */
export function previewOf(rows: PlannedRow[]): ImportPreview {
  const summary = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of rows) summary[r.action]++;
  return {
    summary,
    rows: rows.map(({ line, action, role, name, username, changes, errors }) => ({ line, action, role, name, username, changes, errors })),
  };
}

/** /api/admin/imports — users from a spreadsheet: template, preview, import. */
export default async function importRoutes(app: App): Promise<void> {
  const tags = ['admin: import'];

  app.get(
    '/imports/users/template',
    { schema: { tags, summary: 'The XLSX template: the columns with one example row, and a sheet of the rombels and allowed values' } },
    async (_request, reply) => {
      const bytes = await templateWorkbook(app.db);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="template-impor-user.xlsx"')
        .send(bytes);
    },
  );

  app.post(
    '/imports/users/preview',
    {
      schema: {
        tags,
        summary:
          'Reads an XLSX or CSV (multipart `file`, at most 10 MB and 5,000 rows) and answers what importing it would do with each row: ' +
          'create, update (which columns), unchanged, or the errors by column. Nothing is written.',
        response: { 200: ok(importPreview), 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, data: previewOf(await planUpload(app, request)) }),
  );
}
