import { useEffect, useRef, useState } from 'react';
import { Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CLASS_MSG, LIMITS, MSG, TOAST_MS, materialReplaceFields, type ClassMaterial } from '@kelasku/contract';
import { useReplaceMaterialFile } from '../../api/materials';
import { FileDropzone } from '../../components/FileDropzone';
import { FormModal } from '../../components/FormModal';
import { showFailure } from '../../lib/form-errors';
import { errorMessage } from '../../lib/toast';
import { initialUpload, nextUpload, type UploadEvent, type UploadState } from '../../uploads/state';
import { UploadFailure, UploadProgress } from '../../uploads/UploadStatus';
import { REPLACE_FAILED, sendMaterialFile, wasStopped } from './material-uploads';

export interface ReplaceFileModalProps {
  classId: number;
  lessonId: number;
  material: ClassMaterial;
  opened: boolean;
  onClose: () => void;
}

interface ReplaceForm extends Record<string, unknown> {
  title: string;
  file: File | null;
}

/** The form's own inputs: a server message about them goes under the input, anything else into the failure. */
const FIELDS = ['title', 'file'] as const;

/**
 * "Ganti file": a new file for a file material, sent as "Tambah Materi" sends its files (resumable:
 * the bar, "x MB dari y MB", the time left, "Menunggu sinyal…" while offline). The old file stays
 * until the new one is stored. A failure stays, with the server's reason and "Coba lagi" (which goes
 * on from the bytes the server has), until the teacher acts; Batal during the upload stops it.
 */
export function ReplaceFileModal({ classId, lessonId, material: m, opened, onClose }: ReplaceFileModalProps) {
  const replace = useReplaceMaterialFile(classId, lessonId);
  const initialValues: ReplaceForm = { title: m.title, file: null };
  const form = useForm<ReplaceForm>({ initialValues, validate: schemaResolver(materialReplaceFields, { sync: true }) });
  const [upload, setUpload] = useState<UploadState | null>(null);
  /** Why the last try did not replace the file (the server's reason); stays until the teacher acts. */
  const [failure, setFailure] = useState<string | null>(null);
  /** The upload was stopped with Batal. */
  const [stopped, setStopped] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const failureBox = useRef<HTMLDivElement>(null);
  const { file } = form.values;

  // Leaving the page mid-upload stops it (the server keeps the bytes a day for a resume with the same file).
  useEffect(() => () => abort.current?.abort('leave'), []);

  // A fresh dialog each time it opens.
  useEffect(() => {
    if (!opened) return;
    setUpload(null);
    setFailure(null);
    setStopped(null);
  }, [opened]);

  const send = async ({ title, file }: ReplaceForm) => {
    const controller = new AbortController();
    abort.current = controller;
    setFailure(null);
    setStopped(null);
    setUpload(initialUpload(file!.size));
    const onEvent = (e: UploadEvent) => setUpload((was) => (was ? nextUpload(was, e) : was));
    try {
      const res = await sendMaterialFile(file!, onEvent, controller.signal, (id) =>
        replace.mutateAsync({ id: m.id, title: title.trim(), upload: id }),
      );
      setUpload(null);
      return res;
    } finally {
      abort.current = null;
    }
  };

  // Shown here rather than as the dialog's form message: the failure box with "Coba lagi".
  const failed = (err: unknown) => {
    setUpload(null);
    if (wasStopped(err)) setStopped(errorMessage(err));
    else setFailure(showFailure(form, err, FIELDS));
  };

  // "Coba lagi" sends the form again, exactly as "Unggah" does.
  const retry = () => failureBox.current?.closest('form')?.requestSubmit();

  const uploading = upload !== null || replace.isPending;
  const name = file?.name ?? m.filename ?? m.title;

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
      onError={failed}
      save={send}
    >
      <Text size="sm">
        File sekarang: <b style={{ overflowWrap: 'anywhere' }}>{m.filename}</b>. File lama dihapus setelah file baru tersimpan.
      </Text>
      <TextInput label="Judul Materi" maxLength={LIMITS.titleMax} required disabled={uploading} {...form.getInputProps('title')} />
      <FileDropzone
        file={file}
        onChange={(f) => {
          form.setFieldValue('file', f);
          // Another file: the failure of the last one no longer applies.
          setFailure(null);
          setStopped(null);
        }}
        maxBytes={LIMITS.fileBytes}
        tooLargeMessage={MSG.fileTooLarge}
        label="File pengganti"
        hint="Dokumen, gambar atau video, maksimal 50 MB"
        error={typeof form.errors.file === 'string' ? form.errors.file : null}
        onError={(message) => form.setFieldError('file', message)}
        disabled={uploading}
      />
      {upload && <UploadProgress name={name} state={upload} />}
      {failure && !uploading && (
        <div ref={failureBox}>
          <UploadFailure name={name} title={REPLACE_FAILED} message={failure} onRetry={retry} />
        </div>
      )}
      {stopped && !uploading && (
        <Text size="sm" c="dimmed" role="status">
          {stopped}
        </Text>
      )}
    </FormModal>
  );
}
