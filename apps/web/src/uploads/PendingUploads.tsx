import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatFileSize } from '../lib/format';
import type { PendingFile } from './pending';
import { bytesOnServer } from './resumable';
import { bytesText } from './progress';

interface Actions {
  onDismiss: (p: PendingFile) => void;
  /** The bytes the browser kept of a file that cannot be picked again (a photo), or null. */
  restore: (p: PendingFile) => Promise<File | null>;
  /** "Lanjutkan": the kept file goes on uploading. */
  onResume: (file: File) => void;
}

/** "Lanjutkan" for a file whose bytes this browser kept; a word when they are gone. */
function ResumeKept({ file: p, restore, onResume }: { file: PendingFile } & Omit<Actions, 'onDismiss'>) {
  const { data: file, isSuccess } = useQuery({
    queryKey: ['kept-file', p.name, p.size, p.lastModified],
    queryFn: () => restore(p),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  if (!isSuccess) return null;
  if (!file)
    return (
      <Text size="xs" c="dimmed">
        Salinannya di perangkat ini sudah terhapus; ambil fotonya lagi.
      </Text>
    );
  return (
    <Button size="xs" onClick={() => onResume(file)} aria-label={`Lanjutkan ${p.name}`}>
      Lanjutkan
    </Button>
  );
}

/** One file of an earlier visit: its name, how much of it the server has, "Lanjutkan" if it was kept, "Lupakan". */
function PendingRow({ file: p, onDismiss, restore, onResume }: { file: PendingFile } & Actions) {
  // Asked once: null when the server no longer has it (the next pick starts from the first byte).
  // Unanswered (offline) only the size shows: nothing is known of the server's copy.
  const { data: bytes, isSuccess } = useQuery({
    queryKey: ['upload-on-server', p.name, p.type, p.size, p.lastModified],
    queryFn: () => bytesOnServer(p),
    staleTime: Infinity,
    retry: false,
  });
  const where = !isSuccess
    ? formatFileSize(p.size)
    : bytes === null
      ? `${formatFileSize(p.size)} · akan diunggah dari awal`
      : `${bytesText(bytes, p.size)} sudah terkirim`;
  // The actions go under the name: on a phone a long name and two buttons do not fit on one line.
  return (
    <Stack gap={4}>
      <div>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {p.name}
        </Text>
        <Text size="xs" c="dimmed">
          {where}
        </Text>
      </div>
      <Group gap="xs">
        {p.kept && <ResumeKept file={p} restore={restore} onResume={onResume} />}
        <Button size="xs" variant="subtle" onClick={() => onDismiss(p)} aria-label={`Lupakan ${p.name}`}>
          Lupakan
        </Button>
      </Group>
    </Stack>
  );
}

/** What the list asks of the student: pick the files again, tap "Lanjutkan", or either. */
function howToGoOn(files: PendingFile[]): string {
  const kept = files.filter((p) => p.kept).length;
  const how =
    kept === files.length
      ? 'Tekan "Lanjutkan" untuk meneruskan'
      : kept === 0
        ? 'Pilih lagi file yang sama untuk melanjutkan'
        : 'Tekan "Lanjutkan", atau pilih lagi file yang sama, untuk meneruskan';
  return `${how}; bagian yang sudah terkirim tidak diunggah ulang.`;
}

/**
 * Files whose upload began on an earlier visit of this form (before a reload, or a page left) and
 * were not handed in: picking the same file again — or "Lanjutkan" for a photo the browser kept —
 * goes on from what the server already has.
 */
export function PendingUploads({ files, ...actions }: { files: PendingFile[] } & Actions) {
  if (files.length === 0) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconCloudUpload size={18} />} title="Ada unggahan yang belum diserahkan" p="sm">
      <Stack gap="xs">
        <Text size="sm">{howToGoOn(files)}</Text>
        <Stack component="ul" gap={6} aria-label="Unggahan sebelumnya" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {files.map((p) => (
            <li key={`${p.name}/${p.size}/${p.lastModified}`}>
              <PendingRow file={p} {...actions} />
            </li>
          ))}
        </Stack>
      </Stack>
    </Alert>
  );
}
