import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Blockquote,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconInfoCircle, IconQuote, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMediaQuery } from '@mantine/hooks';
import { MSG, TRUNCATE, type ClassSummary } from '@kelasku/contract';
import { useMe } from '../../api/profile';
import { useMyClasses } from '../../api/student-classes';
import { useMyWork } from '../../api/submissions';
import { useRandomWord } from '../../api/motivational-words';
import { useUpcomingAssignments, useUpcomingQuizzes } from '../../api/student-dashboard';
import { useNow } from '../../lib/now';
import { QueryState } from '../../components/QueryState';
import { LoadingDots } from '../../components/LoadingDots';
import { UserAvatar } from '../../components/UserAvatar';
import { isDueSoon, truncate } from '../../lib/format';
import { SubjectBadge } from '../schedule/SubjectBadge';
import { TodayLessons } from '../schedule/TodayLessons';
import { dueKey, dueLink, dueList, dueTimes, type DueItem } from './due';
import classes from './StudentDashboard.module.css';

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
        <Group gap={6}>
          <Badge variant="light" color="teal">
            {klass.rombel.name}
          </Badge>
          <SubjectBadge klass={klass} />
        </Group>
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

/** One piece of work due: the whole card opens it (the "lihat" link is stretched over it). */
function DueCard({ item, now }: { item: DueItem; now: number }) {
  const late = item.late;
  const startable = item.kind === 'assignment' || !item.notOpenYet;
  const soon = !late && startable && isDueSoon(item.deadline, now);
  const tone = late ? 'red' : soon ? 'orange' : undefined;
  const { when, date } = dueTimes(item, now);
  const action = item.kind === 'quiz' ? (item.in_progress ? 'lanjutkan' : item.notOpenYet ? 'lihat' : 'kerjakan') : 'lihat';
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      radius="sm"
      className={classes.item}
      bg={tone ? `${tone}.0` : undefined}
      style={tone ? { borderColor: `var(--mantine-color-${tone}-6)` } : undefined}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        {item.kind === 'quiz' && (
          <Badge color="violet" variant="light" size="sm" mt={3} style={{ flexShrink: 0 }}>
            Kuis
          </Badge>
        )}
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {item.online_class.name}
      </Text>
      <Group justify="space-between" mt={4} wrap="nowrap" align="flex-end">
        <div>
          <Group gap={6}>
            <Text size="sm" fw={600} c={tone ? `${tone}.9` : undefined}>
              {when}
            </Text>
            {late && (
              <Badge color="red" variant="light" size="sm">
                Terlambat
              </Badge>
            )}
            {item.kind === 'quiz' && item.in_progress && (
              <Badge color="blue" variant="light" size="sm">
                Sedang dikerjakan
              </Badge>
            )}
          </Group>
          {date && (
            <Text size="xs" c="dimmed">
              {date}
            </Text>
          )}
        </div>
        <Button
          component={Link}
          to={dueLink(item)}
          state={item.kind === 'assignment' ? { assignment: item } : undefined}
          size="xs"
          variant="light"
          color={late ? 'red' : undefined}
          className={classes.stretched}
          style={{ flexShrink: 0 }}
          aria-label={`${action} ${item.title}`}
        >
          {action}
        </Button>
      </Group>
    </Card>
  );
}

/**
 * "Upcoming Assignments": the work not handed in yet and the quizzes still to take, soonest deadline
 * (a quiz's closing time) first, with the time left in words ("2 jam lagi", "besok 23.59"); late
 * work that can still be handed in comes first ("lewat 3 jam"). The list waits for its three reads,
 * so nothing moves under the student's finger; a failed quiz or late read leaves the rest shown.
 */
function UpcomingPanel() {
  const upcoming = useUpcomingAssignments();
  const late = useMyWork('late');
  const quizzes = useUpcomingQuizzes();
  const now = useNow(30_000);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="upcoming-title">
      <Title order={3} size="h4" id="upcoming-title" mb="sm">
        Upcoming Assignments
      </Title>
      <QueryState query={upcoming}>
        {(list) => {
          if (late.isPending || quizzes.isPending) return <LoadingDots />;
          const due = dueList(list, late.data ?? [], now, quizzes.data ?? []);
          return due.length === 0 ? (
            <Text c="dimmed" size="sm">
              Tidak ada tugas yang harus dikumpulkan.
            </Text>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              aria-label="Tugas dan kuis yang harus dikerjakan"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {due.map((item) => (
                <DueCard key={dueKey(item)} item={item} now={now} />
              ))}
            </Stack>
          );
        }}
      </QueryState>
      <Anchor component={Link} to="/my-work" size="sm" mt="sm" display="inline-block">
        Lihat semua di Tugas Saya
      </Anchor>
    </Card>
  );
}

/**
 * The student's dashboard (SPEC §2): "Hari ini" (issue 37), quote, searchable class grid and the
 * upcoming assignments beside them; on a phone "Hari ini" and the work due come first, right under the
 * header, then the quote and the classes.
 */
export default function StudentDashboard() {
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  if (isPhone) {
    return (
      <Stack>
        {/* The first screen of a phone is today's lessons and the work due: the page's name is for screen readers only. */}
        <VisuallyHidden>
          <Title order={2}>Dashboard Siswa</Title>
        </VisuallyHidden>
        <TodayLessons role="student" />
        <UpcomingPanel />
        <QuoteBlock />
        <ClassGrid />
      </Stack>
    );
  }
  return (
    <Stack>
      <Title order={2}>Dashboard Siswa</Title>
      <TodayLessons role="student" />
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
