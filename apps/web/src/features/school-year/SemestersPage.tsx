import { Stack, Title } from '@mantine/core';

/** /school/semesters — school years and semesters (issue 37). */
export default function SemestersPage() {
  return (
    <Stack>
      <Title order={2}>Semester</Title>
    </Stack>
  );
}
