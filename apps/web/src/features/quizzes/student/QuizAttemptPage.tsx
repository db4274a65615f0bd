import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Alert, Box, Button, Card, Collapse, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconArrowLeft, IconArrowRight, IconCloudOff, IconHourglassHigh, IconListNumbers, IconSend } from '@tabler/icons-react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { TOAST_MS } from '@kelasku/contract';
import { ApiError, isNotFound } from '../../../api/client';
import {
  saveAnswer,
  useStudentAttempt,
  useStudentQuiz,
  useSubmitAttempt,
  type LoadedAttempt,
  type QuizRef,
} from '../../../api/student-quizzes';
import { QueryState } from '../../../components/QueryState';
import { toastApiError, toastError, toastSuccess } from '../../../lib/toast';
import { NotFoundPage } from '../../errors/ErrorPages';
import { AnswerSaver, dropAttempt, readUnsent } from './answer-queue';
import { isAnswered, listNumbers, mergeAnswers, readFlags, unansweredNumbers, writeFlags, type AnswerMap } from './answers';
import { Countdown, QuestionNavigator, useRemaining, type NavItem } from './AttemptParts';
import { isOver, remainingMs } from './clock';
import { TIME_UP } from './format';
import { attemptPath, resultPath, useQuizParams, type ResultState } from './paths';
import { QuestionCard } from './QuestionCard';
import { QUIZ_MSG, type QuizAnswer } from './types';

const STILL_UNSENT = 'Masih ada jawaban yang belum terkirim. Periksa koneksi internetmu, lalu kumpulkan lagi.';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the browser is online, kept current. */
function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
  );
}

/** Waits until the browser says it is online again (at most `ms`). */
const onlineAgain = (ms: number) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });

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

function AttemptView({ r, attempt, title }: { r: QuizRef; attempt: LoadedAttempt; title: string | undefined }) {
  const navigate = useNavigate();
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const online = useOnline();
  const submit = useSubmitAttempt(r, attempt.id);
  const questions = attempt.questions;

  // 'time-up': the clock or the server ended it; 'submitting': "Kumpulkan" is on its way.
  const [ending, setEnding] = useState<null | 'time-up' | 'submitting'>(null);
  const ended = useRef(false);

  const [saver] = useState(
    () =>
      new AnswerSaver({
        attemptId: attempt.id,
        send: (questionId, answer) => saveAnswer(r, attempt.id, questionId, answer as QuizAnswer),
        isOnline: () => navigator.onLine,
      }),
  );
  const statuses = useSyncExternalStore(saver.subscribe, saver.getSnapshot);
  const closedByServer = useSyncExternalStore(saver.subscribe, () => saver.closedByServer);
  const [answers, setAnswers] = useState<AnswerMap>(() => mergeAnswers(attempt.answers, readUnsent(attempt.id)));
  const [flags, setFlags] = useState<Set<number>>(() => readFlags(attempt.id));
  const [navOpen, setNavOpen] = useState(false);

  // Answers this device kept from before (a reload, a dropped connection) go now; the connection's return sends the waiting ones.
  useEffect(() => {
    saver.resume(readUnsent(attempt.id));
    const retry = () => saver.retry();
    const hidden = () => {
      if (document.visibilityState === 'hidden') void saver.flush();
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', hidden);
      saver.stop();
    };
  }, [saver, attempt.id]);

  const leave = useCallback(
    (state: ResultState) => {
      saver.close();
      dropAttempt(attempt.id);
      writeFlags(attempt.id, new Set());
      navigate(resultPath(r, attempt.id), { replace: true, state });
    },
    [saver, attempt.id, navigate, r],
  );

  /** The time is over (or the server closed the attempt): what was saved counts; the server closes it, then the result. */
  const endTimeUp = useCallback(async () => {
    if (ended.current) return;
    ended.current = true;
    setEnding('time-up');
    modals.closeAll();
    // Answers given before the end go first (after it the server refuses them).
    if (!saver.isClosed) await saver.flush();
    saver.close();
    // The server's clock may be a moment behind this estimate: ask it to close the attempt once it is surely over.
    const left = remainingMs(attempt.due_at, attempt.clock_offset_ms);
    if (left !== null && left > -1000 && left < 10_000) await sleep(left + 1000);
    for (let tries = 0; tries < 30; tries++) {
      try {
        await submit.mutateAsync();
        break;
      } catch (err) {
        // 409: already closed by the server. No connection: wait for it, the result needs the server.
        if (!(err instanceof ApiError) || err.status !== 0) break;
        await onlineAgain(5000);
      }
    }
    leave({ ended: 'time-up' });
  }, [saver, attempt.due_at, attempt.clock_offset_ms, submit, leave]);
  const remaining = useRemaining(attempt.due_at, attempt.clock_offset_ms);
  const over = isOver(remaining);
  // The clock reached zero, or the server refused a save (409: the attempt is closed).
  useEffect(() => {
    if (over || closedByServer) void endTimeUp();
  }, [over, closedByServer, endTimeUp]);

  const onAnswer = useCallback(
    (questionId: number, answer: QuizAnswer, delayMs: number) => {
      if (ended.current) return;
      setAnswers((prev) => ({ ...prev, [questionId]: answer }));
      saver.set(questionId, answer, delayMs);
    },
    [saver],
  );

  const onFlag = useCallback(
    (questionId: number) =>
      setFlags((prev) => {
        const next = new Set(prev);
        if (!next.delete(questionId)) next.add(questionId);
        writeFlags(attempt.id, next);
        return next;
      }),
    [attempt.id],
  );

  // One question per page: the page lives in the address (?soal=3), so a reload opens it again.
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('soal'));
  const index = attempt.one_per_page ? (Number.isInteger(asked) && asked >= 1 && asked <= questions.length ? asked - 1 : 0) : null;
  const go = (i: number) => {
    setNavOpen(false);
    if (attempt.one_per_page) {
      setParams({ soal: String(i + 1) }, { replace: true });
      window.scrollTo({ top: 0 });
    } else {
      document.getElementById(`soal-${i + 1}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  };

  const answeredOf = (id: number) => {
    const q = questions.find((x) => x.id === id)!;
    return isAnswered(q, answers[id]);
  };
  const navItems: NavItem[] = questions.map((q) => ({
    id: q.id,
    answered: answeredOf(q.id),
    flagged: flags.has(q.id),
    status: statuses.get(q.id),
  }));
  const unsentCount = [...statuses.values()].filter((s) => s.state === 'unsent').length;

  const submitNow = async () => {
    if (ended.current) return;
    ended.current = true;
    setEnding('submitting');
    await saver.flush();
    if (saver.isClosed) {
      // A 409 while sending: the attempt is closed; the time-up path takes over.
      ended.current = false;
      void endTimeUp();
      return;
    }
    if (saver.unsent().length > 0) {
      toastError(STILL_UNSENT, TOAST_MS.long);
      ended.current = false;
      setEnding(null);
      return;
    }
    try {
      await submit.mutateAsync();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        ended.current = false;
        void endTimeUp();
        return;
      }
      toastApiError(err, TOAST_MS.long, '');
      ended.current = false;
      setEnding(null);
      return;
    }
    toastSuccess(QUIZ_MSG.submitted, TOAST_MS.long);
    leave({ ended: 'submitted' });
  };

  const confirmSubmit = () =>
    modals.openConfirmModal({
      title: 'Kumpulkan jawaban?',
      children: (
        <SubmitSummary
          unanswered={unansweredNumbers(questions, answers)}
          flagged={questions.flatMap((q, i) => (flags.has(q.id) ? [i + 1] : []))}
          unsent={saver.unsent().length}
        />
      ),
      labels: { confirm: 'Kumpulkan', cancel: 'Kembali mengerjakan' },
      onConfirm: () => void submitNow(),
    });

  const disabled = ending !== null;
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
      {/* The bar stays under the header while the student scrolls: the clock, the way to the list, "Kumpulkan". */}
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

/** /my-classes/:classId/contents/:contentId/quizzes/:quizId/attempts/:attemptId — the attempt, one question per page or all at once. */
export default function QuizAttemptPage() {
  const { ref, attemptId } = useQuizParams();
  const attempt = useStudentAttempt(ref, attemptId);
  const quiz = useStudentQuiz(ref);
  const valid = [ref.classId, ref.contentId, ref.quizId, attemptId].every((n) => Number.isInteger(n) && n > 0);
  if (!valid) return <NotFoundPage />;
  if (isNotFound(attempt.error)) return <NotFoundPage />;
  return (
    <Box maw={1100}>
      <QueryState query={attempt}>
        {(a) =>
          a.finished_at ? (
            <Navigate to={resultPath(ref, a.id)} replace />
          ) : (
            <AttemptView key={attemptPath(ref, a.id)} r={ref} attempt={a} title={quiz.data?.quiz.title} />
          )
        }
      </QueryState>
    </Box>
  );
}
