import { Title } from '@mantine/core';

/** Placeholder (issue 39); replaced by its feature. */
export default function RubricsPage() {
  return <Title order={2}>Rubrik</Title>;
}
