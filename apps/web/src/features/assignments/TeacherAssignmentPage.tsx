import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Badge, Button, Card, Divider, Group, NavLink, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconKeyboard, IconPencil, IconTrash } from '@tabler/icons-react';
import { ASSIGNMENT_MSG, LIMITS, TRUNCATE, type Assignment, type AssignmentStudent } from '@kelasku/contract';
import { isNotFound } from '../../api/client';
import { useDeleteAssignment, useTeacherAssignment, type AssignmentRef, type GradingColumn } from '../../api/assignments';
import { useAssignmentStudents } from '../../api/grading';
import { confirmDelete } from '../../components/ConfirmDelete';
import { LoadingDots } from '../../components/LoadingDots';
import { MathText } from '../../components/MathText';
import { QueryState } from '../../components/QueryState';
import { UserAvatar } from '../../components/UserAvatar';
import { NotFoundPage } from '../../components/ErrorPages';
import { formatDateTime, formatDateTimeWib, truncate } from '../../lib/format';
import { toastSuccess } from '../../lib/toast';
import { AssignmentFormModal } from './AssignmentFormModal';
import { DownloadAllButton } from './DownloadAllButton';
import { useClassArchived, useTeacherClass } from '../../api/online-classes';
import { WhatsAppShareButton } from '../../components/WhatsAppShareButton';
import { appLink, assignmentShareLink, studentPaths } from '../../lib/whatsapp';
import { useLiveTopic } from '../../live/useLiveTopic';
import { lessonItemRef } from '../../lib/route-params';
import { assignmentPath, studentWorkPath } from './paths';

/** /online-class/:classId/contents/:lessonId/assignment/:assignmentId — everything loads by id, so a reload works. */
export default function TeacherAssignmentPage() {
  const r = lessonItemRef(useParams(), 'assignmentId');
  return r ? <AssignmentView r={r} /> : <NotFoundPage />;
}

type Tab = 'instruksi' | 'penilaian';

/**
 * The tab the page opens on: the one in the address (`?tab=`), else "Penilaian Tugas" once a hand-in
 * waits to be graded (Diserahkan is not empty), else "Instruksi Tugas". Decided once per visit, so
 * grading the last piece of work does not move the teacher off the tab; `deciding` while that list loads.
 */
function useOpeningTab(r: AssignmentRef, assignmentLoaded: boolean): { tab: Tab; deciding: boolean; choose: (t: Tab) => void } {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const chosen: Tab | null = asked === 'penilaian' || asked === 'instruksi' ? asked : null;
  // The same list (and cache) as the Diserahkan column.
  const waiting = useAssignmentStudents(r, 'ungrading', assignmentLoaded && chosen === null);
  const [opening, setOpening] = useState<Tab | null>(null);
  if (opening === null && chosen === null && (waiting.isSuccess || waiting.isError)) {
    setOpening(waiting.isSuccess && waiting.data.length > 0 ? 'penilaian' : 'instruksi');
  }
  return {
    tab: chosen ?? opening ?? 'instruksi',
    deciding: chosen === null && opening === null && waiting.isLoading,
    choose: (t) => setSearch({ tab: t }, { replace: true }),
  };
}

function AssignmentView({ r }: { r: AssignmentRef }) {
  useLiveTopic({ assignment: r });
  const query = useTeacherAssignment(r);
  const { tab, deciding, choose } = useOpeningTab(r, query.isSuccess);

  // Another teacher's assignment (or one deleted meanwhile) is a 404 from the server.
  if (isNotFound(query.error)) return <NotFoundPage />;

  return (
    <Stack>
      <Group>
        <Button component={Link} to={`/online-class/${r.classId}`} variant="subtle" leftSection={<IconArrowLeft size={18} />}>
          Kembali ke kelas
        </Button>
      </Group>
      <QueryState query={query}>
        {(assignment) =>
          deciding ? (
            <LoadingDots />
          ) : (
            <Tabs value={tab} onChange={(v) => choose(v === 'penilaian' ? 'penilaian' : 'instruksi')} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="instruksi">Instruksi Tugas</Tabs.Tab>
                <Tabs.Tab value="penilaian">Penilaian Tugas</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="instruksi" pt="md">
                <Instructions r={r} assignment={assignment} />
              </Tabs.Panel>
              <Tabs.Panel value="penilaian" pt="md">
                <Grading r={r} title={assignment.title} />
              </Tabs.Panel>
            </Tabs>
          )
        }
      </QueryState>
    </Stack>
  );
}

// ---------------------------------------------------------------- Instruksi Tugas

function Instructions({ r, assignment }: { r: AssignmentRef; assignment: Assignment }) {
  const [editing, setEditing] = useState(false);
  const archived = useClassArchived(r.classId);
  const klass = useTeacherClass(r.classId).data;
  const del = useDeleteAssignment(r);
  const navigate = useNavigate();

  const remove = () =>
    confirmDelete({
      title: 'Hapus Assignment',
      message: `Hapus assignment "${assignment.title}"? Semua tugas yang sudah dikumpulkan siswa ikut terhapus.`,
      onConfirm: () =>
        del.mutate(undefined, {
          onSuccess: (res) => {
            toastSuccess(res.message ?? ASSIGNMENT_MSG.deleted);
            navigate(`/online-class/${r.classId}`);
          },
        }),
    });

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Title order={2}>{assignment.title}</Title>
            <Text size="sm" c="dimmed">
              {assignment.author} · Dibuat {formatDateTime(assignment.created_at)}
            </Text>
          </Stack>
          {!archived && (
            <Group gap="xs">
              {klass && (
                <WhatsAppShareButton
                  what={assignment.title}
                  href={assignmentShareLink(klass, assignment, appLink(studentPaths.assignment(r.classId, r.id)))}
                />
              )}
              <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                Edit
              </Button>
              <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={remove} loading={del.isPending}>
                Hapus
              </Button>
            </Group>
          )}
        </Group>
        <Group gap="md">
          <Badge variant="light" size="lg">
            {LIMITS.scoreMax} poin
          </Badge>
          <Text size="sm" fw={500}>
            Tenggat: {formatDateTimeWib(assignment.deadline)}
          </Text>
          {assignment.closes_at && (
            <Text size="sm" fw={500}>
              Ditutup: {formatDateTimeWib(assignment.closes_at)}
            </Text>
          )}
        </Group>
        <Divider />
        <MathText style={{ overflowWrap: 'anywhere' }}>{assignment.description}</MathText>
      </Stack>
      <AssignmentFormModal
        classId={r.classId}
        lessonId={r.lessonId}
        opened={editing}
        onClose={() => setEditing(false)}
        assignment={assignment}
      />
    </Card>
  );
}

// ---------------------------------------------------------------- Penilaian Tugas

const COLUMNS: Array<{ key: GradingColumn; label: string; empty: string }> = [
  { key: 'ungrading', label: 'Diserahkan', empty: 'Belum ada tugas yang perlu dinilai' },
  { key: 'unsubmitted', label: 'Ditugaskan', empty: 'Semua siswa sudah mengumpulkan' },
  { key: 'graded', label: 'Dinilai', empty: 'Belum ada tugas yang dinilai' },
];

function Grading({ r, title }: { r: AssignmentRef; title: string }) {
  const lists = {
    ungrading: useAssignmentStudents(r, 'ungrading', true),
    unsubmitted: useAssignmentStudents(r, 'unsubmitted', true),
    graded: useAssignmentStudents(r, 'graded', true),
  };
  const count = (k: GradingColumn) => lists[k].data?.length;
  const loaded = COLUMNS.every((c) => count(c.key) !== undefined);
  const total = loaded ? COLUMNS.reduce((n, c) => n + (count(c.key) ?? 0), 0) : undefined;
  const handedIn = (count('ungrading') ?? 0) + (count('graded') ?? 0);

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          Penilaian: {title}
        </Title>
        <Group gap="xs">
          <Button component={Link} to={`${assignmentPath(r)}/cepat`} variant="light" leftSection={<IconKeyboard size={16} aria-hidden />}>
            Penilaian cepat
          </Button>
          <DownloadAllButton r={r} disabled={loaded && handedIn === 0} />
        </Group>
      </Group>
      <SimpleGrid cols={3} spacing="sm" role="group" aria-label="Ringkasan pengumpulan">
        <Summary label="Diserahkan" value={count('ungrading')} />
        <Summary label="Diberikan" value={total} />
        <Summary label="Dinilai" value={count('graded')} />
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Pilih siswa untuk melihat dan menilai tugasnya.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {COLUMNS.map((c) => (
          <Card key={c.key} withBorder padding="sm" component="section" aria-label={c.label}>
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Title order={3} size="h5">
                {c.label}
              </Title>
              <Badge variant="light" color={c.key === 'unsubmitted' ? 'gray' : c.key === 'graded' ? 'teal' : 'blue'}>
                {count(c.key) ?? '…'}
              </Badge>
            </Group>
            <QueryState query={lists[c.key]}>
              {(students) =>
                students.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {c.empty}
                  </Text>
                ) : (
                  <Stack gap={2}>
                    {students.map((s) => (
                      <StudentLink key={s.student_id} r={r} s={s} />
                    ))}
                  </Stack>
                )
              }
            </QueryState>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** A student of a column: opens their work in the grading view. */
function StudentLink({ r, s }: { r: AssignmentRef; s: AssignmentStudent }) {
  const sub = s.submission;
  const marks = [
    sub?.status_id === 3 ? 'Terlambat' : null,
    sub?.returned_at ? 'Dikembalikan' : null,
    s.extended ? 'Diperpanjang' : null,
  ].filter((m): m is string => m !== null);
  return (
    <NavLink
      component={Link}
      to={studentWorkPath(r, s.student_id)}
      title={s.name}
      // The whole name for screen readers (the label is cut at 25 characters), with the marks and the score.
      aria-label={[s.name, ...marks, sub?.score != null ? `nilai ${sub.score}` : null].filter(Boolean).join(', ')}
      label={truncate(s.name, TRUNCATE.gradingStudentName)}
      description={marks.length ? marks.join(' · ') : undefined}
      leftSection={<UserAvatar src={s.avatar} name={s.name} size="sm" />}
      rightSection={
        sub?.score != null ? (
          <Badge size="sm" variant="outline">
            {sub.score}
          </Badge>
        ) : undefined
      }
    />
  );
}

function Summary({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder p="sm" ta="center">
      <Text size="xl" fw={700}>
        {value ?? '…'}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}
