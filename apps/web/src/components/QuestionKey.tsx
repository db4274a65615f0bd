import { Badge, Group, List, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { QUESTION_TYPE_LABELS, type ChoiceOption, type QuestionKey, type QuestionType, type ShortAnswerData } from '@kelasku/contract';
import { MathText } from './MathText';

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

/** A credit in percent as the screens show it ("83,3 %"). */
export const formatCredit = (n: number) => `${formatNumber(n, 1)} %`;

/** The credit an option gives when the key names one that differs from its mark (100 right, 0 wrong). */
function optionCredit(o: ChoiceOption): number | null {
  if (o.fraction === undefined) return null;
  return o.fraction === (o.correct ? 100 : 0) ? null : o.fraction;
}

/** One accepted short answer as it reads: "router", "3,14 ± 0,01", with its credit when not 100 %. */
function shortAnswerText(d: ShortAnswerData, i: number, withTolerance: boolean): string {
  const a = d.answers[i] ?? '';
  const tolerance = d.tolerances?.[i] ?? d.tolerance;
  const value =
    d.tolerance === null ? a : formatNumber(Number(a), 6) + (withTolerance && tolerance !== null ? ` ± ${formatNumber(tolerance, 6)}` : '');
  const credit = d.fractions?.[i];
  return credit === undefined || credit === 100 ? value : `${value} (${formatCredit(credit)})`;
}

/** The key in one line, for lists and the import preview: "Kunci: B", "Diterima: 3,14 ± 0,01", "4 pasangan". */
export function keySummary(q: QuestionKey): string {
  switch (q.type) {
    case 'multiple_choice':
    case 'multiple_answer': {
      const named = (o: ChoiceOption, i: number) => {
        const credit = optionCredit(o);
        return credit === null ? letter(i) : `${letter(i)} (${formatCredit(credit)})`;
      };
      const right = q.data.options.flatMap((o, i) => (o.correct ? [named(o, i)] : []));
      const partial = q.data.options.flatMap((o, i) => (!o.correct && (o.fraction ?? 0) > 0 ? [named(o, i)] : []));
      return `${q.data.options.length} pilihan · kunci ${right.length ? right.join(', ') : '–'}${partial.length ? ` · sebagian ${partial.join(', ')}` : ''}`;
    }
    case 'true_false':
      return `Kunci: ${q.data.answer ? 'Benar' : 'Salah'}`;
    case 'short_answer': {
      const d = q.data;
      // One tolerance for all: said once at the end ("3,14 / 3,1416 ± 0,01").
      const own = d.tolerances !== undefined && d.tolerances.some((t) => t !== d.tolerance);
      const answers = d.answers.map((_, i) => shortAnswerText(d, i, own)).join(' / ');
      return d.tolerance === null || own ? `Diterima: ${answers}` : `Diterima: ${answers} ± ${formatNumber(d.tolerance, 6)}`;
    }
    case 'matching': {
      const distractors = q.data.distractors?.length ?? 0;
      return `${q.data.pairs.length} pasangan${distractors ? ` · ${distractors} pengecoh` : ''}`;
    }
    case 'essay':
      return 'Dinilai manual oleh guru';
  }
}

const Mark = ({ ok, label }: { ok: boolean; label: string }) => (
  <ThemeIcon size="sm" radius="xl" variant="light" color={ok ? 'teal' : 'gray'} role="img" aria-label={label} style={{ flexShrink: 0 }}>
    {ok ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
  </ThemeIcon>
);

/** A key's feedback for one answer, under it. */
function AnswerFeedback({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <Text size="xs" c="dimmed" component="div">
      Umpan balik:{' '}
      <MathText span size="xs" c="dimmed">
        {text}
      </MathText>
    </Text>
  );
}

/** The credit of an option or answer as a small badge. */
const CreditBadge = ({ credit }: { credit: number }) => (
  <Badge size="sm" variant="light" color={credit > 0 ? 'yellow' : 'red'} style={{ flexShrink: 0 }}>
    {formatCredit(credit)}
  </Badge>
);

/** The whole key of a question: options with the right ones marked and their credits, accepted answers, pairs, feedback. */
export function KeyDetails({ q }: { q: QuestionKey }) {
  switch (q.type) {
    case 'multiple_choice':
    case 'multiple_answer':
      return (
        <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {q.data.options.map((o, i) => {
            const credit = optionCredit(o);
            return (
              <Group key={o.id || i} component="li" gap="xs" wrap="nowrap" align="flex-start">
                <Mark ok={o.correct} label={o.correct ? 'Benar' : 'Salah'} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <Text size="sm" fw={o.correct ? 600 : 400} style={{ flexShrink: 0 }}>
                      {letter(i)}.
                    </Text>
                    <MathText size="sm" fw={o.correct ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
                      {o.text}
                    </MathText>
                    {credit !== null && <CreditBadge credit={credit} />}
                  </Group>
                  <AnswerFeedback text={o.feedback} />
                </Stack>
              </Group>
            );
          })}
        </Stack>
      );
    case 'true_false':
      return (
        <Stack gap={2}>
          <Text size="sm">
            Kunci: <b>{q.data.answer ? 'Benar' : 'Salah'}</b>
          </Text>
          {q.data.feedback_true && <FeedbackLine label="Bila menjawab Benar" text={q.data.feedback_true} />}
          {q.data.feedback_false && <FeedbackLine label="Bila menjawab Salah" text={q.data.feedback_false} />}
        </Stack>
      );
    case 'short_answer': {
      const d = q.data;
      const own = d.tolerances !== undefined && d.tolerances.some((t) => t !== d.tolerance);
      return (
        <Stack gap={2}>
          <Text size="sm">Jawaban yang diterima:</Text>
          <List size="sm">
            {d.answers.map((_, i) => (
              <List.Item key={i}>
                <MathText span size="sm">
                  {shortAnswerText(d, i, own)}
                </MathText>
                <AnswerFeedback text={d.feedback?.[i]} />
              </List.Item>
            ))}
          </List>
          {d.tolerance !== null && !own && <Text size="sm">Toleransi: ± {formatNumber(d.tolerance, 6)}</Text>}
        </Stack>
      );
    }
    case 'matching':
      return (
        <Stack gap={4}>
          <Table withTableBorder withColumnBorders layout="fixed" fz="sm" aria-label="Pasangan yang benar">
            <Table.Tbody>
              {q.data.pairs.map((p) => (
                <Table.Tr key={p.id || p.left}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <MathText size="sm">{p.left}</MathText>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <MathText size="sm">{p.right}</MathText>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {q.data.distractors && q.data.distractors.length > 0 && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Pilihan pengecoh: {q.data.distractors.map((d) => d.text).join(', ')}
            </Text>
          )}
        </Stack>
      );
    case 'essay':
      return (
        <Text size="sm" c="dimmed">
          Jawaban uraian dinilai manual oleh guru.
        </Text>
      );
  }
}

/** A labelled feedback text ("Umpan balik umum: …"). */
export function FeedbackLine({ label, text }: { label: string; text: string }) {
  return (
    <Text size="sm" component="div">
      <Text span size="sm" fw={600}>
        {label}:
      </Text>{' '}
      <MathText span size="sm">
        {text}
      </MathText>
    </Text>
  );
}
