import { Title } from '@mantine/core';

/** Placeholder (issue 39); replaced by its feature. */
export default function QuickGradingPage() {
  return <Title order={2}>Penilaian Cepat</Title>;
}
