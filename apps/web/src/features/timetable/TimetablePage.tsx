import { Stack, Title } from '@mantine/core';

/** /school/timetable — bell times and the weekly timetable (issue 37). */
export default function TimetablePage() {
  return (
    <Stack>
      <Title order={2}>Jadwal Pelajaran</Title>
    </Stack>
  );
}
