import { Title } from '@mantine/core';

/** Placeholder: this screen is built by its feature issue. */
export default function RombelPage() {
  return <Title order={2}>Kelola Rombel</Title>;
}
