import { Title } from '@mantine/core';

/** Placeholder: this screen is built by its feature issue. */
export default function StudentClassPage() {
  return <Title order={2}>Kelas</Title>;
}
