import { useEffect, useState } from 'react';
import { Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconClock, IconFlagFilled } from '@tabler/icons-react';
import type { SaveStatus } from './answer-queue';
import { countdownWords, formatCountdown, isWarning, remainingMs } from '../../../lib/quiz-clock';

/** Milliseconds left on the server's clock, renewed twice a second; null when the attempt has no deadline. */
export function useRemaining(dueAt: string | null, offsetMs: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!dueAt) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [dueAt]);
  return remainingMs(dueAt, offsetMs, now);
}

/** The countdown: "Sisa waktu 12:34", orange under five minutes, red in the last one. */
export function Countdown({ remaining }: { remaining: number | null }) {
  if (remaining === null) {
    return (
      <Group gap={6} wrap="nowrap">
        <IconClock size={18} aria-hidden />
        <Text size="sm">Tanpa batas waktu</Text>
      </Group>
    );
  }
  const warning = isWarning(remaining);
  const color = remaining < 60_000 ? 'red' : warning ? 'orange' : 'teal';
  return (
    <Paper
      role="timer"
      aria-label={`Sisa waktu ${countdownWords(remaining)}`}
      data-warning={warning ? 'true' : 'false'}
      px="sm"
      py={4}
      radius="md"
      bg={warning ? `${color}.0` : 'teal.0'}
      style={{ border: `1px solid var(--mantine-color-${color}-${warning ? 7 : 3})`, flexShrink: 0 }}
    >
      <Group gap={6} wrap="nowrap">
        <IconClock size={18} color={`var(--mantine-color-${color}-9)`} aria-hidden />
        <Text size="xs" c={`${color}.9`} visibleFrom="xs">
          Sisa waktu
        </Text>
        <Text fw={700} c={`${color}.9`} ff="monospace" size="lg" aria-hidden>
          {formatCountdown(remaining)}
        </Text>
      </Group>
    </Paper>
  );
}

export interface NavItem {
  id: number;
  answered: boolean;
  flagged: boolean;
  status: SaveStatus | undefined;
}

function describe(n: number, item: NavItem) {
  const parts = [item.answered ? 'sudah dijawab' : 'belum dijawab'];
  if (item.flagged) parts.push('ditandai');
  if (item.status?.state === 'unsent') parts.push('belum terkirim');
  return `Soal ${n}, ${parts.join(', ')}`;
}

/** The question numbers: answered (filled), unanswered (plain), marked to look at again (orange with a flag). */
export function QuestionNavigator({ items, current, onGo }: { items: NavItem[]; current: number | null; onGo: (index: number) => void }) {
  const answered = items.filter((i) => i.answered).length;
  return (
    <nav aria-label="Daftar soal">
      <Text size="sm" fw={600} mb={6}>
        {answered} dari {items.length} soal dijawab
      </Text>
      <SimpleGrid cols={{ base: 6, xs: 8, md: 5 }} spacing={6} verticalSpacing={6}>
        {items.map((item, i) => {
          const isCurrent = current === i;
          return (
            <Button
              key={item.id}
              size="compact-md"
              px={0}
              h={40}
              variant={item.answered ? 'filled' : item.flagged ? 'light' : 'default'}
              color={item.flagged ? 'orange' : 'teal'}
              aria-label={describe(i + 1, item)}
              aria-current={isCurrent ? 'step' : undefined}
              onClick={() => onGo(i)}
              style={{
                position: 'relative',
                outline: isCurrent ? '2px solid var(--mantine-color-dark-6)' : undefined,
                outlineOffset: 2,
                ...(item.status?.state === 'unsent' ? { borderStyle: 'dashed', borderColor: 'var(--mantine-color-orange-7)' } : {}),
              }}
            >
              {i + 1}
              {item.flagged && <IconFlagFilled size={10} style={{ position: 'absolute', top: 3, right: 3 }} aria-hidden />}
            </Button>
          );
        })}
      </SimpleGrid>
      <Group gap="md" mt="xs">
        <Legend swatch={{ background: 'var(--mantine-color-teal-filled)' }} label="Dijawab" />
        <Legend swatch={{ background: 'white', border: '1px solid var(--mantine-color-gray-4)' }} label="Belum" />
        <Legend swatch={{ background: 'var(--mantine-color-orange-light)' }} label="Ditandai" />
      </Group>
    </nav>
  );
}

function Legend({ swatch, label }: { swatch: React.CSSProperties; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <span aria-hidden style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 3, ...swatch }} />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
}
