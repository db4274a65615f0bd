import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendarTime, IconClipboardList, IconUserCheck, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PARENT_RELATION_LABELS, type ParentChild } from '@kelasku/contract';
import { useChildAttendance, useChildToday, useChildWork, useMyChildren } from '../../api/parents';
import { QueryState } from '../../components/QueryState';
import { UserAvatar } from '../../components/UserAvatar';
import { monthAttendanceLine, todayLine, wibDate, workLine } from './child-summary';
import { PrivacyGate } from './PrivacyGate';

/** A line of the card with its icon; "…" while its answer is on its way. */
function Line({ icon, text, label }: { icon: React.ReactNode; text: string | null; label: string }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <span aria-hidden style={{ flexShrink: 0, marginTop: 2 }}>
        {icon}
      </span>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <Text span fw={600}>
          {label}:
        </Text>{' '}
        {text ?? '…'}
      </Text>
    </Group>
  );
}

/** One child at a glance: rombel and wali kelas, today, open work, this month's attendance. */
function ChildCard({ child }: { child: ParentChild }) {
  const today = useChildToday(child.id);
  const todo = useChildWork(child.id, 'todo');
  const late = useChildWork(child.id, 'late');
  const attendance = useChildAttendance(child.id);
  const titleId = `anak-${child.id}`;
  const work =
    todo.data && late.data ? workLine(todo.data.length, late.data.length) : todo.isError || late.isError ? 'belum dapat dimuat' : null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <UserAvatar src={child.avatar} name={child.name} size="md" />
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              <Anchor component={Link} to={`/anak/${child.id}`} inherit>
                {child.name}
              </Anchor>
            </Title>
            <Text size="sm" c="gray.7">
              {[child.rombel?.name ?? 'Belum punya rombel', `Anda: ${PARENT_RELATION_LABELS[child.relation]}`].join(' · ')}
            </Text>
            <Text size="sm" c="gray.7">
              Wali kelas: {child.homeroom_teacher?.name ?? 'belum ditentukan'}
            </Text>
          </div>
        </Group>
        <Line
          icon={<IconCalendarTime size={18} />}
          label="Hari ini"
          text={today.data ? todayLine(today.data) : today.isError ? 'belum dapat dimuat' : null}
        />
        <Line icon={<IconClipboardList size={18} />} label="Tugas" text={work} />
        <Line
          icon={<IconUserCheck size={18} />}
          label="Presensi"
          text={
            attendance.data
              ? monthAttendanceLine(attendance.data.meetings, today.data?.date ?? wibDate())
              : attendance.isError
                ? 'belum dapat dimuat'
                : null
          }
        />
        <Button component={Link} to={`/anak/${child.id}`} variant="light" aria-label={`Lihat ${child.name}`}>
          Lihat selengkapnya
        </Button>
      </Stack>
    </Card>
  );
}

function NoChildren() {
  return (
    <Card withBorder padding="lg">
      <Stack align="flex-start">
        <Text fw={600}>Belum ada anak yang terhubung dengan akun Anda.</Text>
        <Text size="sm" c="gray.7">
          Minta anak Anda membuat kode di halaman profilnya, lalu masukkan kode itu di sini.
        </Text>
        <Button component={Link} to="/tambah-anak" leftSection={<IconUserPlus size={16} />}>
          Tambah Anak
        </Button>
      </Stack>
    </Card>
  );
}

function Children() {
  const children = useMyChildren();
  return (
    <QueryState query={children}>
      {(list) =>
        list.length === 0 ? (
          <NoChildren />
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {list.map((c) => (
              <ChildCard key={c.id} child={c} />
            ))}
          </SimpleGrid>
        )
      }
    </QueryState>
  );
}

/** Issue 40: a parent's dashboard — each child at a glance, each card opening the child's page. */
export default function ParentDashboard() {
  useDocumentTitle('Dashboard | Kelasku');
  return (
    <Stack maw={1100}>
      <Title order={2}>Dashboard</Title>
      <PrivacyGate>
        <Children />
      </PrivacyGate>
    </Stack>
  );
}
