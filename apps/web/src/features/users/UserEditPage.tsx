import { Stack, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useUser } from '../../api/users';
import { QueryState } from '../../components/QueryState';
import { UserFormCard } from './UserFormCard';

/** /resources/users/{id}/edit — Edit User, loaded by id so a reload works. */
export default function UserEditPage() {
  const user = useUser(Number(useParams().id));
  return (
    <QueryState query={user}>
      {(u) => (
        <Stack maw={900}>
          <Title order={2}>Edit User {u.name}</Title>
          <UserFormCard key={u.id} user={u} />
        </Stack>
      )}
    </QueryState>
  );
}
