import { Title } from '@mantine/core';

/** Placeholder: this screen is built by its feature issue. */
export default function UserDetailPage() {
  return <Title order={2}>User Detail</Title>;
}
