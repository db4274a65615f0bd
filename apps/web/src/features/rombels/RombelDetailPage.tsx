import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import type { RombelTeaching } from '@kelasku/contract';
import { useRombel } from '../../api/rombels';
import { QueryState } from '../../components/QueryState';
import { DetailHeader, Details, ResourceTable } from '../../components/AdminParts';

/** The rombel's subjects and teachers this semester, when the server sends them (issue 37). */
function TeachingCard({ teaching }: { teaching: RombelTeaching }) {
  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="sm">
        Mata pelajaran semester ini
      </Title>
      {teaching.subjects.length === 0 ? (
        <Text size="sm" c="dimmed">
          Belum ada mata pelajaran di semester ini. Atur di{' '}
          <Anchor component={Link} to="/school/teaching" underline="always">
            Pembagian Tugas
          </Anchor>
          .
        </Text>
      ) : (
        <ResourceTable
          head={['Mata pelajaran', 'Guru', 'Jam per minggu']}
          count={teaching.subjects.length}
          minWidth={480}
          rows={teaching.subjects.map((s) => (
            <Table.Tr key={s.assignment_id}>
              <Table.Td>{s.name}</Table.Td>
              <Table.Td>{s.teachers.map((t) => t.name).join(', ') || '-'}</Table.Td>
              <Table.Td>{s.hours_per_week}</Table.Td>
            </Table.Tr>
          ))}
        />
      )}
    </Card>
  );
}

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
                ...(r.teaching ? ([['Wali kelas', r.teaching.homeroom?.name ?? 'Belum ada']] as [string, string][]) : []),
              ]}
            />
          </Card>
          {r.teaching && <TeachingCard teaching={r.teaching} />}
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
