import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/utils';
import { isStorageFull } from '../http/errors.js';

/**
 * The one place that relies on @tus/file-store's internals: FolderStore replaces its `write` with a
 * copy of it. What the copy assumes of the package (checked by test/library-adapters.test.ts, so an
 * upgrade that changes it fails there and not at a school):
 * - `write(readable, id, offset)` is how the tus server appends a PATCH body, and returns the new offset;
 * - an upload's bytes are the file `directory/id` (made empty by `create`), written in place (`r+`);
 * - the original reports every failed write as ERRORS.FILE_WRITE_ERROR.
 */
export const TUS_FILE_STORE_COPIED_FROM = '2.1';

/** Upload ids as ResumableUploads chooses them: nothing else reaches the file system. */
const ID = /^[0-9a-f]{32}$/;

/**
 * @tus/file-store's FileStore, but a failed write keeps the file system's own error: a full disk
 * (ENOSPC) must reach the error handler as such (507), where FileStore reports every failure as
 * its generic FILE_WRITE_ERROR (500). Anything else is still reported that way.
 */
export class FolderStore extends FileStore {
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    if (!ID.test(id)) throw ERRORS.FILE_NOT_FOUND;
    let written = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        written += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(readable, count, createWriteStream(path.join(this.directory, id), { flags: 'r+', start: offset }));
    } catch (err) {
      if (isStorageFull(err)) throw err;
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + written;
  }
}
