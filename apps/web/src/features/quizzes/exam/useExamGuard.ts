import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError } from '../../../api/client';
import { sendExamEvent } from '../../../api/exams';
import type { LoadedAttempt, StudentQuizRef as QuizRef } from '../../../api/quizzes';

/** Whether this page is in full screen now, kept current. */
export function useIsFullscreen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      document.addEventListener('fullscreenchange', listener);
      return () => document.removeEventListener('fullscreenchange', listener);
    },
    () => document.fullscreenElement !== null && document.fullscreenElement !== undefined,
  );
}

export interface ExamGuardEnds {
  /** The server submitted the attempt after too many leaves. */
  onAutoSubmitted: () => void;
  /** The server refused the event because the attempt is closed (time up, the proctor submitted it). */
  onClosed: () => void;
  /** The student came back: the attempt is read again (the proctor may have added time). */
  onBack: () => void;
}

/**
 * Exam mode on the attempt page: leaving the page (hidden, or the window loses focus) and coming
 * back are sent to the server as `leave` / `back` — at most one leave until the next back, since a
 * phone fires blur and visibilitychange together. The count shown is the server's.
 */
export function useExamGuard(r: QuizRef, attempt: LoadedAttempt, ends: ExamGuardEnds) {
  const exam = attempt.exam;
  const [leaveCount, setLeaveCount] = useState(exam?.leave_count ?? 0);
  const endsRef = useRef(ends);
  useEffect(() => {
    endsRef.current = ends;
  });
  const enabled = exam !== null;
  const limit = exam?.leave_limit ?? null;
  const attemptId = attempt.id;
  const { classId, lessonId, quizId } = r;

  useEffect(() => {
    if (!enabled) return;
    const ref = { classId, lessonId, quizId };
    let away = false;
    let over = false;
    const send = (kind: 'leave' | 'back') => {
      if (over) return;
      sendExamEvent(ref, attemptId, kind).then(
        (res) => {
          setLeaveCount(res.leave_count);
          if (kind === 'back' && !res.submitted) endsRef.current.onBack();
          if (res.submitted && !over) {
            over = true;
            // Past the limit: the server submitted it for the leaves; else it was closed before (time up, the proctor).
            const byLeaves = limit !== null && res.leave_count >= limit;
            if (byLeaves) endsRef.current.onAutoSubmitted();
            else endsRef.current.onClosed();
          }
        },
        (err: unknown) => {
          // 409: the attempt is closed; anything else (no connection) loses this one event only.
          if (err instanceof ApiError && err.status === 409 && !over) {
            over = true;
            endsRef.current.onClosed();
          }
        },
      );
    };
    const leave = () => {
      if (away) return;
      away = true;
      send('leave');
    };
    const back = () => {
      if (!away) return;
      away = false;
      send('back');
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? leave() : back());
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', leave);
    window.addEventListener('focus', back);
    return () => {
      over = true;
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', leave);
      window.removeEventListener('focus', back);
    };
  }, [enabled, limit, classId, lessonId, quizId, attemptId]);

  return exam ? { leaveCount, leaveLimit: exam.leave_limit } : null;
}

export type ExamGuard = ReturnType<typeof useExamGuard>;
