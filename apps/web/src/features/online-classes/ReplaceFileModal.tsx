import { useEffect, useRef, useState } from 'react';
import { Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CLASS_MSG, LIMITS, MSG, TOAST_MS, materialReplaceFields, type ClassMaterial } from '@kelasku/contract';
import { useReplaceMaterialFile } from '../../api/materials';
import { FileDropzone } from '../../components/FileDropzone';
import { FormModal } from '../../components/FormModal';

export interface ReplaceFileModalProps {
  classId: number;
  contentId: number;
  material: ClassMaterial;
  opened: boolean;
  onClose: () => void;
}

interface ReplaceForm extends Record<string, unknown> {
  title: string;
  file: File | null;
}

/** "Ganti file": a new file for a file material (the old one is removed once the new one is stored), with progress and cancel. */
export function ReplaceFileModal({ classId, contentId, material: m, opened, onClose }: ReplaceFileModalProps) {
  const replace = useReplaceMaterialFile(classId, contentId);
  const initialValues: ReplaceForm = { title: m.title, file: null };
  const form = useForm<ReplaceForm>({ initialValues, validate: schemaResolver(materialReplaceFields, { sync: true }) });
  const [percent, setPercent] = useState(0);
  const abort = useRef<AbortController | null>(null);
  const uploading = replace.isPending;
  const { file } = form.values;

  // Leaving the page mid-upload cancels it.
  useEffect(() => () => abort.current?.abort(), []);

  const send = async ({ title, file }: ReplaceForm) => {
    setPercent(0);
    const controller = new AbortController();
    abort.current = controller;
    try {
      return await replace.mutateAsync({ id: m.id, title: title.trim(), file: file!, onProgress: setPercent, signal: controller.signal });
    } finally {
      abort.current = null;
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Ganti File Materi"
      size="lg"
      form={form}
      initialValues={initialValues}
      draft={null}
      savedMessage={CLASS_MSG.materialUpdated}
      savedToastMs={TOAST_MS.long}
      ready={file !== null && form.values.title.trim() !== ''}
      submitLabel="Unggah"
      locked={uploading}
      onCancel={() => (uploading ? abort.current?.abort() : onClose())}
      save={send}
    >
      <Text size="sm">
        File sekarang: <b style={{ overflowWrap: 'anywhere' }}>{m.filename}</b>. File lama dihapus setelah file baru tersimpan.
      </Text>
      <TextInput label="Judul Materi" maxLength={LIMITS.titleMax} required disabled={uploading} {...form.getInputProps('title')} />
      <FileDropzone
        file={file}
        onChange={(f) => form.setFieldValue('file', f)}
        maxBytes={LIMITS.fileBytes}
        tooLargeMessage={MSG.fileTooLarge}
        label="File pengganti"
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
