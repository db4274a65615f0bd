import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconFileText, IconUpload } from '@tabler/icons-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { gradingStatus, type AssignmentWithSubmission } from '@kelasku/contract';
import { ApiError } from '../../api/client';
import { useSubmission } from '../../api/student';
import { QueryState } from '../../components/QueryState';
import { NotFoundPage } from '../errors/ErrorPages';
import { formatDate, formatDateTimeWib } from '../../lib/format';
import { UploadSubmissionModal } from './UploadSubmissionModal';
import { FileLink } from '../../components/FileLink';

/** Status 2 (on time) teal, 3 (late) red; the label is the server's. */
const STATUS_COLOR: Record<number, string | undefined> = { 2: 'teal', 3: 'red' };

function InstructionCard({ a }: { a: AssignmentWithSubmission }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="instruksi-title">
      <Title order={3} id="instruksi-title" mb="sm">
        Instruksi Tugas
      </Title>
      <Stack gap={6}>
        <Text fw={600} size="lg">
          {a.title}
        </Text>
        <Text size="sm">{a.author}</Text>
        <Text size="sm" c="dimmed">
          Dibuat {formatDate(a.created_at)}
        </Text>
        <Group gap="md">
          <Badge variant="light">100 poin</Badge>
          <Text size="sm" fw={500}>
            Tenggat: {formatDateTimeWib(a.deadline)}
          </Text>
        </Group>
        <Text style={{ whiteSpace: 'pre-wrap' }} mt="xs">
          {a.description}
        </Text>
      </Stack>
    </Card>
  );
}

function StatusCard({ a, onUpdate }: { a: AssignmentWithSubmission; onUpdate: () => void }) {
  const s = a.submission;
  const submitted = s.status_id !== 1;
  const graded = submitted && s.score !== null;
  const rows: [string, React.ReactNode][] = [
    [
      'Status',
      <Text component="span" size="sm" c={STATUS_COLOR[s.status_id]} fw={submitted ? 600 : undefined}>
        {s.status}
      </Text>,
    ],
    ['Grading Status', gradingStatus(submitted, s.score)],
    ['Due Date', formatDateTimeWib(a.deadline)],
    ['Submitted At', submitted ? formatDateTimeWib(s.submitted_at) : '-'],
    [
      'File Submission',
      s.file && s.filename ? (
        <Group gap={6} wrap="nowrap">
          <IconFileText size={18} aria-hidden />
          <FileLink href={s.file} style={{ wordBreak: 'break-all' }}>
            {s.filename}
          </FileLink>
        </Group>
      ) : (
        '-'
      ),
    ],
    ['Score', s.score ?? '-'],
  ];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="status-title">
      <Title order={3} id="status-title" mb="sm">
        Submission Status
      </Title>
      <Table variant="vertical" withTableBorder layout="fixed">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w={160}>
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" mt="md">
        <Button leftSection={<IconUpload size={16} />} onClick={onUpdate} disabled={graded}>
          Update Submission
        </Button>
      </Group>
      {graded && (
        <Text size="xs" c="dimmed" ta="right" mt={4}>
          Tugas yang sudah dinilai tidak dapat diganti lagi.
        </Text>
      )}
    </Card>
  );
}

/** /my-classes/:classId/submissions/:assignmentId — the assignment's instructions and the student's own submission. */
export default function SubmissionPage() {
  const params = useParams();
  const assignmentId = Number(params.assignmentId);
  const navigate = useNavigate();
  const location = useLocation();
  const query = useSubmission(assignmentId);
  const [uploadOpen, setUploadOpen] = useState(false);

  if (!Number.isInteger(assignmentId) || assignmentId <= 0) return <NotFoundPage />;
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;

  // Back to where the student came from (dashboard or class page); a page opened directly goes to its class.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(`/my-classes/${query.data?.online_class.id ?? params.classId}`));

  return (
    <Stack>
      <Group gap="sm">
        <ActionIcon variant="subtle" size="lg" aria-label="Kembali" onClick={back}>
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Title order={2}>Submission Detail</Title>
      </Group>
      <QueryState query={query}>
        {(a) => (
          <>
            <InstructionCard a={a} />
            <StatusCard a={a} onUpdate={() => setUploadOpen(true)} />
            <UploadSubmissionModal assignmentId={a.id} opened={uploadOpen} onClose={() => setUploadOpen(false)} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
