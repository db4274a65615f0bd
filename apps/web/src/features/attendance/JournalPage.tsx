import { Title } from '@mantine/core';

/** Placeholder (issue 38); replaced by its feature. */
export default function JournalPage() {
  return <Title order={2}>Jurnal Mengajar</Title>;
}
