import { Title } from '@mantine/core';

/** Placeholder (issue 38); replaced by its feature. */
export default function AdminAttendancePage() {
  return <Title order={2}>Presensi</Title>;
}
