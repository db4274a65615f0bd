/** Receiving an import's spreadsheet: the user import and the school-year tables (subjects, teaching assignments). */
import type { FastifyRequest } from 'fastify';
import { IMPORT_LIMITS, IMPORT_MSG, MSG } from '@kelasku/contract';
import { HttpError, invalidField } from '../../http/errors.js';
import { formParts, multipartFailure } from '../../files/multipart.js';

/** The uploaded spreadsheet (multipart `file`), read whole: at most IMPORT_LIMITS.bytes. */
export async function uploadedSheet(request: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | null = null;
  try {
    for await (const part of formParts(request, { fileSize: IMPORT_LIMITS.bytes, files: 1 })) {
      if (part.type === 'file' && part.fieldname === 'file' && bytes === null) bytes = await part.toBuffer();
      else if (part.type === 'file') part.file.resume();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, IMPORT_MSG.tooLarge);
    throw multipartFailure(request, err, 'file') ?? err;
  }
  if (bytes === null) throw invalidField('file', MSG.fileRequired);
  return bytes;
}
