import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
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
import { IconArrowLeft, IconArrowsShuffle, IconDatabase, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { LIMITS, QUIZ_LIMITS, type Quiz } from '@kelasku/contract';
import { isNotFound } from '../../../api/client';
import { useTeacherQuiz, type QuizRef } from '../../../api/quizzes';
import { DateTimeField } from '../../../components/DateFields';
import { DescriptionField } from '../../../components/DescriptionField';
import { FormActions } from '../../../components/FormActions';
import { QueryState } from '../../../components/QueryState';
import { SortableList } from '../../../components/SortableList';
import { positiveId } from '../../../lib/route-params';
import { NotFoundPage } from '../../../components/ErrorPages';
import { TypeBadge } from '../../../components/QuestionKey';
import { QuestionPickerModal, RandomSlotModal } from './QuestionPickerModal';
import { NewQuestionButton } from './NewQuestionButton';
import { useQuizForm, type QuizFormState, type QuizFormType, type SlotRow } from './useQuizForm';
import { CategorySelect, ObjectivePicker } from '../../learning-objectives/ObjectivePicker';
import { ExamSettingsFields } from '../exam/ExamSettingsFields';

/**
 * /online-class/:classId/contents/:lessonId/quiz/new — "Buat Kuis" from the content's Sub konten
 * menu — and …/quiz/:quizId/edit, "Edit Kuis". Everything loads by id, so a reload works.
 */
export default function QuizFormPage() {
  const params = useParams();
  const classId = positiveId(params.classId);
  const lessonId = positiveId(params.lessonId);
  const id = params.quizId === undefined ? undefined : positiveId(params.quizId);
  if (classId === null || lessonId === null || id === null) return <NotFoundPage />;
  if (id === undefined) return <QuizForm classId={classId} lessonId={lessonId} />;
  return <EditQuiz r={{ classId, lessonId, id }} />;
}

function EditQuiz({ r }: { r: QuizRef }) {
  const quiz = useTeacherQuiz(r);
  if (isNotFound(quiz.error)) return <NotFoundPage />;
  return <QueryState query={quiz}>{(q) => <QuizForm classId={r.classId} lessonId={r.lessonId} quiz={q} />}</QueryState>;
}

const ATTEMPT_OPTIONS = [
  { value: '0', label: 'Tidak terbatas' },
  ...Array.from({ length: QUIZ_LIMITS.attemptsMax }, (_, i) => ({ value: String(i + 1), label: `${i + 1} kali` })),
];

/** "Buat Kuis" and "Edit Kuis": the settings, the schedule in WIB, visibility, and the questions. */
function QuizForm({ classId, lessonId, quiz }: { classId: number; lessonId: number; quiz?: Quiz }) {
  const state = useQuizForm(classId, lessonId, quiz);
  const { navigate, klass, archived, form, v, slots, message, picker, setPicker, back, taken, submit, addQuestions, addRandom } = state;

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

          <QuizTimeCard form={form} />

          <QuizSettingsCard form={form} />

          <QuizGradingCard classId={classId} form={form} />

          <QuizSlotsCard classId={classId} state={state} />

          <QuizVisibilityCard form={form} />

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

/** "Waktu": when the quiz opens and closes (WIB), the time limit, the attempts and which of them counts. */
function QuizTimeCard({ form }: { form: QuizFormType }) {
  const v = form.values;
  return (
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
          <Select label="Kesempatan mengerjakan" data={ATTEMPT_OPTIONS} allowDeselect={false} {...form.getInputProps('attempts_allowed')} />
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
  );
}

/** "Pengaturan": shuffling, one question per page, when the grade and the review show. */
function QuizSettingsCard({ form }: { form: QuizFormType }) {
  return (
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
        <ExamSettingsFields form={form} />
      </Stack>
    </Card>
  );
}

/** "Penilaian" (issue 39): the quiz's grade category and its TPs. */
function QuizGradingCard({ classId, form }: { classId: number; form: QuizFormType }) {
  return (
    <Card withBorder component="section" aria-label="Penilaian">
      <Stack>
        <Title order={3} size="h5">
          Penilaian
        </Title>
        <CategorySelect
          classId={classId}
          value={form.values.category_id}
          onChange={(v) => form.setFieldValue('category_id', v)}
          error={form.errors.category_id}
        />
        <ObjectivePicker
          classId={classId}
          value={form.values.objective_ids}
          onChange={(v) => form.setFieldValue('objective_ids', v)}
          error={form.errors.objective_ids}
        />
      </Stack>
    </Card>
  );
}

/** "Soal kuis": the slots in their order, the total points, and the ways to add more (a new question written here, too). */
function QuizSlotsCard({ classId, state }: { classId: number; state: QuizFormState }) {
  const { slots, slotError, locked, total, questionCount, setPicker, removeSlot, reorderSlots, addQuestions } = state;
  return (
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
            Belum ada soal. Tulis soal baru, tambahkan soal dari bank soal, atau ambil soal acak dari satu kategori.
          </Text>
        ) : (
          <SortableList items={slots} labelOf={(s) => `soal ${slots.indexOf(s) + 1}`} onReorder={reorderSlots} disabled={locked}>
            {(s, controls) => (
              <Group gap="xs" wrap="nowrap" align="flex-start" py={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
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
            <NewQuestionButton classId={classId} onAdded={(q) => addQuestions([q])} />
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
  );
}

/** "Visibilitas": shown now, a draft, or scheduled. */
function QuizVisibilityCard({ form }: { form: QuizFormType }) {
  const v = form.values;
  return (
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
        {slot.question.image && (
          <Image src={slot.question.image} alt="Gambar soal" mah={96} w="auto" maw="100%" fit="contain" radius="sm" />
        )}
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
