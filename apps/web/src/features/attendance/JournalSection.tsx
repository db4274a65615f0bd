import { Button, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { journalBody, MEETING_MSG, type Meeting } from '@kelasku/contract';
import { useLessons } from '../../api/lessons';
import { useSaveJournal } from '../../api/meetings';
import { showFailure } from '../../lib/form-errors';
import { toastError, toastSuccess } from '../../lib/toast';
import { LessonSelect, lessonOptions } from './LessonSelect';

interface JournalForm extends Record<string, unknown> {
  lesson_id: string | null;
  topic: string;
  activities: string;
  notes: string;
}

const valuesOf = (m: Meeting): JournalForm => ({
  lesson_id: m.lesson ? String(m.lesson.id) : null,
  topic: m.topic ?? '',
  activities: m.activities ?? '',
  notes: m.notes ?? '',
});

const checkJournal = schemaResolver(journalBody, { sync: true });

const bodyOf = (v: JournalForm) => ({
  lesson_id: v.lesson_id ? Number(v.lesson_id) : null,
  topic: v.topic,
  activities: v.activities,
  notes: v.notes,
});

/** "Jurnal mengajar" of a meeting: the Pembelajaran it covers, topic, what was done, notes. */
export function JournalSection({ classId, meeting, readOnly }: { classId: number; meeting: Meeting; readOnly: boolean }) {
  const lessons = useLessons(classId);
  const save = useSaveJournal(classId, meeting.id);
  const form = useForm<JournalForm>({
    initialValues: valuesOf(meeting),
    validate: (v) => checkJournal(bodyOf(v)),
  });
  const options = lessonOptions(lessons.data ?? []);
  // The meeting's own Pembelajaran stays choosable while the list loads (or after it was hidden).
  if (meeting.lesson && !options.some((o) => o.value === String(meeting.lesson!.id))) {
    options.unshift(...lessonOptions([meeting.lesson]));
  }
  const submit = form.onSubmit(async (v) => {
    try {
      const res = await save.mutateAsync(bodyOf(v));
      form.resetDirty(valuesOf(res.data));
      toastSuccess(res.message ?? MEETING_MSG.saved);
    } catch (err) {
      const message = showFailure(form, err, Object.keys(v));
      if (message) toastError(message);
    }
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="jurnal-title">
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <Title order={3} size="h4" id="jurnal-title">
            Jurnal mengajar
          </Title>
          <LessonSelect data={options} disabled={readOnly} {...form.getInputProps('lesson_id')} />
          <TextInput label="Topik" maxLength={255} disabled={readOnly} {...form.getInputProps('topic')} />
          <Textarea label="Kegiatan" autosize minRows={2} maxLength={5000} disabled={readOnly} {...form.getInputProps('activities')} />
          <Textarea label="Catatan" autosize minRows={2} maxLength={5000} disabled={readOnly} {...form.getInputProps('notes')} />
          {!readOnly && (
            <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
              Simpan jurnal
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
