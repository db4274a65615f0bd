import { useEffect, useRef, useState } from 'react';
import { Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CLASS_MSG, LIMITS, MSG, TOAST_MS, materialReplaceFields, type ClassMaterial } from '@kelasku/contract';
import { useReplaceMaterialFile } from '../../api/materials';
import { FileDropzone } from '../../components/FileDropzone';
import { FormModal } from '../../components/FormModal';
import { forgetUploads, sendResumable } from '../uploads/resumable';
import { initialUpload, nextUpload, type UploadEvent, type UploadState } from '../uploads/state';
import { UploadProgress } from '../uploads/UploadStatus';

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
  const [upload, setUpload] = useState<UploadState | null>(null);
  const abort = useRef<AbortController | null>(null);
  const { file } = form.values;

  // Leaving the page mid-upload stops it (the server keeps the bytes a day for a resume with the same file).
  useEffect(() => () => abort.current?.abort('leave'), []);

  const send = async ({ title, file }: ReplaceForm) => {
    const controller = new AbortController();
    abort.current = controller;
    setUpload(initialUpload(file!.size));
    const onEvent = (e: UploadEvent) => setUpload((was) => (was ? nextUpload(was, e) : was));
    try {
      const id = await sendResumable(file!, onEvent, controller.signal);
      const res = await replace.mutateAsync({ id: m.id, title: title.trim(), upload: id });
      void forgetUploads([file!]).catch(() => undefined);
      return res;
    } finally {
      abort.current = null;
      setUpload(null);
    }
  };
  const uploading = upload !== null || replace.isPending;

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
      {upload && <UploadProgress name={file?.name ?? m.filename ?? m.title} state={upload} />}
    </FormModal>
  );
}
