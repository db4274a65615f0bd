import type { ReactNode } from 'react';
import { ActionIcon, Button, Checkbox, Group, Input, NumberInput, Radio, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { QUESTION_LIMITS } from '@kelasku/contract';
import { letter } from '../../components/QuestionKey';
import { emptyAnswer, emptyOption, emptyPair, type QuestionFormValues } from './question-form';

/** The question form and how to read a list's error (the parts of the editor each key field needs). */
interface KeyFieldProps {
  form: UseFormReturnType<QuestionFormValues>;
  listError: (field: string) => string | undefined;
}

/** The key of Pilihan ganda / Pilihan ganda kompleks: the options, each with its right-answer mark. */
export function ChoiceOptionsField({ form, listError }: KeyFieldProps) {
  const v = form.values;
  return (
    <Input.Wrapper
      label="Pilihan jawaban"
      description={v.type === 'multiple_choice' ? 'Pilih satu jawaban yang benar.' : 'Centang semua jawaban yang benar.'}
      error={listError('options')}
    >
      <Stack gap="xs" mt={6}>
        {v.type === 'multiple_choice' ? (
          <Radio.Group
            value={String(v.options.findIndex((o) => o.correct))}
            onChange={(idx) =>
              form.setFieldValue(
                'options',
                v.options.map((o, i) => ({ ...o, correct: String(i) === idx })),
              )
            }
            aria-label="Jawaban benar"
          >
            <Stack gap="xs">
              {v.options.map((o, i) => (
                <OptionRowView key={o.key} index={i} form={form} count={v.options.length}>
                  <Radio value={String(i)} aria-label={`Pilihan ${letter(i)} benar`} />
                </OptionRowView>
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          v.options.map((o, i) => (
            <OptionRowView key={o.key} index={i} form={form} count={v.options.length}>
              <Checkbox aria-label={`Pilihan ${letter(i)} benar`} {...form.getInputProps(`options.${i}.correct`, { type: 'checkbox' })} />
            </OptionRowView>
          ))
        )}
        {v.options.length < QUESTION_LIMITS.optionsMax && (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem('options', emptyOption())}
            >
              Tambah pilihan
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** The key of Benar/Salah. */
export function TrueFalseField({ form }: Pick<KeyFieldProps, 'form'>) {
  return (
    <Radio.Group label="Jawaban benar" required {...form.getInputProps('answer')}>
      <Group mt="xs">
        <Radio value="true" label="Benar" />
        <Radio value="false" label="Salah" />
      </Group>
    </Radio.Group>
  );
}

/** The key of Isian singkat: the accepted answers, and the tolerance when they are numbers. */
export function ShortAnswerFields({ form, listError }: KeyFieldProps) {
  const v = form.values;
  return (
    <>
      <Switch
        label="Jawaban berupa angka (dengan toleransi)"
        description="Contoh: kunci 3,14 dengan toleransi 0,01 menerima 3,13 sampai 3,15."
        {...form.getInputProps('numeric', { type: 'checkbox' })}
      />
      <Input.Wrapper
        label="Jawaban yang diterima"
        description={`Satu sampai ${QUESTION_LIMITS.answersMax} jawaban; cukup cocok dengan salah satunya.`}
        error={listError('answers')}
      >
        <Stack gap="xs" mt={6}>
          {v.answers.map((a, i) => (
            <Group key={a.key} gap="xs" wrap="nowrap" align="flex-start">
              <TextInput
                aria-label={`Jawaban diterima ${i + 1}`}
                inputMode={v.numeric ? 'decimal' : undefined}
                maxLength={QUESTION_LIMITS.optionTextMax}
                style={{ flex: 1 }}
                {...form.getInputProps(`answers.${i}.value`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={4}
                aria-label={`Hapus jawaban diterima ${i + 1}`}
                disabled={v.answers.length <= 1}
                onClick={() => form.removeListItem('answers', i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {v.answers.length < QUESTION_LIMITS.answersMax && (
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => form.insertListItem('answers', emptyAnswer())}
              >
                Tambah jawaban
              </Button>
            </Group>
          )}
        </Stack>
      </Input.Wrapper>
      {v.numeric && (
        <NumberInput
          label="Toleransi (±)"
          min={0}
          decimalSeparator=","
          allowNegative={false}
          w={{ base: '100%', xs: 200 }}
          {...form.getInputProps('tolerance')}
        />
      )}
    </>
  );
}

/** The key of Menjodohkan: the pairs, left and right. */
export function MatchingPairsField({ form, listError }: KeyFieldProps) {
  const v = form.values;
  return (
    <Input.Wrapper
      label="Pasangan"
      description="Tulis pernyataan di kiri dan jawabannya di kanan. Siswa melihat sisi kanan dalam urutan acak."
      error={listError('pairs')}
    >
      <Stack gap="xs" mt={6}>
        {v.pairs.map((p, i) => (
          <Group key={p.key} gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" fw={600} mt={6} w={20}>
              {i + 1}.
            </Text>
            <Group gap="xs" grow style={{ flex: 1 }} align="flex-start" wrap="wrap">
              <Textarea
                aria-label={`Pasangan ${i + 1} kiri`}
                placeholder="Pernyataan"
                autosize
                minRows={1}
                maxLength={QUESTION_LIMITS.optionTextMax}
                miw={140}
                {...form.getInputProps(`pairs.${i}.left`)}
              />
              <Textarea
                aria-label={`Pasangan ${i + 1} kanan`}
                placeholder="Jawaban"
                autosize
                minRows={1}
                maxLength={QUESTION_LIMITS.optionTextMax}
                miw={140}
                {...form.getInputProps(`pairs.${i}.right`)}
              />
            </Group>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={4}
              aria-label={`Hapus pasangan ${i + 1}`}
              disabled={v.pairs.length <= QUESTION_LIMITS.optionsMin}
              onClick={() => form.removeListItem('pairs', i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {v.pairs.length < QUESTION_LIMITS.optionsMax && (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem('pairs', emptyPair())}
            >
              Tambah pasangan
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** One option of a choice question: the right-answer mark, its letter, its text and a remove button. */
function OptionRowView({
  index,
  form,
  count,
  children,
}: {
  index: number;
  form: UseFormReturnType<QuestionFormValues>;
  count: number;
  children: ReactNode;
}) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Group gap={6} mt={8} wrap="nowrap">
        {children}
        <Text size="sm" fw={600} w={16}>
          {letter(index)}
        </Text>
      </Group>
      <Textarea
        aria-label={`Pilihan ${letter(index)}`}
        autosize
        minRows={1}
        maxRows={6}
        maxLength={QUESTION_LIMITS.optionTextMax}
        style={{ flex: 1 }}
        {...form.getInputProps(`options.${index}.text`)}
      />
      <ActionIcon
        variant="subtle"
        color="red"
        mt={4}
        aria-label={`Hapus pilihan ${letter(index)}`}
        disabled={count <= QUESTION_LIMITS.optionsMin}
        onClick={() => form.removeListItem('options', index)}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
