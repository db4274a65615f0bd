import { Stack, Title } from '@mantine/core';

/** /school/subjects — mata pelajaran (issue 37). */
export default function SubjectsPage() {
  return (
    <Stack>
      <Title order={2}>Mata Pelajaran</Title>
    </Stack>
  );
}
