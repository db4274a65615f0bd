import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Group, Modal, Paper, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { CLASS_MSG, LIMITS, MB, TOAST_MS, titleFromFileName } from '@kelasku/contract';
import { addFileMaterial, useRefreshLesson } from '../../api/materials';
import { FilesPicker } from '../../components/FilesPicker';
import { FormActions } from '../../components/FormActions';
import { formatFileSize } from '../../lib/format';
import { errorMessage, toastSuccess } from '../../lib/toast';
import { initialUpload } from '../../uploads/state';
import { UploadDone, UploadFailure, UploadProgress } from '../../uploads/UploadStatus';
import {
  MATERIAL_FAILED,
  addPicked,
  inTurns,
  overallPercent,
  sendMaterialFile,
  wasStopped,
  withUploadEvent,
  type UploadItem,
} from './material-uploads';

export interface MaterialFormModalProps {
  classId: number;
  lessonId: number;
  opened: boolean;
  onClose: () => void;
}

/** A file "Unggah" sends: not sent yet, failed or cancelled before. */
const toSend = (i: UploadItem) => i.status === 'ready' || i.status === 'failed' || i.status === 'cancelled';

/** Files that go up at the same time; the rest wait their turn. */
const AT_ONCE = 2;

const STATUS: Record<UploadItem['status'], string> = {
  ready: 'Siap diunggah',
  uploading: 'Mengunggah…',
  done: 'Tersimpan',
  cancelled: 'Dibatalkan',
  failed: 'Gagal',
};

/**
 * One picked file: its title (editable until it goes up), name and size, then its upload (bytes
 * sent, time left, "Menunggu sinyal…"), its failure with "Coba lagi", and its cancel or remove button.
 */
function UploadRow({
  item,
  busy,
  onTitle,
  onCancel,
  onRetry,
}: {
  item: UploadItem;
  busy: boolean;
  onTitle: (title: string) => void;
  onCancel: () => void;
  onRetry: () => void;
}) {
  const name = item.file.name;
  const removable = !busy && item.status !== 'done';
  const cancellable = busy && (item.status === 'ready' || item.status === 'uploading');
  return (
    <Paper component="li" withBorder p="xs" aria-label={name}>
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label="Judul"
            aria-label={`Judul ${name}`}
            value={item.title}
            maxLength={LIMITS.titleMax}
            onChange={(e) => onTitle(e.currentTarget.value)}
            disabled={busy || item.status === 'done'}
            style={{ flex: 1, minWidth: 0 }}
            size="sm"
          />
          {(removable || cancellable) && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={cancellable ? `Batalkan unggahan ${name}` : `Hapus ${name} dari daftar`}
              onClick={onCancel}
            >
              <IconX size={18} />
            </ActionIcon>
          )}
          {item.status === 'done' && <IconCheck size={22} color="var(--mantine-color-green-7)" aria-hidden style={{ marginBottom: 8 }} />}
        </Group>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {name} · {formatFileSize(item.file.size)}
          </Text>
          {(item.status === 'ready' || item.status === 'cancelled') && (
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {STATUS[item.status]}
            </Text>
          )}
        </Group>
        {item.status === 'uploading' && <UploadProgress name={name} state={item.upload} />}
        {item.status === 'done' && <UploadDone text={STATUS.done} />}
        {item.status === 'failed' && (
          <UploadFailure name={name} title={MATERIAL_FAILED} message={item.error} onRetry={onRetry} retryDisabled={busy} />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Add Material: up to 20 files dropped or picked at once, each becoming a material titled after its
 * file name (editable before the upload). Each file goes up resumable (uploads/: it waits
 * out a dropped connection and goes on from where it stopped), two at a time, with its own progress,
 * time left and cancel button, and is then saved with its title; one bar shows the whole batch.
 */
export function MaterialFormModal({ classId, lessonId, opened, onClose }: MaterialFormModalProps) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const controllers = useRef(new Map<string, AbortController>());
  const cancelled = useRef(new Set<string>());
  const resetPick = useRef<() => void>(null);
  const refresh = useRefreshLesson(classId, lessonId);

  // Leaving the page mid-upload stops every file (the server keeps the bytes a day: picking the same file again goes on from there).
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((c) => c.abort('leave'));
  }, []);

  // A fresh list each time the dialog opens.
  useEffect(() => {
    if (!opened) return;
    setItems([]);
    setRefused([]);
  }, [opened]);

  const patch = (key: string, change: Partial<UploadItem>) => setItems((was) => was.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const add = (picked: File[]) => {
    const next = addPicked(items, picked);
    setItems(next.items);
    setRefused(next.refused);
    resetPick.current?.();
  };

  const cancel = (item: UploadItem) => {
    if (!busy) return setItems((was) => was.filter((i) => i.key !== item.key));
    cancelled.current.add(item.key);
    controllers.current.get(item.key)?.abort();
    patch(item.key, { status: 'cancelled' });
  };

  const cancelAll = () => items.forEach((i) => (i.status === 'ready' || i.status === 'uploading') && cancel(i));

  const uploadOne = async (item: UploadItem): Promise<boolean> => {
    const controller = new AbortController();
    controllers.current.set(item.key, controller);
    patch(item.key, { status: 'uploading', percent: 0, error: null, upload: initialUpload(item.file.size) });
    const onEvent = (e: Parameters<typeof withUploadEvent>[1]) =>
      setItems((was) => was.map((i) => (i.key === item.key ? withUploadEvent(i, e) : i)));
    try {
      const title = item.title.trim() || titleFromFileName(item.file.name);
      await sendMaterialFile(item.file, onEvent, controller.signal, (upload) => addFileMaterial(classId, lessonId, { title, upload }));
      patch(item.key, { status: 'done', percent: 100 });
      return true;
    } catch (err) {
      patch(item.key, wasStopped(err) ? { status: 'cancelled' } : { status: 'failed', error: errorMessage(err) });
      return false;
    } finally {
      controllers.current.delete(item.key);
    }
  };

  const start = async (todo: UploadItem[] = items.filter(toSend)) => {
    cancelled.current = new Set();
    setBusy(true);
    let created = 0;
    let failed = 0;
    await inTurns(
      todo,
      AT_ONCE,
      (i) => cancelled.current.has(i.key),
      async (i) => {
        if (await uploadOne(i)) created++;
        else if (!cancelled.current.has(i.key)) failed++;
      },
    );
    setBusy(false);
    if (created > 0) {
      void refresh();
      toastSuccess(CLASS_MSG.materialsCreated(created), TOAST_MS.long);
    }
    // Done when something was added and nothing failed (a cancelled file was dropped on purpose);
    // otherwise the failed and cancelled files stay, with their reason, to send again or remove.
    if (created > 0 && failed === 0) onClose();
    else setItems((was) => was.filter((i) => i.status !== 'done'));
  };

  const waiting = items.filter(toSend).length;
  const overall = overallPercent(items);
  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title="Tambah Materi"
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy && waiting > 0) void start();
        }}
      >
        <Stack>
          <FilesPicker
            onAdd={add}
            disabled={busy}
            dropText="Tarik dan lepas file materi ke sini"
            inputLabel="File materi"
            resetRef={resetPick}
          />
          <Text size="xs" c="dimmed">
            {items.length} dari {LIMITS.materialBatch} file · dokumen, gambar, audio atau video, paling besar {LIMITS.fileBytes / MB} MB per
            file. Setiap file menjadi satu materi; judulnya bisa diubah sebelum diunggah.
          </Text>
          {refused.length > 0 && (
            <Alert color="red" role="alert" title="File tidak ditambahkan">
              {refused.map((r) => (
                <Text key={r} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {r}
                </Text>
              ))}
            </Alert>
          )}
          {items.length > 0 && (
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="File yang akan diunggah">
              {items.map((item) => (
                <UploadRow
                  key={item.key}
                  item={item}
                  busy={busy}
                  onTitle={(title) => patch(item.key, { title })}
                  onCancel={() => cancel(item)}
                  onRetry={() => void start([item])}
                />
              ))}
            </Stack>
          )}
          {busy && (
            <Stack gap={4}>
              <Group justify="space-between">
                <Text size="sm">Mengunggah semua file…</Text>
                <Text size="sm" fw={500} aria-live="polite">
                  {overall}%
                </Text>
              </Group>
              <Progress.Root size="lg">
                <Progress.Section value={overall} animated aria-label="Progres semua file" />
              </Progress.Root>
            </Stack>
          )}
          <FormActions
            onCancel={() => (busy ? cancelAll() : onClose())}
            submit={waiting > 1 ? `Unggah ${waiting} file` : 'Unggah'}
            disabled={waiting === 0 || busy}
            loading={busy}
          />
        </Stack>
      </form>
    </Modal>
  );
}
