import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** Issue 40: /tambah-anak — a parent pairs another child with the child's code. */
export default function AddChildPage() {
  useDocumentTitle('Tambah Anak | Kelasku');
  return (
    <Stack>
      <Title order={2}>Tambah Anak</Title>
    </Stack>
  );
}
