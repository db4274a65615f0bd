import type { ReactNode } from 'react';
import { Button, DataList, Group, Table, TextInput, Title } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { IconArrowLeft, IconPlus, IconSearch } from '@tabler/icons-react';
import { useNavigate, type NavigateFunction } from 'react-router';
import { confirmDelete } from './ConfirmDelete';
import { errorMessage, toastError, toastSuccess } from '../lib/toast';

/** Pieces shared by the admin's resource screens (users, rombel classes, motivational words). */

/** Case-insensitive: does any of the fields contain the search text? */
export function matches(search: string, ...fields: (string | number | null | undefined)[]): boolean {
  const q = search.trim().toLowerCase();
  return !q || fields.some((f) => f !== null && f !== undefined && String(f).toLowerCase().includes(q));
}

/** Back one page; a page opened directly (nothing to go back to) goes to `fallback`. */
export function goBack(navigate: NavigateFunction, fallback: string) {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  if (idx > 0) void navigate(-1);
  else void navigate(fallback, { replace: true });
}

/** A detail page's heading with a Kembali button (back one page, or to the list when opened directly). */
export function DetailHeader({ title, list }: { title: ReactNode; list: string }) {
  const navigate = useNavigate();
  return (
    <Group justify="space-between">
      <Title order={2}>{title}</Title>
      <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => goBack(navigate, list)}>
        Kembali
      </Button>
    </Group>
  );
}

/** Title, search box and add button above a resource table. */
export function ListHeader(props: {
  title: string;
  search: string;
  onSearch: (v: string) => void;
  searchLabel: string;
  addLabel: string;
  onAdd: () => void;
  /** More filters beside the search box. */
  filters?: ReactNode;
  /** More buttons before the add button. */
  actions?: ReactNode;
}) {
  return (
    <>
      <Title order={2}>{props.title}</Title>
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end" w={{ base: '100%', sm: 'auto' }}>
          <TextInput
            label={props.searchLabel}
            placeholder="Search…"
            leftSection={<IconSearch size={16} />}
            value={props.search}
            onChange={(e) => props.onSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
          />
          {props.filters}
        </Group>
        <Group gap="xs">
          {props.actions}
          <Button leftSection={<IconPlus size={16} />} onClick={props.onAdd}>
            {props.addLabel}
          </Button>
        </Group>
      </Group>
    </>
  );
}

/** A table with its header row, or one row saying nothing matches; narrower screens scroll it sideways below `minWidth`. */
export function ResourceTable({
  head,
  rows,
  count,
  minWidth = 640,
}: {
  /** Column headings (a string, or a node such as a select-all checkbox). */
  head: ReactNode[];
  rows: ReactNode;
  count: number;
  minWidth?: number;
}) {
  return (
    // Native scrolling that takes focus, so a keyboard can scroll a wide table on a phone.
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {head.map((h, i) => (
              <Table.Th key={i}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {count === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={head.length} ta="center" c="gray.7">
                Tidak ada data
              </Table.Td>
            </Table.Tr>
          ) : (
            rows
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** View, Edit and Delete of one row. `edit` is a path or a callback (a modal); `children` are more actions before Delete. */
export function RowActions({
  view,
  edit,
  onDelete,
  children,
}: {
  view: string;
  edit: string | (() => void);
  onDelete: () => void;
  children?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => void navigate(view)}>
        View
      </Button>
      <Button size="xs" variant="light" color="blue" onClick={typeof edit === 'string' ? () => void navigate(edit) : edit}>
        Edit
      </Button>
      {children}
      <Button size="xs" variant="light" color="red" onClick={onDelete}>
        Delete
      </Button>
    </Group>
  );
}

/** Asks first, then deletes; the server's message shows green on success, red when refused. */
export function deleteAfterConfirm(mutation: UseMutationResult<{ message?: string }, Error, number>, id: number, what: string) {
  confirmDelete({
    message: `Yakin ingin menghapus ${what}? Tindakan ini tidak dapat dibatalkan.`,
    onConfirm: () =>
      mutation.mutate(id, {
        onSuccess: (res) => toastSuccess(res.message ?? 'Data berhasil dihapus'),
        onError: (err) => toastError(errorMessage(err)),
      }),
  });
}

/** Label/value rows of a detail page. */
export function Details({ items }: { items: [string, ReactNode][] }) {
  return (
    <DataList labelWidth={160} withDivider styles={{ itemLabel: { color: 'var(--mantine-color-gray-7)' } }}>
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value === null || value === undefined || value === '' ? '-' : value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}
