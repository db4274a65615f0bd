import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  IMPORT_LIMITS,
  IMPORT_MSG,
  errorEnvelope,
  importJob,
  importParams,
  importPreview,
  ok,
  slipParams,
  userExportQuery,
  type ImportJob,
  type ImportParents,
  type ImportPreview,
} from '@kelasku/contract';
import { userImports } from '../../db/schema.js';
import type { App } from '../../types.js';
import { HttpError, notFound } from '../../http/errors.js';
import { DOWNLOAD_TYPES, attachment } from '../../http/download.js';
import { IMPORT_QUEUE } from './job.js';
import { slipsOf, slipsPdf, slipsXlsx, takeSlips } from './slips.js';
import { SHEET_ROWS_MAX, readSheet } from './sheet.js';
import { uploadedSheet } from './upload.js';
import { readRecords } from './header.js';
import { planImport, type PlannedRow } from './plan.js';
import { loadSchoolData } from './queries.js';
import { loadParentData, planParents } from './parents.js';
import { exportWorkbook, templateWorkbook } from './template.js';
import { recordAudit } from '../../audit/record.js';

/** Answers a generated PDF or XLSX as a download named `name`. */
const download = (reply: FastifyReply, format: 'pdf' | 'xlsx', name: string, bytes: Buffer) =>
  attachment(reply, DOWNLOAD_TYPES[format], name, bytes);

/** Reads, checks and plans an uploaded file against the school as it is now, with the parents its rows name. */
export async function planUpload(app: App, request: FastifyRequest): Promise<{ rows: PlannedRow[]; parents: ImportParents }> {
  // Read with the cap applied while reading: a longer file is refused after SHEET_ROWS_MAX rows (docs/limits.md).
  const sheet = await readSheet(await uploadedSheet(request), SHEET_ROWS_MAX);
  if (sheet.truncated) throw new HttpError(422, IMPORT_MSG.tooManyRows);
  const { records, family } = readRecords(sheet);
  if (records.length > IMPORT_LIMITS.rows) throw new HttpError(422, IMPORT_MSG.tooManyRows);
  const school = await loadSchoolData(app.db);
  const rows = await planImport(records, school);
  const parents = planParents(rows, family, family.size > 0 ? await loadParentData(app.db) : NO_PARENTS, school.usernames);
  return { rows, parents };
}

const NO_PARENTS = { byNik: new Map(), linksByStudent: new Map() };

/** The preview's rows and counts (never a draft or a password); a row's warnings only when it has some. */
export function previewOf({ rows, parents }: { rows: PlannedRow[]; parents: ImportParents }): ImportPreview {
  const summary = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of rows) summary[r.action]++;
  return {
    summary,
    rows: rows.map(({ line, action, role, name, username, changes, errors, warnings }) => ({
      ...{ line, action, role, name, username, changes, errors },
      ...(warnings?.length ? { warnings } : {}),
    })),
    parents,
  };
}

/** /api/admin/imports — users from a spreadsheet: template and preview. */
export default async function importRoutes(app: App): Promise<void> {
  await importJobRoutes(app);
  const tags = ['admin: import'];

  app.get(
    '/imports/users/template',
    { schema: { tags, summary: 'The XLSX template: the columns with one example row, and a sheet of the rombels and allowed values' } },
    async (_request, reply) => {
      const bytes = await templateWorkbook(app.db);
      return download(reply, 'xlsx', 'template-impor-user.xlsx', bytes);
    },
  );

  app.get(
    '/imports/users/export',
    {
      schema: {
        tags,
        summary:
          "Teachers and students as an XLSX in the import's columns (an exported file imports back unchanged); `role`, `rombel_id` and `status` filter it",
        querystring: userExportQuery,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const bytes = await exportWorkbook(app.db, {
        roleId: q.role === undefined ? undefined : q.role === 'teacher' ? 2 : 3,
        rombelId: q.rombel_id,
        status: q.status === undefined ? undefined : q.status === 'active' ? 1 : 0,
      });
      return download(reply, 'xlsx', 'data-user.xlsx', bytes);
    },
  );

  app.post(
    '/imports/users/preview',
    {
      config: { expensive: 'import-preview' },
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

type ImportRecordRow = typeof userImports.$inferSelect;

const jobOf = (r: ImportRecordRow): ImportJob => ({
  id: r.id,
  status: r.status as ImportJob['status'],
  total: r.total,
  done: r.done,
  summary: r.summary as ImportJob['summary'],
  error: r.error,
  slips: slipsOf(r),
  resumed_at: r.resumedAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
});

/** /api/admin/imports — starting an import, following it, and its slips. */
export async function importJobRoutes(app: App): Promise<void> {
  const tags = ['admin: import'];

  app.post(
    '/imports/users',
    {
      config: { expensive: 'import' },
      schema: {
        tags,
        summary:
          'Imports the file (multipart `file`) as its preview showed, planned again against the school as it is now. Refused (422) while ' +
          'any row has an error. The rows are written by a background job in one transaction: all or nothing; follow it with GET /imports/{id}.',
        response: { 202: ok(importJob), 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const planned = await planUpload(app, request);
      const { summary } = previewOf(planned);
      if (summary.error > 0) throw new HttpError(422, IMPORT_MSG.hasErrors);
      // A row unchanged itself still goes to the job when it brings parents to create or link.
      const writes = planned.rows.filter((r) => r.action === 'create' || r.action === 'update' || r.parents?.length);
      if (writes.length === 0) throw new HttpError(422, IMPORT_MSG.nothingToDo);
      const [row] = await app.db
        .insert(userImports)
        .values({
          createdBy: request.user.id,
          total: writes.length,
          summary: { create: summary.create, update: summary.update, unchanged: summary.unchanged },
          plan: writes,
        })
        .returning();
      await recordAudit(app.db, request, {
        action: 'import.run',
        targetType: 'import',
        targetId: row!.id,
        summary: `Impor #${row!.id}: ${summary.create} dibuat, ${summary.update} diperbarui`,
        after: { created: summary.create, updated: summary.update, unchanged: summary.unchanged },
      });
      await app.jobs.send(IMPORT_QUEUE, { importId: row!.id });
      return reply.code(202).send({ success: true as const, message: IMPORT_MSG.started, data: jobOf(row!) });
    },
  );

  app.get(
    '/imports/:id',
    {
      schema: {
        tags,
        summary: 'An import: its status and progress, and which slips are still there',
        params: importParams,
        response: { 200: ok(importJob), 404: errorEnvelope },
      },
    },
    async (request) => {
      const [row] = await app.db.select().from(userImports).where(eq(userImports.id, request.params.id));
      // Another admin's import (and its first passwords) is not there for this one.
      if (!row || row.createdBy !== request.user.id) throw notFound();
      return { success: true as const, data: jobOf(row) };
    },
  );

  app.get(
    '/imports/:id/slips.:format',
    {
      config: { expensive: 'slips' },
      schema: {
        tags,
        summary:
          'The sign-in slips of a finished import or password reset, as PDF (printable, ten to an A4 page) or XLSX: only for the admin ' +
          'who made them (404 for another), again and again, until the first sign-in of each user or 7 days; then the first passwords are erased (410).',
        params: slipParams,
      },
    },
    async (request, reply) => {
      const { id, format } = request.params;
      const claimed = await takeSlips(app.db, id, request.user.id);
      const school = { name: app.config.schoolName, address: app.config.schoolAddress };
      const body = format === 'pdf' ? await slipsPdf(claimed, school, `${request.protocol}://${request.host}`) : await slipsXlsx(claimed);
      return download(reply, format, `slip-akun-impor-${id}.${format}`, body);
    },
  );
}
