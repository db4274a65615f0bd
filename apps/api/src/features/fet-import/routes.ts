import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { TIMETABLE_MSG, errorEnvelope, fetPreview, fetResult, fetTeacherChoice, ok } from '@kelasku/contract';
import type { App } from '../../types.js';
import { HttpError, conflict, invalidField } from '../../http/errors.js';
import { recordAudit } from '../../audit/record.js';
import { activeSemesterId } from '../timetable/queries.js';
import { lockSemesterTimetable } from '../timetable/clash.js';
import { readForm } from '../timetable/upload.js';
import { parseFet, parseTimetableCsv, type CsvPlacement, type FetFile } from './parse.js';
import { planFet } from './plan.js';
import { writeFet } from './write.js';

interface FetUpload {
  file: FetFile;
  csv: CsvPlacement[] | null;
  choices: Map<string, number | null>;
}

/** The form: `fet` (required), `timetable` (optional CSV), `teachers` (JSON choices, the import only). */
async function fetUpload(request: FastifyRequest): Promise<FetUpload> {
  const form = await readForm(request, ['fet', 'timetable'], TIMETABLE_MSG.fetTooLarge);
  const fet = form.files.get('fet');
  if (!fet) throw invalidField('fet', 'Berkas .fet wajib diunggah');
  const file = parseFet(fet);
  const csvBytes = form.files.get('timetable');
  const choices = new Map<string, number | null>();
  const raw = form.fields.get('teachers');
  if (raw !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw invalidField('teachers', TIMETABLE_MSG.fetTeachersField);
    }
    const checked = z.array(fetTeacherChoice).max(2000).safeParse(parsed);
    if (!checked.success) throw invalidField('teachers', TIMETABLE_MSG.fetTeachersField);
    for (const c of checked.data) choices.set(c.fet_name, c.user_id);
  }
  return { file, csv: csvBytes ? parseTimetableCsv(csvBytes) : null, choices };
}

/** /api/admin/imports/fet: a FET timetable file into subjects, rombels, assignments and slots (issue 37). */
export default async function fetImportRoutes(app: App): Promise<void> {
  const tags = ['admin: import'];
  const semester = async () => {
    const id = await activeSemesterId(app.db);
    if (id === null) throw conflict(TIMETABLE_MSG.fetNoActiveSemester);
    return id;
  };

  app.post(
    '/imports/fet/preview',
    {
      config: { expensive: 'import-preview' },
      schema: {
        tags,
        summary:
          'Reads a .fet file (multipart `fet`, at most 10 MB) and optionally the timetable CSV fet-cl exported (`timetable`): the teachers matched to ' +
          'accounts, the subjects, rombels, assignments and slots it would make in the active semester, warnings and errors. Nothing is written.',
        response: { 200: ok(fetPreview), 409: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const up = await fetUpload(request);
      const plan = await planFet(app.db, await semester(), up.file, up.csv, up.choices);
      return { success: true as const, data: plan.preview };
    },
  );

  app.post(
    '/imports/fet',
    {
      config: { expensive: 'import' },
      schema: {
        tags,
        summary:
          'Imports the .fet file (and timetable CSV) as its preview showed, with `teachers` (JSON [{fet_name, user_id|null}]: an account, or null for a new ' +
          'one with a first-password slip). One transaction; refused (422) while the preview has errors.',
        response: { 200: ok(fetResult), 409: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request) => {
      const up = await fetUpload(request);
      const semesterId = await semester();
      const result = await app.db.transaction(async (tx) => {
        await lockSemesterTimetable(tx, semesterId);
        const plan = await planFet(tx, semesterId, up.file, up.csv, up.choices);
        if (plan.preview.errors.length > 0) throw new HttpError(422, TIMETABLE_MSG.fetHasErrors, { fet: plan.preview.errors.slice(0, 50) });
        const done = await writeFet(tx, semesterId, plan, request.user.id);
        await recordAudit(tx, request, {
          action: 'fet.import',
          targetType: 'timetable',
          targetId: semesterId,
          summary: `Impor FET ${up.file.institution}`.slice(0, 200),
          after: { ...done },
        });
        return done;
      });
      return { success: true as const, message: TIMETABLE_MSG.fetImported(result.assignments), data: result };
    },
  );
}
