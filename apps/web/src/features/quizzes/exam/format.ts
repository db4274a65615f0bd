import { EXAM_MSG, type ProctorRow } from '@kelasku/contract';

const WIB_OFFSET_MS = 7 * 3600_000;

/** "10.42": the time of day in WIB, as the board shows a leave. */
export function clockWib(iso: string | null | undefined): string {
  const ms = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(ms)) return '-';
  return new Date(ms + WIB_OFFSET_MS).toISOString().slice(11, 16).replace(':', '.');
}

/** "keluar 3× — terakhir 10.42", or null when the student never left the page. */
export function leavesText(row: Pick<ProctorRow, 'leave_count' | 'last_left_at'>): string | null {
  if (row.leave_count === 0) return null;
  return EXAM_MSG.leaves(row.leave_count, clockWib(row.last_left_at));
}

export const STATE_LABEL = { not_started: 'Belum mulai', working: 'Mengerjakan', submitted: 'Selesai' } as const;
export const STATE_COLOR = { not_started: 'gray', working: 'blue', submitted: 'teal' } as const;

/** The student's line on the attempt page: how often they left, and a warning when the limit is near. */
export function leaveWarning(count: number, limit: number | null): { text: string; urgent: boolean } | null {
  if (count === 0 && limit === null) return null;
  const left = limit === null ? null : limit - count;
  const base = count > 0 ? `Kamu sudah keluar ${count}× dari halaman ujian.` : '';
  if (left === null) return { text: base, urgent: false };
  if (left <= 0) return { text: base, urgent: true };
  const warn =
    left === 1
      ? 'Sekali lagi keluar, jawabanmu otomatis dikumpulkan.'
      : `Jawabanmu otomatis dikumpulkan bila kamu keluar ${left} kali lagi.`;
  return { text: `${base} ${warn}`.trim(), urgent: left <= 2 };
}
