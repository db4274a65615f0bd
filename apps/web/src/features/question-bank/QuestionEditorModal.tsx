import { useEffect, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Image,
  Input,
  Modal,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle, IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  QUESTION_IMAGE_TYPES,
  QUESTION_LIMITS,
  QUESTION_MSG,
  QUESTION_TYPES,
  QUESTION_TYPE_LABELS,
  type Question,
  type QuestionType,
} from '@kelasku/contract';
import { ApiError } from '../../api/client';
import { useQuestionCategories, useQuestionImage, useSaveQuestion } from '../../api/question-bank';
import { FormActions } from '../../components/FormActions';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { letter } from './QuestionKey';
import {
  emptyAnswer,
  emptyOption,
  emptyPair,
  bodyOf,
  formPathOf,
  formValuesOf,
  validateQuestion,
  type QuestionFormValues,
} from './question-form';

const TYPE_HINTS: Record<QuestionType, string> = {
  multiple_choice: 'Siswa memilih satu jawaban. Tandai tepat satu pilihan yang benar.',
  multiple_answer:
    'Siswa boleh memilih beberapa jawaban. Nilai = poin × (benar dipilih − salah dipilih) / jumlah jawaban benar, paling kecil 0.',
  true_false: 'Siswa memilih Benar atau Salah.',
  short_answer:
    'Siswa mengetik jawaban singkat. Jawaban dianggap benar bila sama dengan salah satu jawaban yang diterima (huruf besar/kecil dan spasi ganda diabaikan).',
  matching: 'Siswa memasangkan setiap pernyataan kiri dengan jawaban kanan. Nilai sebanding dengan pasangan yang benar.',
  essay: 'Siswa menulis jawaban panjang. Anda menilainya sendiri di halaman hasil kuis.',
};

/** The phone layout: dialogs fill the screen. */
export const usePhone = () => useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });

export interface QuestionEditorModalProps {
  opened: boolean;
  onClose: () => void;
  categoryId: number;
  /** Present when editing. */
  question?: Question;
}

/**
 * "Tambah Soal" and "Edit Soal": the type (six kinds), the text, the points, the key as the type
 * needs it, and one optional picture. The contract's schema checks the values before they are sent;
 * the server's messages land under the same fields.
 */
export function QuestionEditorModal({ opened, onClose, categoryId, question }: QuestionEditorModalProps) {
  const phone = usePhone();
  const save = useSaveQuestion(categoryId);
  const image = useQuestionImage();
  const categories = useQuestionCategories();
  const [message, setMessage] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dropImage, setDropImage] = useState(false);
  const form = useForm<QuestionFormValues>({
    initialValues: formValuesOf(question, categoryId),
    validate: (values) => validateQuestion(values),
  });

  useEffect(() => {
    if (!opened) return;
    const initial = formValuesOf(question, categoryId);
    form.setValues(initial);
    form.resetDirty(initial);
    form.clearErrors();
    setMessage(null);
    setFile(null);
    setFileError(null);
    setDropImage(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const v = form.values;
  const listError = (field: string) => form.errors[field] as string | undefined;

  const pickFile = (f: File | null) => {
    setFileError(null);
    if (f && !(QUESTION_IMAGE_TYPES as readonly string[]).includes(f.type)) {
      setFileError(QUESTION_MSG.imageType);
      return setFile(null);
    }
    if (f && f.size > QUESTION_LIMITS.imageBytes) {
      setFileError(QUESTION_MSG.imageTooLarge);
      return setFile(null);
    }
    setFile(f);
    if (f) setDropImage(false);
  };

  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    const body = bodyOf(values);
    const moveTo = Number(values.category_id);
    let saved: Question;
    try {
      const res = await save.mutateAsync({
        id: question?.id,
        body: question && moveTo !== question.category_id ? { ...body, category_id: moveTo } : body,
      });
      saved = res.data;
    } catch (err) {
      const errors = err instanceof ApiError ? err.errors : {};
      const fields: Record<string, string> = {};
      for (const [path, messages] of Object.entries(errors)) {
        const first = Array.isArray(messages) ? messages[0] : undefined;
        if (first) fields[formPathOf(path, values.type)] ??= first;
      }
      const { form: general, ...rest } = fields;
      form.setErrors(rest);
      setMessage(general ?? (Object.keys(rest).length ? null : errorMessage(err)));
      return;
    }
    // The picture goes up after the question exists; a failure there keeps the question.
    try {
      if (file) await image.mutateAsync({ id: saved.id, file });
      else if (dropImage && question?.image) await image.mutateAsync({ id: saved.id, file: null });
    } catch (err) {
      toastError(`Soal tersimpan, tetapi gambarnya gagal disimpan: ${errorMessage(err)}`, 5000);
      onClose();
      return;
    }
    toastSuccess(question ? QUESTION_MSG.questionUpdated : QUESTION_MSG.questionCreated);
    onClose();
  });

  const setType = (type: QuestionType) => {
    form.setFieldValue('type', type);
    // Pilihan ganda keeps only the first correct option when coming from several.
    if (type === 'multiple_choice' && v.options.filter((o) => o.correct).length > 1) {
      const first = v.options.findIndex((o) => o.correct);
      form.setFieldValue(
        'options',
        v.options.map((o, i) => ({ ...o, correct: i === first })),
      );
    }
    form.clearErrors();
  };

  const categoryOptions = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={question ? 'Edit Soal' : 'Tambah Soal'}
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={false}
    >
      <form noValidate onSubmit={submit}>
        <Stack>
          {question && question.used_in_quizzes > 0 && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
              Soal ini dipakai di {question.used_in_quizzes} kuis. Perubahan kunci berlaku juga di kuis itu; pakai tombol "Nilai ulang" di
              halaman kuis untuk menghitung ulang nilai yang sudah masuk.
            </Alert>
          )}
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Jenis soal"
              data={QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }))}
              value={v.type}
              onChange={(t) => t && setType(t as QuestionType)}
              allowDeselect={false}
              miw={200}
            />
            <NumberInput
              label="Poin"
              min={QUESTION_LIMITS.pointsMin}
              max={QUESTION_LIMITS.pointsMax}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              required
              miw={120}
              {...form.getInputProps('points')}
            />
            {question && categoryOptions.length > 1 && (
              <Select label="Kategori" data={categoryOptions} allowDeselect={false} miw={200} {...form.getInputProps('category_id')} />
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {TYPE_HINTS[v.type]}
          </Text>
          <Textarea
            label="Teks soal"
            required
            autosize
            minRows={3}
            maxRows={12}
            maxLength={QUESTION_LIMITS.textMax}
            data-autofocus
            {...form.getInputProps('text')}
          />

          {(v.type === 'multiple_choice' || v.type === 'multiple_answer') && (
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
                      <Checkbox
                        aria-label={`Pilihan ${letter(i)} benar`}
                        {...form.getInputProps(`options.${i}.correct`, { type: 'checkbox' })}
                      />
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
          )}

          {v.type === 'true_false' && (
            <Radio.Group label="Jawaban benar" required {...form.getInputProps('answer')}>
              <Group mt="xs">
                <Radio value="true" label="Benar" />
                <Radio value="false" label="Salah" />
              </Group>
            </Radio.Group>
          )}

          {v.type === 'short_answer' && (
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
          )}

          {v.type === 'matching' && (
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
          )}

          <Stack gap="xs">
            {question?.image && !dropImage && !file && (
              <Group align="flex-end" gap="sm">
                <Image src={question.image} alt="Gambar soal saat ini" mah={160} w="auto" fit="contain" radius="sm" />
                <Button variant="subtle" color="red" size="xs" onClick={() => setDropImage(true)}>
                  Hapus gambar
                </Button>
              </Group>
            )}
            {dropImage && (
              <Text size="sm" c="dimmed">
                Gambar akan dihapus saat disimpan.{' '}
                <Button variant="subtle" size="compact-xs" onClick={() => setDropImage(false)}>
                  Batalkan
                </Button>
              </Text>
            )}
            <FileInput
              label={question?.image ? 'Ganti gambar (opsional)' : 'Gambar (opsional)'}
              description="JPEG, PNG, GIF atau WebP, maksimal 5 MB."
              accept={QUESTION_IMAGE_TYPES.join(',')}
              leftSection={<IconPhoto size={16} aria-hidden />}
              clearable
              value={file}
              onChange={pickFile}
              error={fileError}
              placeholder="Pilih gambar"
            />
          </Stack>

          {message && (
            <Text c="red" size="sm" role="alert">
              {message}
            </Text>
          )}
          <FormActions onCancel={onClose} submit="Simpan" disabled={form.submitting || v.text.trim() === ''} loading={form.submitting} />
        </Stack>
      </form>
    </Modal>
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
