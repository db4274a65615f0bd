import { Checkbox, NativeSelect, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { QuizAnswer, StudentQuizQuestion } from './types';

/** How long typing may pause before the text is sent. */
export const TYPING_PAUSE_MS = 800;
const SHORT_MAX = 1_000;
const ESSAY_MAX = 20_000;

interface Props {
  question: StudentQuizQuestion;
  /** 1-based place in the attempt (names the inputs: "Jawaban soal 3"). */
  number: number;
  answer: QuizAnswer | undefined;
  /** A new answer; `delayMs` is the pause to wait for before sending (typing). */
  onAnswer: (answer: QuizAnswer, delayMs: number) => void;
  disabled?: boolean;
}

/** The input of one question, by its type: radios, checkboxes, Benar/Salah, a text field, a select per pair, a text area. */
export function QuestionInput({ question: q, number, answer, onAnswer, disabled }: Props) {
  const label = `Jawaban soal ${number}`;
  switch (q.type) {
    case 'multiple_choice':
      return (
        <Radio.Group
          aria-label={label}
          value={answer && 'option' in answer ? answer.option : null}
          onChange={(option) => onAnswer({ option }, 0)}
        >
          <Stack gap="sm" mt={4}>
            {(q.options ?? []).map((o) => (
              <Radio key={o.id} value={o.id} label={o.text} size="md" disabled={disabled} styles={{ label: { whiteSpace: 'pre-wrap' } }} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'multiple_answer':
      return (
        <Checkbox.Group
          aria-label={label}
          description="Pilih semua jawaban yang benar."
          value={answer && 'options' in answer ? answer.options : []}
          onChange={(options) => onAnswer({ options }, 0)}
        >
          <Stack gap="sm" mt={6}>
            {(q.options ?? []).map((o) => (
              <Checkbox
                key={o.id}
                value={o.id}
                label={o.text}
                size="md"
                disabled={disabled}
                styles={{ label: { whiteSpace: 'pre-wrap' } }}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'true_false':
      return (
        <Radio.Group
          aria-label={label}
          value={answer && 'value' in answer ? String(answer.value) : null}
          onChange={(v) => onAnswer({ value: v === 'true' }, 0)}
        >
          <Stack gap="sm" mt={4}>
            <Radio value="true" label="Benar" size="md" disabled={disabled} />
            <Radio value="false" label="Salah" size="md" disabled={disabled} />
          </Stack>
        </Radio.Group>
      );
    case 'short_answer':
      return (
        <TextInput
          aria-label={label}
          placeholder="Tulis jawabanmu"
          maxLength={SHORT_MAX}
          autoComplete="off"
          disabled={disabled}
          value={answer && 'text' in answer ? answer.text : ''}
          onChange={(e) => onAnswer({ text: e.currentTarget.value }, TYPING_PAUSE_MS)}
        />
      );
    case 'essay':
      return (
        <Textarea
          aria-label={label}
          placeholder="Tulis jawabanmu"
          autosize
          minRows={5}
          maxRows={16}
          maxLength={ESSAY_MAX}
          disabled={disabled}
          value={answer && 'text' in answer ? answer.text : ''}
          onChange={(e) => onAnswer({ text: e.currentTarget.value }, TYPING_PAUSE_MS)}
        />
      );
    case 'matching': {
      const matches = answer && 'matches' in answer ? answer.matches : {};
      const choices = [{ value: '', label: 'Pilih pasangannya…' }, ...(q.right ?? []).map((r) => ({ value: r.id, label: r.text }))];
      return (
        <Stack gap="sm" role="group" aria-label={label}>
          <Text size="sm" c="dimmed">
            Pasangkan setiap pernyataan dengan jawaban yang sesuai.
          </Text>
          {(q.left ?? []).map((l) => (
            <NativeSelect
              key={l.id}
              label={l.text}
              styles={{ label: { whiteSpace: 'pre-wrap' } }}
              data={choices}
              disabled={disabled}
              value={matches[l.id] ?? ''}
              onChange={(e) => {
                const next = { ...matches };
                if (e.currentTarget.value) next[l.id] = e.currentTarget.value;
                else delete next[l.id];
                onAnswer({ matches: next }, 0);
              }}
            />
          ))}
        </Stack>
      );
    }
  }
}
