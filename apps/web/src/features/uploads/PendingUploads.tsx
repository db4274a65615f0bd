import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { formatFileSize } from '../../lib/format';
import type { PendingFile } from './pending';
import { bytesOnServer } from './resumable';
import { bytesText } from './progress';

/** One file of an earlier visit: its name, how much of it the server has, "Lupakan". */
function PendingRow({ file: p, onDismiss }: { file: PendingFile; onDismiss: (p: PendingFile) => void }) {
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
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {p.name}
        </Text>
        <Text size="xs" c="dimmed">
          {where}
        </Text>
      </Stack>
      <Button size="xs" variant="subtle" onClick={() => onDismiss(p)} aria-label={`Lupakan ${p.name}`}>
        Lupakan
      </Button>
    </Group>
  );
}

/**
 * Files whose upload began on an earlier visit of this form (before a reload, or a page left) and
 * were not handed in: picking the same file again goes on from what the server already has.
 */
export function PendingUploads({ files, onDismiss }: { files: PendingFile[]; onDismiss: (p: PendingFile) => void }) {
  if (files.length === 0) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconCloudUpload size={18} />} title="Ada unggahan yang belum diserahkan" p="sm">
      <Stack gap="xs">
        <Text size="sm">Pilih lagi file yang sama untuk melanjutkan; bagian yang sudah terkirim tidak diunggah ulang.</Text>
        <Stack component="ul" gap={6} aria-label="Unggahan sebelumnya" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {files.map((p) => (
            <li key={`${p.name}/${p.size}/${p.lastModified}`}>
              <PendingRow file={p} onDismiss={onDismiss} />
            </li>
          ))}
        </Stack>
      </Stack>
    </Alert>
  );
}
