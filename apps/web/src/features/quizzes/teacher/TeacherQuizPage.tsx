import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Anchor, Badge, Button, Card, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconEye, IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react';
import { QUIZ_MSG, type Quiz, type QuizResultRow } from '@kelasku/contract';
import { isNotFound } from '../../../api/client';
import { useClassArchived, useTeacherClass } from '../../../api/online-classes';
import { WhatsAppShareButton } from '../../../components/WhatsAppShareButton';
import { appLink, quizShareLink, studentPaths } from '../../../lib/whatsapp';
import { useDeleteQuiz, useQuizResults, useRegradeQuiz, useTeacherQuiz, type QuizRef } from '../../../api/quizzes';
import { confirmDelete } from '../../../components/ConfirmDelete';
import { QueryState } from '../../../components/QueryState';
import { formatDateTimeWib } from '../../../lib/format';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { lessonItemRef } from '../../../lib/route-params';
import { StudentCell } from './StudentCell';
import { NotFoundPage } from '../../../components/ErrorPages';
import { VisibilityBadge } from '../../../components/VisibilityBadge';
import { formatNumber } from '../../../components/QuestionKey';
import { QuizStatistics } from './QuizStatistics';
import { QuizStatusBadge, quizWindowText } from './QuizStatus';
import { attemptPath, editQuizPath, quizPath } from './paths';
import { SlotObjectives } from '../../learning-objectives/SlotObjectives';
import { OverridesPanel } from '../exam/OverridesPanel';

/** Issue 41: the proctor board of an exam-mode quiz. */
const proctorPath = (r: QuizRef) => `${quizPath(r)}/pengawas`;

/** /online-class/:classId/contents/:lessonId/quiz/:quizId — the quiz as its teacher sees it: results and statistics. */
export default function TeacherQuizPage() {
  const r = lessonItemRef(useParams(), 'quizId');
  return r ? <QuizView r={r} /> : <NotFoundPage />;
}

type Tab = 'hasil' | 'statistik' | 'soal' | 'pengecualian';
const TABS: readonly string[] = ['statistik', 'soal', 'pengecualian'];

function QuizView({ r }: { r: QuizRef }) {
  const quiz = useTeacherQuiz(r);
  const [search, setSearch] = useSearchParams();
  const tab: Tab = TABS.includes(search.get('tab') ?? '') ? (search.get('tab') as Tab) : 'hasil';
  const archived = useClassArchived(r.classId);
  useDocumentTitle(quiz.data ? `${quiz.data.title} | Kuis` : 'Kuis');

  if (isNotFound(quiz.error)) return <NotFoundPage />;
  return (
    <Stack>
      <Group>
        <Button component={Link} to={`/online-class/${r.classId}`} variant="subtle" leftSection={<IconArrowLeft size={18} />}>
          Kembali ke kelas
        </Button>
      </Group>
      <QueryState query={quiz}>
        {(q) => (
          <>
            <QuizHeader r={r} quiz={q} />
            <Tabs value={tab} onChange={(v) => setSearch(v && TABS.includes(v) ? { tab: v } : {}, { replace: true })} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="hasil">Hasil</Tabs.Tab>
                <Tabs.Tab value="statistik">Statistik</Tabs.Tab>
                <Tabs.Tab value="soal">Soal dan TP</Tabs.Tab>
                <Tabs.Tab value="pengecualian">Pengecualian siswa</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="hasil" pt="md">
                <Results r={r} />
              </Tabs.Panel>
              <Tabs.Panel value="statistik" pt="md">
                <QuizStatistics r={r} />
              </Tabs.Panel>
              <Tabs.Panel value="soal" pt="md">
                <SlotObjectives r={r} quiz={q} readOnly={archived} />
              </Tabs.Panel>
              <Tabs.Panel value="pengecualian" pt="md">
                <OverridesPanel r={r} readOnly={archived} />
              </Tabs.Panel>
            </Tabs>
          </>
        )}
      </QueryState>
    </Stack>
  );
}

const RESULTS_LABEL = {
  after_submit: 'segera setelah dikumpulkan',
  after_close: 'setelah kuis ditutup',
  never: 'tidak ditampilkan',
} as const;

function QuizHeader({ r, quiz }: { r: QuizRef; quiz: Quiz }) {
  const archived = useClassArchived(r.classId);
  const klass = useTeacherClass(r.classId).data;
  const del = useDeleteQuiz(r);
  const regrade = useRegradeQuiz(r);
  const navigate = useNavigate();

  const remove = () =>
    confirmDelete({
      title: 'Hapus Kuis',
      message:
        quiz.attempt_count > 0
          ? `Hapus kuis "${quiz.title}"? ${quiz.attempt_count} percobaan siswa beserta nilainya ikut terhapus.`
          : `Hapus kuis "${quiz.title}"?`,
      onConfirm: () =>
        del.mutate(undefined, {
          onSuccess: (res) => {
            toastSuccess(res.message ?? QUIZ_MSG.deleted);
            void navigate(`/online-class/${r.classId}`);
          },
        }),
    });

  const askRegrade = () =>
    modals.openConfirmModal({
      title: 'Nilai Ulang Kuis',
      children: (
        <Text size="sm">
          Semua jawaban yang dinilai otomatis dihitung ulang dengan kunci jawaban di bank soal saat ini. Nilai uraian dan nilai yang Anda
          ubah sendiri tidak berubah. Lanjutkan?
        </Text>
      ),
      labels: { confirm: 'Nilai ulang', cancel: 'Batal' },
      onConfirm: () =>
        regrade.mutate(undefined, {
          onSuccess: (res) => toastSuccess(res.message ?? QUIZ_MSG.regraded(res.data.regraded)),
          onError: (err) => toastError(errorMessage(err), 5000),
        }),
    });

  const attempts = quiz.attempts_allowed === 0 ? 'tidak terbatas' : `${quiz.attempts_allowed} kali`;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Badge variant="filled" color="grape">
                Kuis
              </Badge>
              <QuizStatusBadge quiz={quiz} />
              <VisibilityBadge visibility={quiz} />
              {quiz.exam_mode && (
                <Badge variant="light" color="indigo">
                  Mode ujian
                </Badge>
              )}
            </Group>
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {quiz.title}
            </Title>
          </Stack>
          <Group gap="xs">
            {quiz.exam_mode && (
              <Button leftSection={<IconEye size={16} />} component={Link} to={proctorPath(r)}>
                Pengawas ujian
              </Button>
            )}
            {!archived && (
              <>
                {klass && (
                  <WhatsAppShareButton
                    what={quiz.title}
                    href={quizShareLink(klass, quiz, appLink(studentPaths.quiz(r.classId, r.lessonId, r.id)))}
                  />
                )}
                <Button variant="light" leftSection={<IconPencil size={16} />} component={Link} to={editQuizPath(r)}>
                  Edit
                </Button>
                <Button
                  variant="light"
                  color="orange"
                  leftSection={<IconRefresh size={16} />}
                  onClick={askRegrade}
                  loading={regrade.isPending}
                  disabled={quiz.attempt_count === 0}
                >
                  Nilai ulang
                </Button>
                <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={remove} loading={del.isPending}>
                  Hapus
                </Button>
              </>
            )}
          </Group>
        </Group>
        <Text size="sm" fw={500}>
          {quizWindowText({ ...quiz, time_limit_minutes: null })}
        </Text>
        <Group gap="xs">
          <Badge variant="light" color="gray">{`${quiz.question_count} soal`}</Badge>
          <Badge variant="light" color="gray">
            {quiz.total_points === null ? 'Poin berbeda per siswa' : `${quiz.total_points} poin`}
          </Badge>
          <Badge variant="light" color="gray">
            {quiz.time_limit_minutes ? `Batas waktu ${quiz.time_limit_minutes} menit` : 'Tanpa batas waktu'}
          </Badge>
          <Badge variant="light" color="gray">{`Kesempatan ${attempts}`}</Badge>
          {quiz.attempts_allowed !== 1 && (
            <Badge variant="light" color="gray">
              {quiz.grading_method === 'highest' ? 'Nilai tertinggi' : 'Percobaan terakhir'}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Nilai ditampilkan ke siswa {RESULTS_LABEL[quiz.show_results]}
          {quiz.show_review ? ', dengan pembahasan.' : ', tanpa pembahasan.'}
          {quiz.shuffle_questions ? ' Soal diacak.' : ''}
          {quiz.shuffle_options ? ' Pilihan jawaban diacak.' : ''}
          {quiz.exam_mode
            ? ` Mode ujian: mulai dengan token${quiz.exam_leave_limit !== null ? `, dikumpulkan otomatis setelah keluar ${quiz.exam_leave_limit} kali` : ''}.`
            : ''}
          {quiz.one_per_page ? ' Satu soal per halaman.' : ' Semua soal dalam satu halaman.'}
        </Text>
        {quiz.description && (
          <Text size="sm" className="kls-pre">
            {quiz.description}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

// ---------------------------------------------------------------- Hasil

const formatScore = (score: number | null, max: number | null) =>
  score === null ? '–' : `${formatNumber(score)}${max !== null ? ` / ${formatNumber(max)}` : ''}`;

function Results({ r }: { r: QuizRef }) {
  const results = useQuizResults(r);
  return (
    <QueryState query={results}>
      {(rows) => {
        const started = rows.filter((row) => row.attempts.length > 0).length;
        const waiting = rows.filter((row) => row.needs_grading).length;
        return rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            Belum ada siswa di kelas ini.
          </Text>
        ) : (
          <Stack gap="sm">
            <Group gap="xs" role="group" aria-label="Ringkasan hasil">
              <Badge variant="light" color="teal" size="lg">{`${started} dari ${rows.length} siswa mengerjakan`}</Badge>
              {waiting > 0 && <Badge variant="light" color="yellow" size="lg">{`${waiting} perlu dinilai`}</Badge>}
            </Group>
            <Table.ScrollContainer minWidth={620}>
              <Table striped withTableBorder aria-label="Hasil kuis" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Siswa</Table.Th>
                    <Table.Th>Percobaan</Table.Th>
                    <Table.Th ta="center">Nilai (0–100)</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <ResultRow key={row.student.id} r={r} row={row} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="xs" c="dimmed">
              Pilih percobaan untuk melihat setiap jawaban, kuncinya, dan menilai soal uraian.
            </Text>
          </Stack>
        );
      }}
    </QueryState>
  );
}

function ResultRow({ r, row }: { r: QuizRef; row: QuizResultRow }) {
  const open = row.attempts.find((a) => a.finished_at === null);
  return (
    <Table.Tr>
      <StudentCell student={row.student} />
      <Table.Td>
        {row.attempts.length === 0 ? (
          <Text size="sm" c="dimmed">
            Belum mengerjakan
          </Text>
        ) : (
          <Stack gap={2}>
            {row.attempts.map((a) => (
              <Anchor
                key={a.id}
                component={Link}
                to={attemptPath(r, a.id)}
                size="sm"
                aria-label={`Percobaan ke-${a.number} ${row.student.name}`}
              >
                {`Ke-${a.number}: `}
                {a.finished_at === null
                  ? 'sedang mengerjakan'
                  : a.score === null
                    ? 'menunggu penilaian'
                    : formatScore(a.score, a.max_score)}
                {a.timed_out ? ' (waktu habis)' : ''}
              </Anchor>
            ))}
          </Stack>
        )}
      </Table.Td>
      <Table.Td ta="center">
        <Text fw={700} data-testid="grade">
          {row.grade === null ? '–' : formatNumber(row.grade, 1)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {row.needs_grading && (
            <Badge color="yellow" variant="light">
              Perlu dinilai
            </Badge>
          )}
          {open && (
            <Badge color="blue" variant="light" title={`Dimulai ${formatDateTimeWib(open.started_at)}`}>
              Sedang mengerjakan
            </Badge>
          )}
          {!row.needs_grading && !open && row.grade !== null && (
            <Badge color="teal" variant="light">
              Selesai
            </Badge>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
