import type { FastifyRequest } from 'fastify';
import { LIMITS, MSG } from '@kelasku/contract';
import { badRequest, HttpError, invalidField } from '../http/errors.js';
import type { ReceivedFile, UploadKind } from './service.js';

export interface MultipartForm {
  fields: Record<string, string>;
  file: ReceivedFile | null;
}

/**
 * Reads a multipart form whose one file is streamed straight to storage.
 * Text fields may come before or after the file. If anything fails, the stored file is removed.
 */
export async function readMultipart(request: FastifyRequest, fileField: string, kind: UploadKind): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new HttpError(415, 'Kirim data sebagai multipart/form-data.');
  const files = request.server.files;
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: kind === 'avatar' ? LIMITS.avatarBytes : LIMITS.fileBytes,
        files: 1,
        fields: 20,
        fieldSize: 64 * 1024,
        parts: 25,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || file) {
          part.file.resume();
          continue;
        }
        file = await files.receive(part, kind);
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    await files.discard(file);
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw invalidField(fileField, 'Hanya satu file yang dapat diunggah');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest();
    if (err instanceof HttpError) throw err;
    if (request.raw.destroyed || (err as Error).message?.includes('Unexpected end of form')) {
      throw badRequest('Unggahan terputus sebelum selesai. Silakan coba lagi.');
    }
    throw err;
  }
  return { fields, file };
}

/** Same as readMultipart, but the file is required. */
export async function readMultipartWithFile(
  request: FastifyRequest,
  fileField: string,
  kind: UploadKind,
): Promise<{ fields: Record<string, string>; file: ReceivedFile }> {
  const form = await readMultipart(request, fileField, kind);
  if (!form.file) throw invalidField(fileField, MSG.fileRequired);
  return { fields: form.fields, file: form.file };
}
