import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** Issue 40: /anak/:studentId — one child's today, work, grades, attendance and izin, announcements, messages. */
export default function ChildPage() {
  useDocumentTitle('Anak | Kelasku');
  return (
    <Stack>
      <Title order={2}>Anak</Title>
    </Stack>
  );
}
