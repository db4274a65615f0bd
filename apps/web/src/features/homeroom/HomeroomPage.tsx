import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** Issue 40: /perwalian — Kelas Perwalian, the wali kelas's rombel at a glance. */
export default function HomeroomPage() {
  useDocumentTitle('Kelas Perwalian | Kelasku');
  return (
    <Stack>
      <Title order={2}>Kelas Perwalian</Title>
    </Stack>
  );
}
