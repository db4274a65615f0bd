import { Title } from '@mantine/core';

/** Placeholder: this screen is built by its feature issue. */
export default function UserEditPage() {
  return <Title order={2}>Edit User</Title>;
}
