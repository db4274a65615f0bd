import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../api/session';
import type { UploadEvent } from './state';

/** The uploads the hook started, each with the events it can send back and what was asked of it. */
const started: { file: File; emit: (e: UploadEvent) => void; stopped: boolean | null; retried: number }[] = [];

// The network part (tus) is replaced here; this file tests the order in which files go up.
vi.mock('./resumable', () => ({
  preloadResumable: () => undefined,
  forgetUploads: () => Promise.resolve(),
  startResumable: (file: File, onEvent: (e: UploadEvent) => void) => {
    const entry = { file, emit: onEvent, stopped: null as boolean | null, retried: 0 };
    started.push(entry);
    onEvent({ type: 'start' });
    return {
      stop: (terminate = false) => void (entry.stopped = terminate),
      retry: () => void entry.retried++,
    };
  },
}));

const { AT_ONCE, useUploads } = await import('./useUploads');

const file = (name: string) => new File(['x'], name, { type: 'application/pdf' });
const phases = (items: { state: { phase: string } }[]) => items.map((i) => i.state.phase);

beforeEach(() => {
  started.length = 0;
});

describe('the uploads of a form', () => {
  it('sends two files at a time in the order picked; the next starts when one ends', () => {
    const { result } = renderHook(() => useUploads());
    act(() => result.current.add([file('1.pdf'), file('2.pdf'), file('3.pdf'), file('4.pdf')]));
    expect(AT_ONCE).toBe(2);
    expect(started.map((s) => s.file.name)).toEqual(['1.pdf', '2.pdf']);
    expect(phases(result.current.items)).toEqual(['starting', 'starting', 'queued', 'queued']);
    expect(result.current.unfinished).toBe(true);

    act(() => started[0]!.emit({ type: 'done', id: 'a' }));
    expect(started.map((s) => s.file.name)).toEqual(['1.pdf', '2.pdf', '3.pdf']);
    // A failure makes room too (it waits for "Coba lagi" without holding a turn).
    act(() => started[1]!.emit({ type: 'failed', message: 'Tipe file tidak didukung' }));
    expect(started.map((s) => s.file.name)).toEqual(['1.pdf', '2.pdf', '3.pdf', '4.pdf']);
    expect(phases(result.current.items)).toEqual(['done', 'failed', 'starting', 'starting']);
  });

  it('deletes a removed upload on the server, drops a waiting file without starting it, and retries a failed one', () => {
    const { result } = renderHook(() => useUploads());
    act(() => result.current.add([file('1.pdf'), file('2.pdf'), file('3.pdf')]));
    const [, second, third] = result.current.items;
    act(() => result.current.remove(third!.key));
    act(() => result.current.remove(second!.key));
    expect(started[1]!.stopped).toBe(true);
    expect(started.map((s) => s.file.name)).toEqual(['1.pdf', '2.pdf']);
    expect(result.current.items.map((i) => i.file.name)).toEqual(['1.pdf']);

    act(() => started[0]!.emit({ type: 'failed', message: 'Tidak dapat terhubung ke server.' }));
    act(() => result.current.retry(result.current.items[0]!.key));
    expect(started[0]!.retried).toBe(1);
    expect(phases(result.current.items)).toEqual(['starting']);
  });

  it('stops the uploads without deleting them when the page is left, so they can be resumed', () => {
    const { result, unmount } = renderHook(() => useUploads());
    act(() => result.current.add([file('1.pdf')]));
    unmount();
    expect(started[0]!.stopped).toBe(false);
  });
});

describe('files of an earlier visit (a reload, a page left)', () => {
  const dated = (name: string) => new File(['x'], name, { type: 'application/pdf', lastModified: 1_700_000_000_000 });
  beforeEach(() =>
    saveSession('t', { id: 7, name: 'Siswa', username: 'siswa', email: null, role: 'student', avatar: null, must_change_password: false }),
  );
  afterEach(() => localStorage.clear());

  it('are offered again until the same file is picked, removed or the form is saved', async () => {
    const first = renderHook(() => useUploads('tugas-12'));
    act(() => first.result.current.add([dated('a.pdf'), dated('b.pdf'), dated('c.pdf')]));
    // A PDF made from photos cannot be picked again: offered only if the browser kept it (jsdom keeps no caches).
    await act(async () => first.result.current.add([dated('foto.pdf')], { keep: true }));
    act(() => first.result.current.remove(first.result.current.items[2]!.key));
    first.unmount();

    // The page opened again: a.pdf and b.pdf are offered; the removed file and the unkept photos' PDF are not.
    const again = renderHook(() => useUploads('tugas-12'));
    expect(again.result.current.pending.map((p) => p.name)).toEqual(['a.pdf', 'b.pdf']);
    // Another form of the same student has none.
    expect(renderHook(() => useUploads('tugas-13')).result.current.pending).toEqual([]);

    act(() => again.result.current.add([dated('a.pdf')]));
    expect(again.result.current.pending.map((p) => p.name)).toEqual(['b.pdf']);
    act(() => again.result.current.dismiss(again.result.current.pending[0]!));
    expect(again.result.current.pending).toEqual([]);
    act(() => again.result.current.finish());
    expect(renderHook(() => useUploads('tugas-12')).result.current.pending).toEqual([]);
  });
});
