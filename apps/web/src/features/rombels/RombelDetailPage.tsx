import { Card, Stack, Table, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { useRombel } from '../../api/rombels';
import { QueryState } from '../../components/QueryState';
import { DetailHeader, Details, ResourceTable } from '../../components/AdminParts';

/** /resources/rombel-class/{id} — the rombel with its students, loaded by id so a reload works. */
export default function RombelDetailPage() {
  const id = Number(useParams().id);
  const rombel = useRombel(id);
  return (
    <QueryState query={rombel}>
      {(r) => (
        <Stack maw={1000}>
          <DetailHeader title={`Rombel Class Details: ${r.name}`} list="/resources/rombel-class" />
          <Card withBorder>
            <Details
              items={[
                ['ID', r.id],
                ['Department', r.department_name],
                ['Rombel Name', r.name],
                ['Grade', r.grade],
              ]}
            />
          </Card>
          <Card withBorder>
            <Title order={3} size="h4" mb="sm">
              Students: {r.total_student}
            </Title>
            <ResourceTable
              head={['#', 'Student ID', 'Name', 'NIS', 'NISN']}
              count={r.students.length}
              rows={r.students.map((s, i) => (
                <Table.Tr key={s.id}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{s.id}</Table.Td>
                  <Table.Td>{s.name}</Table.Td>
                  <Table.Td>{s.nis ?? '-'}</Table.Td>
                  <Table.Td>{s.nisn ?? '-'}</Table.Td>
                </Table.Tr>
              ))}
            />
          </Card>
        </Stack>
      )}
    </QueryState>
  );
}
