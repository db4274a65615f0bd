import { Stack, Title } from '@mantine/core';
import { UserFormCard } from './UserFormCard';

/** /resources/users/new — Create User (SPEC §2, §4, §5). */
export default function UserCreatePage() {
  return (
    <Stack maw={900}>
      <Title order={2}>Users | Create User</Title>
      <UserFormCard />
    </Stack>
  );
}
