import { Title } from '@mantine/core';

/** Placeholder (issue 39); replaced by its feature. */
export default function ObjectivesPage() {
  return <Title order={2}>Tujuan Pembelajaran</Title>;
}
