import { PassThrough, type Readable } from 'node:stream';
import {
  type S3ClientConfig,
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ConfigError, type S3Config } from '../config.js';
import { isStorageKey, newStorageKey } from './storage-keys.js';
import type { FileStorage, PendingObject, StorageLog } from './storage-port.js';

/** The client settings of the configured bucket (also those of the resumable uploads' store). */
export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // The SDK's default CRC checksums (since 3.729) are refused by many S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: 10_000,
      // A socket with no traffic for 2 minutes (a stalled server, or a download nobody reads) is closed.
      socketTimeout: 120_000,
      // Every open download holds a socket to the bucket while the browser reads it.
      httpAgent: { keepAlive: true, maxSockets: 256 },
      httpsAgent: { keepAlive: true, maxSockets: 256 },
    },
  };
}

/**
 * Bytes per part, and parts sent at once: an upload holds at most about four parts' worth (two on
 * their way, the next one gathering and being joined), some 15–25 MB whatever its size
 * (measured in test/storage.test.ts).
 */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** An S3 error: its name (NoSuchKey, NotImplemented …) and HTTP status. */
function s3Error(err: unknown): { name: string; status: number | undefined } {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return { name: e.Code ?? e.name ?? '', status: e.$metadata?.httpStatusCode };
}

/** Calls that some S3-compatible servers do not offer (s3rver: ListMultipartUploads, AbortMultipartUpload). */
const unsupported = (err: unknown) => {
  const { name, status } = s3Error(err);
  return name === 'NotImplemented' || name === 'MethodNotAllowed' || status === 501 || status === 405;
};

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Garage, Ceph …), under the same `xx/uuid` keys
 * as the storage folder. An upload streams through a multipart upload of 5 MiB parts, two at a
 * time, so a 50 MB file never sits in memory; the object appears only when the upload completes.
 * Objects of other names in the bucket are never listed, so never removed by the clean-up.
 */
export class S3Storage implements FileStorage {
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    private readonly config: S3Config,
    private readonly log?: StorageLog,
  ) {
    this.bucket = config.bucket;
    this.client = new S3Client(s3ClientConfig(config));
  }

  /** Checks that the bucket answers with these credentials; fails with what to fix. */
  async init(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const where = `S3_BUCKET=${this.bucket} di ${this.config.endpoint ? `S3_ENDPOINT=${this.config.endpoint}` : `AWS S3 (S3_REGION=${this.config.region})`}`;
      const { name, status } = s3Error(err);
      const code = (err as NodeJS.ErrnoException).code;
      if (status === 404 || name === 'NotFound' || name === 'NoSuchBucket') {
        throw new ConfigError(`Bucket ${where} tidak ditemukan. Buat bucket itu dulu, atau perbaiki S3_BUCKET dan S3_ENDPOINT.`);
      }
      if (status === 403 || status === 401 || name === 'Forbidden') {
        throw new ConfigError(
          `Akses ke bucket ${where} ditolak. Periksa S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY dan S3_REGION, dan izin kunci itu atas bucket.`,
        );
      }
      if (!status) {
        throw new ConfigError(
          `Server penyimpanan S3 untuk ${where} tidak dapat dihubungi (${code ?? name ?? (err as Error).message}). Periksa S3_ENDPOINT dan jaringan.`,
        );
      }
      throw new ConfigError(`Bucket ${where} tidak dapat dipakai (${name || status}). Periksa S3_BUCKET, S3_ENDPOINT dan kunci aksesnya.`);
    }
  }

  async create(): Promise<PendingObject> {
    const key = newStorageKey();
    const body = new PassThrough();
    // Its errors reach the writer's pipeline and done() below; none may go unhandled in between.
    body.on('error', () => {});
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: 'application/octet-stream' },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
    });
    // The upload reads the stream from now on (else the writer would wait for ever). When it fails,
    // the stream fails too, so the writer stops at once instead of filling a stream nobody reads.
    const finished = upload.done().then(
      () => null,
      (err: unknown) => {
        body.destroy(err as Error);
        return err as Error;
      },
    );
    let done = false;
    return {
      key,
      stream: body,
      commit: async () => {
        if (done) return;
        done = true;
        const err = await finished;
        if (err) throw err;
      },
      abort: async () => {
        if (done) return;
        done = true;
        // Not upload.abort(): it rejects done() at once while a part (or the whole PutObject of a
        // small file) may still be on its way and land afterwards. Failing the stream stops the
        // upload at its next read; done() then settles once nothing is in flight any more, and
        // lib-storage aborts the multipart upload itself.
        body.destroy(new Error('upload aborted'));
        await finished;
        // A small file is sent whole once its stream has ended, so it may already be stored.
        await this.remove(key).catch((err: unknown) => this.log?.debug({ err, key }, 'S3: could not remove an aborted upload'));
      },
    };
  }

  async open(key: string, range?: { start: number; end: number }): Promise<Readable> {
    this.check(key);
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      return res.Body as Readable;
    } catch (err) {
      const { name, status } = s3Error(err);
      if (status === 404 || name === 'NoSuchKey' || name === 'NotFound') {
        throw Object.assign(new Error(`no stored object ${key}`), { code: 'ENOENT' });
      }
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    this.check(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(): AsyncIterable<{ key: string; pending: boolean; modifiedAt: Date }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        if (o.Key && isStorageKey(o.Key)) yield { key: o.Key, pending: false, modifiedAt: o.LastModified ?? new Date() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);

    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(
          new ListMultipartUploadsCommand({ Bucket: this.bucket, KeyMarker: keyMarker, UploadIdMarker: uploadIdMarker }),
        );
      } catch (err) {
        if (!unsupported(err)) throw err;
        // Such a server keeps its unfinished uploads to itself; a lifecycle rule has to remove them.
        this.log?.debug({ err: s3Error(err) }, 'S3: the server does not list unfinished uploads');
        return;
      }
      for (const u of page.Uploads ?? []) {
        if (!u.Key || !u.UploadId || !isStorageKey(u.Key)) continue;
        yield { key: `${u.Key}\n${u.UploadId}`, pending: true, modifiedAt: u.Initiated ?? new Date() };
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
  }

  async removePending(pendingKey: string): Promise<void> {
    const [key, uploadId] = pendingKey.split('\n');
    if (!key || !uploadId || !isStorageKey(key)) return;
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
    } catch (err) {
      const { name, status } = s3Error(err);
      // Already gone (completed or aborted meanwhile), or a server that cannot abort.
      if (name === 'NoSuchUpload' || status === 404 || unsupported(err)) {
        this.log?.debug({ err: { name, status }, key }, 'S3: unfinished upload not aborted');
        return;
      }
      throw err;
    }
  }

  private check(key: string): void {
    if (!isStorageKey(key)) throw new Error(`invalid storage key ${key}`);
  }
}
