import { Title } from '@mantine/core';

/** Placeholder (issue 39); replaced by its feature. */
export default function LegerPage() {
  return <Title order={2}>Leger Nilai</Title>;
}
