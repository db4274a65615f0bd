import { useState } from 'react';
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDatabaseExport, IconDownload } from '@tabler/icons-react';
import { downloadBackup } from '../../api/backup';
import { errorMessage, toastError } from '../../lib/toast';

/** "Cadangan data" on the admin's dashboard: one button that downloads the whole school as one file. */
export function BackupCard() {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadBackup()
      .catch((err: unknown) => toastError(errorMessage(err)))
      .finally(() => setBusy(false));
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="cadangan-data">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="md" variant="light" color="indigo" aria-hidden visibleFrom="xs">
          <IconDatabaseExport size={22} />
        </ThemeIcon>
        <Stack gap="xs" style={{ minWidth: 0 }}>
          <Title order={3} size="h4" id="cadangan-data">
            Cadangan data
          </Title>
          <Text size="sm">
            Satu file berisi seluruh data sekolah — akun, rombel, kelas, materi, tugas, nilai dan forum — beserta semua file yang diunggah
            guru dan siswa. Simpan file ini di tempat yang aman di luar server, misalnya hard disk eksternal atau penyimpanan awan sekolah,
            dan jangan dibagikan: isinya data pribadi warga sekolah.
          </Text>
          <Text size="sm" c="gray.7">
            Bila file sekolah banyak, unduhan dapat memakan waktu beberapa menit. Pemulihan dari file ini dilakukan oleh pengelola server
            (lihat README, bagian Backup).
          </Text>
          <Group>
            <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={download} loading={busy}>
              Unduh cadangan
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
