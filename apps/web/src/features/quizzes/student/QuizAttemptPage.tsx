import { useCallback, useEffect, type ReactNode } from 'react';
import { Alert, Box, Button, Card, Collapse, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconArrowRight, IconCloudOff, IconHourglassHigh, IconListNumbers, IconSend } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { isNotFound } from '../../../api/client';
import { useStudentAttempt, useStudentQuiz, type LoadedAttempt, type StudentQuizRef as QuizRef } from '../../../api/quizzes';
import { QueryState } from '../../../components/QueryState';
import { NotFoundPage } from '../../../components/ErrorPages';
import { listNumbers } from './answers';
import { Countdown, QuestionNavigator } from './AttemptParts';
import { TIME_UP } from './format';
import { attemptPath, resultPath, useQuizParams } from './paths';
import { QuestionCard } from './QuestionCard';
import { useAttempt, type Attempt } from './useAttempt';
import { ExamBanner } from '../exam/ExamBanner';

function SubmitSummary({ unanswered, flagged, unsent }: { unanswered: number[]; flagged: number[]; unsent: number }) {
  return (
    <Stack gap="xs">
      {unanswered.length > 0 ? (
        <Alert color="orange" variant="light" p="xs">
          <Text size="sm" fw={600}>
            {unanswered.length} soal belum dijawab:
          </Text>
          <Text size="sm">Soal {listNumbers(unanswered)}</Text>
        </Alert>
      ) : (
        <Text size="sm">Semua soal sudah dijawab.</Text>
      )}
      {flagged.length > 0 && <Text size="sm">Soal yang kamu tandai: {listNumbers(flagged)}.</Text>}
      {unsent > 0 && (
        <Text size="sm" c="orange.9">
          {unsent} jawaban belum terkirim dan akan dikirim lebih dulu.
        </Text>
      )}
      <Text size="sm">Setelah dikumpulkan, jawaban tidak dapat diubah lagi.</Text>
    </Stack>
  );
}

function AttemptView({
  r,
  attempt,
  title,
  refresh,
}: {
  r: QuizRef;
  attempt: LoadedAttempt;
  title: string | undefined;
  refresh: () => void;
}) {
  const state = useAttempt(r, attempt, refresh);
  const { isPhone, questions, ending, disabled, answers, flags, statuses, index, go, navItems, onAnswer, onFlag, submitNow } = state;

  const confirmSubmit = () =>
    modals.openConfirmModal({
      title: 'Kumpulkan jawaban?',
      children: <SubmitSummary {...state.summary()} />,
      labels: { confirm: 'Kumpulkan', cancel: 'Kembali mengerjakan' },
      onConfirm: () => void submitNow(),
    });

  const card = (i: number) => {
    const q = questions[i]!;
    return (
      <QuestionCard
        key={q.id}
        question={q}
        number={i + 1}
        total={questions.length}
        answer={answers[q.id]}
        answered={navItems[i]!.answered}
        status={statuses.get(q.id)}
        flagged={flags.has(q.id)}
        disabled={disabled}
        onAnswer={onAnswer}
        onFlag={onFlag}
      />
    );
  };

  const submitButton = (
    <Button leftSection={<IconSend size={16} />} onClick={confirmSubmit} loading={ending === 'submitting'} disabled={disabled}>
      Kumpulkan
    </Button>
  );
  const numbers = <QuestionNavigator items={navItems} current={index} onGo={go} />;

  return (
    <Stack gap="md">
      {state.exam && <ExamBanner leaveCount={state.exam.leaveCount} leaveLimit={state.exam.leaveLimit} />}
      <AttemptBar state={state} submitButton={submitButton} numbers={numbers} />
      {ending === 'time-up' && (
        <Alert color="orange" icon={<IconHourglassHigh size={20} />} role="alert" title={TIME_UP}>
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Membuka hasil…</Text>
          </Group>
        </Alert>
      )}
      <div>
        <Title order={2} size="h3">
          {title ?? 'Kuis'}
        </Title>
        <Text size="sm" c="dimmed">
          Percobaan ke-{attempt.number} · {questions.length} soal · jawaban tersimpan otomatis
        </Text>
      </div>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {index !== null ? (
            <Stack gap="md">
              {card(index)}
              <Group justify="space-between">
                <Button variant="default" leftSection={<IconArrowLeft size={16} />} disabled={index === 0} onClick={() => go(index - 1)}>
                  Sebelumnya
                </Button>
                {index < questions.length - 1 ? (
                  <Button variant="light" rightSection={<IconArrowRight size={16} />} onClick={() => go(index + 1)}>
                    Berikutnya
                  </Button>
                ) : (
                  submitButton
                )}
              </Group>
            </Stack>
          ) : (
            <Stack gap="md">
              {questions.map((_, i) => card(i))}
              <Group justify="flex-end">{submitButton}</Group>
            </Stack>
          )}
        </Grid.Col>
        {!isPhone && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder padding="md" style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0rem) + 80px)' }}>
              {numbers}
            </Card>
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}

/** The bar that stays under the header while the student scrolls: the clock, the way to the list, "Kumpulkan", the connection. */
function AttemptBar({ state, submitButton, numbers }: { state: Attempt; submitButton: ReactNode; numbers: ReactNode }) {
  const { isPhone, online, questions, navOpen, setNavOpen, remaining, index, unsentCount } = state;
  return (
    <Card
      withBorder
      padding="xs"
      radius="md"
      style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0rem) + 4px)', zIndex: 5 }}
      shadow="sm"
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Countdown remaining={remaining} />
        <Group gap="xs" wrap="nowrap">
          {isPhone && (
            <Button
              variant="default"
              size="sm"
              px="xs"
              leftSection={<IconListNumbers size={16} />}
              aria-expanded={navOpen}
              onClick={() => setNavOpen((o) => !o)}
            >
              {index !== null ? `${index + 1}/${questions.length}` : 'Soal'}
            </Button>
          )}
          {submitButton}
        </Group>
      </Group>
      {(!online || unsentCount > 0) && (
        <Group gap={6} mt={6} wrap="nowrap" align="flex-start">
          <IconCloudOff size={16} color="var(--mantine-color-orange-9)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" c="orange.9" role="status">
            {!online ? 'Koneksi terputus. Jawabanmu disimpan di perangkat ini dan dikirim otomatis saat tersambung.' : ''}
            {!online && unsentCount > 0 ? ' ' : ''}
            {unsentCount > 0 ? `${unsentCount} jawaban belum terkirim.` : ''}
          </Text>
        </Group>
      )}
      {isPhone && (
        <Collapse expanded={navOpen}>
          <Box pt="sm">{numbers}</Box>
        </Collapse>
      )}
    </Card>
  );
}

/**
 * Exam mode: the attempt is read again every 30 s and when the student comes back to the page, so
 * time the proctor added shows on the clock, and an attempt the proctor submitted opens its result.
 */
function useExamRefresh(exam: boolean, refetch: () => unknown) {
  useEffect(() => {
    if (!exam) return;
    const timer = setInterval(() => void refetch(), 30_000);
    return () => clearInterval(timer);
  }, [exam, refetch]);
  return useCallback(() => void refetch(), [refetch]);
}

/** /my-classes/:classId/contents/:lessonId/quizzes/:quizId/attempts/:attemptId — the attempt, one question per page or all at once. */
export default function QuizAttemptPage() {
  const { ref, attemptId } = useQuizParams();
  const attempt = useStudentAttempt(ref, attemptId);
  const quiz = useStudentQuiz(ref);
  const refresh = useExamRefresh(attempt.data?.exam != null, attempt.refetch);
  const valid = [ref.classId, ref.lessonId, ref.quizId, attemptId].every((n) => Number.isInteger(n) && n > 0);
  if (!valid) return <NotFoundPage />;
  if (isNotFound(attempt.error)) return <NotFoundPage />;
  return (
    <Box maw={1100}>
      <QueryState query={attempt}>
        {(a) =>
          a.finished_at ? (
            <Navigate to={resultPath(ref, a.id)} replace />
          ) : (
            <AttemptView key={attemptPath(ref, a.id)} r={ref} attempt={a} title={quiz.data?.quiz.title} refresh={refresh} />
          )
        }
      </QueryState>
    </Box>
  );
}
