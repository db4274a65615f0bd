import { useState } from 'react';
import { Stack, Table, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useArchivedClasses } from '../../api/promotion';
import { QueryState } from '../../components/QueryState';
import { formatDate } from '../../lib/format';
import { matches, ResourceTable } from '../../components/AdminParts';

/** /resources/archived-classes — Arsip Kelas: every class archived by a promotion, with its teacher and rombel. */
export default function ArchivedClassesPage() {
  useDocumentTitle('Arsip Kelas');
  const archived = useArchivedClasses();
  const [search, setSearch] = useState('');
  return (
    <Stack>
      <Title order={2}>Arsip Kelas</Title>
      <TextInput
        label="Cari kelas"
        placeholder="Cari…"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 320 }}
      />
      <QueryState query={archived}>
        {(all) => {
          const rows = all.filter((c) => matches(search, c.name, c.rombel.name, c.teacher.name));
          return (
            <ResourceTable
              head={['Kelas', 'Rombel', 'Guru', 'Diarsipkan']}
              count={rows.length}
              rows={rows.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>{c.rombel.name}</Table.Td>
                  <Table.Td>{c.teacher.name}</Table.Td>
                  <Table.Td>{formatDate(c.archived_at)}</Table.Td>
                </Table.Tr>
              ))}
            />
          );
        }}
      </QueryState>
    </Stack>
  );
}
