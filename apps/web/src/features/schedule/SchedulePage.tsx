import { Stack, Title } from '@mantine/core';

/** /jadwal — the teacher's or student's week (issue 37). */
export default function SchedulePage() {
  return (
    <Stack>
      <Title order={2}>Jadwal</Title>
    </Stack>
  );
}
