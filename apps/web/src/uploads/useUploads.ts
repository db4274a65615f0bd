import { useCallback, useEffect, useState } from 'react';
import { getSessionUser } from '../api/session';
import { dropKept, keepFiles, keptFile, tidyKept } from './kept-files';
import {
  forgetPending,
  notPending,
  pendingFiles,
  pendingKey,
  rememberPending,
  sameFile,
  type FileIdentity,
  type PendingFile,
} from './pending';
import { forgetUploads, preloadResumable, startResumable, type ResumableUpload } from './resumable';
import { initialUpload, isRunning, isUnfinished, nextUpload, type UploadEvent, type UploadState } from './state';

/** One picked file and how its upload stands. */
export interface PickedUpload {
  key: string;
  file: File;
  state: UploadState;
}

let seq = 0;

/** The upload ids of the finished files, in the order picked (what a form sends as `upload`). */
export const uploadIds = (items: PickedUpload[]): string[] =>
  items.flatMap((i) => (i.state.phase === 'done' && i.state.id ? [i.state.id] : []));

/** Why a form cannot be sent yet because of its uploads, or null. */
export function uploadsBlocker(items: PickedUpload[]): string | null {
  const failed = items.filter((i) => i.state.phase === 'failed').length;
  if (failed > 0) return 'Ada file yang gagal diunggah. Tekan "Coba lagi" pada file itu atau hapus file itu dulu.';
  const running = items.filter((i) => isRunning(i.state)).length;
  if (running > 0) {
    const done = items.filter((i) => i.state.phase === 'done').length;
    return `Tunggu sampai semua file selesai diunggah (${done} dari ${done + running} selesai).`;
  }
  return null;
}

/**
 * Files going up at the same time. More would share the same thin connection without finishing
 * sooner, and would take all the browser's connections to the server (six per address), so the
 * page's own requests would wait behind them.
 */
export const AT_ONCE = 2;

/** What runs and what waits its turn, outside React's state (changed by the uploads' own events). */
interface Runner {
  uploads: Map<string, ResumableUpload>;
  active: Set<string>;
  queue: PickedUpload[];
  dispatch: (key: string, e: UploadEvent) => void;
}

/** Starts waiting files while fewer than AT_ONCE run; a file that ends (done or failed) makes room. */
function pump(r: Runner): void {
  while (r.active.size < AT_ONCE && r.queue.length > 0) {
    const item = r.queue.shift()!;
    r.active.add(item.key);
    const upload = startResumable(item.file, (e) => {
      if (e.type === 'done' || e.type === 'failed') {
        r.active.delete(item.key);
        pump(r);
      }
      r.dispatch(item.key, e);
    });
    r.uploads.set(item.key, upload);
  }
}

/** Takes a file out: its upload is deleted on the server, or it leaves the queue. */
function drop(r: Runner, key: string): void {
  r.uploads.get(key)?.stop(true);
  r.uploads.delete(key);
  r.active.delete(key);
  r.queue = r.queue.filter((i) => i.key !== key);
}

/** "Coba lagi": the failed upload runs again at once (it counts as running). */
function restart(r: Runner, key: string, upload: ResumableUpload): void {
  r.dispatch(key, { type: 'restart' });
  r.active.add(key);
  upload.retry();
}

/** Stops every upload (the server keeps their bytes) and forgets the queue. */
function stopAll(r: Runner): void {
  r.uploads.forEach((u) => u.stop());
  r.uploads.clear();
  r.active.clear();
  r.queue = [];
}

/**
 * Files that start uploading (resumable) as soon as they are picked, two at a time in the order
 * picked. Removing a file deletes its upload on the server; leaving the page stops the uploads
 * but keeps them there, so picking the same file again continues where it stopped.
 *
 * With `place` (one form, e.g. `tugas-12`) the files are remembered until the form is saved:
 * `pending` lists those of an earlier visit (a reload, a page left) that are not picked again yet.
 */
export function useUploads(place?: string) {
  const kept = pendingKey(getSessionUser()?.id, place);
  const [items, setItems] = useState<PickedUpload[]>([]);
  const [earlier, setEarlier] = useState<PendingFile[]>(() => pendingFiles(kept));
  const [runner] = useState<Runner>(() => ({
    uploads: new Map(),
    active: new Set(),
    queue: [],
    dispatch: (key, e) => setItems((was) => was.map((i) => (i.key === key ? { ...i, state: nextUpload(i.state, e) } : i))),
  }));

  useEffect(() => {
    preloadResumable();
    void tidyKept(getSessionUser()?.id).catch(() => undefined);
    return () => stopAll(runner);
  }, [runner]);

  /**
   * Adds files; `keep` for files that cannot be picked again (made from photos): the browser keeps
   * their bytes, and after a reload `restore` gives them back.
   */
  const add = useCallback(
    (files: File[], { keep = false } = {}) => {
      const fresh = files.map((file) => ({ key: `up${++seq}`, file, state: initialUpload(file.size) }));
      rememberPending(kept, files, Date.now(), { kept: keep });
      // Files that cannot be picked again are offered only if the browser kept them; those used or
      // removed while they were being kept go again.
      if (keep)
        void keepFiles(kept, files).then((ok) => {
          if (!ok) forgetPending(kept, files);
          else void dropKept(kept, notPending(kept, files)).catch(() => undefined);
        });
      setItems((was) => [...was, ...fresh]);
      runner.queue.push(...fresh);
      pump(runner);
    },
    [runner, kept],
  );

  /** The files are no longer offered after a reload, and their kept bytes go. */
  const forget = useCallback(
    (files: FileIdentity[]) => {
      forgetPending(kept, files);
      void dropKept(kept, files).catch(() => undefined);
    },
    [kept],
  );

  /** A file of an earlier visit whose bytes the browser kept ("Lanjutkan"), or null when they are gone. */
  const restore = useCallback((p: PendingFile) => keptFile(kept, p), [kept]);

  const remove = useCallback(
    (key: string) => {
      const item = items.find((i) => i.key === key);
      if (item) forget([item.file]);
      drop(runner, key);
      setItems((was) => was.filter((i) => i.key !== key));
      pump(runner);
    },
    [runner, items, forget],
  );

  /** "Lupakan" on a file of an earlier visit: no longer offered (the server deletes its bytes within 24 hours). */
  const dismiss = useCallback(
    (p: PendingFile) => {
      forget([p]);
      setEarlier((was) => was.filter((e) => !sameFile(e, p)));
      void forgetUploads([p]).catch(() => undefined);
    },
    [forget],
  );

  /** "Coba lagi" of a failed file: it runs again at once, continuing from what the server has. */
  const retry = useCallback(
    (key: string) => {
      const upload = runner.uploads.get(key);
      if (!upload) return;
      restart(runner, key, upload);
    },
    [runner],
  );

  /** After the form was saved: the server has taken the uploads; forget them here. */
  const finish = useCallback(() => {
    const files = items.map((i) => i.file);
    stopAll(runner);
    setItems([]);
    forget(files);
    setEarlier((was) => was.filter((e) => !files.some((f) => sameFile(e, f))));
    void forgetUploads(files).catch(() => undefined);
  }, [items, runner, forget]);

  const unfinished = items.some((i) => isUnfinished(i.state));
  /** Files of an earlier visit not picked again yet. */
  const pending = earlier.filter((p) => !items.some((i) => sameFile(i.file, p)));
  return { items, add, remove, retry, finish, unfinished, pending, dismiss, restore };
}
