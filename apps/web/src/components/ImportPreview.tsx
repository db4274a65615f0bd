import { useState, type ReactNode } from 'react';
import { Alert, Badge, Group, List, SegmentedControl, Stack, Table, Text, type TableScrollContainerProps } from '@mantine/core';
import { errorMessage } from '../lib/toast';

/** What an import does with one row of its file. */
export type ImportAction = 'create' | 'update' | 'unchanged' | 'error';

const ACTION: Record<ImportAction, { label: string; color: string }> = {
  create: { label: 'Baru', color: 'teal' },
  update: { label: 'Diperbarui', color: 'blue' },
  unchanged: { label: 'Tetap', color: 'gray' },
  error: { label: 'Salah', color: 'red' },
};

/** A row's result: Baru, Diperbarui, Tetap or Salah. */
export function ActionBadge({ action }: { action: ImportAction }) {
  return (
    <Badge color={ACTION[action].color} variant="light">
      {ACTION[action].label}
    </Badge>
  );
}

/**
 * A preview's totals ("Ringkasan pratinjau"), the choice between the wrong rows and all rows
 * (wrong rows first when there are any), then `children` given the rows to show.
 */
export function ImportPreviewRows<R extends { action: ImportAction }>({
  totals,
  rows,
  children,
}: {
  totals: Record<ImportAction, number>;
  rows: R[];
  children: (shown: R[]) => ReactNode;
}) {
  const [show, setShow] = useState<'all' | 'error'>(totals.error ? 'error' : 'all');
  const shown = show === 'error' ? rows.filter((r) => r.action === 'error') : rows;
  return (
    <Stack gap="sm">
      <Group gap="xs" aria-label="Ringkasan pratinjau" role="group">
        <Badge color="teal" variant="light">{`${totals.create} baru`}</Badge>
        <Badge color="blue" variant="light">{`${totals.update} diperbarui`}</Badge>
        <Badge color="gray" variant="light">{`${totals.unchanged} tetap`}</Badge>
        <Badge color="red" variant="light">{`${totals.error} salah`}</Badge>
      </Group>
      {totals.error > 0 && (
        <SegmentedControl
          value={show}
          onChange={(v) => setShow(v as 'all' | 'error')}
          data={[
            { value: 'error', label: 'Baris yang salah' },
            { value: 'all', label: 'Semua baris' },
          ]}
          aria-label="Baris yang ditampilkan"
        />
      )}
      {children(shown)}
    </Stack>
  );
}

/** A preview's table: its columns' names, then the rows given as `children`. */
export function PreviewTable({
  label,
  columns,
  scroll,
  children,
}: {
  /** The table's accessible name. */
  label: string;
  columns: string[];
  /** How the table scrolls sideways on a narrow screen. */
  scroll: Omit<TableScrollContainerProps, 'children'>;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer {...scroll}>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A row's errors, in red; nothing when it has none. */
export function RowErrors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <List size="sm" spacing={2} c="red.8">
      {errors.map((e, i) => (
        <List.Item key={`${i}-${e}`}>{e}</List.Item>
      ))}
    </List>
  );
}

/** While the chosen file is read for its preview: "Membaca file…", or why it cannot be read. */
export function PreviewReading({ preview }: { preview: { isPending: boolean; isError: boolean; error: unknown } }) {
  return (
    <>
      {preview.isPending && <Text>Membaca file…</Text>}
      {preview.isError && (
        <Alert color="red" title="File tidak dapat dibaca">
          {errorMessage(preview.error)}
        </Alert>
      )}
    </>
  );
}
