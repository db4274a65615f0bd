import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceRow, MeetingDetail } from '@kelasku/contract';
import { ApiError } from '../../lib/api-error';
import { readPending } from './attendance-queue';
import { useAttendance } from './use-attendance';

const put = vi.fn();
const saved = vi.fn();
vi.mock('../../api/meetings', () => ({
  putAttendance: (...args: unknown[]) => put(...args),
  useAttendanceSaved: () => saved,
}));
vi.mock('../../lib/toast', () => ({ toastSuccess: vi.fn(), toastError: vi.fn(), errorMessage: (e: Error) => e.message }));

const row = (id: number, status: AttendanceRow['status'] = null, revision = 0): AttendanceRow => ({
  student: { id, name: `Siswa ${id}`, nis: null, avatar: null },
  status,
  note: null,
  source: status ? 'teacher' : null,
  revision,
  recorded_by: null,
  recorded_at: null,
  checked_in_at: null,
  leave: null,
});
const detail = (students: AttendanceRow[]) =>
  ({
    meeting: { id: 40 },
    class: { id: 3, name: 'Jaringan', rombel: { id: 1, name: 'X TKJ 1' }, subject: null },
    students,
  }) as unknown as MeetingDetail;

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  localStorage.clear();
  vi.clearAllMocks();
});

describe('taking attendance on the phone', () => {
  it('keeps a save made offline and sends it when the browser is back online', async () => {
    const refetch = vi.fn().mockResolvedValue(undefined);
    const d = detail([row(1, 'H', 1), row(2, 'H', 1)]);
    const { result } = renderHook(() => useAttendance(d, 7, refetch));
    online = false;
    act(() => result.current.choose(d.students[1]!, { status: 'S' }));
    await act(() => result.current.save());
    expect(put).not.toHaveBeenCalled();
    expect(result.current.queued).toBe(true);
    expect(readPending(7, 40)?.entries).toEqual([{ student_id: 2, status: 'S', note: null, revision: 1 }]);

    online = true;
    put.mockResolvedValue({ data: detail([row(1, 'H', 1), row(2, 'S', 2)]) });
    await act(async () => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current.queued).toBe(false));
    expect(put).toHaveBeenCalledWith(3, 40, { entries: [{ student_id: 2, status: 'S', note: null, revision: 1 }] });
    expect(saved).toHaveBeenCalled();
    expect(readPending(7, 40)).toBeNull();
    expect(result.current.choices.size).toBe(0);
  });

  it('shows a conflict once the list is read again, and "Tetap" saves with the new revision', async () => {
    let d = detail([row(1, 'H', 1)]);
    const refetch = vi.fn().mockImplementation(async () => {
      d = detail([row(1, 'S', 2)]);
    });
    const { result, rerender } = renderHook(() => useAttendance(d, 7, refetch));
    act(() => result.current.choose(d.students[0]!, { status: 'A' }));
    put.mockRejectedValueOnce(new ApiError(409, 'Sebagian siswa sudah diubah', { 'students.1': ['Sudah diubah menjadi Sakit oleh Budi'] }));
    await act(() => result.current.save());
    rerender();
    expect(refetch).toHaveBeenCalled();
    expect([...result.current.conflicts]).toEqual([[1, 'Sudah diubah menjadi Sakit oleh Budi']]);
    expect(result.current.choices.get(1)).toMatchObject({ status: 'A', revision: 1 });

    act(() => result.current.keepMine(d.students[0]!));
    expect(result.current.conflicts.size).toBe(0);
    put.mockResolvedValueOnce({ data: detail([row(1, 'A', 3)]) });
    await act(() => result.current.save());
    expect(put).toHaveBeenLastCalledWith(3, 40, { entries: [{ student_id: 1, status: 'A', note: null, revision: 2 }] });
  });
});
