import { Stack, Title } from '@mantine/core';

/** /school/homerooms — wali kelas per rombel (issue 37). */
export default function HomeroomsPage() {
  return (
    <Stack>
      <Title order={2}>Wali Kelas</Title>
    </Stack>
  );
}
