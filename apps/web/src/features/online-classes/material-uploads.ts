import { CLASS_MSG, LIMITS, MSG, titleFromFileName } from '@kelasku/contract';
import { ApiError } from '../../api/client';
import { percentOf } from '../../uploads/progress';
import { forgetUploads, sendResumable } from '../../uploads/resumable';
import { initialUpload, nextUpload, type UploadEvent, type UploadState } from '../../uploads/state';

/** What a failed "Tambah Materi" file says first: nothing was saved. */
export const MATERIAL_FAILED = 'Gagal mengunggah — materi BELUM tersimpan';

/** What a failed "Ganti file" says first: the material keeps its old file. */
export const REPLACE_FAILED = 'Gagal mengunggah — file BELUM diganti';

/** One file of a multi-file "Add Material": its editable title and how its upload goes. */
export interface UploadItem {
  key: string;
  file: File;
  title: string;
  status: 'ready' | 'uploading' | 'done' | 'cancelled' | 'failed';
  /** 0–100 while the bytes go up. */
  percent: number;
  /** Why the upload failed (the server's message). */
  error: string | null;
  /** The resumable upload of the file (bytes sent, time left, waiting for a connection). */
  upload: UploadState;
}

let seq = 0;

/**
 * Adds picked files to the list, each titled after its name: at most LIMITS.materialBatch (20)
 * together; an empty file, one over 50 MB and the 21st on are refused with their reason.
 */
export function addPicked(items: UploadItem[], picked: File[]): { items: UploadItem[]; refused: string[] } {
  const next = [...items];
  const refused: string[] = [];
  for (const file of picked) {
    const problem =
      file.size === 0
        ? MSG.fileEmpty
        : file.size > LIMITS.fileBytes
          ? MSG.fileTooLarge
          : next.length >= LIMITS.materialBatch
            ? CLASS_MSG.materialBatchMax
            : null;
    if (problem) refused.push(`${file.name}: ${problem}`);
    else
      next.push({
        key: `f${++seq}`,
        file,
        title: titleFromFileName(file.name),
        status: 'ready',
        percent: 0,
        error: null,
        upload: initialUpload(file.size),
      });
  }
  return { items: next, refused };
}

/** The whole batch's progress (0–100), weighted by size; cancelled files do not count. */
export function overallPercent(items: UploadItem[]): number {
  const counted = items.filter((i) => i.status !== 'cancelled');
  const total = counted.reduce((n, i) => n + i.file.size, 0);
  if (total === 0) return 0;
  const sent = counted.reduce((n, i) => n + (i.status === 'done' ? i.file.size : (i.file.size * i.percent) / 100), 0);
  return Math.round((sent / total) * 100);
}

/**
 * Runs `work` for every item at most `limit` at a time, in order; an item may be skipped (it was
 * cancelled while waiting) when `skip` says so as its turn comes.
 */
export async function inTurns<T>(list: T[], limit: number, skip: (item: T) => boolean, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const item = list[next++]!;
      if (!skip(item)) await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
}

/** The item after an event of its resumable upload: the upload's state and the percentage the bars show. */
export function withUploadEvent(item: UploadItem, e: UploadEvent): UploadItem {
  const upload = nextUpload(item.upload, e);
  return { ...item, upload, percent: percentOf(upload.sent, upload.total) };
}

/**
 * One material file, as "Tambah Materi" and "Ganti file" send it: the bytes go up resumable (each
 * change of the upload goes to `onEvent`: bytes sent, waiting for a connection), then `save` stores
 * the material with the finished upload's id, and the browser forgets the upload. Rejects with an
 * ApiError: the server's reason, or status -1 when `signal` stopped it (see `wasStopped`). A failed
 * upload stays on the server, so sending the same file again goes on from the bytes it has.
 */
export async function sendMaterialFile<T>(
  file: File,
  onEvent: (e: UploadEvent) => void,
  signal: AbortSignal,
  save: (upload: string) => Promise<T>,
): Promise<T> {
  const upload = await sendResumable(file, onEvent, signal);
  const saved = await save(upload);
  void forgetUploads([file]).catch(() => undefined);
  return saved;
}

/** The upload was stopped on purpose (Batal, the page left), not refused or lost. */
export const wasStopped = (err: unknown): boolean => err instanceof ApiError && err.status === -1;
