import { Title } from '@mantine/core';

/** Placeholder: this screen is built by its feature issue. */
export default function RombelDetailPage() {
  return <Title order={2}>Rombel Class Details</Title>;
}
