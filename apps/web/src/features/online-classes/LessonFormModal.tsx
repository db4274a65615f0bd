import { TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CLASS_MSG, LIMITS, classLessonBody, type ClassLesson } from '@kelasku/contract';
import { useSaveLesson } from '../../api/lessons';
import { DescriptionField } from '../../components/DescriptionField';
import { FormModal } from '../../components/FormModal';

export interface LessonFormModalProps {
  classId: number;
  opened: boolean;
  onClose: () => void;
  /** Present when editing. */
  content?: Pick<ClassLesson, 'id' | 'title' | 'description'>;
}

interface LessonForm extends Record<string, unknown> {
  title: string;
  description: string;
}

/** "Tambah Agenda/Konten Pembelajaran" (and its edit): title required, description optional. */
export function LessonFormModal({ classId, opened, onClose, content }: LessonFormModalProps) {
  const save = useSaveLesson(classId);
  const initialValues: LessonForm = { title: content?.title ?? '', description: content?.description ?? '' };
  const form = useForm<LessonForm>({ initialValues, validate: schemaResolver(classLessonBody, { sync: true }) });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={content ? 'Edit Konten' : 'Tambah Agenda/Konten Pembelajaran'}
      size="lg"
      form={form}
      initialValues={initialValues}
      draft={content ? `konten-${content.id}` : 'konten-baru'}
      savedMessage={content ? CLASS_MSG.lessonUpdated : CLASS_MSG.lessonCreated}
      ready={form.values.title.trim() !== ''}
      save={(v) => save.mutateAsync({ id: content?.id, body: { title: v.title.trim(), description: v.description.trim() || null } })}
    >
      <TextInput label="Judul" maxLength={LIMITS.titleMax} required data-autofocus {...form.getInputProps('title')} />
      <DescriptionField {...form.getInputProps('description')} />
    </FormModal>
  );
}
