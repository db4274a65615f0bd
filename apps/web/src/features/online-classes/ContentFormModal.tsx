import { TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CLASS_MSG, LIMITS, classContentBody, type ClassContent } from '@kelasku/contract';
import { useSaveContent } from '../../api/lessons';
import { DescriptionField } from '../../components/DescriptionField';
import { FormModal } from '../../components/FormModal';

export interface ContentFormModalProps {
  classId: number;
  opened: boolean;
  onClose: () => void;
  /** Present when editing. */
  content?: Pick<ClassContent, 'id' | 'title' | 'description'>;
}

interface ContentForm extends Record<string, unknown> {
  title: string;
  description: string;
}

/** "Tambah Agenda/Konten Pembelajaran" (and its edit): title required, description optional. */
export function ContentFormModal({ classId, opened, onClose, content }: ContentFormModalProps) {
  const save = useSaveContent(classId);
  const initialValues: ContentForm = { title: content?.title ?? '', description: content?.description ?? '' };
  const form = useForm<ContentForm>({ initialValues, validate: schemaResolver(classContentBody, { sync: true }) });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={content ? 'Edit Konten' : 'Tambah Agenda/Konten Pembelajaran'}
      size="lg"
      form={form}
      initialValues={initialValues}
      draft={content ? `konten-${content.id}` : 'konten-baru'}
      savedMessage={content ? CLASS_MSG.contentUpdated : CLASS_MSG.contentCreated}
      ready={form.values.title.trim() !== ''}
      save={(v) => save.mutateAsync({ id: content?.id, body: { title: v.title.trim(), description: v.description.trim() || null } })}
    >
      <TextInput label="Judul" maxLength={LIMITS.titleMax} required data-autofocus {...form.getInputProps('title')} />
      <DescriptionField {...form.getInputProps('description')} />
    </FormModal>
  );
}
