import { Stack, Text } from '@mantine/core';
import { auditChanges, type AuditEntry } from '@kelasku/contract';

/** The fields a row changed, one line each: "Nilai: 70 → 85" (or only the value, for a creation or a deletion). */
export function ChangeLines({ entry }: { entry: Pick<AuditEntry, 'before' | 'after'> }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        Tidak ada perubahan data
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {changes.map((c) => (
        <Text key={c.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={500} size="sm">
            {c.field}:
          </Text>{' '}
          {c.before !== null && c.after !== null ? `${c.before} → ${c.after}` : (c.after ?? c.before)}
        </Text>
      ))}
    </Stack>
  );
}
