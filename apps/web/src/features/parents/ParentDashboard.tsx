import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** Issue 40: a parent's dashboard — each child at a glance. */
export default function ParentDashboard() {
  useDocumentTitle('Dashboard | Kelasku');
  return (
    <Stack>
      <Title order={2}>Dashboard</Title>
    </Stack>
  );
}
