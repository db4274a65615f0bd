import { useEffect, useRef, useState } from 'react';
import { Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CLASS_MSG, LIMITS, MSG, classMaterialFields } from '@kelasku/contract';
import { useUploadMaterial } from '../../api/teacher-classes';
import { FileDropzone } from '../../components/FileDropzone';
import { FormModal } from '../../components/FormModal';

export interface MaterialFormModalProps {
  classId: number;
  contentId: number;
  opened: boolean;
  onClose: () => void;
}

interface MaterialForm extends Record<string, unknown> {
  title: string;
  file: File | null;
}

const EMPTY: MaterialForm = { title: '', file: null };

/** Add Material: a title and one file (documents, images, video; 50 MB), uploaded with progress and cancel. */
export function MaterialFormModal({ classId, contentId, opened, onClose }: MaterialFormModalProps) {
  const upload = useUploadMaterial(classId, contentId);
  const form = useForm<MaterialForm>({ initialValues: EMPTY, validate: schemaResolver(classMaterialFields, { sync: true }) });
  const [percent, setPercent] = useState(0);
  const abort = useRef<AbortController | null>(null);

  // Leaving the page mid-upload cancels it.
  useEffect(() => () => abort.current?.abort(), []);

  const uploading = upload.isPending;
  const { file } = form.values;

  const send = async ({ title, file }: MaterialForm) => {
    setPercent(0);
    const controller = new AbortController();
    abort.current = controller;
    try {
      return await upload.mutateAsync({ title: title.trim(), file: file!, onProgress: setPercent, signal: controller.signal });
    } finally {
      abort.current = null;
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Tambah Materi"
      size="lg"
      form={form}
      initialValues={EMPTY}
      // The title is kept; the file never is.
      draft={`materi-baru-${contentId}`}
      savedMessage={CLASS_MSG.materialCreated}
      ready={form.values.title.trim() !== '' && file !== null}
      submitLabel="Unggah"
      locked={uploading}
      onCancel={() => (uploading ? abort.current?.abort() : onClose())}
      save={send}
    >
      <TextInput
        label="Judul Materi"
        maxLength={LIMITS.titleMax}
        required
        disabled={uploading}
        data-autofocus
        {...form.getInputProps('title')}
      />
      <FileDropzone
        file={file}
        onChange={(f) => form.setFieldValue('file', f)}
        maxBytes={LIMITS.fileBytes}
        tooLargeMessage={MSG.fileTooLarge}
        label="File materi"
        hint="Dokumen, gambar atau video, maksimal 50 MB"
        error={typeof form.errors.file === 'string' ? form.errors.file : null}
        onError={(message) => form.setFieldError('file', message)}
        disabled={uploading}
      />
      {uploading && (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm">Mengunggah…</Text>
            <Text size="sm" fw={500} aria-live="polite">
              {percent}%
            </Text>
          </Group>
          <Progress.Root size="lg">
            <Progress.Section value={percent} animated aria-label="Progres unggahan" />
          </Progress.Root>
        </Stack>
      )}
    </FormModal>
  );
}
