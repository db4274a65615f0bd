import { useRef, useState } from 'react';
import { useForm } from '@mantine/form';
import { Alert, Button, Group, List, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection, type FileWithPath } from '@mantine/dropzone';
import { IconAlertTriangle, IconCloudUpload, IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { LIMITS, TOAST_MS } from '@kelasku/contract';
import { ApiError } from '../../api/client';
import { useSubmitAssignment } from '../../api/student';
import { FormModal } from '../../components/FormModal';
import { toastApiError } from '../../lib/toast';

const MAX_FILES = 1;

/** The file-drop messages of SPEC §5, in Indonesian. */
export function dropMessage(code: string, opts: { maxSize?: number; minSize?: number } = {}): string {
  switch (code) {
    case 'file-invalid-type':
      return 'Tipe file tidak diterima';
    case 'file-too-large':
      return `File lebih besar dari ${opts.maxSize ?? LIMITS.fileBytes} bytes`;
    case 'file-too-small':
      return `File lebih kecil dari ${opts.minSize ?? 0} bytes`;
    case 'too-many-files':
      return 'Terlalu banyak file';
    default:
      return 'File tidak dapat dipilih';
  }
}

const filePath = (f: FileWithPath) => (f.path ? f.path.replace(/^\.\//, '') : f.name);

interface SubmissionForm extends Record<string, unknown> {
  file: FileWithPath | null;
}

const EMPTY: SubmissionForm = { file: null };

/** "Upload Jawabanmu disini": drop or choose one file (50 MB at most) and hand it in with a progress bar. */
export function UploadSubmissionModal({ assignmentId, opened, onClose }: { assignmentId: number; opened: boolean; onClose: () => void }) {
  const submit = useSubmitAssignment(assignmentId);
  // Only a file: the server checks its size and type again.
  const form = useForm<SubmissionForm>({ initialValues: EMPTY });
  const openRef = useRef<() => void>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [rejections, setRejections] = useState<string[]>([]);
  const [progress, setProgress] = useState(0);
  const uploading = submit.isPending;
  const { file } = form.values;

  /** Closing the dialog cancels an upload under way. */
  const close = () => {
    abortRef.current?.abort();
    setRejections([]);
    setProgress(0);
    onClose();
  };

  /** One file (the first); the rest of a drop, and anything too large, is listed with its reason. */
  const onDropAny = (accepted: FileWithPath[], rejected: FileRejection[]) => {
    form.setFieldValue('file', accepted[0] ?? null);
    setRejections(
      rejected.map((r) => `${r.file.name}: ${r.errors.map((e) => dropMessage(e.code, { maxSize: LIMITS.fileBytes })).join(', ')}`),
    );
  };

  const send = async ({ file }: SubmissionForm) => {
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    try {
      const res = await submit.mutateAsync({ file: file!, onProgress: setProgress, signal: controller.signal });
      setRejections([]);
      return { message: `${res.message ?? 'Berhasil'}, Tugasmu berhasil dikumpulkan.` };
    } finally {
      abortRef.current = null;
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="Upload Jawabanmu disini"
      size="lg"
      form={form}
      initialValues={EMPTY}
      // Only a file: nothing to keep.
      draft={null}
      savedMessage="Tugasmu berhasil dikumpulkan."
      savedToastMs={TOAST_MS.long}
      ready={file !== null}
      showSubmit={file !== null}
      submitLabel="Upload Submission"
      save={send}
      onError={(err) => {
        setProgress(0);
        // Closing the dialog cancels the upload on purpose; that is not a failure to report.
        if (err instanceof ApiError && err.status === -1) return;
        toastApiError(err, TOAST_MS.long);
      }}
    >
      <Stack>
        <Dropzone
          onDrop={() => undefined}
          onDropAny={onDropAny}
          maxSize={LIMITS.fileBytes}
          maxFiles={MAX_FILES}
          multiple={false}
          disabled={uploading}
          openRef={openRef}
          // A drop area for the mouse; keyboard users take the "Choose a file" button (a focusable zone holding
          // the file input would nest interactive elements).
          role="group"
          tabIndex={-1}
          activateOnKeyboard={false}
          aria-label="Area unggah: tarik dan lepas file ke sini"
          inputProps={{ 'aria-label': 'File jawaban' }}
        >
          <Group justify="center" gap="md" mih={140}>
            <Dropzone.Accept>
              <IconUpload size={44} color="var(--mantine-color-teal-6)" />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={44} color="var(--mantine-color-red-6)" />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconCloudUpload size={44} color="var(--mantine-color-dimmed)" />
            </Dropzone.Idle>
            <div>
              <Text size="lg">Tarik dan lepas file jawabanmu ke sini</Text>
              <Text size="sm" c="dimmed">
                Satu file saja: dokumen, gambar atau video.
              </Text>
            </div>
          </Group>
        </Dropzone>
        <Group justify="center">
          <Button variant="default" leftSection={<IconFile size={16} />} onClick={() => openRef.current?.()} disabled={uploading}>
            Choose a file
          </Button>
        </Group>
        {file && (
          <List aria-label="File yang dipilih" size="sm">
            <List.Item>
              {filePath(file)} - {file.size} bytes
            </List.Item>
          </List>
        )}
        {rejections.length > 0 && (
          <Alert color="red" icon={<IconX size={16} />}>
            {rejections.map((r) => (
              <Text key={r} size="sm">
                {r}
              </Text>
            ))}
          </Alert>
        )}
        <Group gap="xs" wrap="nowrap" c="red.9">
          <IconAlertTriangle size={18} aria-hidden />
          <Text size="sm">Ukuran file maksimal 50 MB.</Text>
        </Group>
        {uploading && (
          <Stack gap={4}>
            <Progress value={progress} animated aria-label="Progres unggahan" />
            <Text size="xs" c="dimmed" ta="right">
              {progress}%
            </Text>
          </Stack>
        )}
      </Stack>
    </FormModal>
  );
}
