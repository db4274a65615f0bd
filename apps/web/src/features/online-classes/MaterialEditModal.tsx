import { TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CLASS_MSG, LIMITS, materialEditBody, type ClassMaterial } from '@kelasku/contract';
import { useEditMaterial } from '../../api/materials';
import { FormModal } from '../../components/FormModal';
import { LinkAddressInput } from './LinkFormModal';

export interface MaterialEditModalProps {
  classId: number;
  lessonId: number;
  material: ClassMaterial;
  opened: boolean;
  onClose: () => void;
}

interface EditForm extends Record<string, unknown> {
  title: string;
  url: string;
}

/** "Edit" of a material: rename it; a link's address can be changed too. */
export function MaterialEditModal({ classId, lessonId, material: m, opened, onClose }: MaterialEditModalProps) {
  const edit = useEditMaterial(classId, lessonId);
  const isLink = m.kind === 'link';
  const initialValues: EditForm = { title: m.title, url: m.url ?? '' };
  // A file material has no address to check.
  const schema = isLink ? materialEditBody : materialEditBody.omit({ url: true });
  const form = useForm<EditForm>({ initialValues, validate: schemaResolver(schema, { sync: true }) });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={isLink ? 'Edit Tautan' : 'Edit Materi'}
      size="lg"
      form={form}
      initialValues={initialValues}
      draft={`materi-${m.id}`}
      savedMessage={CLASS_MSG.materialUpdated}
      ready={form.values.title.trim() !== '' && (!isLink || form.values.url.trim() !== '')}
      save={(v) => edit.mutateAsync({ id: m.id, body: { title: v.title.trim(), ...(isLink ? { url: v.url.trim() } : {}) } })}
    >
      <TextInput label="Judul" maxLength={LIMITS.titleMax} required data-autofocus {...form.getInputProps('title')} />
      {isLink && <LinkAddressInput {...form.getInputProps('url')} />}
    </FormModal>
  );
}
