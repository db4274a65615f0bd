import { useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { FactsTable } from '../../components/FactsTable';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconCircleCheck, IconEdit, IconInfoCircle, IconLock, IconX } from '@tabler/icons-react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { GRADING_STATUS, SUBMISSION_MSG, TOAST_MS, type AssignmentWithSubmission, type SubmissionVersion } from '@kelasku/contract';
import { isNotFound } from '../../api/client';
import { useSubmission, useUnsubmit } from '../../api/submissions';
import { QueryState } from '../../components/QueryState';
import { MathText } from '../../components/MathText';
import { NotFoundPage } from '../../components/ErrorPages';
import { formatClockWib, formatDate, formatDateTimeWib } from '../../lib/format';
import { toastApiError, toastSuccess } from '../../lib/toast';
import { HandInForm } from './HandInForm';
import { PrivateComments } from './PrivateComments';
import { SubmittedFiles } from './SubmissionFiles';
import { LastGradeAwaiting } from '../../components/AwaitingRegrade';
import { RubricView } from '../rubrics/RubricView';
import { useStudentClass } from '../../api/student-classes';
import { WhatsAppShareButton } from '../../components/WhatsAppShareButton';
import { appLink, assignmentShareLink, studentPaths } from '../../lib/whatsapp';

/** Status 2 (on time) teal, 3 (late) red; the label is the server's. */
const STATUS_COLOR: Record<number, string | undefined> = { 2: 'teal', 3: 'red' };

function InstructionCard({ a }: { a: AssignmentWithSubmission }) {
  // Issue 42: a student shares the assignment with a classmate (the class is in the cache from the class page, or loads).
  const klass = useStudentClass(a.online_class.id).data;
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
        {klass && (
          <Group>
            <WhatsAppShareButton
              what={a.title}
              href={assignmentShareLink(klass, a, appLink(studentPaths.assignment(klass.id, a.id)), false)}
            />
          </Group>
        )}
        <MathText mt="xs" style={{ overflowWrap: 'anywhere' }}>
          {a.description}
        </MathText>
      </Stack>
    </Card>
  );
}

/** The teacher's feedback, set apart so it is read first. */
function Feedback({ text }: { text: string }) {
  return (
    <Alert variant="light" color="teal" title="Masukan guru" icon={<IconInfoCircle size={18} />}>
      <Text size="sm" className="kls-pre">
        {text}
      </Text>
    </Alert>
  );
}

/** "Submission Status": this student's deadline (an extension says "Diperpanjang"), closing time, status, grade and feedback. */
function StatusCard({ a }: { a: AssignmentWithSubmission }) {
  const s = a.submission;
  const rows: [string, ReactNode][] = [
    [
      'Status',
      <Text component="span" size="sm" c={STATUS_COLOR[s.status_id]} fw={s.status_id !== 1 ? 600 : undefined}>
        {s.status}
      </Text>,
    ],
    ['Grading Status', s.grading_status],
    [
      'Due Date',
      <Group component="span" gap={6}>
        <span>{formatDateTimeWib(s.deadline)}</span>
        {s.extended && (
          <Badge component="span" variant="light" color="violet" size="sm">
            Diperpanjang
          </Badge>
        )}
      </Group>,
    ],
    ...(s.closes_at ? ([['Ditutup', formatDateTimeWib(s.closes_at)]] as [string, ReactNode][]) : []),
    ['Submitted At', s.submitted_at ? formatDateTimeWib(s.submitted_at) : '-'],
    ['Score', s.score ?? (s.last_score !== null ? <LastGradeAwaiting score={s.last_score} /> : '-')],
  ];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="status-title">
      <Title order={3} id="status-title" mb="sm">
        Submission Status
      </Title>
      <FactsTable rows={rows} labelWidth={130} />
      {s.feedback && (
        <Stack mt="md">
          <Feedback text={s.feedback} />
        </Stack>
      )}
    </Card>
  );
}

/** Issue 39: the assignment's rubric, read before handing in; once graded with it, the chosen levels and comments. */
function RubricCard({ a }: { a: AssignmentWithSubmission }) {
  if (!a.rubric) return null;
  const marks = a.submission.score !== null ? a.submission.rubric_marks : null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="rubrik-title">
      <Title order={3} id="rubrik-title" mb="xs">
        {marks ? 'Penilaian rubrik' : 'Rubrik penilaian'}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {marks ? `Level yang dipilih gurumu pada rubrik ${a.rubric.title}.` : `Tugas ini dinilai dengan rubrik ${a.rubric.title}.`}
      </Text>
      <RubricView rubric={a.rubric} marks={marks} />
    </Card>
  );
}

/** Why the work cannot be handed in now (closed, graded), or null. */
function lockReason(a: AssignmentWithSubmission): string | null {
  const s = a.submission;
  if (s.can_hand_in) return null;
  if (s.score !== null && !s.returned_at) return 'Tugas yang sudah dinilai tidak dapat diganti lagi.';
  if (s.closes_at && Date.parse(s.closes_at) <= Date.now()) return `${SUBMISSION_MSG.closed} (${formatDateTimeWib(s.closes_at)}).`;
  return 'Tugas ini tidak dapat dikirim saat ini.';
}

/** "Tugasmu": what was handed in ("Terkirim pukul 14.05 WIB", files and answer), with "Ubah kiriman" and "Batalkan pengiriman" while allowed. */
function WorkCard({ a, onEdit }: { a: AssignmentWithSubmission; onEdit: () => void }) {
  const s = a.submission;
  const unsubmit = useUnsubmit(a.id, a.online_class.id);
  const locked = lockReason(a);
  const confirmUnsubmit = () =>
    modals.openConfirmModal({
      title: 'Batalkan pengiriman?',
      children: (
        <Text size="sm">
          Tugasmu kembali berstatus belum dikumpulkan. File dan jawabanmu tetap tersimpan; serahkan lagi sebelum tenggat agar tidak
          terlambat.
        </Text>
      ),
      labels: { confirm: 'Batalkan pengiriman', cancel: 'Tidak jadi' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        unsubmit.mutate(undefined, {
          onSuccess: (res) => toastSuccess(res.message ?? SUBMISSION_MSG.unsubmitted, TOAST_MS.long),
          onError: (err) => toastApiError(err, TOAST_MS.long, ''),
        }),
    });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="tugasmu-title">
      <Stack>
        <Group justify="space-between">
          <Title order={3} id="tugasmu-title">
            Tugasmu
          </Title>
          {s.grading_status === GRADING_STATUS.returned && (
            <Badge variant="light" color="orange">
              Dikembalikan
            </Badge>
          )}
        </Group>
        {s.submitted_at && (
          <Group gap={6} wrap="nowrap" role="status">
            <IconCircleCheck size={20} color="var(--mantine-color-teal-7)" aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" fw={600} c="teal.9">
              Terkirim {formatClockWib(s.submitted_at)}
            </Text>
          </Group>
        )}
        {s.grading_status === GRADING_STATUS.returned && s.can_hand_in && (
          <Text size="sm">Gurumu mengembalikan tugas ini. Perbaiki bila perlu, lalu serahkan lagi.</Text>
        )}
        {s.files.length > 0 ? (
          <SubmittedFiles files={s.files} label="File tugasmu" />
        ) : (
          <Text size="sm" c="dimmed">
            Tidak ada file.
          </Text>
        )}
        {s.text_answer && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Jawaban
            </Text>
            <Text size="sm" className="kls-pre">
              {s.text_answer}
            </Text>
          </Stack>
        )}
        {locked && (
          <Alert color="gray" icon={<IconLock size={18} />}>
            {locked}
          </Alert>
        )}
        {(s.can_hand_in || s.can_unsubmit) && (
          <Group justify="flex-end">
            {s.can_unsubmit && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconX size={16} />}
                onClick={confirmUnsubmit}
                loading={unsubmit.isPending}
              >
                Batalkan pengiriman
              </Button>
            )}
            {s.can_hand_in && (
              <Button leftSection={<IconEdit size={16} />} onClick={onEdit}>
                Ubah kiriman
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** One earlier, returned version: when, its score, the feedback and its files. */
function VersionItem({ v }: { v: SubmissionVersion }) {
  return (
    <Card component="li" withBorder padding="sm" radius="sm">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>Versi {v.version}</Text>
          <Badge variant="light" color={v.score === null ? 'gray' : 'teal'}>
            {v.score === null ? 'Belum dinilai' : `Nilai ${v.score}`}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          Diserahkan {formatDateTimeWib(v.submitted_at)}
          {v.returned_at ? ` · dikembalikan ${formatDateTimeWib(v.returned_at)}` : ''}
        </Text>
        {v.feedback && <Feedback text={v.feedback} />}
        {v.text_answer && (
          <Text size="sm" className="kls-pre">
            {v.text_answer}
          </Text>
        )}
        {v.files.length > 0 && <SubmittedFiles files={v.files} label={`File versi ${v.version}`} />}
      </Stack>
    </Card>
  );
}

function HistoryCard({ history }: { history: SubmissionVersion[] }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="riwayat-title">
      <Title order={3} id="riwayat-title" mb="sm">
        Riwayat pengumpulan
      </Title>
      <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {history.map((v) => (
          <VersionItem key={v.version} v={v} />
        ))}
      </Stack>
    </Card>
  );
}

function SubmissionView({ a }: { a: AssignmentWithSubmission }) {
  const s = a.submission;
  const [editing, setEditing] = useState(false);
  // Not handed in and still open: the form at once. Handed in: what was sent, and "Ubah kiriman" opens the form.
  const showForm = s.can_hand_in && (editing || !s.submitted_at);
  return (
    <>
      <InstructionCard a={a} />
      <RubricCard a={a} />
      <StatusCard a={a} />
      {showForm ? (
        <HandInForm
          key={s.revision}
          a={a}
          onDone={() => setEditing(false)}
          onCancel={s.submitted_at ? () => setEditing(false) : undefined}
        />
      ) : (
        <WorkCard a={a} onEdit={() => setEditing(true)} />
      )}
      {s.history.length > 0 && <HistoryCard history={s.history} />}
      <PrivateComments assignmentId={a.id} />
    </>
  );
}

/** /my-classes/:classId/submissions/:assignmentId — the assignment's instructions and the student's own work. */
export default function SubmissionPage() {
  const params = useParams();
  const assignmentId = Number(params.assignmentId);
  const navigate = useNavigate();
  const location = useLocation();
  const query = useSubmission(assignmentId);

  if (!Number.isInteger(assignmentId) || assignmentId <= 0) return <NotFoundPage />;
  if (isNotFound(query.error)) return <NotFoundPage />;

  // Back to where the student came from (dashboard, Tugas Saya or class page); a page opened directly goes to its class.
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(`/my-classes/${query.data?.online_class.id ?? params.classId}`));

  return (
    <Stack maw={860}>
      <Group gap="sm" wrap="nowrap">
        <ActionIcon variant="subtle" size="lg" aria-label="Kembali" onClick={back}>
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Title order={2}>Submission Detail</Title>
      </Group>
      <QueryState query={query}>{(a) => <SubmissionView a={a} />}</QueryState>
    </Stack>
  );
}
