import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** Issue 40: /daftar-orang-tua — a parent signs up with the code their child made (public). */
export default function ParentSignupPage() {
  useDocumentTitle('Daftar Orang Tua | Kelasku');
  return (
    <Stack>
      <Title order={2}>Daftar Orang Tua</Title>
    </Stack>
  );
}
