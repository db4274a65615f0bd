import { useState } from 'react';
import { Stack, Table } from '@mantine/core';
import type { RombelClass } from '@kelasku/contract';
import { useDeleteRombel, useRombels } from '../../api/rombels';
import { QueryState } from '../../components/QueryState';
import { deleteAfterConfirm, ListHeader, matches, ResourceTable, RowActions } from '../../components/AdminParts';
import { RombelFormModal } from './RombelFormModal';

/** /resources/rombel-class — Kelola Rombel: search by name or grade, add, edit and delete in place. */
export default function RombelPage() {
  const rombels = useRombels();
  const remove = useDeleteRombel();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<RombelClass | null | undefined>(undefined);

  return (
    <Stack>
      <ListHeader
        title="Kelola Rombel"
        searchLabel="Cari rombel"
        search={search}
        onSearch={setSearch}
        addLabel="Add Rombel"
        onAdd={() => setEditing(null)}
      />
      <QueryState query={rombels}>
        {(all) => {
          const rows = all.filter((r) => matches(search, r.name, r.grade));
          return (
            <ResourceTable
              head={['ID', 'Department', 'Name', 'Grade', 'Action']}
              count={rows.length}
              rows={rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.id}</Table.Td>
                  <Table.Td>{r.department_name}</Table.Td>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>{r.grade}</Table.Td>
                  <Table.Td>
                    <RowActions
                      view={`/resources/rombel-class/${r.id}`}
                      edit={() => setEditing(r)}
                      onDelete={() => deleteAfterConfirm(remove, r.id, `rombel ${r.name}`)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            />
          );
        }}
      </QueryState>
      <RombelFormModal rombel={editing} onClose={() => setEditing(undefined)} />
    </Stack>
  );
}
