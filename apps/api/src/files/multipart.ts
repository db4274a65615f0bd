import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { FILE_MSG, MSG } from '@kelasku/contract';
import { badRequest, fieldErrorsOf, HttpError, invalid, invalidField, isStorageFull, tooLarge, type FieldErrors } from '../http/errors.js';
import type { ReceivedFile } from './receive.js';
import type { UploadKind } from './sniff.js';
import { UPLOAD_RULES } from './types.js';

/**
 * The text field that names a finished resumable upload (its id) in place of a file part; it may
 * be repeated where the form takes several files, and counts against the same limits.
 */
export const UPLOAD_FIELD = 'upload';

export interface MultipartForm {
  fields: Record<string, string>;
  file: ReceivedFile | null;
}

/** Cuts off a stalled upload: the connection closes when the client sends nothing for `ms` (0: never). */
function idleTimeout(request: FastifyRequest, ms: number): void {
  const raw = request.raw as Partial<typeof request.raw>;
  if (typeof raw.setTimeout === 'function' && !raw.destroyed) raw.setTimeout(ms);
}

/**
 * The parts of the request's multipart form (415 when it is not one), for one `for await` loop.
 * While the loop runs, a client that sends nothing for `uploadIdleMs` is cut off. A client that
 * left before the handler got here is answered at once (400 "Unggahan terputus…"):
 * @fastify/multipart pipes the request as it finds it, and a request already torn down never ends.
 * Either way the handler, and the "one at a time" lock it may hold (http/limits.ts), would wait.
 */
export async function* formParts(
  request: FastifyRequest,
  limits: NonNullable<Parameters<FastifyRequest['parts']>[0]>['limits'],
): ReturnType<FastifyRequest['parts']> {
  if (!request.isMultipart()) throw new HttpError(415, FILE_MSG.notMultipart);
  if (request.raw.destroyed) throw badRequest(FILE_MSG.uploadInterrupted);
  idleTimeout(request, request.server.files.uploadIdleMs);
  try {
    yield* request.parts({ limits });
  } finally {
    idleTimeout(request, 0);
  }
}

/**
 * What the client gets for a multipart form that failed while being read: a second file, a form
 * cut off before its end (400 "Unggahan terputus…"), a malformed form (400); null for anything
 * else, which is a fault of ours and is rethrown (a full disk among them: 507, http/error-handler.ts).
 */
export function multipartFailure(request: FastifyRequest, err: unknown, fileField: string): HttpError | null {
  const code = (err as { code?: string }).code;
  const message = (err as Error).message ?? '';
  if (code === 'FST_FILES_LIMIT') return invalidField(fileField, FILE_MSG.oneFileOnly);
  if (err instanceof HttpError) return err;
  // A full disk is ours, not the client's connection: rethrown for the error handler (507).
  if (isStorageFull(err)) return null;
  if (request.raw.destroyed || code === 'FST_PREMATURE_CLOSE' || /Unexpected end of|terminated early/.test(message)) {
    return badRequest(FILE_MSG.uploadInterrupted);
  }
  // A malformed form (no boundary, a broken header): the client's fault, never a 500.
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || /^(Multipart: |Malformed)/.test(message)) return badRequest();
  return null;
}

export interface MultiFileLimits {
  /** Most files the form may hold (more: 422 `tooMany` on the file field). */
  maxFiles: number;
  /** Most bytes all files together may hold (more: 413 `totalMessage`). */
  maxTotalBytes: number;
  tooMany: string;
  totalMessage: string;
}

/**
 * Reads a multipart form whose files (in `fileFields`) are streamed straight to storage one after
 * the other. Text fields may come before or after the files; a repeated text field is joined with
 * commas in `fields` and kept value by value, in order, in `lists`. If anything fails, every stored
 * file is removed.
 */
export async function readMultipartFiles(
  request: FastifyRequest,
  fileFields: string[],
  kind: UploadKind,
  limits: MultiFileLimits,
): Promise<{ fields: Record<string, string>; lists: Record<string, string[]>; files: ReceivedFile[] }> {
  const store = request.server.files;
  const fields: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  const files: ReceivedFile[] = [];
  let total = 0;
  try {
    const parts = formParts(request, {
      fileSize: UPLOAD_RULES[kind].maxBytes,
      files: limits.maxFiles,
      fields: 40,
      fieldSize: 64 * 1024,
      parts: limits.maxFiles + 40,
    });
    // File parts and resumable uploads count together against the form's limits.
    const full = () => files.length >= limits.maxFiles;
    const tooMany = () => invalidField(fileFields[0]!, limits.tooMany);
    const take = (file: ReceivedFile) => {
      files.push(file);
      total += file.size;
      if (total > limits.maxTotalBytes) throw tooLarge(limits.totalMessage);
    };
    for await (const part of parts) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname)) {
          part.file.resume();
          continue;
        }
        if (full()) {
          part.file.resume();
          throw tooMany();
        }
        take(await store.receive(part, kind));
      } else if (part.fieldname === UPLOAD_FIELD && typeof part.value === 'string') {
        // A finished resumable upload (files/resumable.ts) stands for a file part.
        if (full()) throw tooMany();
        take(await request.server.uploads.claim(request.user, part.value, kind, fileFields[0]!));
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.fieldname in fields ? `${fields[part.fieldname]},${part.value}` : part.value;
        (lists[part.fieldname] ??= []).push(part.value);
      }
    }
  } catch (err) {
    await Promise.all(files.map((f) => store.discard(f)));
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw invalidField(fileFields[0]!, limits.tooMany);
    throw multipartFailure(request, err, fileFields[0]!) ?? err;
  }
  return { fields, lists, files };
}

/**
 * Reads a multipart form whose one file is streamed straight to storage.
 * Text fields may come before or after the file. If anything fails, the stored file is removed.
 */
export async function readMultipart(request: FastifyRequest, fileField: string, kind: UploadKind): Promise<MultipartForm> {
  const { fields, files } = await readMultipartFiles(request, [fileField], kind, {
    maxFiles: 1,
    maxTotalBytes: Number.MAX_SAFE_INTEGER,
    tooMany: FILE_MSG.oneFileOnly,
    totalMessage: FILE_MSG.oneFileOnly,
  });
  return { fields, file: files[0] ?? null };
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

/**
 * Reads an upload form whose text fields must satisfy `schema` and whose file is required.
 * A missing file and invalid fields are answered together (422, one message list per field);
 * the stored file is removed whenever the form is refused.
 */
export async function readUploadForm<S extends z.ZodType>(
  request: FastifyRequest,
  fileField: string,
  kind: UploadKind,
  schema: S,
): Promise<{ fields: z.output<S>; file: ReceivedFile }> {
  const form = await readMultipart(request, fileField, kind);
  const parsed = schema.safeParse(form.fields);
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
  if (!form.file) (errors[fileField] ??= []).push(MSG.fileRequired);
  if (!parsed.success || !form.file) {
    await request.server.files.discard(form.file);
    throw invalid(errors);
  }
  return { fields: parsed.data, file: form.file };
}
