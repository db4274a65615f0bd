import { useState } from 'react';
import { Badge, Stack, Table } from '@mantine/core';
import { TRUNCATE, type MotivationalWord } from '@kelasku/contract';
import { useDeleteWord, useWords } from '../../api/motivational-words';
import { QueryState } from '../../components/QueryState';
import { truncate } from '../../lib/format';
import { deleteAfterConfirm, ListHeader, matches, ResourceTable, RowActions } from '../../components/AdminParts';
import { WordFormModal } from './WordFormModal';

/** /resources/motivational-words — Kelola Kata Motivasi: search by title, body or from; add, edit and delete in place. */
export default function WordsPage() {
  const words = useWords();
  const remove = useDeleteWord();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<MotivationalWord | null | undefined>(undefined);

  return (
    <Stack>
      <ListHeader
        title="Kelola Kata Motivasi"
        searchLabel="Cari kata motivasi"
        search={search}
        onSearch={setSearch}
        addLabel="Add Motivational"
        onAdd={() => setEditing(null)}
      />
      <QueryState query={words}>
        {(all) => {
          const rows = all.filter((w) => matches(search, w.title, w.body, w.from));
          return (
            <ResourceTable
              head={['ID', 'Title', 'Body', 'From', 'Active', 'Action']}
              count={rows.length}
              rows={rows.map((w) => (
                <Table.Tr key={w.id}>
                  <Table.Td>{w.id}</Table.Td>
                  <Table.Td>{w.title}</Table.Td>
                  <Table.Td maw={360}>{truncate(w.body, TRUNCATE.motivationalBody)}</Table.Td>
                  <Table.Td>{w.from}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={w.active ? 'teal' : 'gray'}>
                      {w.active ? 'True' : 'False'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      view={`/resources/motivational-words/${w.id}`}
                      edit={() => setEditing(w)}
                      onDelete={() => deleteAfterConfirm(remove, w.id, `kata motivasi "${w.title}"`)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            />
          );
        }}
      </QueryState>
      <WordFormModal word={editing} onClose={() => setEditing(undefined)} />
    </Stack>
  );
}
