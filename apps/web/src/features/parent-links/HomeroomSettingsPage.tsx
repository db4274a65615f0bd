import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** Issue 40: /school/perwalian — the at-risk thresholds. */
export default function HomeroomSettingsPage() {
  useDocumentTitle('Perwalian | Kelasku');
  return (
    <Stack>
      <Title order={2}>Perwalian</Title>
    </Stack>
  );
}
