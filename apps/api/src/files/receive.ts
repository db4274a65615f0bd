import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MSG } from '@kelasku/contract';
import { HttpError, invalidField, isStorageFull, tooLarge, unsupportedType } from '../http/errors.js';
import { displayName } from './display-names.js';
import { decideType, UploadMeter, type UploadKind } from './sniff.js';
import { UPLOAD_RULES } from './types.js';
import type { FileStorage, PendingObject } from './storage-port.js';

/** A file written to storage that no row points at yet (FileService.commit records it). */
export interface ReceivedFile {
  key: string;
  originalName: string;
  mimeType: string;
  size: number;
  /** Field name the file came in. */
  field: string;
  /** The resumable upload it was copied from (files/resumable.ts), deleted once the form is saved. */
  uploadId?: string;
}

/** Why an upload was not stored, as counted in the metrics. */
export const UPLOAD_FAILURES = ['too_large', 'type', 'empty', 'aborted', 'storage_full', 'other'] as const;
export type UploadFailure = (typeof UPLOAD_FAILURES)[number];

/** Told of every upload's outcome (the metrics count them; http/metrics.ts). */
export interface UploadObserver {
  stored(bytes: number): void;
  failed(reason: UploadFailure): void;
}

/** The reason of an upload's failure, from what receive threw. */
function failureOf(err: unknown): UploadFailure {
  if (err instanceof HttpError) {
    if (err.statusCode === 413) return 'too_large';
    if (err.statusCode === 415) return 'type';
    if (err.statusCode === 422) return 'empty';
  }
  if (isStorageFull(err)) return 'storage_full';
  const code = (err as { code?: string }).code ?? '';
  const message = (err as { message?: string }).message ?? '';
  if (['ERR_STREAM_PREMATURE_CLOSE', 'FST_PREMATURE_CLOSE', 'ECONNRESET', 'ECONNABORTED'].includes(code)) return 'aborted';
  if (/Unexpected end of|terminated early|aborted/i.test(message)) return 'aborted';
  return 'other';
}

export interface ReceiveOptions {
  name: string | undefined;
  kind: UploadKind;
  field: string;
  /** True when the source hit its own size limit. */
  truncated?: () => boolean;
  /** Turns what failed into what is thrown (a multipart limit into 413). */
  refusal?: (err: unknown) => unknown;
}

/**
 * Streams a file from any source to storage: the source's own size limit (`truncated`), not
 * empty, a type allowed by its content. On any failure nothing stays behind. `observer` is told
 * the outcome.
 */
export async function receiveStream(
  storage: FileStorage,
  observer: UploadObserver | null,
  source: Readable,
  opts: ReceiveOptions,
): Promise<ReceivedFile> {
  const { kind, field } = opts;
  const originalName = displayName(opts.name);
  const meter = new UploadMeter(async (head) => decideType(kind, originalName, head));
  let pending: PendingObject;
  try {
    pending = await storage.create();
  } catch (err) {
    // Read the file on and drop it, so the request still ends and gets its answer.
    source.resume();
    observer?.failed('other');
    throw err;
  }
  try {
    await pipeline(source, meter, pending.stream);
    if (opts.truncated?.()) throw tooLarge(UPLOAD_RULES[kind].tooLarge);
    if (meter.size === 0) throw invalidField(field, MSG.fileEmpty);
    if (!meter.mimeType) throw unsupportedType(UPLOAD_RULES[kind].type, field);
    await pending.commit();
  } catch (err) {
    await pending.abort();
    const refusal = opts.refusal ? opts.refusal(err) : err;
    observer?.failed(failureOf(refusal));
    throw refusal;
  }
  observer?.stored(meter.size);
  return { key: pending.key, originalName, mimeType: meter.mimeType, size: meter.size, field };
}

/** Stores bytes the server made itself (seed data), under the same rules as an upload. */
export async function receiveBuffer(storage: FileStorage, originalName: string, mimeType: string, data: Buffer): Promise<ReceivedFile> {
  const pending = await storage.create();
  try {
    await pipeline(async function* () {
      yield data;
    }, pending.stream);
    await pending.commit();
  } catch (err) {
    await pending.abort();
    throw err;
  }
  return { key: pending.key, originalName: displayName(originalName), mimeType, size: data.length, field: 'file' };
}
