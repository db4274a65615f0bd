import { useEffect, useState } from 'react';
import { Badge, Box, Button, Checkbox, Group, Pagination, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { IconFileImport, IconFileExport } from '@tabler/icons-react';
import { useDebouncedValue, useId } from '@mantine/hooks';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ROLE_BY_ID, ROLE_IDS, ROLE_LABELS, type RoleName } from '@kelasku/contract';
import { useUserPage } from '../../api/admin';
import { downloadFile } from '../../api/download';
import { useRombelOptions } from '../../api/profile';
import { errorMessage, toastError } from '../../lib/toast';
import { BulkActions } from './BulkActions';
import { QueryState } from '../../components/QueryState';
import { UserAvatar } from '../../components/UserAvatar';
import { ListHeader, ResourceTable, RowActions } from '../admin-dashboard/parts';
import { AccountBadges, AccountButtons, useAccountActions } from './account-actions';
import { statusFilterOf, type StatusFilter } from './account-texts';

const ROLE_COLORS: Record<number, string> = { [ROLE_IDS.admin]: 'grape', [ROLE_IDS.teacher]: 'blue', [ROLE_IDS.student]: 'teal' };

/** How long typing pauses before the list asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** A search text that is a role's label (Admin, Guru, Siswa; any case) filters by that role; any other text searches name, username and e-mail. */
export function userFilter(search: string): { q?: string; role?: RoleName } {
  const text = search.trim();
  const roleId = Object.keys(ROLE_LABELS).find((id) => ROLE_LABELS[Number(id)]!.toLowerCase() === text.toLowerCase());
  if (roleId) return { role: ROLE_BY_ID[Number(roleId)] };
  return text ? { q: text } : {};
}

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
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const applied = (location.state as { q?: string } | null)?.q ?? '';
  const [search, setSearch] = useState(applied);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const status = statusFilterOf(params.get('status'));
  const rombelId = Math.floor(Number(params.get('rombel'))) || undefined;
  const filter = { ...userFilter(applied), ...(status ? { status } : {}), ...(rombelId ? { rombel_id: rombelId } : {}) };
  const users = useUserPage({ page, ...filter });
  const actions = useAccountActions();
  const rombels = useRombelOptions();
  const statusLabel = useId();
  // The users ticked on this page; a new page or filter starts with none.
  const [selected, setSelected] = useState<number[]>([]);
  useEffect(() => setSelected([]), [page, applied, status, rombelId]);

  /** Page 1 keeps the plain address; other pages add ?page=; filters add ?status= and ?rombel=. */
  const go = (
    next: number,
    q: string,
    replace: boolean,
    nextStatus: StatusFilter | null = status ?? null,
    nextRombel: number | null = rombelId ?? null,
  ) => {
    const search = new URLSearchParams(params);
    if (next > 1) search.set('page', String(next));
    else search.delete('page');
    if (nextStatus) search.set('status', nextStatus);
    else search.delete('status');
    if (nextRombel) search.set('rombel', String(nextRombel));
    else search.delete('rombel');
    setParams(search, { replace, state: q ? { q } : null });
  };
  /** The export takes the list's filters (without the search text). */
  const exportUsers = () => {
    const q = new URLSearchParams();
    if (filter.role === 'teacher' || filter.role === 'student') q.set('role', filter.role);
    if (status) q.set('status', status);
    if (rombelId) q.set('rombel_id', String(rombelId));
    void downloadFile(`/api/admin/imports/users/export?${q}`, 'data-user.xlsx').catch((err) => toastError(errorMessage(err)));
  };

  // The typed text, once typing pauses, becomes the applied search (from page 1).
  useEffect(() => {
    if (debounced !== applied) go(1, debounced, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  // Back/forward to an entry with another search shows that search in the box.
  useEffect(() => {
    if (applied !== debounced) setSearch(applied);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [applied]);
  // A page past the end (the last row of the last page was deleted) moves to the last page.
  const lastPage = users.data?.meta.last_page;
  useEffect(() => {
    if (lastPage !== undefined && !users.isPlaceholderData && page > lastPage) go(lastPage, applied, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastPage, page, users.isPlaceholderData]);

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
                  <Table.Tr key={u.id}>
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
                      <RowActions
                        view={`/resources/users/${u.id}`}
                        edit={`/resources/users/${u.id}/edit`}
                        onDelete={() => actions.remove(u)}
                      >
                        <AccountButtons user={u} actions={actions} size="xs" />
                      </RowActions>
                    </Table.Td>
                  </Table.Tr>
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

const CONTROL_LABELS = {
  first: 'Halaman pertama',
  previous: 'Halaman sebelumnya',
  next: 'Halaman berikutnya',
  last: 'Halaman terakhir',
} as const;
