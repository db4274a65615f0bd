import { Alert, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAntennaBars3 } from '@tabler/icons-react';
import { browserAsksToSaveData, setDataSaver, useDataSaver } from '../lib/data-saver';

/**
 * "Hemat data" on the profile: a switch for this device. On, photos of people show initials,
 * pictures and YouTube thumbnails wait for a tap, and large files ask before they open. When the
 * browser says its user wants to save data, the card suggests it.
 */
export function DataSaverCard() {
  const on = useDataSaver();
  return (
    <Card withBorder component="section" aria-labelledby="data-saver-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconAntennaBars3 size={20} aria-hidden />
          <Title order={3} size="h4" id="data-saver-title">
            Hemat data
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Untuk kuota yang terbatas: foto profil diganti inisial, gambar dan video YouTube baru dimuat setelah kamu ketuk, dan file besar
          bertanya dulu sebelum dibuka. Berlaku di perangkat ini saja.
        </Text>
        {!on && browserAsksToSaveData() && (
          <Alert color="blue" variant="light">
            Browser ini sedang dalam mode hemat data. Nyalakan Hemat data agar Kelasku juga lebih irit kuota.
          </Alert>
        )}
        <Switch
          checked={on}
          onChange={(e) => setDataSaver(e.currentTarget.checked)}
          label="Hemat data di perangkat ini"
          description={on ? 'Aktif: gambar dimuat saat diketuk.' : 'Mati: gambar dimuat seperti biasa.'}
        />
      </Stack>
    </Card>
  );
}
