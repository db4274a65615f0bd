import { Badge } from '@mantine/core';
import { formatDateTimeWib } from '../../../lib/format';
import { useNow } from '../../../lib/now';

interface Window {
  opens_at: string | null;
  closes_at: string | null;
}

export type QuizPhase = 'upcoming' | 'open' | 'closed';

/** Where a quiz stands in its window now: not open yet, open, or closed. */
export function quizPhase(q: Window, now: number): QuizPhase {
  if (q.opens_at && Date.parse(q.opens_at) > now) return 'upcoming';
  if (q.closes_at && Date.parse(q.closes_at) <= now) return 'closed';
  return 'open';
}

const PHASES: Record<QuizPhase, { label: string; color: string }> = {
  upcoming: { label: 'Belum dibuka', color: 'blue' },
  open: { label: 'Dibuka', color: 'teal' },
  closed: { label: 'Ditutup', color: 'red' },
};

/** "Belum dibuka" / "Dibuka" / "Ditutup", renewed on an open page. */
export function QuizStatusBadge({ quiz }: { quiz: Window }) {
  const now = useNow(30_000);
  const p = PHASES[quizPhase(quiz, now)];
  return (
    <Badge variant="light" color={p.color} style={{ flexShrink: 0 }}>
      {p.label}
    </Badge>
  );
}

/** "Dibuka 1 Desember 2030 07.00 WIB · Ditutup …" — or "Tanpa batas waktu buka/tutup". */
export function quizWindowText(q: Window & { time_limit_minutes?: number | null }): string {
  const parts: string[] = [];
  if (q.opens_at) parts.push(`Dibuka ${formatDateTimeWib(q.opens_at)}`);
  if (q.closes_at) parts.push(`Ditutup ${formatDateTimeWib(q.closes_at)}`);
  if (parts.length === 0) parts.push('Tanpa jadwal buka/tutup');
  if (q.time_limit_minutes) parts.push(`${q.time_limit_minutes} menit`);
  return parts.join(' · ');
}
