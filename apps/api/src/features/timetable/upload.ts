/** Reading the multipart forms of the timetable and FET imports: named files (whole, capped) and text fields. */
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { formParts, multipartFailure } from '../../files/multipart.js';

/** The imports' file cap (10 MB, as the user import's). */
export const TIMETABLE_FILE_BYTES = 10 * 1024 * 1024;

export interface Form {
  files: Map<string, Buffer>;
  fields: Map<string, string>;
}

/** The form's first file of each name in `fileNames` and its text fields; other files are drained. */
export async function readForm(request: FastifyRequest, fileNames: string[], tooLarge: string): Promise<Form> {
  const form: Form = { files: new Map(), fields: new Map() };
  try {
    for await (const part of formParts(request, { fileSize: TIMETABLE_FILE_BYTES, files: fileNames.length + 2, fieldSize: 1024 * 1024 })) {
      if (part.type === 'file' && fileNames.includes(part.fieldname) && !form.files.has(part.fieldname)) {
        form.files.set(part.fieldname, await part.toBuffer());
      } else if (part.type === 'file') part.file.resume();
      else if (typeof part.value === 'string') form.fields.set(part.fieldname, part.value);
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLarge);
    throw multipartFailure(request, err, fileNames[0]!) ?? err;
  }
  return form;
}
