import { Select, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { copyLessonBody, type ClassLesson } from '@kelasku/contract';
import { useCopyLesson } from '../../api/lesson-copy';
import { useTeacherClasses } from '../../api/online-classes';
import { FormModal } from '../../components/FormModal';
import { ShiftDaysInput } from './ShiftDaysInput';

export interface CopyLessonModalProps {
  classId: number;
  content: Pick<ClassLesson, 'id' | 'title'>;
  /** "Pembelajaran N" of the content, for the title. */
  heading: string;
  opened: boolean;
  onClose: () => void;
}

interface CopyForm extends Record<string, unknown> {
  online_class_id: string | null;
  shift_days: number | string;
}

const EMPTY: CopyForm = { online_class_id: null, shift_days: 0 };

/** "Salin ke kelas lain": the content with its materials, forums, assignments and quizzes into another current class of the teacher. */
export function CopyLessonModal({ classId, content, heading, opened, onClose }: CopyLessonModalProps) {
  const classes = useTeacherClasses(opened);
  const copy = useCopyLesson(classId, content.id);
  const form = useForm<CopyForm>({ initialValues: EMPTY, validate: schemaResolver(copyLessonBody, { sync: true }) });
  const options = (classes.data ?? [])
    .filter((c) => c.id !== classId)
    .map((c) => ({ value: String(c.id), label: `${c.name} (${c.rombel.name})` }));
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={`Salin ${heading} ke kelas lain`}
      form={form}
      initialValues={EMPTY}
      draft={null}
      savedMessage="Konten berhasil disalin"
      ready={form.values.online_class_id !== null}
      submitLabel="Salin"
      save={(v) =>
        copy.mutateAsync({ online_class_id: Number(v.online_class_id), shift_days: v.shift_days === '' ? 0 : Number(v.shift_days) })
      }
    >
      <Text size="sm">
        &ldquo;{content.title}&rdquo; disalin dengan materi, forum (tanpa komentar), tugas (tanpa pengumpulan siswa) dan kuisnya (tanpa
        jawaban siswa) ke akhir kelas tujuan. File materi dipakai bersama, tidak digandakan.
      </Text>
      <Select
        label="Kelas tujuan"
        placeholder={classes.isPending ? 'Memuat kelas…' : 'Pilih kelas'}
        data={options}
        nothingFoundMessage="Tidak ada kelas lain"
        searchable
        required
        data-autofocus
        disabled={classes.isPending}
        {...form.getInputProps('online_class_id')}
      />
      {classes.isSuccess && options.length === 0 && (
        <Text size="sm" c="dimmed">
          Anda belum punya kelas lain yang aktif. Buat kelasnya dulu, atau pakai &ldquo;Salin kelas&rdquo; di halaman kelas.
        </Text>
      )}
      <ShiftDaysInput {...form.getInputProps('shift_days')} />
    </FormModal>
  );
}
