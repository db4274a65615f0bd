import { Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { MEETING_MSG, meetingBody, type MeetingBody } from '@kelasku/contract';
import { useLessons } from '../../api/lessons';
import { useAddMeeting } from '../../api/meetings';
import { DateField } from '../../components/DateFields';
import { FormModal } from '../../components/FormModal';
import { LessonSelect, lessonOptions } from './LessonSelect';

interface AddForm extends Record<string, unknown> {
  date: string | null;
  /** Jam ke- (the bell's periods) or clock times. */
  mode: 'periods' | 'times';
  period_from: number | string;
  period_to: number | string;
  starts_at: string;
  ends_at: string;
  lesson_id: string | null;
  topic: string;
}

const num = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? null : Number(v));

/** The request body of the form's values: periods or times, never both. */
export function addMeetingBody(v: AddForm): MeetingBody {
  const periods = v.mode === 'periods';
  const from = periods ? num(v.period_from) : null;
  return {
    date: v.date ?? '',
    period_from: from,
    period_to: periods ? (num(v.period_to) ?? from) : null,
    starts_at: periods ? null : v.starts_at.trim() || null,
    ends_at: periods ? null : v.ends_at.trim() || null,
    lesson_id: v.lesson_id ? Number(v.lesson_id) : null,
    topic: v.topic,
  };
}

const checkBody = schemaResolver(meetingBody, { sync: true });

const initialValues: AddForm = {
  date: null,
  mode: 'periods',
  period_from: '',
  period_to: '',
  starts_at: '',
  ends_at: '',
  lesson_id: null,
  topic: '',
};

/** "Tambah pertemuan": a meeting outside the timetable (a make-up lesson, an extra one). */
export function AddMeetingModal({ classId, opened, onClose }: { classId: number; opened: boolean; onClose: () => void }) {
  const add = useAddMeeting(classId);
  const lessons = useLessons(classId);
  const form = useForm<AddForm>({ initialValues, validate: (v) => checkBody(addMeetingBody(v)) });
  const v = form.values;
  const ready = !!v.date && (v.mode === 'periods' ? num(v.period_from) !== null : v.starts_at.trim() !== '' && v.ends_at.trim() !== '');
  const options = lessonOptions(lessons.data ?? []);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Tambah pertemuan"
      form={form}
      initialValues={initialValues}
      draft={`pertemuan-baru-${classId}`}
      savedMessage={MEETING_MSG.created}
      ready={ready}
      submitLabel="Tambah"
      save={(values) => add.mutateAsync(addMeetingBody(values))}
    >
      <DateField label="Tanggal" required clearable={false} data-autofocus {...form.getInputProps('date')} />
      <Stack gap={6}>
        <Text size="sm" fw={500} id="waktu-pertemuan">
          Waktu
        </Text>
        <SegmentedControl
          aria-labelledby="waktu-pertemuan"
          data={[
            { value: 'periods', label: 'Jam ke-' },
            { value: 'times', label: 'Jam mulai/selesai' },
          ]}
          {...form.getInputProps('mode')}
        />
      </Stack>
      {v.mode === 'periods' ? (
        <Group grow align="flex-start">
          <NumberInput label="Jam ke- dari" min={1} max={20} allowDecimal={false} required {...form.getInputProps('period_from')} />
          <NumberInput label="sampai" min={1} max={20} allowDecimal={false} {...form.getInputProps('period_to')} />
        </Group>
      ) : (
        <Group grow align="flex-start">
          <TextInput label="Jam mulai" placeholder="07.00" inputMode="numeric" required {...form.getInputProps('starts_at')} />
          <TextInput label="Jam selesai" placeholder="08.30" inputMode="numeric" required {...form.getInputProps('ends_at')} />
        </Group>
      )}
      <LessonSelect data={options} {...form.getInputProps('lesson_id')} />
      <TextInput label="Topik" maxLength={255} {...form.getInputProps('topic')} />
    </FormModal>
  );
}
