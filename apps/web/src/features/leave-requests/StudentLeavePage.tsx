import { Title } from '@mantine/core';

/** Placeholder (issue 38); replaced by its feature. */
export default function StudentLeavePage() {
  return <Title order={2}>Izin dan Sakit</Title>;
}
