import type { ReactNode } from 'react';
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { formatFileSize } from '../lib/format';
import { bytesText, percentOf, secondsLeft, timeLeftText } from './progress';
import { isRunning, type UploadState } from './state';

/** The line under the bar while the upload runs, and whether it is waiting for the network. */
export function runningText(s: UploadState): { text: string; waiting: boolean } {
  if (s.phase === 'waiting' && s.offline)
    return { text: 'Menunggu sinyal… Unggahan dilanjutkan otomatis saat internet kembali.', waiting: true };
  if (s.phase === 'waiting') return { text: 'Koneksi terputus. Mencoba lagi…', waiting: true };
  if (s.phase === 'queued') return { text: 'Menunggu giliran, file lain sedang diunggah…', waiting: false };
  if (s.phase === 'starting') return { text: 'Menyiapkan unggahan…', waiting: false };
  return { text: timeLeftText(secondsLeft(s.sent, s.total, s.meter.rate)) || 'Menghitung sisa waktu…', waiting: false };
}

/** While sending: the bar, "x MB dari y MB", the percentage, and the time left or "Menunggu sinyal…". */
export function UploadProgress({ name, state: s }: { name: string; state: UploadState }) {
  const percent = percentOf(s.sent, s.total);
  const { text, waiting } = runningText(s);
  return (
    <Stack gap={4}>
      <Progress.Root size="md">
        <Progress.Section
          value={percent}
          color={waiting ? 'yellow' : undefined}
          animated={s.phase === 'sending'}
          aria-label={`Progres ${name}`}
        />
      </Progress.Root>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {bytesText(s.sent, s.total)}
        </Text>
        <Text size="xs" fw={600}>
          {percent}%
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap" role={waiting ? 'status' : undefined}>
        {waiting && <IconWifiOff size={16} color="var(--mantine-color-yellow-8)" aria-hidden style={{ flexShrink: 0 }} />}
        <Text size="xs" c={waiting ? 'yellow.9' : 'dimmed'} fw={waiting ? 500 : undefined}>
          {text}
        </Text>
      </Group>
    </Stack>
  );
}

/** A failure that stays until the user acts: what did not happen, why (the server's message), "Coba lagi". */
export function UploadFailure({
  name,
  title,
  message,
  onRetry,
  retryDisabled,
}: {
  name: string;
  title: string;
  message: string | null;
  onRetry: () => void;
  retryDisabled?: boolean;
}) {
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />} title={title} p="sm">
      <Stack gap="xs" align="flex-start">
        {message && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {message}
          </Text>
        )}
        <Button
          size="xs"
          color="red"
          leftSection={<IconRefresh size={14} />}
          onClick={onRetry}
          disabled={retryDisabled}
          aria-label={`Coba lagi ${name}`}
        >
          Coba lagi
        </Button>
      </Stack>
    </Alert>
  );
}

/** Every byte is on the server. */
export function UploadDone({ text }: { text: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <IconCircleCheck size={18} color="var(--mantine-color-teal-7)" aria-hidden style={{ flexShrink: 0 }} />
      <Text size="xs" c="teal.9" fw={500}>
        {text}
      </Text>
    </Group>
  );
}

export interface UploadStatusProps {
  name: string;
  state: UploadState;
  /** The failure's title: what did not happen ("Gagal mengunggah — tugas BELUM terkirim"). */
  failedTitle: string;
  /** Shown once every byte is on the server. */
  doneText?: string;
  onRetry: () => void;
  /** A control at the end of the name row (remove, cancel). */
  action?: ReactNode;
  /** Something before the name (a thumbnail). */
  thumb?: ReactNode;
}

/**
 * One file's upload, phone first: the name and size; while sending a bar, "x MB dari y MB", the
 * percentage and the time left; "Menunggu sinyal…" while offline; a failure that stays, with the
 * server's reason and "Coba lagi"; a check mark when done.
 */
export function UploadStatus({ name, state: s, failedTitle, doneText = 'Selesai diunggah', onRetry, action, thumb }: UploadStatusProps) {
  return (
    <Stack gap={6}>
      <Group gap="sm" wrap="nowrap" align="center">
        {thumb}
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatFileSize(s.total)}
          </Text>
        </Stack>
        {action}
      </Group>
      {isRunning(s) && <UploadProgress name={name} state={s} />}
      {s.phase === 'done' && <UploadDone text={doneText} />}
      {s.phase === 'failed' && <UploadFailure name={name} title={failedTitle} message={s.error} onRetry={onRetry} />}
    </Stack>
  );
}
