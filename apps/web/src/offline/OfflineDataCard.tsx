import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { toastSuccess } from '../lib/toast';
import { clearSavedPages } from './clear';
import { STORAGE_BUDGET_BYTES, formatStorage } from './rules';
import { offlineUsage, type OfflineUsage } from './usage';

/**
 * "Data offline" on the profile page: how much of the storage budget the pages and materials kept
 * for offline reading take on this phone, and "Hapus data offline" to remove them.
 */
export function OfflineDataCard() {
  const [usage, setUsage] = useState<OfflineUsage | null>(null);
  const [clearing, setClearing] = useState(false);
  const measure = useCallback(() => {
    offlineUsage()
      .then(setUsage)
      .catch(() => setUsage({ bytes: 0, pages: 0, files: 0 }));
  }, []);
  useEffect(measure, [measure]);

  const clear = async () => {
    setClearing(true);
    try {
      await clearSavedPages();
      toastSuccess('Data offline dihapus.');
    } finally {
      setClearing(false);
      measure();
    }
  };

  const percent = usage ? Math.min(100, (usage.bytes / STORAGE_BUDGET_BYTES) * 100) : 0;
  const empty = usage !== null && usage.pages === 0 && usage.files === 0;
  return (
    <Card withBorder component="section" aria-labelledby="data-offline-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconCloudOff size={20} aria-hidden />
          <Title order={3} size="h4" id="data-offline-title">
            Data offline
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Halaman dan materi yang pernah kamu buka disimpan di perangkat ini, jadi tetap bisa dibaca tanpa internet. Semuanya dihapus saat
          kamu keluar.
        </Text>
        <Progress value={percent} aria-label="Data offline yang dipakai" />
        <Text size="sm" data-testid="offline-usage">
          {usage ? `${formatStorage(usage.bytes)} dari ${formatStorage(STORAGE_BUDGET_BYTES)} dipakai` : 'Menghitung…'}
        </Text>
        {usage && (
          <Text size="sm" c="dimmed">
            {empty ? 'Belum ada yang tersimpan.' : `${usage.pages} halaman dan ${usage.files} file tersimpan.`}
          </Text>
        )}
        <Group>
          <Button variant="light" color="red" onClick={() => void clear()} loading={clearing} disabled={empty}>
            Hapus data offline
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
