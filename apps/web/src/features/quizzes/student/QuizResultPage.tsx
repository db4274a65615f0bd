import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconHourglassHigh, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { QUESTION_TYPE_LABELS } from '@kelasku/contract';
import { ApiError, isNotFound } from '../../../api/client';
import { useAttemptReview, useStudentQuiz, type StudentQuizRef as QuizRef } from '../../../api/quizzes';
import { QueryState } from '../../../components/QueryState';
import { formatDateTimeWib } from '../../../lib/format';
import { NotFoundPage } from '../../../components/ErrorPages';
import { MathText } from '../../../components/MathText';
import { answerLines, keyLines } from './answers';
import { formatPoints, hiddenScoreText, scoreText, TIME_UP } from './format';
import { quizPath, useQuizParams, type ResultState } from './paths';
import type { AttemptReview, ReviewQuestion, StudentQuizView } from './types';
import { SaverImage } from '../../../components/SaverImage';

/** Right, wrong, partly right, or waiting for the teacher (an essay): from the points given. */
function Verdict({ q }: { q: ReviewQuestion }) {
  if (q.points_awarded === undefined) return null;
  if (q.points_awarded === null) {
    return (
      <Badge variant="light" color="yellow">
        Menunggu penilaian
      </Badge>
    );
  }
  const [label, color] =
    q.points_awarded >= q.points ? ['Benar', 'teal'] : q.points_awarded <= 0 ? ['Salah', 'red'] : ['Sebagian benar', 'yellow'];
  return (
    <Badge variant="light" color={color}>
      {label} · {formatPoints(q.points_awarded)}/{formatPoints(q.points)} poin
    </Badge>
  );
}

function Lines({ lines, empty }: { lines: string[]; empty: string }) {
  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      {lines.map((l, i) => (
        <MathText key={i} size="sm">
          {l}
        </MathText>
      ))}
    </Stack>
  );
}

function ReviewItem({ q, number, showKey }: { q: ReviewQuestion; number: number; showKey: boolean }) {
  const headingId = `hasil-soal-${number}`;
  return (
    <Card component="li" withBorder padding="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <div>
            <Title order={3} size="h5" id={headingId}>
              Soal {number}
            </Title>
            <Text size="xs" c="dimmed">
              {QUESTION_TYPE_LABELS[q.type]} · {q.points} poin
            </Text>
          </div>
          <Verdict q={q} />
        </Group>
        <MathText>{q.text}</MathText>
        {q.image && <SaverImage src={q.image} alt={`Gambar soal ${number}`} radius="sm" fit="contain" mah={300} w="auto" maw="100%" />}
        <div>
          <Text size="sm" fw={600}>
            Jawabanmu
          </Text>
          <Lines lines={answerLines(q, q.answer)} empty="Tidak dijawab" />
          {q.answer_feedback && (
            <Text size="sm" component="div" mt={4} pl="xs" style={{ borderLeft: '3px solid var(--mantine-color-blue-4)' }}>
              <Text span size="sm" fw={600} c="blue.9">
                Umpan balik:
              </Text>{' '}
              <MathText span size="sm">
                {q.answer_feedback}
              </MathText>
            </Text>
          )}
        </div>
        {showKey && q.key && (
          <div>
            <Text size="sm" fw={600} c="teal.9">
              Jawaban benar
            </Text>
            <Lines lines={keyLines(q, q.key)} empty={q.type === 'essay' ? 'Dinilai oleh guru' : '—'} />
          </div>
        )}
        {q.feedback && (
          <Alert variant="light" color="teal" title="Masukan guru" p="xs">
            <MathText size="sm">{q.feedback}</MathText>
          </Alert>
        )}
        {q.general_feedback && (
          <Alert variant="light" color="blue" title="Umpan balik umum" p="xs">
            <MathText size="sm">{q.general_feedback}</MathText>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** The score where the teacher shows it; else why not ("…setelah kuis ditutup", "Guru tidak menampilkan nilai"). */
function ScoreCard({ rv, quiz }: { rv: AttemptReview; quiz: StudentQuizView['quiz'] | undefined }) {
  const shown = rv.results_visible && rv.score !== null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="nilai-title">
      <Stack gap={6}>
        <Title order={2} size="h3" id="nilai-title">
          Hasil percobaan ke-{rv.number}
        </Title>
        <Text size="sm" c="dimmed">
          {rv.timed_out ? 'Ditutup otomatis karena waktu habis' : 'Dikumpulkan'} {formatDateTimeWib(rv.finished_at)}
        </Text>
        {shown ? (
          <Group gap="lg" align="baseline" mt="xs">
            {rv.grade !== null && (
              <Text fz={40} fw={800} c="teal.9" lh={1} aria-label={`Nilai ${rv.grade}`}>
                {rv.grade}
              </Text>
            )}
            <Text fw={600}>{scoreText(rv)} poin</Text>
          </Group>
        ) : (
          <Alert color="gray" icon={<IconLock size={18} />} mt="xs">
            {!rv.results_visible && quiz
              ? hiddenScoreText(quiz)
              : rv.needs_grading
                ? 'Nilai akan muncul setelah guru menilai jawaban uraianmu'
                : 'Nilai belum tersedia'}
            {!rv.results_visible && quiz?.show_results === 'after_close' && quiz.closes_at
              ? ` (${formatDateTimeWib(quiz.closes_at)}).`
              : '.'}
          </Alert>
        )}
        {shown && rv.needs_grading && (
          <Text size="sm" c="dimmed">
            Sebagian jawaban (uraian) masih menunggu penilaian guru; nilaimu bisa berubah.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function ResultView({ r, rv, view }: { r: QuizRef; rv: AttemptReview; view: StudentQuizView | undefined }) {
  return (
    <Stack>
      <ScoreCard rv={rv} quiz={view?.quiz} />
      <section aria-labelledby="tinjauan-title">
        <Title order={2} size="h4" id="tinjauan-title" mb="sm">
          Tinjauan jawaban
        </Title>
        {!rv.review_visible && (
          <Text size="sm" c="dimmed" mb="sm">
            Guru tidak menampilkan kunci jawaban untuk kuis ini.
          </Text>
        )}
        <Stack component="ol" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {rv.questions.map((q, i) => (
            <ReviewItem key={q.id} q={q} number={i + 1} showKey={rv.review_visible} />
          ))}
        </Stack>
      </section>
      <Group>
        <Button component={Link} to={quizPath(r)} variant="light">
          {view?.can_start ? 'Kembali ke kuis (kerjakan lagi)' : 'Kembali ke kuis'}
        </Button>
      </Group>
    </Stack>
  );
}

/** …/quizzes/:quizId/attempts/:attemptId/result — the score (where shown) and each question with the student's answer. */
export default function QuizResultPage() {
  const { ref, attemptId } = useQuizParams();
  const location = useLocation();
  const ended = (location.state as ResultState | null)?.ended;
  const review = useAttemptReview(ref, attemptId);
  const quiz = useStudentQuiz(ref);
  const valid = [ref.classId, ref.lessonId, ref.quizId, attemptId].every((n) => Number.isInteger(n) && n > 0);
  if (!valid) return <NotFoundPage />;
  if (isNotFound(review.error)) return <NotFoundPage />;
  return (
    <Stack maw={860}>
      <Group gap="sm" wrap="nowrap">
        <ActionIcon component={Link} to={quizPath(ref)} variant="subtle" size="lg" aria-label="Kembali ke kuis">
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {quiz.data?.quiz.title ?? 'Kuis'}
        </Text>
      </Group>
      {(ended === 'time-up' || review.data?.timed_out) && (
        <Alert color="orange" icon={<IconHourglassHigh size={20} />} role="alert">
          {TIME_UP}
        </Alert>
      )}
      {review.error instanceof ApiError && review.error.status === 409 ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          Jawabanmu sedang dikumpulkan. Muat ulang halaman ini sebentar lagi.
        </Alert>
      ) : (
        <QueryState query={review}>{(rv) => <ResultView r={ref} rv={rv} view={quiz.data} />}</QueryState>
      )}
    </Stack>
  );
}
