import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import type { MultipartFile } from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import { MSG } from '@kelasku/contract';
import type { Db, Tx } from '../db/client.js';
import { appSettings, storedFiles } from '../db/schema.js';
import { HttpError, invalidField, isStorageFull, tooLarge, unsupportedType } from '../http/errors.js';
import type { FileStorage, PendingObject } from './storage.js';
import { avatarType, documentType } from './types.js';

export type UploadKind = 'avatar' | 'document';

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

const HEAD_BYTES = 4100;

/**
 * Counts the bytes that stream through and decides the file's type from its first bytes as soon
 * as they have arrived. A file of a refused type is not written any further: its remaining bytes
 * are read (so the request can still be answered) and dropped.
 */
export class UploadMeter extends Transform {
  /** The first chunks, held back until the type is known. */
  private held: Buffer[] = [];
  private heldLength = 0;
  private decided = false;
  size = 0;
  /** The stored type once decided; null when the type is refused. */
  mimeType: string | null = null;

  /**
   * stopWhenRefused: a refused type ends the output at once (and emits 'refused') instead of
   * reading the rest of the input through.
   */
  constructor(
    private readonly decide: (head: Buffer) => Promise<string | null>,
    private readonly stopWhenRefused = false,
  ) {
    super();
  }

  /** Decides the type from the held bytes, then lets them through (or drops them). */
  private async settle(): Promise<void> {
    this.decided = true;
    const held = this.held;
    this.held = [];
    const head = Buffer.concat(held).subarray(0, HEAD_BYTES);
    this.mimeType = head.length ? await this.decide(head) : null;
    if (this.mimeType) for (const c of held) this.push(c);
    else if (this.stopWhenRefused) {
      this.push(null);
      this.emit('refused');
    }
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: (e?: Error | null, d?: Buffer) => void) {
    this.size += chunk.length;
    if (this.decided) return cb(null, this.mimeType ? chunk : undefined);
    this.held.push(chunk);
    this.heldLength += chunk.length;
    if (this.heldLength < HEAD_BYTES) return cb();
    this.settle().then(() => cb(), cb);
  }

  override _flush(cb: (e?: Error | null) => void) {
    if (this.decided) return cb();
    this.settle().then(() => cb(), cb);
  }
}

/** The stored type of an upload from its name and first bytes; null when it may not be stored. */
export async function decideType(kind: UploadKind, originalName: string, head: Buffer): Promise<string | null> {
  const sniffed = await fileTypeFromBuffer(head);
  return kind === 'avatar' ? avatarType(sniffed) : documentType(originalName, sniffed);
}

/**
 * What a display name may not hold: C0 and C1 controls, and the bidirectional marks, embeddings,
 * overrides and isolates (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069) that make
 * "tugas\u202Efdp.exe" read as "tugasexe.pdf"; and the characters no file system takes.
 */
// eslint-disable-next-line no-control-regex
const NOT_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"<>|*?:]/g;

/** Cleans a client-supplied file name for display: no folders, no control or bidi characters, bounded length. */
export function displayName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(NOT_IN_NAMES, '').replace(/^\.+/, '').trim();
  if (!clean) return 'file';
  if (clean.length <= 200) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 11 ? clean.slice(dot) : '';
  return clean.slice(0, 200 - ext.length) + ext;
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

export interface FileServiceOptions {
  /** Seconds a signed link stays valid (at least; links are rounded up to 10-minute steps so they cache). */
  urlTtl: number;
}

/** What a presenter needs to link files: signed URLs (FileService.url for avatars, or FileService.forUser). */
export interface FileLinks {
  url(fileId: number): string;
  url(fileId: number | null | undefined): string | null;
}

/** Every upload and download of the product goes through here. */
export class FileService {
  /** An upload that sends nothing for this long is cut off, so a stalled client cannot hold a half-written file. */
  uploadIdleMs = 60_000;
  /** Told of every upload's outcome; null: nobody listens. */
  uploadObserver: UploadObserver | null = null;
  /** Told of the resumable uploads a saved form used (files/resumable.ts deletes them). */
  uploadsUsed: ((ids: string[]) => Promise<void>) | null = null;

  private constructor(
    private readonly db: Db,
    readonly storage: FileStorage,
    private readonly secret: Buffer,
    private readonly opts: FileServiceOptions,
  ) {}

  /** The signing secret is kept in the database, so every instance signs and checks alike. */
  static async create(db: Db, storage: FileStorage, opts: FileServiceOptions): Promise<FileService> {
    const fresh = randomBytes(32).toString('base64url');
    await db.insert(appSettings).values({ key: 'file_url_secret', value: fresh }).onConflictDoNothing();
    const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'file_url_secret'));
    return new FileService(db, storage, Buffer.from(row!.value), opts);
  }

  /**
   * Streams one multipart file to storage. Enforces the size limit (413), refuses an empty file
   * (422) and a type that is not allowed by its content (415). On any failure nothing stays behind.
   */
  async receive(part: MultipartFile, kind: UploadKind): Promise<ReceivedFile> {
    const refusal = (err: unknown) =>
      (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
        ? tooLarge(kind === 'avatar' ? MSG.avatarTooLarge : MSG.fileTooLarge)
        : err;
    return this.receiveStream(part.file, {
      name: part.filename,
      kind,
      field: part.fieldname,
      truncated: () => part.file.truncated,
      refusal,
    });
  }

  /**
   * Streams a file from any source to storage under the rules of receive: the source's own size
   * limit (`truncated`), not empty, a type allowed by its content. On any failure nothing stays behind.
   */
  async receiveStream(
    source: Readable,
    opts: { name: string | undefined; kind: UploadKind; field: string; truncated?: () => boolean; refusal?: (err: unknown) => unknown },
  ): Promise<ReceivedFile> {
    const { kind, field } = opts;
    const originalName = displayName(opts.name);
    const meter = new UploadMeter(async (head) => decideType(kind, originalName, head));
    let pending: PendingObject;
    try {
      pending = await this.storage.create();
    } catch (err) {
      // Read the file on and drop it, so the request still ends and gets its answer.
      source.resume();
      this.uploadObserver?.failed('other');
      throw err;
    }
    try {
      await pipeline(source, meter, pending.stream);
      if (opts.truncated?.()) throw tooLarge(kind === 'avatar' ? MSG.avatarTooLarge : MSG.fileTooLarge);
      if (meter.size === 0) throw invalidField(field, MSG.fileEmpty);
      if (!meter.mimeType) throw unsupportedType(kind === 'avatar' ? MSG.avatarType : MSG.fileType, field);
      await pending.commit();
    } catch (err) {
      await pending.abort();
      const refusal = opts.refusal ? opts.refusal(err) : err;
      this.uploadObserver?.failed(failureOf(refusal));
      throw refusal;
    }
    this.uploadObserver?.stored(meter.size);
    return { key: pending.key, originalName, mimeType: meter.mimeType, size: meter.size, field };
  }

  /** Stores bytes the server made itself (seed data), under the same rules as an upload. */
  async receiveBuffer(originalName: string, mimeType: string, data: Buffer): Promise<ReceivedFile> {
    const pending = await this.storage.create();
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

  /** Inserts the stored_files row of a received file inside the caller's transaction. */
  async record(tx: Tx | Db, file: ReceivedFile): Promise<number> {
    const [row] = await tx
      .insert(storedFiles)
      .values({ storageKey: file.key, originalName: file.originalName, mimeType: file.mimeType, size: file.size })
      .returning({ id: storedFiles.id });
    return row!.id;
  }

  /**
   * Records a received file and runs the feature's write in one transaction. If the write fails,
   * the stored bytes are removed too, so a failed upload leaves no file and no row.
   */
  async commit<T>(file: ReceivedFile, write: (tx: Tx, fileId: number) => Promise<T>): Promise<T> {
    return this.commitMany([file], (tx, [fileId]) => write(tx, fileId!));
  }

  /** commit for several files: all are recorded with the write, or none stays behind. */
  async commitMany<T>(files: ReceivedFile[], write: (tx: Tx, fileIds: number[]) => Promise<T>): Promise<T> {
    try {
      const saved = await this.db.transaction(async (tx) => {
        const ids: number[] = [];
        for (const f of files) ids.push(await this.record(tx, f));
        return write(tx, ids);
      });
      const used = files.flatMap((f) => (f.uploadId ? [f.uploadId] : []));
      if (used.length) await this.uploadsUsed?.(used).catch(() => {});
      return saved;
    } catch (err) {
      await Promise.all(files.map((f) => this.storage.remove(f.key).catch(() => {})));
      throw err;
    }
  }

  /** Removes a received file that will not be recorded. */
  async discard(file: ReceivedFile | null | undefined): Promise<void> {
    if (file) await this.storage.remove(file.key).catch(() => {});
  }

  /**
   * Deletes the given stored files that nothing refers to any more (after a delete or a replacement
   * has committed), rows first and then bytes.
   */
  async release(fileIds: Array<number | null | undefined>): Promise<void> {
    const ids = [...new Set(fileIds.filter((v): v is number => typeof v === 'number'))];
    if (ids.length === 0) return;
    const gone = await this.db
      .delete(storedFiles)
      .where(sql`${inArray(storedFiles.id, ids)} and ${unreferenced}`)
      .returning({ key: storedFiles.storageKey });
    await Promise.all(gone.map((g) => this.storage.remove(g.key).catch(() => {})));
  }

  /**
   * Start-up clean-up after a crash: rows nothing refers to, stored bytes with no row, and
   * unfinished uploads. Only what is older than graceMs is touched, so another instance's
   * upload in flight is left alone.
   */
  async sweep(graceMs: number): Promise<{ rows: number; files: number; pending: number }> {
    const gone = await this.db
      .delete(storedFiles)
      .where(sql`${unreferenced} and ${storedFiles.createdAt} < now() - make_interval(secs => ${graceMs / 1000})`)
      .returning({ key: storedFiles.storageKey });
    for (const g of gone) await this.storage.remove(g.key).catch(() => {});
    const known = new Set((await this.db.select({ key: storedFiles.storageKey }).from(storedFiles)).map((r) => r.key));
    let files = 0;
    let pending = 0;
    const cutoff = Date.now() - graceMs;
    for await (const obj of this.storage.list()) {
      if (obj.modifiedAt.getTime() > cutoff) continue;
      if (obj.pending) {
        await this.storage.removePending(obj.key);
        pending++;
      } else if (!known.has(obj.key)) {
        await this.storage.remove(obj.key);
        files++;
      }
    }
    return { rows: gone.length, files, pending };
  }

  private sign(id: number | string, exp: number): string {
    return createHmac('sha256', this.secret).update(`${id}.${exp}`).digest('base64url').slice(0, 32);
  }

  /**
   * A signature for another kind of download link (`what` names it and must not be a bare number,
   * which is a stored file's), valid until `exp` (seconds), checked with checkSigned.
   */
  signFor(what: string, exp: number): string {
    return this.sign(what, exp);
  }

  checkSigned(what: string, exp: number, sig: string): 'valid' | 'expired' | 'invalid' {
    return this.verify(what, exp, sig);
  }

  /**
   * A link to read an avatar, for anyone who holds it, valid for the configured time. Files under a
   * parent (materials, submissions, question images) are linked with forUser(): such a link opens
   * only while its parent is visible to that user.
   */
  url(fileId: number): string;
  url(fileId: number | null | undefined): string | null;
  url(fileId: number | null | undefined): string | null {
    return this.linkFor(fileId, null);
  }

  /**
   * Links minted for one user: opening one checks again (access/fileFor, the rule of the JSON routes)
   * that the user still sees the file's parent. Presenters take these in place of the service.
   */
  forUser(userId: number): FileLinks {
    const url = ((fileId: number | null | undefined) => this.linkFor(fileId, userId)) as FileLinks['url'];
    return { url };
  }

  private linkFor(fileId: number | null | undefined, userId: number | null): string | null {
    if (fileId == null) return null;
    const step = 600;
    const exp = Math.ceil((Date.now() / 1000 + this.opts.urlTtl) / step) * step;
    // A link is the same for ten minutes: signed once, not once per appearance (a class list
    // shows each of 36 avatars in each of 12 cards; an HMAC costs a few microseconds).
    const key = userId === null ? `${fileId}` : `${fileId}u${userId}`;
    const known = this.links.get(key);
    if (known?.exp === exp) return known.url;
    const url =
      userId === null
        ? `/api/files/${fileId}?e=${exp}&s=${this.sign(fileId, exp)}`
        : `/api/files/${fileId}?e=${exp}&s=${this.sign(`file:${fileId}:user:${userId}`, exp)}&u=${userId}`;
    if (this.links.size >= FileService.MAX_LINKS) this.links.clear();
    this.links.set(key, { exp, url });
    return url;
  }

  private static readonly MAX_LINKS = 50_000;
  private readonly links = new Map<string, { exp: number; url: string }>();

  /**
   * Checks a link's signature and expiry: valid, signed by us but past its time (expired), or not
   * ours (invalid). `userId`: the user the link names (null: a link without one, an avatar's).
   */
  check(fileId: number, userId: number | null, exp: number, sig: string): 'valid' | 'expired' | 'invalid' {
    return this.verify(userId === null ? fileId : `file:${fileId}:user:${userId}`, exp, sig);
  }

  private verify(what: number | string, exp: number, sig: string): 'valid' | 'expired' | 'invalid' {
    if (!Number.isInteger(exp)) return 'invalid';
    const want = Buffer.from(this.sign(what, exp));
    const got = Buffer.from(sig);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return 'invalid';
    return exp < Date.now() / 1000 ? 'expired' : 'valid';
  }
}

/** True for a stored_files row that no feature points at. */
const unreferenced = sql`not exists (select 1 from users u where u.avatar_file_id = stored_files.id)
  and not exists (select 1 from materials m where m.file_id = stored_files.id)
  and not exists (select 1 from submission_files s where s.file_id = stored_files.id)
  and not exists (select 1 from questions q where q.image_file_id = stored_files.id)`;

export { HttpError };
