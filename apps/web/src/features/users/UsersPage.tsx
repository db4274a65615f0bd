import { Badge, Box, Button, Checkbox, Group, Pagination, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { IconFileImport, IconFileExport } from '@tabler/icons-react';
import { ROLE_IDS, type AdminUser } from '@kelasku/contract';
import { BulkActions } from './BulkActions';
import { QueryState } from '../../components/QueryState';
import { UserAvatar } from '../../components/UserAvatar';
import { ListHeader, ResourceTable, RowActions } from '../../components/AdminParts';
import { AccountBadges, AccountButtons } from './account-actions';
import { statusFilterOf } from './account-texts';
import { useUsersPage, type UsersPageState } from './useUsersPage';

const ROLE_COLORS: Record<number, string> = {
  [ROLE_IDS.admin]: 'grape',
  [ROLE_IDS.teacher]: 'blue',
  [ROLE_IDS.student]: 'teal',
  [ROLE_IDS.parent]: 'orange',
};

const STATUS_OPTIONS = [
  { value: 'all', label: 'Semua' },
  { value: 'active', label: 'Aktif' },
  { value: 'inactive', label: 'Nonaktif' },
];

/**
 * /resources/users — every user but oneself, by role then name (the server's order), 50 a page,
 * searchable by name, username, email or role, filtered by status. The page number and the status
 * live in the URL (?page=, ?status=inactive) and the search text in the history entry, so back and
 * reload keep all three. An inactive user is marked "Nonaktif", a locked one "Terkunci".
 */
export default function UsersPage() {
  const state = useUsersPage();
  const {
    navigate,
    search,
    setSearch,
    applied,
    page,
    status,
    rombelId,
    users,
    rombels,
    statusLabel,
    selected,
    setSelected,
    go,
    exportUsers,
  } = state;

  return (
    <Stack>
      <ListHeader
        title="Users"
        searchLabel="Cari user"
        search={search}
        onSearch={setSearch}
        addLabel="Add User"
        onAdd={() => void navigate('/resources/users/new')}
        actions={
          <>
            <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => void navigate('/resources/users/import')}>
              Impor
            </Button>
            <Button variant="default" leftSection={<IconFileExport size={16} />} onClick={exportUsers}>
              Ekspor
            </Button>
          </>
        }
        filters={
          <>
            <Select
              label="Rombel"
              placeholder="Semua rombel"
              searchable
              clearable
              w={{ base: '100%', sm: 180 }}
              data={(rombels.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
              value={rombelId ? String(rombelId) : null}
              onChange={(v) => go(1, applied, false, status ?? null, v ? Number(v) : null)}
            />
            <Stack gap={4}>
              <Text id={statusLabel} size="sm" fw={500}>
                Status
              </Text>
              <SegmentedControl
                aria-labelledby={statusLabel}
                data={STATUS_OPTIONS}
                value={status ?? 'all'}
                onChange={(v) => go(1, applied, false, statusFilterOf(v) ?? null)}
              />
            </Stack>
          </>
        }
      />
      {selected.length > 0 && <BulkActions ids={selected} onDone={() => setSelected([])} />}
      <QueryState query={users}>
        {({ data: rows, meta }) => (
          <>
            <Box style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }} aria-busy={users.isPlaceholderData}>
              <ResourceTable
                head={[
                  <Checkbox
                    key="all"
                    aria-label="Pilih semua user di halaman ini"
                    checked={rows.length > 0 && selected.length === rows.length}
                    indeterminate={selected.length > 0 && selected.length < rows.length}
                    onChange={(e) => setSelected(e.currentTarget.checked ? rows.map((u) => u.id) : [])}
                  />,
                  'Role',
                  'Name',
                  'Username/Email',
                  'Action',
                ]}
                // Room for the account actions beside View, Edit and Delete.
                minWidth={960}
                count={rows.length}
                rows={rows.map((u) => (
                  <UserRow key={u.id} user={u} state={state} />
                ))}
              />
            </Box>
            {meta.last_page > 1 && (
              <Box component="nav" aria-label="Halaman daftar user">
                <Group justify="space-between" gap="sm">
                  <Text size="sm" c="gray.7">
                    {meta.total.toLocaleString('id-ID')} user
                  </Text>
                  <Pagination
                    total={meta.last_page}
                    value={Math.min(page, meta.last_page)}
                    onChange={(next) => go(next, applied, false)}
                    getItemProps={(n) => ({ 'aria-label': `Halaman ${n}` })}
                    getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
                  />
                </Group>
              </Box>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}

/** One user's row: the tick, the role, the name with its account badges, the username and e-mail, the actions. */
function UserRow({ user: u, state }: { user: AdminUser; state: UsersPageState }) {
  const { selected, setSelected, actions } = state;
  return (
    <Table.Tr>
      <Table.Td>
        <Checkbox
          aria-label={`Pilih ${u.name}`}
          checked={selected.includes(u.id)}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setSelected((now) => (on ? [...now, u.id] : now.filter((id) => id !== u.id)));
          }}
        />
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={ROLE_COLORS[u.role_id]}>
          {u.role_label}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <UserAvatar src={u.avatar} name={u.name} size="sm" />
          <Stack gap={4}>
            <Text size="sm" fw={500} c={u.status === 1 ? undefined : 'gray.7'}>
              {u.name}
            </Text>
            {(u.status !== 1 || u.locked) && (
              <Group gap={4}>
                <AccountBadges user={u} />
              </Group>
            )}
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{u.username}</Text>
        <Text size="xs" c="gray.7">
          {u.email ?? '-'}
        </Text>
      </Table.Td>
      <Table.Td>
        <RowActions view={`/resources/users/${u.id}`} edit={`/resources/users/${u.id}/edit`} onDelete={() => actions.remove(u)}>
          <AccountButtons user={u} actions={actions} size="xs" />
        </RowActions>
      </Table.Td>
    </Table.Tr>
  );
}

const CONTROL_LABELS = {
  first: 'Halaman pertama',
  previous: 'Halaman sebelumnya',
  next: 'Halaman berikutnya',
  last: 'Halaman terakhir',
} as const;
