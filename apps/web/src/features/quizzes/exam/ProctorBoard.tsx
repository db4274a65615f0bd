import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconDoorExit } from '@tabler/icons-react';
import type { ProctorRow } from '@kelasku/contract';
import type { Clocked } from '../../../api/exams';
import type { QuizRef } from '../../../api/quizzes';
import type { ProctorBoard as Board } from '@kelasku/contract';
import { formatCountdown, remainingMs } from '../../../lib/quiz-clock';
import { leavesText, STATE_COLOR, STATE_LABEL } from './format';
import { RowActions, type ProctorDialog } from './ProctorActions';
import { StudentCell } from '../teacher/StudentCell';

interface RowProps {
  r: QuizRef;
  row: ProctorRow;
  offsetMs: number;
  now: number;
  onOpen: (d: ProctorDialog) => void;
}

function StateBadge({ row }: { row: ProctorRow }) {
  return (
    <Badge variant="light" color={STATE_COLOR[row.state]}>
      {STATE_LABEL[row.state]}
    </Badge>
  );
}

/** "12:34" left on the server's clock, with the minutes the proctor added; "–" when not working. */
function TimeLeft({ row, offsetMs, now }: { row: ProctorRow; offsetMs: number; now: number }) {
  if (row.state !== 'working') return <Text size="sm">–</Text>;
  const left = remainingMs(row.due_at, offsetMs, now);
  return (
    <Text size="sm" ff="monospace" data-testid="time-left">
      {left === null ? 'Tanpa batas' : formatCountdown(left)}
      {row.extra_minutes > 0 && (
        <Text span size="xs" c="dimmed" ff="inherit">
          {` (+${row.extra_minutes} mnt)`}
        </Text>
      )}
    </Text>
  );
}

/** "keluar 3× — terakhir 10.42", red while the student is away now; a tap opens the leave log. */
function Leaves({ row, onOpen }: { row: ProctorRow; onOpen: (d: ProctorDialog) => void }) {
  const text = leavesText(row);
  if (!text) {
    return (
      <Text size="sm" c="dimmed">
        Tidak pernah keluar
      </Text>
    );
  }
  return (
    <UnstyledButton
      onClick={() => onOpen({ kind: 'leaves', row })}
      aria-label={`${text}${row.away ? ', sedang keluar' : ''}. Lihat riwayat keluar ${row.student.name}`}
      data-away={row.away ? 'true' : 'false'}
    >
      <Group gap={6} wrap="nowrap">
        {row.away && <IconDoorExit size={16} color="var(--mantine-color-red-8)" aria-hidden />}
        <Text size="sm" c={row.away ? 'red.9' : undefined} fw={row.away ? 700 : 500} td="underline">
          {text}
        </Text>
        {row.away && (
          <Badge color="red" variant="filled" size="sm">
            Sedang keluar
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}

const progress = (row: ProctorRow) => `${row.answered}/${row.question_count} dijawab`;

function BoardRow({ r, row, offsetMs, now, onOpen }: RowProps) {
  return (
    <Table.Tr bg={row.away ? 'red.0' : undefined} data-student={row.student.id}>
      <StudentCell student={row.student} />
      <Table.Td>
        <StateBadge row={row} />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{row.state === 'not_started' ? '–' : progress(row)}</Text>
      </Table.Td>
      <Table.Td>
        <TimeLeft row={row} offsetMs={offsetMs} now={now} />
      </Table.Td>
      <Table.Td>
        <Leaves row={row} onOpen={onOpen} />
      </Table.Td>
      <Table.Td ta="right">
        <RowActions r={r} row={row} onOpen={onOpen} />
      </Table.Td>
    </Table.Tr>
  );
}

function BoardCard({ r, row, offsetMs, now, onOpen }: RowProps) {
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      aria-label={row.student.name}
      data-student={row.student.id}
      style={row.away ? { borderColor: 'var(--mantine-color-red-6)', background: 'var(--mantine-color-red-0)' } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {row.student.name}
            </Text>
            <Group gap={6}>
              <StateBadge row={row} />
              {row.state !== 'not_started' && <Text size="sm">{progress(row)}</Text>}
            </Group>
          </div>
          <RowActions r={r} row={row} onOpen={onOpen} />
        </Group>
        {row.state === 'working' && (
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              Sisa waktu
            </Text>
            <TimeLeft row={row} offsetMs={offsetMs} now={now} />
          </Group>
        )}
        <Leaves row={row} onOpen={onOpen} />
      </Stack>
    </Card>
  );
}

/** Counts above the board: who has not started, is working, is done, is away now. */
export function BoardSummary({ rows }: { rows: ProctorRow[] }) {
  const count = (s: ProctorRow['state']) => rows.filter((row) => row.state === s).length;
  const away = rows.filter((row) => row.away).length;
  return (
    <Group gap="xs" role="group" aria-label="Ringkasan ujian">
      <Badge size="lg" variant="light" color="gray">{`${count('not_started')} belum mulai`}</Badge>
      <Badge size="lg" variant="light" color="blue">{`${count('working')} mengerjakan`}</Badge>
      <Badge size="lg" variant="light" color="teal">{`${count('submitted')} selesai`}</Badge>
      {away > 0 && <Badge size="lg" variant="filled" color="red">{`${away} sedang keluar`}</Badge>}
    </Group>
  );
}

/** Every student of the rombel: a table on a wide screen, cards on a phone. */
export function ProctorBoardView(props: {
  r: QuizRef;
  board: Clocked<Board>;
  now: number;
  isPhone: boolean;
  onOpen: (d: ProctorDialog) => void;
}) {
  const { r, board, now, isPhone, onOpen } = props;
  const offsetMs = board.clock_offset_ms;
  if (board.rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        Belum ada siswa di kelas ini.
      </Text>
    );
  }
  if (isPhone) {
    return (
      <SimpleGrid component="ul" cols={1} spacing="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Siswa">
        {board.rows.map((row) => (
          <BoardCard key={row.student.id} r={r} row={row} offsetMs={offsetMs} now={now} onOpen={onOpen} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table withTableBorder aria-label="Papan pengawas" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Siswa</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Progres</Table.Th>
            <Table.Th>Sisa waktu</Table.Th>
            <Table.Th>Keluar halaman</Table.Th>
            <Table.Th ta="right">Aksi</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {board.rows.map((row) => (
            <BoardRow key={row.student.id} r={r} row={row} offsetMs={offsetMs} now={now} onOpen={onOpen} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
