import { useMemo, useState } from 'react';
import { Alert, Anchor, Badge, Blockquote, Button, Card, Grid, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle, IconQuote, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMediaQuery } from '@mantine/hooks';
import { MSG, TRUNCATE, type ClassSummary } from '@kelasku/contract';
import { useMe } from '../../api/profile';
import { useMyClasses, useRandomWord, useUpcomingAssignments } from '../../api/student';
import { useNow } from '../../lib/now';
import { QueryState } from '../../components/QueryState';
import { UserAvatar } from '../../components/UserAvatar';
import { formatDateTimeWib, formatRelativeDeadline, isDueSoon, truncate } from '../../lib/format';

function QuoteBlock() {
  const word = useRandomWord();
  return (
    <QueryState query={word}>
      {(w) =>
        w ? (
          <Blockquote color="teal" icon={<IconQuote size={20} />} cite={`— ${w.from}`} aria-label="Kata motivasi">
            <Text style={{ whiteSpace: 'pre-wrap' }}>{w.body}</Text>
          </Blockquote>
        ) : (
          <Card withBorder padding="md">
            <Text c="dimmed">{MSG.noActiveWord}. Tetap semangat belajar hari ini!</Text>
          </Card>
        )
      }
    </QueryState>
  );
}

function ClassCard({ klass }: { klass: ClassSummary }) {
  return (
    <Card withBorder padding="md" component="article" aria-label={klass.name}>
      <Stack gap="xs" h="100%">
        <Badge variant="light" color="teal">
          {klass.rombel.name}
        </Badge>
        <Text fw={600} size="lg">
          {klass.name}
        </Text>
        <Group gap="xs" wrap="nowrap" mt="auto">
          <UserAvatar src={klass.teacher.avatar} name={klass.teacher.name} size="sm" />
          <Text size="sm" c="dimmed" title={klass.teacher.name}>
            {truncate(klass.teacher.name, TRUNCATE.studentCardTeacher)}
          </Text>
        </Group>
        <Button component={Link} to={`/my-classes/${klass.id}`} variant="light" fullWidth aria-label={`View ${klass.name}`}>
          View
        </Button>
      </Stack>
    </Card>
  );
}

const byRombelThenName = (a: ClassSummary, b: ClassSummary) =>
  a.rombel.name.localeCompare(b.rombel.name, 'id', { sensitivity: 'base' }) || a.name.localeCompare(b.name, 'id', { sensitivity: 'base' });

function ClassGrid() {
  const classes = useMyClasses();
  const me = useMe();
  const [search, setSearch] = useState('');
  const sorted = useMemo(() => [...(classes.data ?? [])].sort(byRombelThenName), [classes.data]);
  const needle = search.trim().toLowerCase();
  const shown = needle ? sorted.filter((c) => c.name.toLowerCase().includes(needle)) : sorted;
  const hasRombel = !!me.data?.student?.rombel_id;

  return (
    <Stack>
      <TextInput
        aria-label="Cari kelas"
        placeholder="Cari kelas…"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <QueryState query={classes}>
        {() =>
          sorted.length === 0 ? (
            <Alert color="yellow" icon={<IconInfoCircle />}>
              {/* A student with a rombel whose rombel has no class yet is told so instead. */}
              {me.data && hasRombel ? (
                'Belum ada kelas online untuk rombel kamu.'
              ) : (
                <>
                  {MSG.noRombel}{' '}
                  <Anchor component={Link} to="/me">
                    Lengkapi profil
                  </Anchor>
                </>
              )}
            </Alert>
          ) : shown.length === 0 ? (
            <Text c="dimmed">Tidak ada kelas yang cocok dengan “{search.trim()}”.</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {shown.map((c) => (
                <ClassCard key={c.id} klass={c} />
              ))}
            </SimpleGrid>
          )
        }
      </QueryState>
    </Stack>
  );
}

function UpcomingPanel() {
  const upcoming = useUpcomingAssignments();
  const now = useNow();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="upcoming-title">
      <Title order={3} size="h4" id="upcoming-title" mb="sm">
        Upcoming Assignments
      </Title>
      <QueryState query={upcoming}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed" size="sm">
              Tidak ada tugas yang harus dikumpulkan.
            </Text>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.map((a) => {
                const soon = isDueSoon(a.deadline, now);
                return (
                  <Card
                    key={a.id}
                    component="li"
                    withBorder
                    padding="sm"
                    radius="sm"
                    bg={soon ? 'orange.0' : undefined}
                    style={soon ? { borderColor: 'var(--mantine-color-orange-6)' } : undefined}
                  >
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {a.title}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {a.online_class.name}
                    </Text>
                    <Group justify="space-between" mt={4} wrap="nowrap">
                      <div>
                        <Text size="sm" fw={600} c={soon ? 'orange.9' : undefined}>
                          Tenggat {formatRelativeDeadline(a.deadline, now)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatDateTimeWib(a.deadline)}
                        </Text>
                      </div>
                      <Button
                        component={Link}
                        to={`/my-classes/${a.online_class.id}/submissions/${a.id}`}
                        state={{ assignment: a }}
                        size="xs"
                        variant="light"
                        style={{ flexShrink: 0 }}
                        aria-label={`lihat ${a.title}`}
                      >
                        lihat
                      </Button>
                    </Group>
                  </Card>
                );
              })}
            </Stack>
          )
        }
      </QueryState>
      <Anchor component={Link} to="/my-work" size="sm" mt="sm" display="inline-block">
        Lihat semua di Tugas Saya
      </Anchor>
    </Card>
  );
}

/** The student's dashboard (SPEC §2): quote, searchable class grid, upcoming assignments — on a phone the upcoming work first. */
export default function StudentDashboard() {
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  if (isPhone) {
    return (
      <Stack>
        <Title order={2}>Dashboard Siswa</Title>
        <UpcomingPanel />
        <QuoteBlock />
        <ClassGrid />
      </Stack>
    );
  }
  return (
    <Stack>
      <Title order={2}>Dashboard Siswa</Title>
      <QuoteBlock />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ClassGrid />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <UpcomingPanel />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
