import { useMemo, useState } from 'react';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { QUIZ_MSG, quizBody, type Question, type QuestionCategory, type QuestionPage, type Quiz, type QuizBody } from '@kelasku/contract';
import { ApiError, api } from '../../../api/client';
import { bankKeys } from '../../../api/question-bank';
import { useClassArchived, useTeacherClass } from '../../../api/online-classes';
import { useSaveQuiz } from '../../../api/quizzes';
import { fromWibPickerValue, toWibPickerValue } from '../../../lib/format';
import { errorMessage, toastSuccess } from '../../../lib/toast';
import { quizPath } from './paths';

type Visibility = 'show' | 'draft' | 'schedule';

export interface QuizFormValues extends Record<string, unknown> {
  title: string;
  description: string;
  /** Picker values, read as WIB ("2026-11-30 07:00:00"). */
  opens_at: string | null;
  closes_at: string | null;
  time_limit_minutes: number | string;
  attempts_allowed: string;
  grading_method: 'highest' | 'last';
  shuffle_questions: boolean;
  shuffle_options: boolean;
  one_per_page: boolean;
  show_results: 'after_submit' | 'after_close' | 'never';
  show_review: boolean;
  visibility: Visibility;
  publish_at: string | null;
  /** Issue 39: "Kategori nilai" (null: the class's first) and "Tujuan pembelajaran". */
  category_id: number | null;
  objective_ids: number[];
  /** Issue 41: "Mode ujian" and "Kumpulkan otomatis setelah keluar … kali" ('' : never). */
  exam_mode: boolean;
  exam_leave_limit: number | string;
}

/** One place of the quiz in the form: a fixed question, or `count` drawn from a category. `id` is local (the list's order). */
export type SlotRow =
  | { id: number; kind: 'question'; question: Question }
  | { id: number; kind: 'random'; category: { id: number; name: string; available: number | null }; count: number };

let slotSeq = 0;
const nextId = () => ++slotSeq;

const slotsOf = (quiz: Quiz | undefined): SlotRow[] =>
  (quiz?.slots ?? []).flatMap((s): SlotRow[] => {
    if (s.question) return [{ id: nextId(), kind: 'question', question: s.question }];
    if (s.category_id !== null && s.count !== null)
      return [
        {
          id: nextId(),
          kind: 'random',
          category: { id: s.category_id, name: s.category_name ?? 'Kategori', available: s.available },
          count: s.count,
        },
      ];
    return [];
  });

const valuesOf = (quiz: Quiz | undefined): QuizFormValues => ({
  title: quiz?.title ?? '',
  description: quiz?.description ?? '',
  opens_at: toWibPickerValue(quiz?.opens_at),
  closes_at: toWibPickerValue(quiz?.closes_at),
  time_limit_minutes: quiz?.time_limit_minutes ?? '',
  attempts_allowed: String(quiz?.attempts_allowed ?? 1),
  grading_method: quiz?.grading_method ?? 'highest',
  shuffle_questions: quiz?.shuffle_questions ?? false,
  shuffle_options: quiz?.shuffle_options ?? false,
  one_per_page: quiz?.one_per_page ?? true,
  show_results: quiz?.show_results ?? 'after_submit',
  show_review: quiz?.show_review ?? false,
  visibility: quiz?.hidden ? 'draft' : quiz?.publish_at && Date.parse(quiz.publish_at) > Date.now() ? 'schedule' : 'show',
  publish_at: quiz?.publish_at && Date.parse(quiz.publish_at) > Date.now() ? toWibPickerValue(quiz.publish_at) : null,
  category_id: quiz?.category_id ?? null,
  objective_ids: quiz?.objective_ids ?? [],
  exam_mode: quiz?.exam_mode ?? false,
  exam_leave_limit: quiz?.exam_leave_limit ?? '',
});

const bodyOf = (v: QuizFormValues, slots: SlotRow[]): QuizBody => ({
  title: v.title.trim(),
  description: v.description.trim(),
  opens_at: v.opens_at ? fromWibPickerValue(v.opens_at) : null,
  closes_at: v.closes_at ? fromWibPickerValue(v.closes_at) : null,
  time_limit_minutes: v.time_limit_minutes === '' ? null : Number(v.time_limit_minutes),
  attempts_allowed: Number(v.attempts_allowed),
  grading_method: v.grading_method,
  shuffle_questions: v.shuffle_questions,
  shuffle_options: v.shuffle_options,
  one_per_page: v.one_per_page,
  show_results: v.show_results,
  show_review: v.show_review,
  hidden: v.visibility === 'draft',
  publish_at: v.visibility === 'schedule' && v.publish_at ? fromWibPickerValue(v.publish_at) : null,
  slots: slots.map((s) => (s.kind === 'question' ? { question_id: s.question.id } : { category_id: s.category.id, count: s.count })),
  category_id: v.category_id,
  objective_ids: v.objective_ids,
  exam_mode: v.exam_mode,
  exam_leave_limit: v.exam_mode && v.exam_leave_limit !== '' ? Number(v.exam_leave_limit) : null,
});

const FORM_FIELDS = [
  'title',
  'description',
  'opens_at',
  'closes_at',
  'time_limit_minutes',
  'attempts_allowed',
  'grading_method',
  'show_results',
  'publish_at',
  'category_id',
  'objective_ids',
  'exam_leave_limit',
];

/** The messages of a schema or server failure: per field, and the slots' (and anything else's) as one. */
function split(issues: Array<{ path: string; message: string }>) {
  const fields: Record<string, string> = {};
  let slots: string | null = null;
  let other: string | null = null;
  for (const { path, message } of issues) {
    const head = path.split('.')[0] ?? '';
    if (head === 'slots') slots ??= message;
    else if (FORM_FIELDS.includes(head)) fields[head] ??= message;
    else other ??= message;
  }
  return { fields, slots, other };
}

export type QuizFormType = UseFormReturnType<QuizFormValues>;

/**
 * The logic of "Buat Kuis" / "Edit Kuis": the settings form, the list of slots (fixed questions and
 * random draws), the total points, and the save (checked by the contract's schema first).
 */
export function useQuizForm(classId: number, lessonId: number, quiz?: Quiz) {
  useDocumentTitle(quiz ? `Edit Kuis | ${quiz.title}` : 'Buat Kuis');
  const navigate = useNavigate();
  const klass = useTeacherClass(classId);
  const archived = useClassArchived(classId);
  const save = useSaveQuiz(classId, lessonId);
  const initialValues = useMemo(() => valuesOf(quiz), [quiz]);
  const form = useForm<QuizFormValues>({ initialValues });
  const [slots, setSlots] = useState<SlotRow[]>(() => slotsOf(quiz));
  const [slotError, setSlotError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [picker, setPicker] = useState<'bank' | 'random' | null>(null);
  const locked = (quiz?.attempt_count ?? 0) > 0;
  const v = form.values;
  const back = quiz ? quizPath({ classId, lessonId, id: quiz.id }) : `/online-class/${classId}`;

  const taken = useMemo(() => new Set(slots.flatMap((s) => (s.kind === 'question' ? [s.question.id] : []))), [slots]);
  const total = useTotal(slots);

  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    setSlotError(null);
    form.clearErrors();
    const body = bodyOf(values, slots);
    const checked = quizBody.safeParse(body);
    const scheduleMissing = values.visibility === 'schedule' && !values.publish_at;
    if (!checked.success || scheduleMissing) {
      const {
        fields,
        slots: slotMsg,
        other,
      } = split((checked.success ? [] : checked.error.issues).map((i) => ({ path: i.path.join('.'), message: i.message })));
      if (scheduleMissing) fields.publish_at = 'Pilih waktu tayang';
      form.setErrors(fields);
      setSlotError(slotMsg);
      setMessage(other);
      return;
    }
    try {
      const res = await save.mutateAsync({ id: quiz?.id, body });
      toastSuccess(res.message ?? (quiz ? QUIZ_MSG.updated : QUIZ_MSG.created));
      void navigate(quizPath({ classId, lessonId, id: res.data.id }), { replace: !quiz });
    } catch (err) {
      const errors = err instanceof ApiError ? err.errors : {};
      const {
        fields,
        slots: slotMsg,
        other,
      } = split(Object.entries(errors).flatMap(([path, list]) => (Array.isArray(list) && list[0] ? [{ path, message: list[0] }] : [])));
      form.setErrors(fields);
      setSlotError(slotMsg);
      setMessage(other ?? (Object.keys(fields).length || slotMsg ? null : errorMessage(err)));
    }
  });

  const addQuestions = (questions: Question[]) => {
    setSlotError(null);
    setSlots((list) => [
      ...list,
      ...questions.filter((q) => !taken.has(q.id)).map((question) => ({ id: nextId(), kind: 'question' as const, question })),
    ]);
  };
  const addRandom = ({ category, count }: { category: QuestionCategory; count: number }) => {
    setSlotError(null);
    setSlots((list) => [
      ...list,
      { id: nextId(), kind: 'random', category: { id: category.id, name: category.name, available: category.question_count }, count },
    ]);
  };
  const removeSlot = (id: number) => setSlots((list) => list.filter((s) => s.id !== id));
  const questionCount = slots.reduce((n, s) => n + (s.kind === 'question' ? 1 : s.count), 0);
  const reorderSlots = (ids: number[]) => setSlots((list) => ids.map((id) => list.find((s) => s.id === id)!));

  return {
    navigate,
    klass,
    archived,
    form,
    v,
    slots,
    slotError,
    message,
    picker,
    setPicker,
    locked,
    back,
    taken,
    total,
    submit,
    addQuestions,
    addRandom,
    removeSlot,
    reorderSlots,
    questionCount,
  };
}

export type QuizFormState = ReturnType<typeof useQuizForm>;

/**
 * "12 poin" — the points of an attempt: the fixed questions' points, plus for each random slot
 * the points of the questions it may draw (a range when they differ: "10–14 poin").
 */
function useTotal(slots: SlotRow[]): string {
  const categoryIds = [...new Set(slots.flatMap((s) => (s.kind === 'random' ? [s.category.id] : [])))];
  const per = 100;
  const pages = useQueries({
    queries: categoryIds.map((id) => ({
      queryKey: bankKeys.questionPage(id, 1, '', per),
      queryFn: () => api.get<QuestionPage>(`/api/teacher/question-categories/${id}/questions?page=1&per_page=${per}`),
      staleTime: 60_000,
    })),
  });
  let min = 0;
  let max = 0;
  let known = true;
  for (const s of slots) {
    if (s.kind === 'question') {
      min += s.question.points;
      max += s.question.points;
      continue;
    }
    const page = pages[categoryIds.indexOf(s.category.id)]?.data;
    if (!page) {
      known = false;
      continue;
    }
    const points = page.items.map((q) => q.points).sort((a, b) => a - b);
    const n = Math.min(s.count, points.length);
    min += points.slice(0, n).reduce((a, b) => a + b, 0);
    max += points.slice(points.length - n).reduce((a, b) => a + b, 0);
  }
  if (!known) return `${min}+ poin`;
  return min === max ? `${min} poin` : `${min}–${max} poin`;
}
