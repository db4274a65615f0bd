import { Badge } from '@mantine/core';
import type { ClassSubject } from '@kelasku/contract';

/**
 * A class card's subject (mata pelajaran), when the class belongs to a teaching assignment; a class
 * made by hand has none and shows nothing.
 */
export function SubjectBadge({ klass }: { klass: { subject?: ClassSubject | null } }) {
  if (!klass.subject) return null;
  return (
    <Badge variant="outline" color="gray" tt="none" title={`Mata pelajaran ${klass.subject.name}`} maw="100%">
      {klass.subject.name}
    </Badge>
  );
}
