import { Title } from '@mantine/core';

/** Placeholder: this screen is built by its feature issue. */
export default function StudentForumPage() {
  return <Title order={2}>Forum Diskusi</Title>;
}
