import { memo } from 'react';
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudOff, IconFlag, IconFlagFilled } from '@tabler/icons-react';
import { QUESTION_TYPE_LABELS } from '@kelasku/contract';
import type { SaveStatus } from './answer-queue';
import { QuestionInput } from './QuestionInput';
import type { QuizAnswer, StudentQuizQuestion } from './types';
import { SaverImage } from '../../../components/SaverImage';

export const SAVE_TEXT = {
  saving: 'Menyimpan…',
  saved: 'Tersimpan',
  unsent: 'Belum terkirim — akan dikirim saat tersambung',
  failed: 'Gagal disimpan',
} as const;

/** Where this question's answer stands: "Tersimpan", "Menyimpan…", "Belum terkirim — …", or the server's refusal. */
function SaveIndicator({ status, answered }: { status: SaveStatus | undefined; answered: boolean }) {
  const state = status?.state ?? (answered ? 'saved' : null);
  let body = null;
  if (state === 'pending' || state === 'saving') {
    body = (
      <Group gap={6} wrap="nowrap">
        <Loader size={12} color="gray" />
        <Text size="sm" c="dimmed">
          {SAVE_TEXT.saving}
        </Text>
      </Group>
    );
  } else if (state === 'saved') {
    body = (
      <Group gap={4} wrap="nowrap">
        <IconCheck size={16} color="var(--mantine-color-teal-9)" aria-hidden />
        <Text size="sm" c="teal.9">
          {SAVE_TEXT.saved}
        </Text>
      </Group>
    );
  } else if (state === 'unsent') {
    body = (
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconCloudOff size={16} color="var(--mantine-color-orange-9)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" c="orange.9" fw={500}>
          {SAVE_TEXT.unsent}
        </Text>
      </Group>
    );
  } else if (state === 'failed') {
    body = (
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconAlertTriangle size={16} color="var(--mantine-color-red-9)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm" c="red.9">
          {SAVE_TEXT.failed}: {status?.error}
        </Text>
      </Group>
    );
  }
  // Polite: a screen reader hears "Tersimpan" after the typing, never in the middle of it.
  return (
    <div aria-live="polite" data-testid="save-state" data-state={state ?? 'empty'} style={{ minHeight: 22 }}>
      {body}
    </div>
  );
}

interface Props {
  question: StudentQuizQuestion;
  number: number;
  total: number;
  answer: QuizAnswer | undefined;
  answered: boolean;
  status: SaveStatus | undefined;
  flagged: boolean;
  disabled: boolean;
  onAnswer: (questionId: number, answer: QuizAnswer, delayMs: number) => void;
  onFlag: (questionId: number) => void;
}

/** One question of the attempt: its number and points, text and picture, the input, the save state, and "Tandai". */
export const QuestionCard = memo(function QuestionCard({
  question: q,
  number,
  total,
  answer,
  answered,
  status,
  flagged,
  disabled,
  onAnswer,
  onFlag,
}: Props) {
  const headingId = `soal-${number}-judul`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId} id={`soal-${number}`} style={{ scrollMarginTop: 130 }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <div>
            <Title order={3} size="h5" id={headingId}>
              Soal {number}
              <Text component="span" size="sm" c="dimmed" fw={400}>
                {' '}
                dari {total}
              </Text>
            </Title>
            <Text size="xs" c="dimmed">
              {QUESTION_TYPE_LABELS[q.type]} · {q.points} poin
            </Text>
          </div>
          <Button
            variant={flagged ? 'light' : 'subtle'}
            color={flagged ? 'orange' : 'gray'}
            size="compact-sm"
            leftSection={flagged ? <IconFlagFilled size={14} /> : <IconFlag size={14} />}
            aria-pressed={flagged}
            onClick={() => onFlag(q.id)}
            style={{ flexShrink: 0 }}
          >
            {flagged ? 'Ditandai' : 'Tandai'}
          </Button>
        </Group>
        <Text className="kls-pre">{q.text}</Text>
        {q.image && <SaverImage src={q.image} alt={`Gambar soal ${number}`} radius="sm" maw="100%" fit="contain" mah={360} w="auto" />}
        <QuestionInput question={q} number={number} answer={answer} disabled={disabled} onAnswer={(a, delay) => onAnswer(q.id, a, delay)} />
        <SaveIndicator status={status} answered={answered} />
      </Stack>
    </Card>
  );
});
