import type { Readable, Writable } from 'node:stream';

/** A place files are written to once and read many times: a folder (DiskStorage) or an S3-compatible bucket (S3Storage). */
export interface FileStorage {
  /**
   * Opens a new object under a fresh key. The object is only certain to stay after commit(), and
   * abort() leaves nothing. (A folder shows it only at commit(); a bucket may show it as soon as the
   * stream has ended, so abort() then deletes it.)
   */
  create(): Promise<PendingObject>;
  /**
   * Opens an object, or the inclusive byte range of it, for reading. Resolves once the object is
   * known to exist; rejects with an error whose code is 'ENOENT' when it does not.
   */
  open(key: string, range?: { start: number; end: number }): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** Every committed object and every unfinished upload, with its age (crash clean-up). */
  list(): AsyncIterable<{ key: string; pending: boolean; modifiedAt: Date }>;
  /** Removes an unfinished upload (as listed with pending: true). */
  removePending(key: string): Promise<void>;
}

export interface PendingObject {
  key: string;
  stream: Writable;
  /** Makes the written bytes durable and visible under key. Call after the stream has finished. */
  commit(): Promise<void>;
  /** Throws the bytes away. */
  abort(): Promise<void>;
}

/** What a storage logs: only at debug level (an S3-compatible server that lacks an optional call). */
export interface StorageLog {
  debug(obj: object, msg: string): void;
}
