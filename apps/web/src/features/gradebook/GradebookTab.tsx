import { useState, type CSSProperties } from 'react';
import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { GRADEBOOK_LABELS, REPORT_MSG, type Gradebook, type GradebookCell, type GradebookQuizCell } from '@kelasku/contract';
import { downloadGradebook, useGradebook } from '../../api/gradebook';
import { QueryState } from '../../components/QueryState';
import { formatDateTimeWib } from '../../lib/format';
import { errorMessage, toastError } from '../../lib/toast';
import { AwaitingIcon } from '../../components/AwaitingRegrade';
import { GradebookImportButton } from './GradebookImport';

/** The name column stays in view while a phone scrolls the table sideways. */
const sticky: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  minWidth: 140,
  maxWidth: 200,
  boxShadow: 'inset -1px 0 0 var(--mantine-color-gray-3)',
};

const formatAverage = (n: number | null) => (n === null ? '–' : n.toLocaleString('id-ID', { maximumFractionDigits: 1 }));

/** One student's work on one assignment (or grade of one quiz): the score, or a mark of what is missing. */
function Cell({ cell }: { cell: Pick<GradebookCell, 'state' | 'score'> & { late?: boolean; awaiting_regrade?: boolean } }) {
  const late = cell.late && (
    <Badge size="xs" color="orange" variant="light">
      {GRADEBOOK_LABELS.late}
    </Badge>
  );
  // Returned work handed in again: its last grade stays, marked, until the new version is graded.
  if (cell.awaiting_regrade)
    return (
      <Stack gap={2} align="center">
        <Group gap={4} wrap="nowrap" justify="center">
          <Text fw={600}>{cell.score}</Text>
          <AwaitingIcon />
        </Group>
        {late}
      </Stack>
    );
  if (cell.state === 'graded')
    return (
      <Stack gap={2} align="center">
        <Text fw={600}>{cell.score}</Text>
        {late}
      </Stack>
    );
  if (cell.state === 'waiting')
    return (
      <Stack gap={2} align="center">
        <Badge size="xs" color="yellow" variant="light">
          {GRADEBOOK_LABELS.waiting}
        </Badge>
        {late}
      </Stack>
    );
  if (cell.state === 'missing')
    return (
      <Badge size="xs" color="red" variant="light">
        {GRADEBOOK_LABELS.missing}
      </Badge>
    );
  return (
    <Text c="dimmed" size="sm" title={GRADEBOOK_LABELS.todo}>
      –
    </Text>
  );
}

function GradebookTable({ book, classId }: { book: Gradebook; classId: number }) {
  if (book.students.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {GRADEBOOK_LABELS.noStudents}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={320 + 120 * (book.assignments.length + book.quizzes.length)} type="native">
      <Table withTableBorder withColumnBorders striped aria-label="Tabel nilai siswa" style={{ whiteSpace: 'normal' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ ...sticky, zIndex: 2 }}>Nama</Table.Th>
            {book.assignments.map((a) => (
              <Table.Th key={a.id} miw={110} style={{ verticalAlign: 'top' }}>
                <Anchor component={Link} to={`/online-class/${classId}/contents/${a.content.id}/assignment/${a.id}`} size="sm" fw={600}>
                  {a.title}
                </Anchor>
                <Text size="xs" c="dimmed" fw={400}>
                  {formatDateTimeWib(a.deadline)}
                </Text>
              </Table.Th>
            ))}
            {book.quizzes.map((q) => (
              <Table.Th key={`quiz-${q.id}`} miw={110} style={{ verticalAlign: 'top' }}>
                <Badge size="xs" color="grape" variant="light" mb={2}>
                  {GRADEBOOK_LABELS.quiz}
                </Badge>
                <Anchor
                  component={Link}
                  to={`/online-class/${classId}/contents/${q.content.id}/quizzes/${q.id}`}
                  size="sm"
                  fw={600}
                  display="block"
                >
                  {q.title}
                </Anchor>
                {q.closes_at && (
                  <Text size="xs" c="dimmed" fw={400}>
                    {formatDateTimeWib(q.closes_at)}
                  </Text>
                )}
              </Table.Th>
            ))}
            <Table.Th ta="center">{GRADEBOOK_LABELS.average}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {book.students.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Th scope="row" style={sticky}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {s.name}
                </Text>
                <Text size="xs" c="dimmed" fw={400}>
                  {s.nis ?? '-'}
                </Text>
              </Table.Th>
              {s.cells.map((c) => (
                <Table.Td key={c.assignment_id} ta="center">
                  <Cell cell={c} />
                </Table.Td>
              ))}
              {s.quiz_cells.map((c: GradebookQuizCell, j) => (
                <Table.Td key={`quiz-${c.quiz_id}`} ta="center">
                  {c.state === 'waiting' && book.quizzes[j] ? (
                    // Issue 41: an essay waiting for a hand grade opens the quiz's results, where its attempt is graded.
                    <Anchor
                      component={Link}
                      to={`/online-class/${classId}/contents/${book.quizzes[j].content.id}/quizzes/${c.quiz_id}`}
                      aria-label={`Nilai kuis ${book.quizzes[j].title} ${s.name}`}
                    >
                      <Cell cell={c} />
                    </Anchor>
                  ) : (
                    <Cell cell={c} />
                  )}
                </Table.Td>
              ))}
              <Table.Td ta="center" fw={700}>
                {formatAverage(s.average)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        {book.assignments.length + book.quizzes.length > 0 && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" style={sticky}>
                {GRADEBOOK_LABELS.classAverage}
              </Table.Th>
              {book.assignments.map((a) => (
                <Table.Td key={a.id} ta="center" fw={700}>
                  {formatAverage(a.average)}
                </Table.Td>
              ))}
              {book.quizzes.map((q) => (
                <Table.Td key={`quiz-${q.id}`} ta="center" fw={700}>
                  {formatAverage(q.average)}
                </Table.Td>
              ))}
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}

/** The "Nilai" tab of the teacher's class: students × assignments with marks and averages, and the downloads. */
export function GradebookTab({ classId }: { classId: number }) {
  const book = useGradebook(classId);
  const [busy, setBusy] = useState<'xlsx' | 'csv' | null>(null);
  const download = (format: 'xlsx' | 'csv') => {
    setBusy(format);
    downloadGradebook(classId, format)
      .catch((err) => toastError(errorMessage(err)))
      .finally(() => setBusy(null));
  };
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h4">
          Nilai
        </Title>
        <Group gap="xs">
          <Button leftSection={<IconFileSpreadsheet size={16} />} loading={busy === 'xlsx'} onClick={() => download('xlsx')}>
            Unduh XLSX
          </Button>
          <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy === 'csv'} onClick={() => download('csv')}>
            Unduh CSV
          </Button>
          <GradebookImportButton classId={classId} disabled={book.data?.online_class.archived_at != null} />
        </Group>
      </Group>
      <QueryState query={book}>
        {(data) =>
          data.assignments.length === 0 && data.quizzes.length === 0 && data.students.length > 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {GRADEBOOK_LABELS.noAssignments}
            </Text>
          ) : (
            <>
              <GradebookTable book={data} classId={classId} />
              <Group gap={6} wrap="nowrap">
                <AwaitingIcon />
                <Text size="xs" c="dimmed">
                  {REPORT_MSG.awaitingRegrade}: tugas dikembalikan lalu dikumpulkan lagi. Nilai terakhirnya tetap dihitung sampai dinilai
                  ulang.
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                Rata-rata hanya menghitung tugas dan kuis yang sudah dinilai. Di file XLSX, nilai kosong berarti belum dinilai atau tidak
                mengumpulkan (ditandai warna), sehingga siap disalin ke e-Rapor.
              </Text>
            </>
          )
        }
      </QueryState>
    </Stack>
  );
}
