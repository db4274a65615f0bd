import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  Badge,
  Button,
  Card,
  Divider,
  Grid,
  Group,
  NavLink,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconFileText, IconPencil, IconTrash } from '@tabler/icons-react';
import { ASSIGNMENT_MSG, LIMITS, MSG, TOAST_MS, TRUNCATE, type Assignment, type AssignmentStudent } from '@kelasku/contract';
import { ApiError } from '../../api/client';
import {
  useAssignmentStudents,
  useDeleteAssignment,
  useGrade,
  useTeacherAssignment,
  type AssignmentRef,
  type GradingColumn,
} from '../../api/assignments';
import { confirmDelete } from '../../components/ConfirmDelete';
import { QueryState } from '../../components/QueryState';
import { UserAvatar } from '../../components/UserAvatar';
import { NotFoundPage } from '../errors/ErrorPages';
import { formatDateTime, formatDateTimeWib, truncate } from '../../lib/format';
import { toastApiError, toastError, toastSuccess } from '../../lib/toast';
import { AssignmentFormModal } from './AssignmentFormModal';
import { FileLink } from '../../components/FileLink';
import { useClassArchived } from '../../api/teacher-classes';

const positiveId = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** /online-class/:classId/contents/:contentId/assignment/:assignmentId — everything loads by id, so a reload works. */
export default function TeacherAssignmentPage() {
  const params = useParams();
  const classId = positiveId(params.classId);
  const contentId = positiveId(params.contentId);
  const id = positiveId(params.assignmentId);
  if (classId === null || contentId === null || id === null) return <NotFoundPage />;
  return <AssignmentView r={{ classId, contentId, id }} />;
}

type Tab = 'instruksi' | 'penilaian';

function AssignmentView({ r }: { r: AssignmentRef }) {
  const query = useTeacherAssignment(r);
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('tab') === 'penilaian' ? 'penilaian' : 'instruksi';

  // Another teacher's assignment (or one deleted meanwhile) is a 404 from the server.
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;

  return (
    <Stack>
      <Group>
        <Button component={Link} to={`/online-class/${r.classId}`} variant="subtle" leftSection={<IconArrowLeft size={18} />}>
          Kembali ke kelas
        </Button>
      </Group>
      <QueryState query={query}>
        {(assignment) => (
          <Tabs value={tab} onChange={(v) => setSearch(v === 'penilaian' ? { tab: v } : {}, { replace: true })} keepMounted={false}>
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
        )}
      </QueryState>
    </Stack>
  );
}

// ---------------------------------------------------------------- Instruksi Tugas

function Instructions({ r, assignment }: { r: AssignmentRef; assignment: Assignment }) {
  const [editing, setEditing] = useState(false);
  const archived = useClassArchived(r.classId);
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
        </Group>
        <Divider />
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{assignment.description}</Text>
      </Stack>
      <AssignmentFormModal
        classId={r.classId}
        contentId={r.contentId}
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
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const count = (k: GradingColumn) => lists[k].data?.length;
  const loaded = COLUMNS.every((c) => count(c.key) !== undefined);
  const total = loaded ? COLUMNS.reduce((n, c) => n + (count(c.key) ?? 0), 0) : undefined;

  // The chosen student is found wherever they are now (grading moves them from Diserahkan to Dinilai).
  let selected: { entry: AssignmentStudent; column: GradingColumn } | null = null;
  for (const c of COLUMNS) {
    const entry = lists[c.key].data?.find((s) => s.student_id === selectedId);
    if (entry) selected = { entry, column: c.key };
  }

  return (
    <Stack>
      <Title order={2} size="h3">
        Penilaian: {title}
      </Title>
      <SimpleGrid cols={3} spacing="sm" role="group" aria-label="Ringkasan pengumpulan">
        <Summary label="Diserahkan" value={count('ungrading')} />
        <Summary label="Diberikan" value={total} />
        <Summary label="Dinilai" value={count('graded')} />
      </SimpleGrid>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
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
                          <NavLink
                            key={s.student_id}
                            component="button"
                            type="button"
                            title={s.name}
                            label={truncate(s.name, TRUNCATE.gradingStudentName)}
                            leftSection={<UserAvatar src={s.avatar} name={s.name} size="sm" />}
                            rightSection={
                              c.key === 'graded' && s.submission?.score != null ? (
                                <Badge size="sm" variant="outline">
                                  {s.submission.score}
                                </Badge>
                              ) : undefined
                            }
                            active={s.student_id === selectedId}
                            aria-current={s.student_id === selectedId ? 'true' : undefined}
                            onClick={() => setSelectedId(s.student_id)}
                          />
                        ))}
                      </Stack>
                    )
                  }
                </QueryState>
              </Card>
            ))}
          </SimpleGrid>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          {selected ? (
            <StudentWork r={r} entry={selected.entry} column={selected.column} />
          ) : (
            <Card withBorder padding="lg">
              <Text c="dimmed" size="sm">
                Pilih siswa untuk melihat tugas yang dikumpulkan.
              </Text>
            </Card>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
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

/** The chosen student's file and score, and the grading form when they handed something in. */
function StudentWork({ r, entry, column }: { r: AssignmentRef; entry: AssignmentStudent; column: GradingColumn }) {
  const sub = entry.submission;
  const archived = useClassArchived(r.classId);
  const ref = useRef<HTMLElement>(null);
  // On narrow screens the panel sits below the three lists: bring the chosen student's work into view.
  useEffect(() => {
    if (window.matchMedia('(max-width: 75em)').matches) ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [entry.student_id]);
  return (
    <Card ref={ref} withBorder padding="lg" component="section" aria-label="Tugas siswa">
      <Stack gap="sm">
        <Group wrap="nowrap">
          <UserAvatar src={entry.avatar} name={entry.name} />
          <div>
            <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {entry.name}
            </Title>
            {entry.nis && (
              <Text size="sm" c="dimmed">
                NIS {entry.nis}
              </Text>
            )}
          </div>
        </Group>
        {column === 'unsubmitted' || !sub ? (
          <Text size="sm" c="dimmed">
            Siswa ini belum mengumpulkan tugas.
          </Text>
        ) : (
          <>
            <div>
              <Text size="sm" fw={500}>
                File Submission
              </Text>
              <FileLink href={sub.file} title={sub.filename} style={{ overflowWrap: 'anywhere' }}>
                <Group gap={6} wrap="nowrap" component="span">
                  <IconFileText size={18} aria-hidden />
                  <span>{truncate(sub.filename, TRUNCATE.filename)}</span>
                </Group>
              </FileLink>
            </div>
            <Group gap="xs">
              <Text size="sm">Dikumpulkan {formatDateTimeWib(sub.submitted_at)}</Text>
              <Badge size="sm" color={sub.status_id === 3 ? 'red' : 'teal'} variant="light">
                {sub.status}
              </Badge>
            </Group>
            <div>
              <Text size="sm" fw={500}>
                Nilai
              </Text>
              <Text size="lg" fw={700} data-testid="score">
                {sub.score ?? 'Belum dinilai'}
              </Text>
            </div>
            {!archived && (
              <GradeForm
                key={`${entry.student_id}:${sub.file_id}`}
                r={r}
                studentId={entry.student_id}
                fileId={sub.file_id}
                score={sub.score}
              />
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

const SCORE_ERROR = `${MSG.scoreRange} please try again!`;

function GradeForm({ r, studentId, fileId, score }: { r: AssignmentRef; studentId: number; fileId: number; score: number | null }) {
  const grade = useGrade(r);
  const [value, setValue] = useState<string | number>(score ?? '');

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (value === '' || grade.isPending) return;
        const n = typeof value === 'number' ? value : Number(value);
        // Checked here too, so an out-of-range score is never sent (SPEC §8).
        if (!Number.isInteger(n) || n < LIMITS.scoreMin || n > LIMITS.scoreMax) {
          toastError(SCORE_ERROR, TOAST_MS.short);
          return;
        }
        // The promise, not mutate's callbacks: those are dropped if this form unmounts meanwhile.
        grade.mutateAsync({ student_id: studentId, score: n, file_id: fileId }).then(
          (res) => toastSuccess(res.message ?? ASSIGNMENT_MSG.graded, TOAST_MS.short),
          (err: unknown) => toastApiError(err, TOAST_MS.short),
        );
      }}
    >
      <Group align="flex-end" wrap="nowrap">
        <NumberInput
          label="Nilai (0–100)"
          value={value}
          onChange={setValue}
          allowDecimal={false}
          clampBehavior="none"
          min={LIMITS.scoreMin}
          max={LIMITS.scoreMax}
          style={{ flex: 1 }}
        />
        <Button type="submit" disabled={value === ''} loading={grade.isPending}>
          {score === null ? 'Beri Nilai' : 'Ubah Nilai'}
        </Button>
      </Group>
    </form>
  );
}
