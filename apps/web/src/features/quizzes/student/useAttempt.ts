import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useNavigate, useSearchParams } from 'react-router';
import { EXAM_MSG, TOAST_MS } from '@kelasku/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import { refreshQuiz, saveAnswer, useSubmitAttempt, type LoadedAttempt, type StudentQuizRef as QuizRef } from '../../../api/quizzes';
import { toastApiError, toastError, toastSuccess } from '../../../lib/toast';
import { AnswerSaver, dropAttempt, readUnsent } from './answer-queue';
import { isAnswered, mergeAnswers, readFlags, unansweredNumbers, writeFlags, type AnswerMap } from './answers';
import { useRemaining, type NavItem } from './AttemptParts';
import { isOver, remainingMs } from '../../../lib/quiz-clock';
import { resultPath, type ResultState } from './paths';
import { QUIZ_MSG, type QuizAnswer } from './types';
import { leaveFullscreen } from '../exam/fullscreen';
import { useExamGuard } from '../exam/useExamGuard';

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

/** The AnswerSaver of one attempt, its statuses, and the answers and flags shown (this device's unsent ones included). */
function useAnswerSaver(r: QuizRef, attempt: LoadedAttempt) {
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

  return { saver, statuses, closedByServer, answers, setAnswers, flags, setFlags };
}

/** One question per page: the page lives in the address (?soal=3), so a reload opens it again. */
function useQuestionPage(attempt: LoadedAttempt, setNavOpen: (open: boolean) => void) {
  const questions = attempt.questions;
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
  return { index, go };
}

/** Exam mode: leaves go to the server; after too many the server submits, and the result page opens with why. */
function useExamMode(
  r: QuizRef,
  attempt: LoadedAttempt,
  endedRef: React.RefObject<boolean>,
  leave: (state: ResultState) => void,
  endTimeUp: () => Promise<void>,
  refresh: () => void,
) {
  const qc = useQueryClient();
  return useExamGuard(r, attempt, {
    onAutoSubmitted: () => {
      if (endedRef.current) return;
      endedRef.current = true;
      modals.closeAll();
      refreshQuiz(qc, r);
      notifications.show({ color: 'orange', title: 'Ujian dikumpulkan', message: EXAM_MSG.autoSubmitted, autoClose: TOAST_MS.long });
      leave({ ended: 'submitted' });
    },
    onClosed: () => void endTimeUp(),
    onBack: refresh,
  });
}

/**
 * The logic of one running attempt: the answers (kept on this device and sent by the AnswerSaver),
 * the flags, the clock and its end, the page in the address (?soal=3), and "Kumpulkan".
 */
export function useAttempt(r: QuizRef, attempt: LoadedAttempt, refresh: () => void = () => undefined) {
  const navigate = useNavigate();
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const online = useOnline();
  const submit = useSubmitAttempt(r, attempt.id);
  const questions = attempt.questions;

  // 'time-up': the clock or the server ended it; 'submitting': "Kumpulkan" is on its way.
  const [ending, setEnding] = useState<null | 'time-up' | 'submitting'>(null);
  const ended = useRef(false);

  const { saver, statuses, closedByServer, answers, setAnswers, flags, setFlags } = useAnswerSaver(r, attempt);
  const [navOpen, setNavOpen] = useState(false);

  const leave = useCallback(
    (state: ResultState) => {
      leaveFullscreen();
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
  const exam = useExamMode(r, attempt, ended, leave, endTimeUp, refresh);
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
    [saver, setAnswers],
  );

  const onFlag = useCallback(
    (questionId: number) =>
      setFlags((prev) => {
        const next = new Set(prev);
        if (!next.delete(questionId)) next.add(questionId);
        writeFlags(attempt.id, next);
        return next;
      }),
    [attempt.id, setFlags],
  );

  const { index, go } = useQuestionPage(attempt, setNavOpen);

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

  /** What the "Kumpulkan jawaban?" dialog lists: the unanswered and flagged numbers, the answers not yet sent. */
  const summary = () => ({
    unanswered: unansweredNumbers(questions, answers),
    flagged: questions.flatMap((q, i) => (flags.has(q.id) ? [i + 1] : [])),
    unsent: saver.unsent().length,
  });

  const disabled = ending !== null;

  return {
    exam,
    isPhone,
    online,
    questions,
    ending,
    disabled,
    answers,
    flags,
    statuses,
    navOpen,
    setNavOpen,
    remaining,
    index,
    go,
    navItems,
    unsentCount,
    onAnswer,
    onFlag,
    submitNow,
    summary,
  };
}

export type Attempt = ReturnType<typeof useAttempt>;
