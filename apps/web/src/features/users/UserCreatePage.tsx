import { Title } from '@mantine/core';

/** Placeholder: this screen is built by its feature issue. */
export default function UserCreatePage() {
  return <Title order={2}>Users | Create User</Title>;
}
