import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import {
  dropPending,
  flushPending,
  keepPending,
  keepsForLater,
  pendingKey,
  pendingOfClass,
  readPending,
  subscribePending,
} from './attendance-queue';
import type { Entry } from './marks';

const entry = (student_id: number, status: Entry['status'], revision = 0, note: string | null = null): Entry => ({
  student_id,
  status,
  note,
  revision,
});

describe('a class list saved offline', () => {
  afterEach(() => localStorage.clear());

  it('is kept per meeting for its user, and a second save merges into the first (the newer mark wins)', () => {
    const heard = vi.fn();
    const stop = subscribePending(heard);
    keepPending(7, 3, 40, [entry(1, 'H'), entry(2, 'S', 0, 'demam')], 1000);
    keepPending(7, 3, 40, [entry(2, 'A', 0), entry(5, 'I')], 2000);
    stop();
    expect(heard).toHaveBeenCalledTimes(2);
    const kept = readPending(7, 40)!;
    expect(kept.at).toBe(2000);
    expect(kept.entries).toEqual([entry(1, 'H'), entry(2, 'A'), entry(5, 'I')]);
    // Another teacher of this browser does not see it; another class does not list it.
    expect(readPending(8, 40)).toBeNull();
    expect(pendingOfClass(7, 3).map((p) => p.meetingId)).toEqual([40]);
    expect(pendingOfClass(7, 4)).toEqual([]);
  });

  it('reads an unreadable record as none', () => {
    localStorage.setItem(pendingKey(41), '{not json');
    expect(readPending(7, 41)).toBeNull();
    localStorage.setItem(
      pendingKey(41),
      JSON.stringify({ userId: 7, meetingId: 41, classId: 3, entries: [{ bogus: true }, entry(1, 'H')] }),
    );
    expect(readPending(7, 41)?.entries).toEqual([entry(1, 'H')]);
  });

  it('is sent when online and forgotten once the server has it', async () => {
    keepPending(7, 3, 40, [entry(1, 'S')], 1000);
    const send = vi.fn().mockResolvedValue('detail');
    expect(await flushPending(7, 40, send, () => false)).toEqual({ kind: 'later' });
    expect(send).not.toHaveBeenCalled();
    const result = await flushPending(7, 40, send, () => true);
    expect(result).toEqual({ kind: 'sent', detail: 'detail' });
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ classId: 3, meetingId: 40, entries: [entry(1, 'S')] }));
    expect(readPending(7, 40)).toBeNull();
    expect(await flushPending(7, 40, send, () => true)).toEqual({ kind: 'none' });
  });

  it('keeps a newer save made while the older one was on its way', async () => {
    keepPending(7, 3, 40, [entry(1, 'S')], 1000);
    const send = vi.fn().mockImplementation(async () => {
      keepPending(7, 3, 40, [entry(2, 'A')], 2000);
      return 'detail';
    });
    await flushPending(7, 40, send, () => true);
    expect(readPending(7, 40)?.entries).toEqual([entry(1, 'S'), entry(2, 'A')]);
  });

  it('stays for later when there is no connection or the server is in trouble', async () => {
    keepPending(7, 3, 40, [entry(1, 'S')], 1000);
    for (const status of [0, 500, 503, 429, 401]) {
      const send = vi.fn().mockRejectedValue(new ApiError(status, 'gagal'));
      expect(await flushPending(7, 40, send, () => true)).toEqual({ kind: 'later' });
      expect(readPending(7, 40)?.entries).toEqual([entry(1, 'S')]);
    }
    expect(keepsForLater(new ApiError(0, 'x'))).toBe(true);
    expect(keepsForLater(new ApiError(422, 'x'))).toBe(false);
  });

  it("waits for the teacher after a conflict, with the server's messages kept", async () => {
    keepPending(7, 3, 40, [entry(1, 'A', 1)], 1000);
    const errors = { 'students.1': ['Sudah diubah menjadi Sakit oleh Budi Santoso'] };
    const send = vi.fn().mockRejectedValue(new ApiError(409, 'Sebagian siswa sudah diubah di perangkat lain.', errors));
    const result = await flushPending(7, 40, send, () => true);
    expect(result).toEqual({ kind: 'conflict', errors, message: 'Sebagian siswa sudah diubah di perangkat lain.' });
    expect(readPending(7, 40)?.conflict).toEqual(errors);
    // Not sent again by itself.
    expect(await flushPending(7, 40, send, () => true)).toEqual({ kind: 'none' });
    expect(send).toHaveBeenCalledTimes(1);
    dropPending(40);
    expect(readPending(7, 40)).toBeNull();
  });

  it('keeps a refused save with its message (a cancelled meeting)', async () => {
    keepPending(7, 3, 40, [entry(1, 'H')], 1000);
    const message = 'Pertemuan ini dibatalkan; presensi tidak dapat disimpan';
    const send = vi.fn().mockRejectedValue(new ApiError(409, message));
    expect(await flushPending(7, 40, send, () => true)).toEqual({ kind: 'refused', message });
    expect(readPending(7, 40)?.error).toBe(message);
  });
});
