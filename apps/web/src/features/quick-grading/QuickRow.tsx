import type { FocusEvent, KeyboardEvent, ReactNode } from 'react';
import { Badge, Button, Card, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCheck, IconHourglassHigh } from '@tabler/icons-react';
import { GRADEBOOK_LABELS, QUICK_MSG, type QuickGradingRow } from '@kelasku/contract';
import {
  AWAITING_REGRADE,
  feedbackInputId,
  isAwaitingRegrade,
  isEditable,
  keyAction,
  leavesRow,
  scoreInputId,
  type Draft,
  type RowMark,
} from './rows';

export interface QuickRowProps {
  row: QuickGradingRow;
  draft: Draft;
  mark: RowMark | undefined;
  onEdit: (patch: Partial<Draft>) => void;
  /** Save the row if it changed (it was left, or Enter). */
  onCommit: () => void;
  /** Enter: after saving, the next row's score. */
  onNext: () => void;
  onReload: () => void;
}

const STATE_BADGE: Record<QuickGradingRow['state'], { label: string; color: string }> = {
  graded: { label: 'Dinilai', color: 'teal' },
  waiting: { label: GRADEBOOK_LABELS.waiting, color: 'yellow' },
  missing: { label: GRADEBOOK_LABELS.missing, color: 'red' },
  todo: { label: GRADEBOOK_LABELS.todo, color: 'gray' },
};

/** The state of the work, with "Terlambat" and "Dikembalikan" beside it. */
export function StateBadges({ row }: { row: QuickGradingRow }) {
  const awaiting = isAwaitingRegrade(row);
  const state = awaiting ? { label: 'Diserahkan ulang', color: 'blue' } : STATE_BADGE[row.state];
  return (
    <Group gap={4}>
      <Badge size="sm" variant="light" color={state.color}>
        {state.label}
      </Badge>
      {row.late && (
        <Badge size="sm" variant="light" color="orange">
          {GRADEBOOK_LABELS.late}
        </Badge>
      )}
      {row.returned && (
        <Badge size="sm" variant="light" color="grape">
          Dikembalikan
        </Badge>
      )}
    </Group>
  );
}

/** The last grade of returned work handed in again, until the new version is graded. */
export function LastGrade({ row }: { row: QuickGradingRow }) {
  if (!isAwaitingRegrade(row)) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <IconHourglassHigh size={14} aria-hidden color="var(--mantine-color-blue-6)" />
      <Text size="xs" c="dimmed">
        Nilai terakhir {row.last_score} · {AWAITING_REGRADE}
      </Text>
    </Group>
  );
}

const markId = (studentId: number) => `tanda-cepat-${studentId}`;

/** Saving…, "Nilai tersimpan", or the server's message (a changed work offers "Muat ulang"). */
export function RowMarkView({ row, mark, onReload }: { row: QuickGradingRow; mark: RowMark | undefined; onReload: () => void }) {
  const id = markId(row.student.id);
  if (!mark) return <span id={id} />;
  if (mark.kind === 'saving')
    return (
      <Text id={id} size="xs" c="dimmed" role="status">
        Menyimpan…
      </Text>
    );
  if (mark.kind === 'saved')
    return (
      <Group id={id} gap={4} wrap="nowrap" role="status">
        <IconCheck size={14} aria-hidden color="var(--mantine-color-teal-7)" />
        <Text size="xs" c="teal.8">
          {QUICK_MSG.saved}
        </Text>
      </Group>
    );
  return (
    <Stack id={id} gap={2} align="flex-start">
      <Text size="xs" c="red.8" role="alert">
        {mark.message}
      </Text>
      {mark.conflict && (
        <Button size="compact-xs" variant="light" onClick={onReload}>
          Muat ulang
        </Button>
      )}
    </Stack>
  );
}

/** The score and feedback inputs (or, for work not handed in, why there are none). */
function fieldsOf({ p, layout }: { p: QuickRowProps; layout: 'table' | 'card' }): { score: ReactNode; feedback: ReactNode } {
  const { row, draft, mark } = p;
  const name = row.student.name;
  if (!isEditable(row)) {
    const hint = (
      <Text size="xs" c="dimmed">
        {QUICK_MSG.notSubmitted}
      </Text>
    );
    return { score: hint, feedback: null };
  }
  const invalid = mark?.kind === 'error';
  return {
    score: (
      <Stack gap={2}>
        <TextInput
          id={scoreInputId(row.student.id)}
          aria-label={`Nilai ${name}`}
          label={layout === 'card' ? 'Nilai (0–100)' : undefined}
          value={draft.score}
          onChange={(e) => p.onEdit({ score: e.currentTarget.value })}
          inputMode="numeric"
          autoComplete="off"
          w={layout === 'table' ? 84 : undefined}
          error={invalid}
          aria-invalid={invalid}
          aria-describedby={markId(row.student.id)}
        />
        <LastGrade row={row} />
      </Stack>
    ),
    feedback: (
      <TextInput
        id={feedbackInputId(row.student.id)}
        aria-label={`Masukan ${name}`}
        label={layout === 'card' ? 'Masukan singkat' : undefined}
        value={draft.feedback}
        onChange={(e) => p.onEdit({ feedback: e.currentTarget.value })}
        autoComplete="off"
        miw={layout === 'table' ? 200 : undefined}
      />
    ),
  };
}

/** Enter saves the row and moves on; the focus leaving the row saves it. */
function rowHandlers(p: QuickRowProps) {
  return {
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (!(e.target instanceof HTMLInputElement) || keyAction(e.nativeEvent) !== 'save-next') return;
      e.preventDefault();
      p.onCommit();
      p.onNext();
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (leavesRow(e.currentTarget, e.relatedTarget)) p.onCommit();
    },
  };
}

/** A row of the table (tablet and desktop). */
export function QuickTableRow(p: QuickRowProps) {
  const { score, feedback } = fieldsOf({ p, layout: 'table' });
  return (
    <Table.Tr {...rowHandlers(p)}>
      <Table.Th scope="row" fw={500}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {p.row.student.name}
        </Text>
        <Text size="xs" c="dimmed" fw={400}>
          {p.row.student.nis ?? '-'}
        </Text>
      </Table.Th>
      <Table.Td>
        <StateBadges row={p.row} />
      </Table.Td>
      <Table.Td colSpan={feedback === null ? 2 : 1}>{score}</Table.Td>
      {feedback !== null && <Table.Td>{feedback}</Table.Td>}
      <Table.Td miw={140}>
        <RowMarkView row={p.row} mark={p.mark} onReload={p.onReload} />
      </Table.Td>
    </Table.Tr>
  );
}

/** A row as a card (phones): the same inputs in the same order. */
export function QuickCardRow(p: QuickRowProps) {
  const { score, feedback } = fieldsOf({ p, layout: 'card' });
  return (
    <Card withBorder padding="sm" component="li" aria-label={p.row.student.name} {...rowHandlers(p)}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {p.row.student.name}
            </Text>
            <Text size="xs" c="dimmed">
              {p.row.student.nis ?? '-'}
            </Text>
          </div>
          <StateBadges row={p.row} />
        </Group>
        {score}
        {feedback}
        <RowMarkView row={p.row} mark={p.mark} onReload={p.onReload} />
      </Stack>
    </Card>
  );
}
