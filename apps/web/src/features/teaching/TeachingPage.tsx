import { Stack, Title } from '@mantine/core';

/** /school/teaching — pembagian tugas mengajar (issue 37). */
export default function TeachingPage() {
  return (
    <Stack>
      <Title order={2}>Pembagian Tugas Mengajar</Title>
    </Stack>
  );
}
