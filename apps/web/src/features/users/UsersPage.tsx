import { useState } from 'react';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useDeleteUser, useUsers } from '../../api/admin';
import { getSessionUser } from '../../api/session';
import { QueryState } from '../../components/QueryState';
import { UserAvatar } from '../../components/UserAvatar';
import { deleteAfterConfirm, ListHeader, matches, ResourceTable, RowActions } from '../admin-dashboard/parts';

const ROLE_COLORS: Record<number, string> = { 1: 'grape', 2: 'blue', 3: 'teal' };

/** /resources/users — every user but oneself, by role then name, searchable by name, username, email or role. */
export default function UsersPage() {
  const navigate = useNavigate();
  const users = useUsers();
  const remove = useDeleteUser();
  const [search, setSearch] = useState('');
  const me = getSessionUser()?.id;

  return (
    <Stack>
      <ListHeader title="Users" searchLabel="Cari user" search={search} onSearch={setSearch} addLabel="Add User" onAdd={() => void navigate('/resources/users/new')} />
      <QueryState query={users}>
        {(all) => {
          const rows = all
            .filter((u) => u.id !== me)
            .filter((u) => matches(search, u.name, u.username, u.email, u.role_label))
            .sort((a, b) => a.role_id - b.role_id || a.name.localeCompare(b.name, 'id', { sensitivity: 'base' }) || a.id - b.id);
          return (
            <ResourceTable
              head={['Role', 'Name', 'Username/Email', 'Action']}
              count={rows.length}
              rows={rows.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>
                    <Badge variant="light" color={ROLE_COLORS[u.role_id]}>
                      {u.role_label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <UserAvatar src={u.avatar} name={u.name} size="sm" />
                      <Text size="sm" fw={500}>
                        {u.name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{u.username}</Text>
                    <Text size="xs" c="gray.7">
                      {u.email ?? '-'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RowActions view={`/resources/users/${u.id}`} edit={`/resources/users/${u.id}/edit`} onDelete={() => deleteAfterConfirm(remove, u.id, `user ${u.name}`)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            />
          );
        }}
      </QueryState>
    </Stack>
  );
}
