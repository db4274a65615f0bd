import type { ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Input,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { QUESTION_LIMITS } from '@kelasku/contract';
import { formatNumber, letter } from '../../components/QuestionKey';
import { CREDITS, creditValue, emptyAnswer, emptyDistractor, emptyOption, emptyPair, type QuestionFormValues } from './question-form';

/** The question form and how to read a list's error (the parts of the editor each key field needs). */
interface KeyFieldProps {
  form: UseFormReturnType<QuestionFormValues>;
  listError: (field: string) => string | undefined;
  /** "Pengaturan lanjutan" is open: credits, feedback, tolerances per answer, distractors. */
  advanced?: boolean;
}

const creditLabel = (n: number) => `${formatNumber(n, 1)} %`;
const creditItem = (n: number) => ({ value: String(n), label: creditLabel(n) });
/** The credits each kind of answer may get; '' is the default the first item names. */
const CREDIT_CHOICES = {
  // Pilihan ganda: a wrong option may give part of the points (the marked one gives 100 %).
  wrongChoice: [{ value: '', label: '0 %' }, ...CREDITS.filter((c) => c > 0 && c < 100).map(creditItem)],
  // Pilihan ganda kompleks: Moodle's credits and their negatives; "Otomatis" keeps today's rule.
  multiple: [{ value: '', label: 'Otomatis' }, ...CREDITS.map(creditItem), ...CREDITS.filter((c) => c > 0).map((c) => creditItem(-c))],
  answer: [{ value: '', label: '100 %' }, ...CREDITS.filter((c) => c < 100).map(creditItem)],
};

/** The credit of one answer; a value outside the list (from an import) is offered as it is. */
function CreditSelect({
  kind,
  label,
  value,
  onChange,
}: {
  kind: keyof typeof CREDIT_CHOICES;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const choices = CREDIT_CHOICES[kind];
  const data = choices.some((c) => c.value === value) ? choices : [...choices, creditItem(Number(value))];
  return (
    <Select
      label="Nilai"
      aria-label={label}
      data={data}
      value={value}
      onChange={(v) => onChange(v ?? '')}
      allowDeselect={false}
      size="xs"
      w={120}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** An optional feedback text for one answer (the form's field at `path`). */
function FeedbackInput({
  form,
  path,
  label,
  ariaLabel,
}: {
  form: UseFormReturnType<QuestionFormValues>;
  path: string;
  label: string;
  ariaLabel?: string;
}) {
  return (
    <Textarea
      label={label}
      aria-label={ariaLabel}
      autosize
      minRows={1}
      maxRows={4}
      size="xs"
      maxLength={QUESTION_LIMITS.textMax}
      style={{ flex: 1, minWidth: 180 }}
      {...form.getInputProps(path)}
    />
  );
}

/** The key of Pilihan ganda / Pilihan ganda kompleks: the options, each with its right-answer mark. */
export function ChoiceOptionsField({ form, listError, advanced = false }: KeyFieldProps) {
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
                // The marked option gives 100 %: a credit it had as a wrong option goes.
                v.options.map((o, i) => ({ ...o, correct: String(i) === idx, fraction: String(i) === idx ? '' : o.fraction })),
              )
            }
            aria-label="Jawaban benar"
          >
            <Stack gap="xs">
              {v.options.map((o, i) => (
                <OptionRowView key={o.key} index={i} form={form} count={v.options.length} advanced={advanced}>
                  <Radio value={String(i)} aria-label={`Pilihan ${letter(i)} benar`} />
                </OptionRowView>
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          v.options.map((o, i) => (
            <OptionRowView key={o.key} index={i} form={form} count={v.options.length} advanced={advanced}>
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

/** The key of Benar/Salah, and with "Pengaturan lanjutan" the feedback for each answer. */
export function TrueFalseField({ form, advanced = false }: Pick<KeyFieldProps, 'form' | 'advanced'>) {
  return (
    <>
      <Radio.Group label="Jawaban benar" required {...form.getInputProps('answer')}>
        <Group mt="xs">
          <Radio value="true" label="Benar" />
          <Radio value="false" label="Salah" />
        </Group>
      </Radio.Group>
      {advanced && (
        <Group gap="xs" align="flex-start" wrap="wrap">
          <FeedbackInput form={form} path="feedback_true" label="Umpan balik bila siswa menjawab Benar" />
          <FeedbackInput form={form} path="feedback_false" label="Umpan balik bila siswa menjawab Salah" />
        </Group>
      )}
    </>
  );
}

/** The key of Isian singkat: the accepted answers (with "Pengaturan lanjutan": credit, tolerance and feedback each), and the tolerance when they are numbers. */
export function ShortAnswerFields({ form, listError, advanced = false }: KeyFieldProps) {
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
        description={
          `Satu sampai ${QUESTION_LIMITS.answersMax} jawaban; cukup cocok dengan salah satunya.` +
          (v.numeric ? '' : ' Tanda * cocok dengan teks apa saja: "jaring*" menerima "jaringan", dan * saja menerima semua jawaban lain.')
        }
        error={listError('answers')}
      >
        <Stack gap="xs" mt={6}>
          {v.answers.map((a, i) => (
            <Stack key={a.key} gap={4}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
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
              {advanced && (
                <Group gap="xs" align="flex-start" wrap="wrap" pl={{ base: 0, xs: 'md' }} pr={34}>
                  <CreditSelect
                    kind="answer"
                    label={`Nilai jawaban diterima ${i + 1}`}
                    value={a.fraction}
                    onChange={(value) => form.setFieldValue(`answers.${i}.fraction`, value)}
                  />
                  {v.numeric && (
                    <TextInput
                      label="Toleransi (±)"
                      aria-label={`Toleransi jawaban diterima ${i + 1}`}
                      placeholder={v.tolerance === '' ? '0' : String(v.tolerance).replace('.', ',')}
                      inputMode="decimal"
                      size="xs"
                      w={110}
                      {...form.getInputProps(`answers.${i}.tolerance`)}
                    />
                  )}
                  <FeedbackInput
                    form={form}
                    path={`answers.${i}.feedback`}
                    label="Umpan balik untuk jawaban ini"
                    ariaLabel={`Umpan balik jawaban diterima ${i + 1}`}
                  />
                </Group>
              )}
            </Stack>
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
          label={advanced ? 'Toleransi (±) untuk jawaban tanpa toleransi sendiri' : 'Toleransi (±)'}
          min={0}
          decimalSeparator=","
          allowNegative={false}
          w={{ base: '100%', xs: advanced ? 320 : 200 }}
          {...form.getInputProps('tolerance')}
        />
      )}
    </>
  );
}

/** The key of Menjodohkan: the pairs, left and right, and with "Pengaturan lanjutan" the distractors. */
export function MatchingPairsField({ form, listError, advanced = false }: KeyFieldProps) {
  const v = form.values;
  return (
    <>
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
      {advanced && <DistractorsField form={form} listError={listError} />}
    </>
  );
}

/** Menjodohkan's "Pilihan pengecoh": right-hand answers that match no statement. */
function DistractorsField({ form, listError }: KeyFieldProps) {
  const v = form.values;
  return (
    <Input.Wrapper
      label="Pilihan pengecoh"
      description="Jawaban tambahan di sisi kanan yang tidak cocok dengan pernyataan mana pun (opsional)."
      error={listError('distractors')}
    >
      <Stack gap="xs" mt={6}>
        {v.distractors.map((d, i) => (
          <Group key={d.key} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={`Pilihan pengecoh ${i + 1}`}
              maxLength={QUESTION_LIMITS.optionTextMax}
              style={{ flex: 1 }}
              {...form.getInputProps(`distractors.${i}.text`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={4}
              aria-label={`Hapus pilihan pengecoh ${i + 1}`}
              onClick={() => form.removeListItem('distractors', i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {v.distractors.length < QUESTION_LIMITS.optionsMax && (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => form.insertListItem('distractors', emptyDistractor())}
            >
              Tambah pengecoh
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/**
 * One option of a choice question: the right-answer mark, its letter, its text and a remove button;
 * with "Pengaturan lanjutan" its credit and its feedback below.
 */
function OptionRowView({
  index,
  form,
  count,
  advanced,
  children,
}: {
  index: number;
  form: UseFormReturnType<QuestionFormValues>;
  count: number;
  advanced: boolean;
  children: ReactNode;
}) {
  const v = form.values;
  const o = v.options[index]!;
  const setCredit = (value: string) => {
    if (v.type === 'multiple_choice') return form.setFieldValue(`options.${index}.fraction`, value);
    // Pilihan ganda kompleks: the first credit set writes out the automatic ones of the other options
    // (each right option 100 % / number right, each wrong one the same taken back), as they then count.
    const right = v.options.filter((o) => o.correct).length || 1;
    const auto = Number((100 / right).toFixed(5));
    const first = v.options.every((x) => x.fraction === '');
    form.setFieldValue(
      'options',
      v.options.map((x, i) =>
        i === index
          ? { ...x, fraction: value, correct: value === '' ? x.correct : Number(value) > 0 }
          : first && value !== ''
            ? { ...x, fraction: creditValue(x.correct ? auto : -auto) }
            : x,
      ),
    );
  };
  return (
    <Stack gap={4}>
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
      {advanced && (
        <Group gap="xs" align="flex-start" wrap="wrap" pl={{ base: 0, xs: 52 }} pr={34}>
          {v.type === 'multiple_choice' && o.correct ? (
            <Input.Wrapper label="Nilai" size="xs" w={120}>
              <Text size="sm" mt={6}>
                100 % (benar)
              </Text>
            </Input.Wrapper>
          ) : (
            <CreditSelect
              kind={v.type === 'multiple_choice' ? 'wrongChoice' : 'multiple'}
              label={`Nilai pilihan ${letter(index)}`}
              value={o.fraction}
              onChange={setCredit}
            />
          )}
          <FeedbackInput
            form={form}
            path={`options.${index}.feedback`}
            label="Umpan balik untuk pilihan ini"
            ariaLabel={`Umpan balik pilihan ${letter(index)}`}
          />
        </Group>
      )}
    </Stack>
  );
}
