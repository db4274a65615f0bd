import { MSG, materialBatchTitles, titleFromFileName } from '@kelasku/contract';
import type { FileService, ReceivedFile } from '../../files/service.js';
import { fieldErrorsOf, invalid, type FieldErrors } from '../../http/errors.js';

/**
 * The titles of a batch upload: `title` i for file i, a blank or missing one the file's name without
 * its extension. A batch without files, or with a title too long, is refused (422: `file`, `title.i`)
 * and its stored files are removed.
 */
export async function batchTitles(files: FileService, received: ReceivedFile[], titles: string[]): Promise<string[]> {
  const parsed = materialBatchTitles.safeParse(titles);
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error.issues.map((i) => ({ ...i, path: ['title', ...i.path] })));
  if (received.length === 0) errors.file = [MSG.fileRequired];
  if (!parsed.success || received.length === 0) {
    await Promise.all(received.map((f) => files.discard(f)));
    throw invalid(errors);
  }
  return received.map((f, i) => parsed.data[i]?.trim() || titleFromFileName(f.originalName));
}
