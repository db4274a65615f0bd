import { useEffect, useRef, useState } from 'react';
import { Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { LIMITS, MSG } from '@kelasku/contract';
import { ApiError } from '../../api/client';
import { useUploadMaterial } from '../../api/teacher-classes';
import { FileDropzone } from '../../components/FileDropzone';
import { errorMessage, toastSuccess } from '../../lib/toast';
import { ModalForm } from './ModalForm';

export interface MaterialFormModalProps {
  classId: number;
  contentId: number;
  opened: boolean;
  onClose: () => void;
}

/** Add Material: a title and one file (documents, images, video; 50 MB), uploaded with progress and cancel. */
export function MaterialFormModal({ classId, contentId, opened, onClose }: MaterialFormModalProps) {
  const upload = useUploadMaterial(classId, contentId);
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [percent, setPercent] = useState(0);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!opened) return;
    setTitle('');
    setFile(null);
    setFileError(null);
    setTitleError(undefined);
    setFormError(null);
    setPercent(0);
  }, [opened]);

  // Leaving the page mid-upload cancels it.
  useEffect(() => () => abort.current?.abort(), []);

  const uploading = upload.isPending;
  const canSave = title.trim().length > 0 && file !== null && !fileError;

  const pickFile = (f: File | null) => {
    setFormError(null);
    if (f && f.size > LIMITS.fileBytes) {
      setFile(null);
      setFileError(MSG.fileTooLarge);
      return;
    }
    setFile(f);
  };

  const submit = () => {
    if (!canSave || !file || uploading) return;
    setFormError(null);
    setTitleError(undefined);
    setPercent(0);
    const controller = new AbortController();
    abort.current = controller;
    upload.mutate(
      { title: title.trim(), file, onProgress: setPercent, signal: controller.signal },
      {
        onSuccess: (res) => {
          toastSuccess(res.message ?? 'Materi berhasil ditambahkan');
          onClose();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === -1) setFormError(err.message);
          else if (err instanceof ApiError && err.field('title')) setTitleError(err.field('title'));
          else if (err instanceof ApiError && err.field('file')) setFileError(err.field('file')!);
          else setFormError(errorMessage(err));
        },
        onSettled: () => {
          abort.current = null;
        },
      },
    );
  };

  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      title="Tambah Materi"
      size="lg"
      locked={uploading}
      onSubmit={submit}
      error={formError}
      submitLabel="Unggah"
      submitDisabled={!canSave}
      loading={uploading}
      onCancel={() => (uploading ? abort.current?.abort() : onClose())}
    >
      <TextInput
        label="Judul Materi"
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        maxLength={LIMITS.titleMax}
        required
        disabled={uploading}
        error={titleError}
        data-autofocus
      />
      <FileDropzone
        file={file}
        onChange={pickFile}
        maxBytes={LIMITS.fileBytes}
        tooLargeMessage={MSG.fileTooLarge}
        label="File materi"
        hint="Dokumen, gambar atau video, maksimal 50 MB"
        error={fileError}
        onError={setFileError}
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
    </ModalForm>
  );
}
