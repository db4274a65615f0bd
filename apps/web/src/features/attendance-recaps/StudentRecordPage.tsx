import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { ATTENDANCE_LABELS, meetingPeriods, type StudentAttendance } from '@kelasku/contract';
import { useMyAttendance } from '../../api/attendance-recaps';
import { QueryState } from '../../components/QueryState';
import { meetingDay as longDate } from '../../lib/meeting-dates';
import { markStyle, TOTAL_COLUMNS } from './marks';
import { Mark } from './RecapGrid';

/** One mark's total: days (the report card's number) and the meetings behind them. */
export function TotalCard({
  status,
  label,
  days,
  meetings,
}: {
  status: keyof StudentAttendance['days'];
  label: string;
  days: number;
  meetings: number;
}) {
  return (
    <Paper withBorder p="sm" style={{ borderLeft: `4px solid ${markStyle(status).color}` }} data-total={status}>
      <Group gap={6} wrap="nowrap">
        <Mark status={status} />
        <Text size="sm" fw={600}>
          {label}
        </Text>
      </Group>
      <Text fz={22} fw={700} mt={4}>
        {days} hari
      </Text>
      <Text size="xs" c="gray.7">
        {meetings} pertemuan
      </Text>
    </Paper>
  );
}

export function MeetingList({ meetings }: { meetings: StudentAttendance['meetings'] }) {
  if (meetings.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        Belum ada presensi yang dicatat di semester ini.
      </Text>
    );
  return (
    <Stack component="ul" gap="xs" aria-label="Pertemuan" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {meetings.map((m) => (
        <Paper key={m.meeting.id} component="li" withBorder p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {m.class.subject ?? m.class.name}
              </Text>
              <Text size="xs" c="gray.7">
                {[
                  m.meeting.number === null ? null : `Pertemuan ${m.meeting.number}`,
                  longDate(m.meeting.date),
                  meetingPeriods(m.meeting.periods),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              {m.note && (
                <Text size="xs" mt={2} style={{ overflowWrap: 'anywhere' }}>
                  Catatan: {m.note}
                </Text>
              )}
            </div>
            <Group gap={6} wrap="nowrap">
              <Mark status={m.status} />
              <Text size="sm">{ATTENDANCE_LABELS[m.status]}</Text>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** "Riwayat Presensi": the student's totals of the semester (days, with meetings) and every recorded meeting. */
export default function StudentRecordPage() {
  useDocumentTitle('Riwayat Presensi | Kelasku');
  const record = useMyAttendance();
  return (
    <Stack>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Riwayat Presensi</Title>
        <Anchor component={Link} to="/presensi/izin" size="sm">
          Ajukan izin / sakit
        </Anchor>
      </Group>
      <QueryState query={record}>
        {(data) => (
          <>
            <Text c="gray.7">Semester {data.semester.label}</Text>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
              {TOTAL_COLUMNS.map((t) => (
                <TotalCard key={t.status} status={t.status} label={t.label} days={data.days[t.status]} meetings={data.totals[t.status]} />
              ))}
            </SimpleGrid>
            <Title order={3} size="h4">
              Pertemuan
            </Title>
            <MeetingList meetings={data.meetings} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
