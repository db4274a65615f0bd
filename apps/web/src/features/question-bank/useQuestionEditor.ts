import { useEffect, useState } from 'react';
import { useForm } from '@mantine/form';
import { QUESTION_IMAGE_TYPES, QUESTION_LIMITS, QUESTION_MSG, type Question, type QuestionType } from '@kelasku/contract';
import { ApiError } from '../../api/client';
import { useQuestionCategories, useQuestionImage, useSaveQuestion } from '../../api/question-bank';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { bodyOf, formPathOf, formValuesOf, usesAdvanced, validateQuestion, type QuestionFormValues } from './question-form';

export interface QuestionEditorOptions {
  opened: boolean;
  onClose: () => void;
  categoryId: number;
  /** Present when editing. */
  question?: Question;
  /** Called with the saved question (the quiz form's "Tambah soal" puts it into the quiz). */
  onSaved?: (question: Question) => void;
}

/**
 * The logic of "Tambah Soal" / "Edit Soal": the form (reset each time the dialog opens), the
 * picked picture and its checks, the type switch, and the save (question first, then picture).
 */
export function useQuestionEditor({ opened, onClose, categoryId, question, onSaved }: QuestionEditorOptions) {
  const save = useSaveQuestion(categoryId);
  const image = useQuestionImage();
  const categories = useQuestionCategories();
  const [message, setMessage] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dropImage, setDropImage] = useState(false);
  // "Pengaturan lanjutan": open when the question already uses them.
  const [advanced, setAdvanced] = useState(false);
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
    setAdvanced(usesAdvanced(initial));
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
        into: moveTo,
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
      // A message about a field of "Pengaturan lanjutan" must be seen.
      if (Object.keys(rest).some((f) => /^(title|general_feedback|feedback_|distractors)|\.(fraction|feedback|tolerance)$/.test(f)))
        setAdvanced(true);
      setMessage(general ?? (Object.keys(rest).length ? null : errorMessage(err)));
      return;
    }
    // The picture goes up after the question exists; a failure there keeps the question.
    try {
      if (file) await image.mutateAsync({ id: saved.id, file });
      else if (dropImage && question?.image) await image.mutateAsync({ id: saved.id, file: null });
    } catch (err) {
      toastError(`Soal tersimpan, tetapi gambarnya gagal disimpan: ${errorMessage(err)}`, 5000);
      onSaved?.(saved);
      onClose();
      return;
    }
    toastSuccess(question ? QUESTION_MSG.questionUpdated : QUESTION_MSG.questionCreated);
    onSaved?.(saved);
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

  return {
    form,
    v,
    listError,
    message,
    file,
    fileError,
    dropImage,
    setDropImage,
    pickFile,
    submit,
    setType,
    categoryOptions,
    advanced,
    setAdvanced,
  };
}

export type QuestionEditor = ReturnType<typeof useQuestionEditor>;
