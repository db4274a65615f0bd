import { Alert, Badge, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { useTeacherArchive } from '../../api/online-classes';
import { QueryState } from '../../components/QueryState';
import { formatDate } from '../../lib/format';

/** online-class/arsip: the teacher's classes of past school years, read-only. */
export default function ArchivePage() {
  useDocumentTitle('Teacher | Arsip');
  const archive = useTeacherArchive();
  return (
    <Stack>
      <Title order={2}>Arsip</Title>
      <Text c="dimmed">Kelas tahun ajaran sebelumnya. Isinya dan nilainya tetap dapat dibaca, tetapi tidak dapat diubah.</Text>
      <QueryState query={archive}>
        {(list) =>
          list.length === 0 ? (
            <Alert variant="light">Belum ada kelas yang diarsipkan.</Alert>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {list.map((c) => (
                <Card key={c.id} withBorder padding="lg" component="article" aria-label={c.name}>
                  <Badge variant="light" color="gray">
                    {c.rombel.name}
                  </Badge>
                  <Text fw={600} mt="xs" style={{ overflowWrap: 'anywhere' }}>
                    {c.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    Diarsipkan {formatDate(c.archived_at)}
                  </Text>
                  <Button component={Link} to={`/online-class/${c.id}`} state={{ klass: c }} variant="light" mt="md">
                    Lihat
                  </Button>
                </Card>
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
    </Stack>
  );
}
