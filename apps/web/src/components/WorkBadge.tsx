import { Badge, type BadgeProps } from '@mantine/core';
import type { WorkState } from '@kelasku/contract';

/** A student's work on an assignment as a short label: to do, late, done, waiting for a grade, returned, or the score. */
export function workLabel(w: { state: WorkState; score: number | null | undefined; returned_at?: string | null }): {
  label: string;
  color: string;
} {
  if (w.returned_at && w.state === 'done')
    return { label: w.score !== null && w.score !== undefined ? `Dikembalikan · ${w.score}` : 'Dikembalikan', color: 'orange' };
  if (w.score !== null && w.score !== undefined) return { label: `Nilai ${w.score}`, color: 'teal' };
  if (w.state === 'late') return { label: 'Terlambat', color: 'red' };
  if (w.state === 'todo') return { label: 'Belum dikerjakan', color: 'gray' };
  return { label: 'Selesai', color: 'green' };
}

/** The badge of workLabel; `waiting` says "Menunggu dinilai" for handed-in work not graded yet (Tugas Saya's Selesai tab). */
export function WorkBadge({
  work,
  waiting,
  ...rest
}: { work: { state: WorkState; score: number | null | undefined; returned_at?: string | null }; waiting?: boolean } & BadgeProps) {
  const { label, color } = workLabel(work);
  const shown = waiting && label === 'Selesai' ? { label: 'Menunggu dinilai', color: 'blue' } : { label, color };
  return (
    <Badge variant="light" color={shown.color} style={{ flexShrink: 0 }} {...rest}>
      {shown.label}
    </Badge>
  );
}
