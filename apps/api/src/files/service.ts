import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { Db, Tx } from '../db/client.js';
import { tooLarge } from '../http/errors.js';
import { LinkSigner, loadLinkSecret, type FileLinks, type LinkCheck } from './links.js';
import { releaseFiles, sweepOrphans } from './orphans.js';
import { receiveBuffer, receiveStream, type ReceivedFile, type ReceiveOptions, type UploadObserver } from './receive.js';
import type { UploadKind } from './sniff.js';
import type { FileStorage } from './storage-port.js';
import { commitFiles, recordFile } from './transactions.js';
import { UPLOAD_RULES } from './types.js';

// What features take from the files service, named where they always were.
export type { FileLinks } from './links.js';
export { UPLOAD_FAILURES, type ReceivedFile, type UploadFailure, type UploadObserver } from './receive.js';
export type { UploadKind } from './sniff.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every upload and download of the product (files/service.ts). */
    files: FileService;
  }
}

export interface FileServiceOptions {
  /** Seconds a signed link stays valid (at least; links are rounded up to 10-minute steps so they cache). */
  urlTtl: number;
}

/**
 * Every upload and download of the product goes through here. The work is done by one module per
 * job: receive.ts (streaming to storage; sniff.ts and display-names.ts check type and name),
 * transactions.ts (a file's row with the feature's write), orphans.ts (clean-up), links.ts (signed links).
 */
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
    private readonly links: LinkSigner,
  ) {}

  /** The signing secret is kept in the database, so every instance signs and checks alike. */
  static async create(db: Db, storage: FileStorage, opts: FileServiceOptions): Promise<FileService> {
    return new FileService(db, storage, new LinkSigner(await loadLinkSecret(db), opts.urlTtl));
  }

  /**
   * Streams one multipart file to storage. Enforces the size limit (413), refuses an empty file
   * (422) and a type that is not allowed by its content (415). On any failure nothing stays behind.
   */
  async receive(part: MultipartFile, kind: UploadKind): Promise<ReceivedFile> {
    const refusal = (err: unknown) =>
      (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge(UPLOAD_RULES[kind].tooLarge) : err;
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
  async receiveStream(source: Readable, opts: ReceiveOptions): Promise<ReceivedFile> {
    return receiveStream(this.storage, this.uploadObserver, source, opts);
  }

  /** Stores bytes the server made itself (seed data), under the same rules as an upload. */
  async receiveBuffer(originalName: string, mimeType: string, data: Buffer): Promise<ReceivedFile> {
    return receiveBuffer(this.storage, originalName, mimeType, data);
  }

  /** Inserts the stored_files row of a received file inside the caller's transaction. */
  async record(tx: Tx | Db, file: ReceivedFile): Promise<number> {
    return recordFile(tx, file);
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
    return commitFiles(this.db, this.storage, files, write, this.uploadsUsed);
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
    return releaseFiles(this.db, this.storage, fileIds);
  }

  /**
   * Start-up clean-up after a crash: rows nothing refers to, stored bytes with no row, and
   * unfinished uploads. Only what is older than graceMs is touched, so another instance's
   * upload in flight is left alone.
   */
  async sweep(graceMs: number): Promise<{ rows: number; files: number; pending: number }> {
    return sweepOrphans(this.db, this.storage, graceMs);
  }

  /**
   * A signature for another kind of download link (`what` names it and must not be a bare number,
   * which is a stored file's), valid until `exp` (seconds), checked with checkSigned.
   */
  signFor(what: string, exp: number): string {
    return this.links.signFor(what, exp);
  }

  checkSigned(what: string, exp: number, sig: string): LinkCheck {
    return this.links.checkSigned(what, exp, sig);
  }

  /**
   * A link to read an avatar, for anyone who holds it, valid for the configured time. Files under a
   * parent (materials, submissions, question images) are linked with forUser(): such a link opens
   * only while its parent is visible to that user.
   */
  url(fileId: number): string;
  url(fileId: number | null | undefined): string | null;
  url(fileId: number | null | undefined): string | null {
    return this.links.linkFor(fileId, null);
  }

  /**
   * Links minted for one user: opening one checks again (access/fileFor, the rule of the JSON routes)
   * that the user still sees the file's parent. Presenters take these in place of the service.
   */
  forUser(userId: number): FileLinks {
    const url = ((fileId: number | null | undefined) => this.links.linkFor(fileId, userId)) as FileLinks['url'];
    return { url };
  }

  /**
   * Checks a link's signature and expiry: valid, signed by us but past its time (expired), or not
   * ours (invalid). `userId`: the user the link names (null: a link without one, an avatar's).
   */
  check(fileId: number, userId: number | null, exp: number, sig: string): LinkCheck {
    return this.links.check(fileId, userId, exp, sig);
  }
}
