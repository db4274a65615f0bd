import { useState } from 'react';
import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { SchoolDepartment } from '@kelasku/contract';
import { useSchoolDepartments } from '../../api/school-year';
import { ListHeader, matches, ResourceTable } from '../../components/AdminParts';
import { QueryState } from '../../components/QueryState';
import { usePhone } from '../../lib/use-phone';
import { DepartmentFormModal } from './DepartmentFormModal';
import { ActiveBadge } from './parts';

function DepartmentCard({ d, onEdit }: { d: SchoolDepartment; onEdit: () => void }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={`Jurusan ${d.code}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Group gap={6}>
            <Text fw={600}>{d.code}</Text>
            <ActiveBadge active={d.enabled} />
          </Group>
          <Text size="sm">{d.name}</Text>
          <Text size="sm" c="dimmed">
            {d.short_name} · {d.rombels} rombel
          </Text>
        </div>
        <Button size="xs" variant="light" onClick={onEdit} aria-label={`Ubah jurusan ${d.code}`}>
          Ubah
        </Button>
      </Group>
    </Paper>
  );
}

/** /school/departments — Jurusan: the school's programmes; rombels can be made only in an enabled one. */
export default function DepartmentsPage() {
  useDocumentTitle('Jurusan');
  const departments = useSchoolDepartments();
  const phone = usePhone();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<SchoolDepartment | null | undefined>(undefined);
  return (
    <Stack>
      <ListHeader
        title="Jurusan"
        searchLabel="Cari jurusan"
        search={search}
        onSearch={setSearch}
        addLabel="Tambah jurusan"
        onAdd={() => setEditing(null)}
      />
      <QueryState query={departments}>
        {(all) => {
          const rows = all.filter((d) => matches(search, d.code, d.name, d.short_name));
          if (phone) {
            return (
              <Stack gap="xs">
                {rows.length === 0 && <Text c="dimmed">Tidak ada data</Text>}
                {rows.map((d) => (
                  <DepartmentCard key={d.id} d={d} onEdit={() => setEditing(d)} />
                ))}
              </Stack>
            );
          }
          return (
            <ResourceTable
              head={['Kode', 'Nama', 'Singkatan', 'Rombel', 'Status', 'Aksi']}
              count={rows.length}
              rows={rows.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td fw={600}>{d.code}</Table.Td>
                  <Table.Td>{d.name}</Table.Td>
                  <Table.Td>{d.short_name}</Table.Td>
                  <Table.Td>{d.rombels}</Table.Td>
                  <Table.Td>
                    <ActiveBadge active={d.enabled} />
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" onClick={() => setEditing(d)} aria-label={`Ubah jurusan ${d.code}`}>
                      Ubah
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            />
          );
        }}
      </QueryState>
      <DepartmentFormModal department={editing} onClose={() => setEditing(undefined)} />
    </Stack>
  );
}
