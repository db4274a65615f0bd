import { useEffect, useState } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBellRinging } from '@tabler/icons-react';
import { useSessionUser } from '../../api/session';
import { usePhone } from '../../lib/use-phone';
import { browserSubscription, promptAnswered, pushPermission, rememberPromptAnswered, signedInHere } from './push-device';
import { useThisDevicePush } from './use-push';

/** Whether the gentle prompt is for `userId` now: after a sign-in in this tab, push possible and off, not answered before. */
async function promptFor(userId: number): Promise<boolean> {
  if (!signedInHere(userId) || promptAnswered(userId)) return false;
  const permission = pushPermission();
  if (permission === 'unsupported' || permission === 'denied') return false;
  return (await browserSubscription()) === null;
}

function Prompt({ userId, onDone }: { userId: number; onDone: () => void }) {
  const push = useThisDevicePush();
  const answer = (enable: boolean) => {
    rememberPromptAnswered(userId);
    if (!enable) return onDone();
    // The browser's own question comes now, from this tap.
    void push.enable().finally(onDone);
  };
  return (
    <Card withBorder mt="md" component="aside" aria-labelledby="push-prompt-title" data-testid="push-prompt">
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconBellRinging size={20} aria-hidden />
          <Text fw={600} id="push-prompt-title">
            Notifikasi di HP ini?
          </Text>
        </Group>
        <Text size="sm">Dapatkan kabar tugas baru, nilai dan pengumuman di HP ini, walau Kelasku sedang tidak dibuka.</Text>
        <Group gap="xs">
          <Button onClick={() => answer(true)} loading={push.enabling}>
            Aktifkan notifikasi
          </Button>
          <Button variant="subtle" onClick={() => answer(false)} disabled={push.enabling}>
            Nanti saja
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The one gentle prompt of Web Push (issue 42), under the page of the signed-in layout (so never on
 * the login page): on a phone (a narrow or touch screen), after a sign-in in this tab, while push is
 * possible and off. "Aktifkan notifikasi" or "Nanti saja" answers it for good for this user on this browser;
 * the browser's own permission question comes only after "Aktifkan notifikasi".
 */
export function PushPrompt() {
  const user = useSessionUser();
  const narrow = usePhone();
  const touch = useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false });
  const [shown, setShown] = useState(false);
  const userId = user?.id ?? null;
  const phone = narrow || touch;

  useEffect(() => {
    if (userId === null || !phone) return setShown(false);
    let live = true;
    void promptFor(userId).then((yes) => live && setShown(yes));
    return () => void (live = false);
  }, [userId, phone]);

  if (!shown || userId === null) return null;
  return <Prompt userId={userId} onDone={() => setShown(false)} />;
}
