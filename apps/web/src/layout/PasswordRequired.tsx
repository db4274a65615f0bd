import { useState } from 'react';
import { AppShell, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { MSG, TOAST_MS } from '@kelasku/contract';
import { useChangePassword } from '../api/profile';
import { passwordChanged } from '../api/session';
import { PasswordFields, passwordsFilled, usePasswordForm } from '../features/profile/PasswordFields';
import { showFailure } from '../lib/form-errors';
import { toastSuccess } from '../lib/toast';
import { OfflineBanner } from '../components/OfflineBanner';
import { useLogoutAction } from '../api/logout';

export const PASSWORD_REQUIRED_TEXT = 'Admin meminta kamu mengganti password sebelum melanjutkan.';

/**
 * The whole signed-in area while the admin requires a new password (DECISIONS: "ganti password
 * saat masuk"; the server refuses everything else with 403): no menus, only the header with
 * Keluar and the password change. Success ends the session (every token is revoked): log in again.
 */
export function PasswordRequired() {
  const logout = useLogoutAction();
  const change = useChangePassword();
  const form = usePasswordForm();
  const [message, setMessage] = useState<string | null>(null);
  const hasErrors = Object.values(form.errors).some(Boolean);

  const submit = form.onSubmit(async (values) => {
    setMessage(null);
    try {
      const res = await change.mutateAsync(values);
      toastSuccess(res.message ?? MSG.passwordChanged, TOAST_MS.short);
      passwordChanged();
    } catch (err) {
      setMessage(showFailure(form, err, Object.keys(values)));
    }
  });

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <OfflineBanner />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Title order={4} component="p" c="teal.9">
            Kelasku
          </Title>
          <Button variant="subtle" color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
            Keluar
          </Button>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size={460} px={0} py="lg">
          <Card withBorder shadow="sm" padding="lg" radius="md">
            <form noValidate onSubmit={submit}>
              <Stack>
                <div>
                  <Title order={1} size="h2">
                    Ganti password
                  </Title>
                  <Text mt="xs">{PASSWORD_REQUIRED_TEXT}</Text>
                </div>
                <PasswordFields form={form} />
                {message && (
                  <Text c="red" size="sm" role="alert">
                    {message}
                  </Text>
                )}
                <Button type="submit" disabled={!passwordsFilled(form.values) || hasErrors || form.submitting} loading={form.submitting}>
                  Simpan password baru
                </Button>
              </Stack>
            </form>
          </Card>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
