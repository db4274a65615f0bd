import { Badge } from '@mantine/core';
import { formatDate } from '../../lib/format';

/** Pieces of the school-year screens. */

/** Green "Aktif", or a grey badge saying otherwise. */
export function ActiveBadge({ active, off = 'Nonaktif' }: { active: boolean; off?: string }) {
  return active ? (
    <Badge color="green" variant="light">
      Aktif
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      {off}
    </Badge>
  );
}

/** "1 Juli 2026 – 31 Desember 2026". */
export const dateRange = (s: { starts_on: string; ends_on: string }) => `${formatDate(s.starts_on)} – ${formatDate(s.ends_on)}`;
