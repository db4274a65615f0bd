import { TextInput, type TextInputProps } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CLASS_MSG, LIMITS, linkMaterialBody } from '@kelasku/contract';
import { useAddLink } from '../../api/materials';
import { FormModal } from '../../components/FormModal';

export interface LinkFormModalProps {
  classId: number;
  lessonId: number;
  opened: boolean;
  onClose: () => void;
}

interface LinkForm extends Record<string, unknown> {
  title: string;
  url: string;
}

const EMPTY: LinkForm = { title: '', url: '' };

/** "Tautan": a web address (http or https), the field of a link material. */
export function LinkAddressInput(props: TextInputProps) {
  return (
    <TextInput
      label="Tautan"
      description="Alamat lengkap yang diawali http:// atau https://, misalnya video YouTube atau Google Form"
      placeholder="https://"
      type="url"
      inputMode="url"
      maxLength={LIMITS.urlMax}
      required
      {...props}
    />
  );
}

/** "Add Link": a title and a web address (http or https); a YouTube video then plays in the content. */
export function LinkFormModal({ classId, lessonId, opened, onClose }: LinkFormModalProps) {
  const add = useAddLink(classId, lessonId);
  const form = useForm<LinkForm>({ initialValues: EMPTY, validate: schemaResolver(linkMaterialBody, { sync: true }) });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Tambah Tautan"
      size="lg"
      form={form}
      initialValues={EMPTY}
      draft={`tautan-baru-${lessonId}`}
      savedMessage={CLASS_MSG.materialCreated}
      ready={form.values.title.trim() !== '' && form.values.url.trim() !== ''}
      save={(v) => add.mutateAsync({ title: v.title.trim(), url: v.url.trim() })}
    >
      <TextInput label="Judul" maxLength={LIMITS.titleMax} required data-autofocus {...form.getInputProps('title')} />
      <LinkAddressInput {...form.getInputProps('url')} />
    </FormModal>
  );
}
