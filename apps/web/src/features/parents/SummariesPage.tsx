import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** Issue 40: /ringkasan — the weekly summaries. */
export default function SummariesPage() {
  useDocumentTitle('Ringkasan Mingguan | Kelasku');
  return (
    <Stack>
      <Title order={2}>Ringkasan Mingguan</Title>
    </Stack>
  );
}
