import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  Badge,
  Button,
  Card,
  Group,
  Image,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconCheck, IconPencil, IconX } from '@tabler/icons-react';
import { LIMITS, QUIZ_MSG, type QuizAttemptDetail, type QuizAttemptItem } from '@kelasku/contract';
import { isNotFound } from '../../../api/client';
import { useGradeAnswer, useQuizAttempt, useTeacherQuiz, type QuizRef } from '../../../api/quizzes';
import { QueryState } from '../../../components/QueryState';
import { formatDateTimeWib } from '../../../lib/format';
import { errorMessage, toastError, toastSuccess } from '../../../lib/toast';
import { lessonItemRef, positiveId } from '../../../lib/route-params';
import { NotFoundPage } from '../../../components/ErrorPages';
import { TypeBadge, formatNumber, letter } from '../../../components/QuestionKey';
import { quizPath } from './paths';
import { AttemptGradeHistory } from '../../audit-log/GradeHistory';

/** /online-class/:classId/contents/:lessonId/quiz/:quizId/attempts/:attemptId — one attempt, every answer with its key; essays graded here. */
export default function AttemptPage() {
  const params = useParams();
  const r = lessonItemRef(params, 'quizId');
  const attemptId = positiveId(params.attemptId);
  if (r === null || attemptId === null) return <NotFoundPage />;
  return <AttemptView r={r} attemptId={attemptId} />;
}

function AttemptView({ r, attemptId }: { r: QuizRef; attemptId: number }) {
  const quiz = useTeacherQuiz(r);
  const attempt = useQuizAttempt(r, attemptId);
  useDocumentTitle(attempt.data ? `${attempt.data.student.name} | ${quiz.data?.title ?? 'Kuis'}` : 'Percobaan kuis');
  if (isNotFound(attempt.error)) return <NotFoundPage />;
  return (
    <Stack maw={960}>
      <Group>
        <Button component={Link} to={quizPath(r)} variant="subtle" leftSection={<IconArrowLeft size={18} />}>
          Kembali ke hasil
        </Button>
      </Group>
      {quiz.data && (
        <Text size="sm" c="dimmed">
          Kuis: {quiz.data.title}
        </Text>
      )}
      <QueryState query={attempt}>
        {(a) => (
          <>
            <AttemptHeader a={a} />
            <AttemptGradeHistory r={r} attemptId={attemptId} />
            <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
              {a.questions.map((item, i) => (
                <AnswerCard key={item.question.id} r={r} attempt={a} item={item} number={i + 1} />
              ))}
            </Stack>
          </>
        )}
      </QueryState>
    </Stack>
  );
}

/** "12 menit 5 detik" */
function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  return [h ? `${h} jam` : '', m ? `${m} menit` : '', !h && s ? `${s} detik` : ''].filter(Boolean).join(' ') || '0 detik';
}

function AttemptHeader({ a }: { a: QuizAttemptDetail }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {a.student.name}
            </Title>
            <Text size="sm" c="dimmed">
              NIS {a.student.nis ?? '-'} · Percobaan ke-{a.number}
            </Text>
          </div>
          <Group gap="xs">
            {a.finished_at === null && (
              <Badge color="blue" variant="light">
                Sedang mengerjakan
              </Badge>
            )}
            {a.timed_out && (
              <Badge color="orange" variant="light">
                Waktu habis
              </Badge>
            )}
            {a.needs_grading && (
              <Badge color="yellow" variant="light">
                Perlu dinilai
              </Badge>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Fact
            label="Skor"
            value={
              a.score !== null
                ? `${formatNumber(a.score)} / ${formatNumber(a.max_score ?? 0)}`
                : a.finished_at === null
                  ? 'Belum selesai'
                  : 'Menunggu penilaian'
            }
          />
          <Fact label="Nilai (0–100)" value={a.grade === null ? '–' : formatNumber(a.grade, 1)} testId="attempt-grade" />
          <Fact label="Mulai" value={formatDateTimeWib(a.started_at)} />
          <Fact label="Lama mengerjakan" value={duration(a.time_taken_seconds)} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="sm" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

// ---------------------------------------------------------------- one answer

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The options in the order this student saw them (the attempt's `order`), else as stored. */
function inShownOrder<T extends { id: string }>(items: T[], order: string[] | null): T[] {
  if (!order) return items;
  const rank = new Map(order.map((id, i) => [id, i]));
  return [...items].sort((x, y) => (rank.get(x.id) ?? 999) - (rank.get(y.id) ?? 999));
}

const Mark = ({ ok }: { ok: boolean }) => (
  <ThemeIcon
    size="sm"
    radius="xl"
    color={ok ? 'teal' : 'red'}
    variant="light"
    role="img"
    aria-label={ok ? 'Benar' : 'Salah'}
    style={{ flexShrink: 0 }}
  >
    {ok ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
  </ThemeIcon>
);

const NotAnswered = () => (
  <Text size="sm" c="dimmed" fs="italic">
    Tidak dijawab
  </Text>
);

/** The student's answer beside the key, as the question's type needs it. */
function AnswerWithKey({ item }: { item: QuizAttemptItem }) {
  const q = item.question;
  const answer = item.answer;
  switch (q.type) {
    case 'multiple_choice':
    case 'multiple_answer': {
      const chosen = new Set<string>(
        q.type === 'multiple_choice'
          ? isObject(answer) && typeof answer.option === 'string'
            ? [answer.option]
            : []
          : isObject(answer) && Array.isArray(answer.options)
            ? (answer.options as string[])
            : [],
      );
      return (
        <Stack gap={4}>
          {answer === null && <NotAnswered />}
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Pilihan jawaban">
            {inShownOrder(q.data.options, item.order).map((o, i) => {
              const picked = chosen.has(o.id);
              return (
                <Group
                  key={o.id}
                  component="li"
                  gap="xs"
                  wrap="nowrap"
                  p={4}
                  style={{
                    borderRadius: 6,
                    background: picked ? (o.correct ? 'var(--mantine-color-teal-0)' : 'var(--mantine-color-red-0)') : undefined,
                  }}
                >
                  <Text size="sm" fw={600} w={18}>
                    {letter(i)}
                  </Text>
                  <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }} fw={o.correct ? 600 : 400}>
                    {o.text}
                  </Text>
                  {picked && (
                    <Badge size="sm" variant="light" color={o.correct ? 'teal' : 'red'}>
                      Dipilih siswa
                    </Badge>
                  )}
                  {o.correct && (
                    <Badge size="sm" variant="outline" color="teal" leftSection={<IconCheck size={12} aria-hidden />}>
                      Kunci
                    </Badge>
                  )}
                </Group>
              );
            })}
          </Stack>
        </Stack>
      );
    }
    case 'true_false': {
      const value = isObject(answer) && typeof answer.value === 'boolean' ? answer.value : null;
      return (
        <Stack gap={4}>
          <Group gap="xs">
            <Text size="sm">Jawaban siswa:</Text>
            {value === null ? <NotAnswered /> : <Text fw={600}>{value ? 'Benar' : 'Salah'}</Text>}
            {value !== null && <Mark ok={value === q.data.answer} />}
          </Group>
          <Text size="sm">
            Kunci: <b>{q.data.answer ? 'Benar' : 'Salah'}</b>
          </Text>
        </Stack>
      );
    }
    case 'short_answer': {
      const text = isObject(answer) && typeof answer.text === 'string' ? answer.text : null;
      return (
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text size="sm" style={{ flexShrink: 0 }}>
              Jawaban siswa:
            </Text>
            {text === null || text.trim() === '' ? (
              <NotAnswered />
            ) : (
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {text}
              </Text>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Diterima: <b>{q.data.answers.join(' / ')}</b>
            {q.data.tolerance !== null && ` (± ${formatNumber(q.data.tolerance, 6)})`}
          </Text>
        </Stack>
      );
    }
    case 'matching': {
      const matches = isObject(answer) && isObject(answer.matches) ? (answer.matches as Record<string, string>) : {};
      const rightOf = new Map(q.data.pairs.map((p) => [p.id, p.right]));
      return (
        <Stack gap={4}>
          {answer === null && <NotAnswered />}
          <Table.ScrollContainer minWidth={420}>
            <Table withTableBorder withColumnBorders fz="sm" aria-label="Pasangan jawaban">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Pernyataan</Table.Th>
                  <Table.Th>Jawaban siswa</Table.Th>
                  <Table.Th>Kunci</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.pairs.map((p) => {
                  const given = matches[p.id];
                  return (
                    <Table.Tr key={p.id}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.left}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {given ? <Mark ok={given === p.id} /> : null}
                          <Text size="sm" c={given ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                            {given ? (rightOf.get(given) ?? '?') : '–'}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.right}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      );
    }
    case 'essay': {
      const text = isObject(answer) && typeof answer.text === 'string' ? answer.text : null;
      return text === null || text.trim() === '' ? (
        <NotAnswered />
      ) : (
        <Paper withBorder p="sm" bg="gray.0">
          <Text size="sm" className="kls-pre">
            {text}
          </Text>
        </Paper>
      );
    }
  }
}

function AnswerCard({ r, attempt, item, number }: { r: QuizRef; attempt: QuizAttemptDetail; item: QuizAttemptItem; number: number }) {
  const q = item.question;
  const essay = q.type === 'essay';
  const [editing, setEditing] = useState(false);
  const finished = attempt.finished_at !== null;
  const showForm = finished && (essay || editing);
  return (
    <Card
      withBorder
      component="li"
      aria-label={`Soal ${number}`}
      style={item.needs_grading ? { borderColor: 'var(--mantine-color-yellow-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Group gap={6}>
            <Title order={3} size="h6">
              Soal {number}
            </Title>
            <TypeBadge type={q.type} />
            {item.needs_grading && (
              <Badge color="yellow" variant="light">
                Perlu dinilai
              </Badge>
            )}
            {item.manual_points !== null && !essay && (
              <Badge color="grape" variant="light">
                Nilai diubah guru
              </Badge>
            )}
          </Group>
          <Text fw={700} size="sm" data-testid="points">
            {item.points === null ? '–' : formatNumber(item.points)} / {q.points} poin
          </Text>
        </Group>
        <Text size="sm" className="kls-pre">
          {q.text}
        </Text>
        {q.image && <Image src={q.image} alt={`Gambar soal ${number}`} mah={260} w="auto" fit="contain" radius="sm" />}
        <AnswerWithKey item={item} />
        {item.feedback && !showForm && (
          <Text size="sm">
            <b>Masukan:</b> {item.feedback}
          </Text>
        )}
        {showForm ? (
          <GradeAnswerForm r={r} attemptId={attempt.id} item={item} number={number} onDone={() => setEditing(false)} />
        ) : (
          finished && (
            <Group>
              <Button variant="subtle" size="xs" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
                Ubah nilai
              </Button>
            </Group>
          )
        )}
      </Stack>
    </Card>
  );
}

/** Points (0 to the question's points, halves allowed) and feedback for one answer. */
function GradeAnswerForm({
  r,
  attemptId,
  item,
  number,
  onDone,
}: {
  r: QuizRef;
  attemptId: number;
  item: QuizAttemptItem;
  number: number;
  onDone: () => void;
}) {
  const grade = useGradeAnswer(r, attemptId);
  const max = item.question.points;
  const [points, setPoints] = useState<number | string>(item.manual_points ?? item.points ?? '');
  const [feedback, setFeedback] = useState(item.feedback ?? '');
  const n = typeof points === 'number' ? points : Number(String(points).replace(',', '.'));
  const invalid = points === '' || !Number.isFinite(n) || n < 0 || n > max;

  const save = () => {
    if (invalid) return;
    grade.mutate(
      { questionId: item.question.id, body: { points: n, feedback: feedback.trim() || null } },
      {
        onSuccess: (res) => {
          toastSuccess(res.message ?? QUIZ_MSG.graded);
          onDone();
        },
        onError: (err) => toastError(errorMessage(err), 5000),
      },
    );
  };

  return (
    <form
      noValidate
      aria-label={`Nilai soal ${number}`}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Stack gap="xs">
        <NumberInput
          label={`Poin (0–${max})`}
          value={points}
          onChange={setPoints}
          min={0}
          max={max}
          step={0.5}
          decimalScale={2}
          decimalSeparator=","
          allowNegative={false}
          clampBehavior="none"
          w={{ base: '100%', xs: 200 }}
          error={points !== '' && invalid ? QUIZ_MSG.pointsRange(max) : undefined}
        />
        <Textarea
          label="Masukan untuk siswa"
          description="Opsional; terlihat oleh siswa bila hasil kuis ditampilkan."
          value={feedback}
          onChange={(e) => setFeedback(e.currentTarget.value)}
          maxLength={LIMITS.textMax}
          autosize
          minRows={2}
          maxRows={8}
        />
        <Group gap="xs">
          <Button type="submit" size="sm" disabled={invalid} loading={grade.isPending}>
            Simpan nilai
          </Button>
          {item.question.type !== 'essay' && (
            <Button variant="default" size="sm" onClick={onDone}>
              Batal
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
