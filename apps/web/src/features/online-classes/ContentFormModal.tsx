import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';
import { LIMITS, type ClassContent } from '@kelasku/contract';
import { useSaveContent } from '../../api/teacher-classes';
import { DescriptionField, ModalForm, saveCallbacks, type FormErrors } from './ModalForm';

export interface ContentFormModalProps {
  classId: number;
  opened: boolean;
  onClose: () => void;
  /** Present when editing. */
  content?: Pick<ClassContent, 'id' | 'title' | 'description'>;
}

/** "Tambah Agenda/Konten Pembelajaran" (and its edit): title required, description optional. */
export function ContentFormModal({ classId, opened, onClose, content }: ContentFormModalProps) {
  const save = useSaveContent(classId);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});

  useEffect(() => {
    if (!opened) return;
    setTitle(content?.title ?? '');
    setDescription(content?.description ?? '');
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, content?.id]);

  const submit = () => {
    if (!title.trim() || save.isPending) return;
    setErrors({});
    save.mutate(
      { id: content?.id, body: { title: title.trim(), description: description.trim() || null } },
      saveCallbacks({ fallback: 'Konten berhasil disimpan', fields: { title: 'title', description: 'description' }, setErrors, done: onClose }),
    );
  };

  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      title={content ? 'Edit Konten' : 'Tambah Agenda/Konten Pembelajaran'}
      size="lg"
      onSubmit={submit}
      error={errors.form}
      submitLabel="Simpan"
      submitDisabled={!title.trim()}
      loading={save.isPending}
    >
      <TextInput
        label="Judul"
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        maxLength={LIMITS.titleMax}
        required
        error={errors.title}
        data-autofocus
      />
      <DescriptionField value={description} onChange={setDescription} error={errors.description} />
    </ModalForm>
  );
}
