import { Title } from '@mantine/core';

/** Placeholder (issue 39); replaced by its feature. */
export default function AdminGradeSchemePage() {
  return <Title order={2}>Nilai Rapor</Title>;
}
