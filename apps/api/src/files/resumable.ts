import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { Server as TusServer } from '@tus/server';
import { type DataStore, Metadata } from '@tus/utils';
import { DOCUMENT_TYPES, FILE_MSG, LIMITS, MSG } from '@kelasku/contract';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { resumableUploads } from '../db/schema.js';
import { invalidField, isStorageFull, storageFullError, tooLarge } from '../http/errors.js';
import type { AuthUser } from '../types.js';
import { displayName } from './display-names.js';
import type { ReceivedFile } from './receive.js';
import type { FileService } from './service.js';
import { decideType, UploadMeter, type UploadKind } from './sniff.js';
import { FolderStore } from './tus-file-store-adapter.js';
import { extensionOf, UPLOAD_RULES } from './types.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resumable (tus) uploads: files/resumable.ts. */
    uploads: ResumableUploads;
  }
}

/** Where the tus routes live; an upload's URL is PATH/<id>. */
export const UPLOADS_PATH = '/api/uploads';
/** An upload not used by a form within this time is deleted with its bytes. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Most unfinished uploads one user may hold (a phone retrying a few files never comes near it); refused ones do not count. */
export const MAX_OPEN_UPLOADS = 20;

const ID = /^[0-9a-f]{32}$/;

/** A tus store that can also read a finished upload back (both @tus/file-store and @tus/s3-store do). */
type ReadableStore = DataStore & { read(id: string): Readable | Promise<Readable> };

/** The tus store of the configured storage: the bucket (STORAGE=s3) or a folder beside the stored files. */
async function tusStore(config: Config): Promise<ReadableStore> {
  if (config.s3 && config.resumableStore === 's3') {
    const [{ S3Store }, { s3ClientConfig }] = await Promise.all([import('@tus/s3-store'), import('./s3-storage.js')]);
    return new S3Store({ partSize: 8 * 1024 * 1024, s3ClientConfig: { bucket: config.s3.bucket, ...s3ClientConfig(config.s3) } });
  }
  // In the storage folder, so instances that share the folder share the uploads too.
  return new FolderStore({ directory: resumableFolder(config) });
}

/** The folder of resumable uploads when they are kept in the storage folder. */
const resumableFolder = (config: Config) => path.join(config.storageDir, 'resumable');

/** The Indonesian message of a refusal the tus server itself answers. */
function messageOf(status: number): string {
  if (status === 404 || status === 410) return FILE_MSG.uploadNotFound;
  if (status === 409) return FILE_MSG.uploadOffsetMismatch;
  if (status === 413) return MSG.fileTooLarge;
  if (status === 415) return MSG.fileType;
  return MSG.malformed;
}

/** The headers a tus client needs on every answer, our refusals included. */
const TUS_HEADERS = { 'Tus-Resumable': '1.0.0', 'Cache-Control': 'no-store' };

/** The only body type of a PATCH (tus 1.0.0). */
const OFFSET_STREAM = 'application/offset+octet-stream';
/** An offset as tus writes it: a non-negative integer without sign or leading zeros. */
const OFFSET = /^(0|[1-9]\d{0,14})$/;
/** The request headers the tus server is given; the others (proxies', Upload-Concat, …) are not its business. */
const TUS_REQUEST_HEADERS = ['tus-resumable', 'upload-length', 'upload-metadata', 'upload-offset', 'content-length'];

/**
 * The refusal of a request that breaks the protocol before anything is read or stored: another
 * version (412), and on a PATCH a body that is not an offset stream (415) or an offset that is
 * not a number (400). Null when the request may go on.
 */
function protocolProblem(request: FastifyRequest): { status: number; message: string } | null {
  if (request.headers['tus-resumable'] !== '1.0.0') return { status: 412, message: MSG.malformed };
  if (request.method !== 'PATCH') return null;
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== OFFSET_STREAM) return { status: 415, message: MSG.malformed };
  const offset = request.headers['upload-offset'];
  if (typeof offset !== 'string' || !OFFSET.test(offset)) return { status: 400, message: MSG.malformed };
  return null;
}

/**
 * Resumable uploads (the tus protocol, @tus/server) for phones on mobile data: a cut connection
 * resumes where it stopped. Each upload belongs to the user who created it (a row of
 * resumable_uploads); everybody else gets 404. Limits and type checks are those of a multipart
 * upload: the length at creation (413), the name's extension at creation and the first bytes of
 * the first PATCH (415). A finished upload is used by naming its id in a form's `upload` field
 * (claim), which copies it into storage under the same checks; it is deleted once the form is saved.
 */
export class ResumableUploads {
  private constructor(
    private readonly db: Db,
    private readonly files: FileService,
    private readonly store: ReadableStore,
    private readonly tus: TusServer,
    /** The folder of the uploads (the storage folder's `resumable`); null when they are in the bucket. */
    private readonly folder: string | null,
  ) {}

  static async create(db: Db, files: FileService, config: Config): Promise<ResumableUploads> {
    const store = await tusStore(config);
    const tus = new TusServer({
      path: UPLOADS_PATH,
      datastore: store,
      relativeLocation: true,
      maxSize: LIMITS.fileBytes,
      // The id was chosen (and its row written) by create() below before tus sees the request.
      namingFunction: (req) => req.headers.get('x-kelasku-upload-id') ?? '',
      // A full disk while creating or writing an upload: told apart from other faults (send() below).
      onResponseError: (_req, err) => (isStorageFull(err) ? { status_code: 507, body: 'storage full\n' } : undefined),
    });
    const folder = config.s3 && config.resumableStore === 's3' ? null : resumableFolder(config);
    return new ResumableUploads(db, files, store, tus, folder);
  }

  /** POST /api/uploads: a new upload of the caller's. */
  async create(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const problem = protocolProblem(request);
    if (problem) return refuse(reply, problem.status, problem.message);
    // The length is needed now (no deferred length), and uploads are not concatenated.
    if (request.headers['upload-defer-length'] !== undefined) return refuse(reply, 400, FILE_MSG.uploadLengthRequired);
    if (request.headers['upload-concat'] !== undefined) return refuse(reply, 400, MSG.malformed);
    const lengthHeader = request.headers['upload-length'];
    if (typeof lengthHeader !== 'string' || !/^\d{1,15}$/.test(lengthHeader)) return refuse(reply, 400, FILE_MSG.uploadLengthRequired);
    const size = Number(lengthHeader);
    if (size > LIMITS.fileBytes) return refuse(reply, 413, MSG.fileTooLarge);
    if (size === 0) return refuse(reply, 422, MSG.fileEmpty);
    const rawMetadata = request.headers['upload-metadata'];
    let metadata: Record<string, string | null> = {};
    try {
      if (typeof rawMetadata === 'string' && rawMetadata.trim()) metadata = Metadata.parse(rawMetadata);
    } catch {
      return refuse(reply, 400, MSG.malformed);
    }
    const name = metadata.filename ? displayName(metadata.filename) : '';
    if (!name) return refuse(reply, 400, FILE_MSG.uploadNameRequired);
    if (!DOCUMENT_TYPES[extensionOf(name)]) return refuse(reply, 415, MSG.fileType);
    const [open] = await this.db
      .select({ n: count() })
      .from(resumableUploads)
      .where(
        and(
          eq(resumableUploads.userId, request.user.id),
          eq(resumableUploads.refused, false),
          gt(resumableUploads.createdAt, new Date(Date.now() - UPLOAD_LIFETIME_MS)),
        ),
      );
    if ((open?.n ?? 0) >= MAX_OPEN_UPLOADS) return refuse(reply, 429, FILE_MSG.tooManyUploads);
    const id = randomBytes(16).toString('hex');
    await this.db.insert(resumableUploads).values({ id, userId: request.user.id, originalName: name, size });
    // A creation tus refused (or failed) leaves no row; the answer goes once it is gone.
    const forget = () => this.db.delete(resumableUploads).where(eq(resumableUploads.id, id));
    const res = await this.forward(request, id, null).catch(async (err: unknown) => {
      await forget();
      throw err;
    });
    if (res.status !== 201) await forget();
    return this.send(request, reply, res, id);
  }

  /** HEAD, PATCH and DELETE of /api/uploads/:id: only the owner's upload exists. */
  async handle(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): Promise<FastifyReply> {
    const problem = protocolProblem(request);
    if (problem) return refuse(reply, problem.status, problem.message);
    const { id } = request.params;
    const row = ID.test(id)
      ? (
          await this.db
            .select()
            .from(resumableUploads)
            .where(and(eq(resumableUploads.id, id), eq(resumableUploads.userId, request.user.id)))
        )[0]
      : undefined;
    if (!row) return refuse(reply, 404, FILE_MSG.uploadNotFound);
    if (row.refused) return refuse(reply, 415, MSG.fileType);
    if (request.method === 'DELETE') {
      const res = await this.forward(request, id, null);
      await this.db.delete(resumableUploads).where(eq(resumableUploads.id, id));
      return this.send(request, reply, res);
    }
    // A phone gone before its bytes were read: its request would never end (files/multipart.ts, formParts).
    if (request.method === 'PATCH' && request.raw.destroyed) return refuse(reply, 400, FILE_MSG.uploadInterrupted);
    if (request.method !== 'PATCH' || request.headers['upload-offset'] !== '0')
      return this.send(request, reply, await this.forward(request, id, null), id);
    // The first bytes decide the type: a refused file is not read any further.
    const meter = new UploadMeter((head) => decideType('document', row.originalName, head), true);
    let refused = false;
    meter.once('refused', () => {
      // An empty body decides nothing: the upload stays as it was.
      if (meter.size === 0) return;
      refused = true;
      request.raw.unpipe(meter);
    });
    request.raw.pipe(meter);
    const res = await this.forward(request, id, meter);
    if (!refused) return this.send(request, reply, res, id);
    await this.db.update(resumableUploads).set({ refused: true }).where(eq(resumableUploads.id, id));
    await this.store.remove(id).catch(() => {});
    // The rest of the file is not wanted: the connection closes after the answer.
    return refuse(reply.header('Connection', 'close'), 415, MSG.fileType);
  }

  /**
   * Sends the tus server's answer: its headers, or our envelope for a refusal. A full disk (507 from
   * onResponseError) deletes the upload `id` with what arrived of it, and goes to the error handler.
   */
  private async send(request: FastifyRequest, reply: FastifyReply, res: Response, id?: string): Promise<FastifyReply> {
    if (res.status === 507) {
      if (id) await this.discard(id);
      void reply.headers(TUS_HEADERS);
      throw storageFullError();
    }
    // 501: an extension the client asked for and tus does not offer here: the client's mistake.
    if (res.status >= 400) return refuse(reply, res.status === 501 ? 400 : res.status, messageOf(res.status));
    res.headers.forEach((value, key) => {
      if (key !== 'content-length' && key !== 'connection') void reply.header(key, value);
    });
    void reply.header('Cache-Control', 'no-store');
    return reply.code(res.status).send(request.method === 'HEAD' ? undefined : await res.text());
  }

  /** The tus server's answer to the request, with `body` (or the request's own) as a PATCH body. */
  private async forward(request: FastifyRequest, id: string, body: Readable | null): Promise<Response> {
    const headers = new Headers();
    for (const k of TUS_REQUEST_HEADERS) {
      const v = request.headers[k];
      if (typeof v === 'string') headers.set(k, v);
    }
    // Checked by protocolProblem; on a creation no body is taken (creation-with-upload is not offered).
    if (request.method === 'PATCH') headers.set('content-type', OFFSET_STREAM);
    headers.set('x-kelasku-upload-id', id);
    const method = request.method;
    const init: RequestInit & { duplex?: 'half' } = { method, headers };
    if (method !== 'PATCH') return this.tus.handleWeb(new Request(this.urlOf(request, id), init));
    init.body = Readable.toWeb(body ?? request.raw) as ReadableStream;
    init.duplex = 'half';
    // A phone that stops sending for a minute is cut off; what arrived stays for the resume.
    const raw = request.raw as Partial<typeof request.raw>;
    const idle = (ms: number) => typeof raw.setTimeout === 'function' && !raw.destroyed && raw.setTimeout(ms);
    idle(this.files.uploadIdleMs);
    try {
      return await this.tus.handleWeb(new Request(this.urlOf(request, id), init));
    } finally {
      idle(0);
    }
  }

  /** The URL tus is given: only its path counts (Location is relative), so the client's Host never does. */
  private urlOf(request: FastifyRequest, id: string): string {
    return `http://localhost${request.method === 'POST' ? UPLOADS_PATH : `${UPLOADS_PATH}/${id}`}`;
  }

  /**
   * Copies the caller's finished upload into storage under the rules of a multipart file of `kind`
   * (its type decided again by its content) for a form field `field`. Unknown, another user's or
   * unfinished: 422 on `field`.
   */
  async claim(user: AuthUser, id: string, kind: UploadKind, field: string): Promise<ReceivedFile> {
    const [row] = ID.test(id)
      ? await this.db
          .select()
          .from(resumableUploads)
          .where(and(eq(resumableUploads.id, id), eq(resumableUploads.userId, user.id), eq(resumableUploads.refused, false)))
      : [];
    if (!row) throw invalidField(field, FILE_MSG.uploadNotFound);
    const upload = await this.store.getUpload(id).catch(() => null);
    if (!upload) throw invalidField(field, FILE_MSG.uploadNotFound);
    if (upload.size === undefined || upload.offset !== upload.size) throw invalidField(field, FILE_MSG.uploadUnfinished);
    if (upload.size > UPLOAD_RULES[kind].maxBytes) throw tooLarge(UPLOAD_RULES[kind].tooLarge);
    const source = await this.store.read(id);
    const file = await this.files.receiveStream(source, { name: row.originalName, kind, field });
    return { ...file, uploadId: id };
  }

  /** Deletes an upload, its row and whatever of it was stored. */
  private async discard(id: string): Promise<void> {
    await this.db.delete(resumableUploads).where(eq(resumableUploads.id, id));
    await this.store.remove(id).catch(() => {});
  }

  /**
   * Crash clean-up of the folder store: the bytes of uploads that have no row any more (a crash
   * between deleting the row and the bytes), older than graceMs. Returns how many were removed.
   */
  async sweep(graceMs: number): Promise<number> {
    if (!this.folder) return 0;
    const names = await fs.readdir(this.folder).catch(() => [] as string[]);
    const ids = [...new Set(names.map((n) => n.replace(/\.json$/, '')).filter((id) => ID.test(id)))];
    if (ids.length === 0) return 0;
    const known = new Set(
      (await this.db.select({ id: resumableUploads.id }).from(resumableUploads).where(inArray(resumableUploads.id, ids))).map((r) => r.id),
    );
    const cutoff = Date.now() - graceMs;
    let removed = 0;
    for (const id of ids) {
      if (known.has(id)) continue;
      const stats = await Promise.all([id, `${id}.json`].map((n) => fs.stat(path.join(this.folder!, n)).catch(() => null)));
      if (stats.some((st) => st !== null && st.mtimeMs > cutoff)) continue;
      await Promise.all([id, `${id}.json`].map((n) => fs.rm(path.join(this.folder!, n), { force: true })));
      removed++;
    }
    return removed;
  }

  /** Deletes uploads a saved form has used. */
  async used(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const gone = await this.db.delete(resumableUploads).where(inArray(resumableUploads.id, ids)).returning({ id: resumableUploads.id });
    await Promise.all(gone.map((g) => this.store.remove(g.id).catch(() => {})));
  }

  /** Deletes the uploads older than maxAgeMs, finished or not, with their bytes; returns how many. */
  async expire(maxAgeMs = UPLOAD_LIFETIME_MS): Promise<number> {
    const gone = await this.db
      .delete(resumableUploads)
      .where(lt(resumableUploads.createdAt, sql`now() - make_interval(secs => ${maxAgeMs / 1000})`))
      .returning({ id: resumableUploads.id, refused: resumableUploads.refused });
    await Promise.all(gone.filter((g) => !g.refused).map((g) => this.store.remove(g.id).catch(() => {})));
    return gone.length;
  }
}

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  // 412: the client is told the version this server speaks (tus 1.0.0).
  if (status === 412) void reply.header('Tus-Version', '1.0.0');
  return reply
    .code(status)
    .headers(TUS_HEADERS)
    .send({ success: false, message } as const);
}
