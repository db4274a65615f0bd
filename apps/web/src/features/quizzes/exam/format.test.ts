import { describe, expect, it } from 'vitest';
import { clockWib, leavesText, leaveWarning } from './format';

describe('exam mode texts', () => {
  it('shows a leave as the board reads it, in WIB', () => {
    expect(clockWib('2026-11-30T03:42:10Z')).toBe('10.42');
    expect(leavesText({ leave_count: 3, last_left_at: '2026-11-30T03:42:10Z' })).toBe('keluar 3× — terakhir 10.42');
    expect(leavesText({ leave_count: 0, last_left_at: null })).toBeNull();
  });

  it('warns the student when the leave limit is near', () => {
    expect(leaveWarning(0, null)).toBeNull();
    expect(leaveWarning(2, null)).toEqual({ text: 'Kamu sudah keluar 2× dari halaman ujian.', urgent: false });
    expect(leaveWarning(1, 5)).toEqual({
      text: 'Kamu sudah keluar 1× dari halaman ujian. Jawabanmu otomatis dikumpulkan bila kamu keluar 4 kali lagi.',
      urgent: false,
    });
    expect(leaveWarning(3, 5)?.urgent).toBe(true);
    expect(leaveWarning(4, 5)).toEqual({
      text: 'Kamu sudah keluar 4× dari halaman ujian. Sekali lagi keluar, jawabanmu otomatis dikumpulkan.',
      urgent: true,
    });
    expect(leaveWarning(0, 1)?.text).toBe('Sekali lagi keluar, jawabanmu otomatis dikumpulkan.');
  });
});
