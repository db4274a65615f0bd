import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { REPORT_MSG } from '@kelasku/contract';

const AWAITING_REGRADE = REPORT_MSG.awaitingRegrade;

/** The hourglass beside a last grade kept while the new version waits (gradebook cells, the legend). */
export function AwaitingIcon({ size = 14 }: { size?: number }) {
  return (
    <Tooltip label={AWAITING_REGRADE} withArrow>
      <span role="img" aria-label={AWAITING_REGRADE} style={{ display: 'inline-flex' }}>
        <IconHourglassHigh size={size} color="var(--mantine-color-blue-6)" aria-hidden />
      </span>
    </Tooltip>
  );
}

/** The student's last grade, kept while their work handed in again waits: "Nilai 85" with "Menunggu nilai baru". */
export function LastGradeAwaiting({ score }: { score: number }) {
  return (
    <Group component="span" gap={6} wrap="wrap" style={{ flexShrink: 0 }}>
      <Badge component="span" variant="light" color="teal">
        Nilai {score}
      </Badge>
      <Text component="span" size="xs" c="blue.8" fw={500}>
        {AWAITING_REGRADE}
      </Text>
    </Group>
  );
}
