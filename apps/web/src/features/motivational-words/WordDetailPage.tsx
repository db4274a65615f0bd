import { Title } from '@mantine/core';

/** Placeholder: this screen is built by its feature issue. */
export default function WordDetailPage() {
  return <Title order={2}>Motivational Word Details</Title>;
}
