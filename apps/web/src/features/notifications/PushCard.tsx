import { Alert, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { REACH_MSG, type PushDevice } from '@kelasku/contract';
import { usePushDevices, useRemovePushDevice, useSendTestPush } from '../../api/push';
import { formatDate } from '../../lib/format';
import { errorMessage, toastError, toastSuccess } from '../../lib/toast';
import { PUSH_TEXT, pushSupported, unsubscribeThisDevice } from './push-device';
import { useThisDevicePush } from './use-push';

const deviceName = (d: PushDevice) => d.device ?? `Perangkat (${d.service})`;

/** The user's other devices with push on, each with "Hapus". */
function OtherDevices({ devices }: { devices: PushDevice[] }) {
  const remove = useRemovePushDevice();
  if (devices.length === 0) return null;
  const drop = async (d: PushDevice) => {
    try {
      const res = await remove.mutateAsync(d.id);
      toastSuccess(res.message ?? REACH_MSG.pushRemoved);
    } catch (err) {
      toastError(errorMessage(err));
    }
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Perangkat lain dengan notifikasi aktif
      </Text>
      <List listStyleType="none" spacing={4} aria-label="Perangkat lain dengan notifikasi aktif">
        {devices.map((d) => (
          <List.Item key={d.id}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">
                {deviceName(d)}
                <Text span size="xs" c="dimmed">
                  {` · sejak ${formatDate(d.created_at)}`}
                </Text>
              </Text>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                aria-label={`Hapus ${deviceName(d)}`}
                loading={remove.isPending && remove.variables === d.id}
                onClick={() => void drop(d)}
              >
                Hapus
              </Button>
            </Group>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * "Notifikasi di HP ini" on the profile (issue 42): whether this browser gets push — not possible
 * here, blocked by the browser (with how to unblock it), off or on — with "Aktifkan notifikasi di HP
 * ini", "Matikan" and "Kirim percobaan", and the user's other devices with "Hapus".
 */
export function PushCard() {
  const push = useThisDevicePush();
  const devices = usePushDevices();
  const remove = useRemovePushDevice();
  const test = useSendTestPush();
  const current = devices.data?.find((d) => d.current);
  const others = devices.data?.filter((d) => !d.current) ?? [];
  const on = push.permission === 'granted' && push.subscribed === true && current !== undefined;

  const turnOff = async () => {
    await unsubscribeThisDevice();
    try {
      const res = current ? await remove.mutateAsync(current.id) : null;
      toastSuccess(res?.message ?? REACH_MSG.pushRemoved);
    } catch (err) {
      toastError(errorMessage(err));
    }
    await push.refresh();
  };

  const sendTest = async () => {
    try {
      const res = await test.mutateAsync();
      toastSuccess(res.message ?? REACH_MSG.pushTestSent);
    } catch (err) {
      toastError(errorMessage(err));
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="push-card-title">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap">
            <IconBellRinging size={20} aria-hidden />
            <Title order={3} size="h4" id="push-card-title">
              Notifikasi di HP ini
            </Title>
          </Group>
          {on && (
            <Badge color="teal" variant="light">
              Aktif
            </Badge>
          )}
        </Group>
        {!pushSupported() ? (
          <Text size="sm" data-testid="push-state">
            {PUSH_TEXT.unsupported}
          </Text>
        ) : push.permission === 'denied' ? (
          <Alert color="orange" title={PUSH_TEXT.blocked} data-testid="push-state">
            {PUSH_TEXT.unblockChrome}
          </Alert>
        ) : on ? (
          <Text size="sm" data-testid="push-state">
            {REACH_MSG.pushSubscribed} Tugas, nilai dan pengumuman muncul di HP ini walau Kelasku sedang tidak dibuka.
          </Text>
        ) : (
          <Text size="sm" data-testid="push-state">
            Notifikasi belum aktif di HP ini. Aktifkan supaya tugas, nilai dan pengumuman muncul walau Kelasku sedang tidak dibuka.
          </Text>
        )}
        {pushSupported() && push.permission !== 'denied' && (
          <Group gap="xs">
            {on ? (
              <>
                <Button variant="light" onClick={() => void sendTest()} loading={test.isPending}>
                  Kirim percobaan
                </Button>
                <Button variant="subtle" color="red" onClick={() => void turnOff()} loading={remove.isPending}>
                  Matikan
                </Button>
              </>
            ) : (
              <Button onClick={() => void push.enable()} loading={push.enabling} disabled={push.subscribed === null}>
                Aktifkan notifikasi di HP ini
              </Button>
            )}
          </Group>
        )}
        <OtherDevices devices={others} />
      </Stack>
    </Card>
  );
}
