import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { IconArrowLeft, IconArrowsShuffle, IconDatabase, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  LIMITS,
  QUIZ_LIMITS,
  QUIZ_MSG,
  quizBody,
  type Question,
  type QuestionCategory,
  type QuestionPage,
  type Quiz,
  type QuizBody,
} from '@kelasku/contract';
import { ApiError, api, isNotFound } from '../../../api/client';
import { bankKeys } from '../../../api/question-bank';
import { useClassArchived, useTeacherClass } from '../../../api/teacher-classes';
import { useSaveQuiz, useTeacherQuiz, type QuizRef } from '../../../api/teacher-quizzes';
import { DateTimeField } from '../../../components/DateFields';
import { DescriptionField } from '../../../components/DescriptionField';
import { FormActions } from '../../../components/FormActions';
import { QueryState } from '../../../components/QueryState';
import { SortableList } from '../../../components/SortableList';
import { fromWibPickerValue, toWibPickerValue } from '../../../lib/format';
import { errorMessage, toastSuccess } from '../../../lib/toast';
import { positiveId } from '../../assignments/paths';
import { NotFoundPage } from '../../errors/ErrorPages';
import { TypeBadge } from '../../question-bank/QuestionKey';
import { QuestionPickerModal, RandomSlotModal } from './QuestionPickerModal';
import { quizPath } from './paths';

/**
 * /online-class/:classId/contents/:contentId/quiz/new — "Buat Kuis" from the content's Sub konten
 * menu — and …/quiz/:quizId/edit, "Edit Kuis". Everything loads by id, so a reload works.
 */
export default function QuizFormPage() {
  const params = useParams();
  const classId = positiveId(params.classId);
  const contentId = positiveId(params.contentId);
  const id = params.quizId === undefined ? undefined : positiveId(params.quizId);
  if (classId === null || contentId === null || id === null) return <NotFoundPage />;
  if (id === undefined) return <QuizForm classId={classId} contentId={contentId} />;
  return <EditQuiz r={{ classId, contentId, id }} />;
}

function EditQuiz({ r }: { r: QuizRef }) {
  const quiz = useTeacherQuiz(r);
  if (isNotFound(quiz.error)) return <NotFoundPage />;
  return <QueryState query={quiz}>{(q) => <QuizForm classId={r.classId} contentId={r.contentId} quiz={q} />}</QueryState>;
}

type Visibility = 'show' | 'draft' | 'schedule';

interface QuizFormValues extends Record<string, unknown> {
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
}

/** One place of the quiz in the form: a fixed question, or `count` drawn from a category. `id` is local (the list's order). */
type SlotRow =
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

const ATTEMPT_OPTIONS = [
  { value: '0', label: 'Tidak terbatas' },
  ...Array.from({ length: QUIZ_LIMITS.attemptsMax }, (_, i) => ({ value: String(i + 1), label: `${i + 1} kali` })),
];

/** "Buat Kuis" and "Edit Kuis": the settings, the schedule in WIB, visibility, and the questions. */
function QuizForm({ classId, contentId, quiz }: { classId: number; contentId: number; quiz?: Quiz }) {
  useDocumentTitle(quiz ? `Edit Kuis | ${quiz.title}` : 'Buat Kuis');
  const navigate = useNavigate();
  const klass = useTeacherClass(classId);
  const archived = useClassArchived(classId);
  const save = useSaveQuiz(classId, contentId);
  const initialValues = useMemo(() => valuesOf(quiz), [quiz]);
  const form = useForm<QuizFormValues>({ initialValues });
  const [slots, setSlots] = useState<SlotRow[]>(() => slotsOf(quiz));
  const [slotError, setSlotError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [picker, setPicker] = useState<'bank' | 'random' | null>(null);
  const locked = (quiz?.attempt_count ?? 0) > 0;
  const v = form.values;
  const back = quiz ? quizPath({ classId, contentId, id: quiz.id }) : `/online-class/${classId}`;

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
      void navigate(quizPath({ classId, contentId, id: res.data.id }), { replace: !quiz });
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

  if (archived) return <NotFoundPage />;

  return (
    <Stack maw={960}>
      <Group>
        <Button component={Link} to={back} variant="subtle" leftSection={<IconArrowLeft size={18} />}>
          {quiz ? 'Kembali ke kuis' : 'Kembali ke kelas'}
        </Button>
      </Group>
      <div>
        <Title order={2}>{quiz ? 'Edit Kuis' : 'Buat Kuis'}</Title>
        {klass.data && (
          <Text size="sm" c="dimmed">
            {klass.data.name} · {klass.data.rombel.name}
          </Text>
        )}
      </div>
      <form noValidate onSubmit={submit} aria-label={quiz ? 'Edit Kuis' : 'Buat Kuis'}>
        <Stack>
          <Card withBorder component="section" aria-label="Informasi kuis">
            <Stack>
              <TextInput label="Judul" required maxLength={LIMITS.titleMax} data-autofocus {...form.getInputProps('title')} />
              <DescriptionField label="Deskripsi / petunjuk" minRows={2} {...form.getInputProps('description')} />
            </Stack>
          </Card>

          <Card withBorder component="section" aria-label="Waktu">
            <Stack>
              <Title order={3} size="h5">
                Waktu
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DateTimeField
                  label="Dibuka (WIB)"
                  description="Kosongkan bila langsung dibuka."
                  clearable
                  clearButtonProps={{ 'aria-label': 'Kosongkan waktu buka' }}
                  {...form.getInputProps('opens_at')}
                />
                <DateTimeField
                  endOfDay
                  label="Ditutup (WIB)"
                  description="Kosongkan bila tidak pernah ditutup."
                  clearable
                  clearButtonProps={{ 'aria-label': 'Kosongkan waktu tutup' }}
                  {...form.getInputProps('closes_at')}
                />
                <NumberInput
                  label="Batas waktu (menit)"
                  description="Dihitung sejak siswa mulai. Kosongkan bila tanpa batas."
                  min={1}
                  max={QUIZ_LIMITS.timeLimitMax}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="none"
                  {...form.getInputProps('time_limit_minutes')}
                />
                <Select
                  label="Kesempatan mengerjakan"
                  data={ATTEMPT_OPTIONS}
                  allowDeselect={false}
                  {...form.getInputProps('attempts_allowed')}
                />
              </SimpleGrid>
              {v.attempts_allowed !== '1' && (
                <Radio.Group label="Nilai yang dipakai" {...form.getInputProps('grading_method')}>
                  <Group mt="xs">
                    <Radio value="highest" label="Nilai tertinggi" />
                    <Radio value="last" label="Percobaan terakhir" />
                  </Group>
                </Radio.Group>
              )}
            </Stack>
          </Card>

          <Card withBorder component="section" aria-label="Pengaturan">
            <Stack>
              <Title order={3} size="h5">
                Pengaturan
              </Title>
              <Switch label="Acak urutan soal" {...form.getInputProps('shuffle_questions', { type: 'checkbox' })} />
              <Switch label="Acak urutan pilihan jawaban" {...form.getInputProps('shuffle_options', { type: 'checkbox' })} />
              <Switch
                label="Satu soal per halaman"
                description="Bila mati, semua soal tampil dalam satu halaman."
                {...form.getInputProps('one_per_page', { type: 'checkbox' })}
              />
              <Radio.Group label="Nilai ditampilkan ke siswa" {...form.getInputProps('show_results')}>
                <Stack gap="xs" mt="xs">
                  <Radio value="after_submit" label="Segera setelah dikumpulkan" />
                  <Radio value="after_close" label="Setelah kuis ditutup" />
                  <Radio value="never" label="Tidak ditampilkan" />
                </Stack>
              </Radio.Group>
              <Switch
                label="Tampilkan pembahasan (jawaban benar) saat siswa melihat hasil"
                {...form.getInputProps('show_review', { type: 'checkbox' })}
              />
            </Stack>
          </Card>

          <Card withBorder component="section" aria-label="Soal kuis">
            <Stack>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Title order={3} size="h5">
                  Soal
                </Title>
                <Text size="sm" fw={600} data-testid="quiz-total">
                  {`${questionCount} soal · ${total}`}
                </Text>
              </Group>
              {locked && (
                <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
                  Soal tidak dapat diubah karena sudah ada siswa yang mengerjakan kuis ini. Pengaturan lain tetap dapat diubah.
                </Alert>
              )}
              {slots.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Belum ada soal. Tambahkan soal dari bank soal, atau ambil soal acak dari satu kategori.
                </Text>
              ) : (
                <SortableList
                  items={slots}
                  labelOf={(s) => `soal ${slots.indexOf(s) + 1}`}
                  onReorder={(ids) => setSlots((list) => ids.map((id) => list.find((s) => s.id === id)!))}
                  disabled={locked}
                >
                  {(s, controls) => (
                    <Group
                      gap="xs"
                      wrap="nowrap"
                      align="flex-start"
                      py={4}
                      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                    >
                      {controls}
                      <Text size="sm" fw={600} mt={4} w={28} ta="right" style={{ flexShrink: 0 }}>
                        {slots.indexOf(s) + 1}.
                      </Text>
                      <SlotView slot={s} />
                      {!locked && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Hapus soal ${slots.indexOf(s) + 1}`}
                          onClick={() => removeSlot(s.id)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Group>
                  )}
                </SortableList>
              )}
              {slotError && (
                <Text c="red" size="sm" role="alert">
                  {slotError}
                </Text>
              )}
              {!locked && (
                <Group gap="xs">
                  <Button variant="light" leftSection={<IconDatabase size={16} />} onClick={() => setPicker('bank')}>
                    Tambah dari bank soal
                  </Button>
                  <Button variant="light" leftSection={<IconArrowsShuffle size={16} />} onClick={() => setPicker('random')}>
                    Tambah soal acak
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>

          <Card withBorder component="section" aria-label="Visibilitas">
            <Stack>
              <Radio.Group label="Siapa yang dapat melihat" {...form.getInputProps('visibility')}>
                <Stack gap="xs" mt="xs">
                  <Radio value="show" label="Tampilkan sekarang" description="Siswa langsung dapat melihatnya." />
                  <Radio value="draft" label="Sembunyikan (draf)" description="Hanya Anda yang melihatnya sampai ditampilkan." />
                  <Radio value="schedule" label="Jadwalkan" description="Siswa dapat melihatnya mulai tanggal dan jam yang dipilih." />
                </Stack>
              </Radio.Group>
              {v.visibility === 'schedule' && <DateTimeField label="Waktu tayang (WIB)" required {...form.getInputProps('publish_at')} />}
            </Stack>
          </Card>

          {message && (
            <Text c="red" size="sm" role="alert">
              {message}
            </Text>
          )}
          <FormActions
            onCancel={() => void navigate(back)}
            submit="Simpan kuis"
            disabled={form.submitting || v.title.trim() === '' || slots.length === 0}
            loading={form.submitting}
          />
        </Stack>
      </form>
      <QuestionPickerModal opened={picker === 'bank'} onClose={() => setPicker(null)} taken={taken} onAdd={addQuestions} />
      <RandomSlotModal opened={picker === 'random'} onClose={() => setPicker(null)} onAdd={addRandom} />
    </Stack>
  );
}

function SlotView({ slot }: { slot: SlotRow }) {
  if (slot.kind === 'question')
    return (
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6}>
          <TypeBadge type={slot.question.type} />
          <Badge variant="outline" color="gray">
            {slot.question.points} poin
          </Badge>
        </Group>
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {slot.question.text}
        </Text>
      </Stack>
    );
  const short = slot.category.available !== null && slot.category.available < slot.count;
  return (
    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
      <Group gap={6}>
        <Badge variant="light" color="violet" leftSection={<IconArrowsShuffle size={12} aria-hidden />}>
          Acak
        </Badge>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {`${slot.count} soal acak dari kategori ${slot.category.name}`}
      </Text>
      {short && (
        <Text size="xs" c="red">
          Kategori ini sekarang hanya berisi {slot.category.available} soal.
        </Text>
      )}
    </Stack>
  );
}

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
