import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  ATTENDANCE_LABELS,
  ATTENDANCE_STATUSES,
  type AttendanceStatus,
  type HomeroomOverview,
  type OverviewStudent,
} from '@kelasku/contract';
import { useHomeroomOverview } from '../../api/homeroom';
import { QueryState } from '../../components/QueryState';
import { monthName } from '../../lib/meeting-dates';
import { usePhone } from '../../lib/use-phone';
import { markStyle } from '../attendance-recaps/marks';
import { ContactMenu } from './ContactMenu';

const MARKS = ATTENDANCE_STATUSES;
type Mark = AttendanceStatus;

/** A mark's letter on its colour, its full name as the title (never told by colour alone). */
function MarkChip({ mark }: { mark: Mark }) {
  return (
    <Text
      component="abbr"
      title={ATTENDANCE_LABELS[mark]}
      size="sm"
      fw={700}
      px={6}
      style={{ ...markStyle(mark), borderRadius: 4, textDecoration: 'none' }}
    >
      {mark}
    </Text>
  );
}

/** "H 18 · T 2 · S 1 · I 0 · D 0 · A 4": this month's marks of a student (in days, as the monthly recap counts them). */
function MonthMarks({ month }: { month: OverviewStudent['month'] }) {
  return (
    <Group gap={6} wrap="wrap">
      {MARKS.map((m) => (
        <Group key={m} gap={2} wrap="nowrap" data-month={m}>
          <MarkChip mark={m} />
          <Text size="sm">{month[m]}</Text>
        </Group>
      ))}
    </Group>
  );
}

function TodayMark({ mark }: { mark: OverviewStudent['today'] }) {
  return mark ? (
    <MarkChip mark={mark} />
  ) : (
    <Text size="sm" c="gray.7">
      belum dicatat
    </Text>
  );
}

/** Today's attendance over the rombel and the izin requests waiting for a decision. */
function TodaySummary({ o, onShowRequests }: { o: HomeroomOverview; onShowRequests: () => void }) {
  const cells: Array<[string, number, string]> = [
    ...MARKS.map((m): [string, number, string] => [ATTENDANCE_LABELS[m], o.today[m], m]),
    ['Belum dicatat', o.today.unrecorded, 'unrecorded'],
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="perwalian-hari-ini">
      <Group justify="space-between" wrap="wrap" mb="xs">
        <Title order={3} size="h4" id="perwalian-hari-ini">
          Presensi hari ini
        </Title>
        <Anchor
          href="#permohonan-izin"
          size="sm"
          onClick={(e) => {
            e.preventDefault();
            onShowRequests();
          }}
        >
          {o.pending_requests > 0 ? `${o.pending_requests} permohonan izin menunggu keputusan` : 'Tidak ada permohonan izin yang menunggu'}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 4, sm: 7 }} spacing="xs">
        {cells.map(([label, n, key]) => (
          <Stack key={key} gap={0} align="center" data-today={key}>
            <Text fw={700} size="xl">
              {n}
            </Text>
            <Text size="xs" c="gray.7">
              {label}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** "Perlu perhatian": the students at risk, with their reasons. */
function AtRisk({ o }: { o: HomeroomOverview }) {
  const risky = o.students.filter((s) => s.risks.length > 0);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="perwalian-perhatian">
      <Title order={3} size="h4" id="perwalian-perhatian" mb="xs">
        Perlu perhatian
      </Title>
      {risky.length === 0 ? (
        <Text size="sm" c="gray.7">
          Tidak ada siswa yang perlu perhatian saat ini (batas: {o.thresholds.alpa}× alpa sebulan atau {o.thresholds.missing} tugas belum
          dikumpulkan).
        </Text>
      ) : (
        <Stack component="ul" aria-label="Perlu perhatian" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {risky.map((s) => (
            <li key={s.id}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {s.name}
                  </Text>
                  <Group gap={4} wrap="wrap">
                    {s.risks.map((r) => (
                      <Badge key={r.kind + r.text} color="red" variant="light" tt="none" data-risk={r.kind}>
                        {r.text}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
                <ContactMenu rombel={o.rombel} student={s} />
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function ParentNames({ s }: { s: OverviewStudent }) {
  return s.parents.length === 0 ? (
    <Text size="sm" c="gray.7">
      Belum ada orang tua
    </Text>
  ) : (
    <Text size="sm">{s.parents.map((p) => p.name).join(', ')}</Text>
  );
}

/** The students as a table (desktop). */
function StudentTable({ o }: { o: HomeroomOverview }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped aria-label={`Siswa ${o.rombel.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nama</Table.Th>
            <Table.Th>Hari ini</Table.Th>
            <Table.Th>Bulan ini</Table.Th>
            <Table.Th>Belum dikumpulkan</Table.Th>
            <Table.Th>Terlambat</Table.Th>
            <Table.Th>Orang tua</Table.Th>
            <Table.Th>
              <VisuallyHidden>Aksi</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {o.students.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {s.name}
                </Text>
                {s.nis && (
                  <Text size="xs" c="gray.7">
                    NIS {s.nis}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <TodayMark mark={s.today} />
              </Table.Td>
              <Table.Td>
                <MonthMarks month={s.month} />
              </Table.Td>
              <Table.Td data-missing>{s.missing}</Table.Td>
              <Table.Td data-late>{s.late}</Table.Td>
              <Table.Td>
                <ParentNames s={s} />
              </Table.Td>
              <Table.Td>
                <ContactMenu rombel={o.rombel} student={s} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The students as cards (phone). */
function StudentCards({ o }: { o: HomeroomOverview }) {
  return (
    <Stack component="ul" aria-label={`Siswa ${o.rombel.name}`} gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {o.students.map((s) => (
        <Paper component="li" key={s.id} withBorder p="sm">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text size="sm" fw={600}>
                  {s.name}
                </Text>
                {s.nis && (
                  <Text size="xs" c="gray.7">
                    NIS {s.nis}
                  </Text>
                )}
              </div>
              <Group gap={4} wrap="nowrap">
                <Text size="xs" c="gray.7">
                  Hari ini
                </Text>
                <TodayMark mark={s.today} />
              </Group>
            </Group>
            <MonthMarks month={s.month} />
            <Text size="sm" data-work>
              {s.missing} belum dikumpulkan · {s.late} terlambat
            </Text>
            <ParentNames s={s} />
            <Group justify="flex-end">
              <ContactMenu rombel={o.rombel} student={s} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The rombel at a glance: today, who needs attention, and every student with their month. */
export function Overview({ rombelId, onShowRequests }: { rombelId: number; onShowRequests: () => void }) {
  const overview = useHomeroomOverview(rombelId);
  const phone = usePhone();
  return (
    <QueryState query={overview}>
      {(o) => (
        <Stack>
          <TodaySummary o={o} onShowRequests={onShowRequests} />
          <AtRisk o={o} />
          <Stack gap="xs" component="section" aria-labelledby="perwalian-siswa">
            <Title order={3} size="h4" id="perwalian-siswa">
              Siswa ({o.students.length})
            </Title>
            <Text size="xs" c="gray.7">
              Presensi {monthName(o.month_start.slice(0, 7))}; tugas dari semua mata pelajaran.
            </Text>
            {o.students.length === 0 ? (
              <Text c="dimmed">Belum ada siswa di rombel ini.</Text>
            ) : phone ? (
              <StudentCards o={o} />
            ) : (
              <StudentTable o={o} />
            )}
          </Stack>
        </Stack>
      )}
    </QueryState>
  );
}
