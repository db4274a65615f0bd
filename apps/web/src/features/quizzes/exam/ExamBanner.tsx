import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMaximize, IconShieldLock } from '@tabler/icons-react';
import { askFullscreen, canFullscreen } from './fullscreen';
import { leaveWarning } from './format';
import { useIsFullscreen } from './useExamGuard';

/** "Mode ujian — jangan tinggalkan halaman ini", how often the student left, and the way back to full screen. */
export function ExamBanner({ leaveCount, leaveLimit }: { leaveCount: number; leaveLimit: number | null }) {
  const fullscreen = useIsFullscreen();
  const warning = leaveWarning(leaveCount, leaveLimit);
  return (
    <Alert
      color={warning?.urgent ? 'red' : 'indigo'}
      variant="light"
      icon={<IconShieldLock size={20} />}
      title="Mode ujian — jangan tinggalkan halaman ini"
      p="sm"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" role="status" aria-live="polite" fw={warning?.urgent ? 600 : undefined} c={warning?.urgent ? 'red.9' : undefined}>
          {warning?.text || 'Setiap kali kamu keluar dari halaman ini tercatat dan terlihat oleh pengawas.'}
        </Text>
        {!fullscreen && canFullscreen() && (
          <Button size="xs" variant="light" leftSection={<IconMaximize size={14} />} onClick={askFullscreen}>
            Layar penuh
          </Button>
        )}
      </Group>
    </Alert>
  );
}
