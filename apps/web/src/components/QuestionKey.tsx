import { Badge, Group, List, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { QUESTION_TYPE_LABELS, type QuestionKey, type QuestionType } from '@kelasku/contract';

/** "A", "B", … — how options are named on screen. */
export const letter = (i: number) => String.fromCharCode(65 + i);

/** A type's colour on its badge, the same everywhere. */
export const TYPE_COLORS: Record<QuestionType, string> = {
  multiple_choice: 'blue',
  multiple_answer: 'indigo',
  true_false: 'cyan',
  short_answer: 'grape',
  matching: 'orange',
  essay: 'pink',
};

export function TypeBadge({ type }: { type: QuestionType }) {
  return (
    <Badge variant="light" color={TYPE_COLORS[type]} style={{ flexShrink: 0 }}>
      {QUESTION_TYPE_LABELS[type]}
    </Badge>
  );
}

/** A number as Indonesians write it ("0,5"). */
export const formatNumber = (n: number, digits = 2) => n.toLocaleString('id-ID', { maximumFractionDigits: digits });

/** The key in one line, for lists and the import preview: "Kunci: B", "Diterima: 3,14 ± 0,01", "4 pasangan". */
export function keySummary(q: QuestionKey): string {
  switch (q.type) {
    case 'multiple_choice':
    case 'multiple_answer': {
      const right = q.data.options.flatMap((o, i) => (o.correct ? [letter(i)] : []));
      return `${q.data.options.length} pilihan · kunci ${right.length ? right.join(', ') : '–'}`;
    }
    case 'true_false':
      return `Kunci: ${q.data.answer ? 'Benar' : 'Salah'}`;
    case 'short_answer':
      return q.data.tolerance === null
        ? `Diterima: ${q.data.answers.join(' / ')}`
        : `Diterima: ${q.data.answers.map((a) => formatNumber(Number(a), 6)).join(' / ')} ± ${formatNumber(q.data.tolerance, 6)}`;
    case 'matching':
      return `${q.data.pairs.length} pasangan`;
    case 'essay':
      return 'Dinilai manual oleh guru';
  }
}

const Mark = ({ ok, label }: { ok: boolean; label: string }) => (
  <ThemeIcon size="sm" radius="xl" variant="light" color={ok ? 'teal' : 'gray'} role="img" aria-label={label} style={{ flexShrink: 0 }}>
    {ok ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
  </ThemeIcon>
);

/** The whole key of a question: options with the right ones marked, accepted answers, pairs. */
export function KeyDetails({ q }: { q: QuestionKey }) {
  switch (q.type) {
    case 'multiple_choice':
    case 'multiple_answer':
      return (
        <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {q.data.options.map((o, i) => (
            <Group key={o.id || i} component="li" gap="xs" wrap="nowrap" align="flex-start">
              <Mark ok={o.correct} label={o.correct ? 'Benar' : 'Salah'} />
              <Text size="sm" fw={o.correct ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
                {letter(i)}. {o.text}
              </Text>
            </Group>
          ))}
        </Stack>
      );
    case 'true_false':
      return (
        <Text size="sm">
          Kunci: <b>{q.data.answer ? 'Benar' : 'Salah'}</b>
        </Text>
      );
    case 'short_answer':
      return (
        <Stack gap={2}>
          <Text size="sm">Jawaban yang diterima:</Text>
          <List size="sm">
            {q.data.answers.map((a, i) => (
              <List.Item key={i}>{q.data.tolerance === null ? a : formatNumber(Number(a), 6)}</List.Item>
            ))}
          </List>
          {q.data.tolerance !== null && <Text size="sm">Toleransi: ± {formatNumber(q.data.tolerance, 6)}</Text>}
        </Stack>
      );
    case 'matching':
      return (
        <Table withTableBorder withColumnBorders layout="fixed" fz="sm" aria-label="Pasangan yang benar">
          <Table.Tbody>
            {q.data.pairs.map((p) => (
              <Table.Tr key={p.id || p.left}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.left}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.right}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      );
    case 'essay':
      return (
        <Text size="sm" c="dimmed">
          Jawaban uraian dinilai manual oleh guru.
        </Text>
      );
  }
}
