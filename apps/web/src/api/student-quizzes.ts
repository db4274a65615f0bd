import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AttemptReview, QuizAnswer, StudentAttempt, StudentQuizView, SubmittedAttempt } from '../features/quizzes/student/types';
import { clockOffset } from '../features/quizzes/student/clock';
import { api } from './client';
import { keys } from './keys';

/** A quiz of a content of one of the student's classes. */
export interface QuizRef {
  classId: number;
  contentId: number;
  quizId: number;
}

const isId = (n: number) => Number.isInteger(n) && n > 0;
export const isQuizRef = (r: QuizRef) => isId(r.classId) && isId(r.contentId) && isId(r.quizId);

/** `/api/student/my-classes/:classId/contents/:contentId/quizzes/:quizId` */
export const quizApi = (r: QuizRef) => `/api/student/my-classes/${r.classId}/contents/${r.contentId}/quizzes/${r.quizId}`;
const attemptApi = (r: QuizRef, attemptId: number) => `${quizApi(r)}/attempts/${attemptId}`;

/**
 * The keys of the student's quiz screens, under the student's prefix (keys.ts): the quiz's key
 * covers its attempts and reviews, so invalidating it after a submit refreshes them all.
 */
export const quizKeys = {
  quiz: (quizId: number) => ['student', 'quizzes', quizId] as const,
  attempt: (quizId: number, attemptId: number) => [...quizKeys.quiz(quizId), 'attempts', attemptId] as const,
  review: (quizId: number, attemptId: number) => [...quizKeys.attempt(quizId, attemptId), 'review'] as const,
};

/** The quiz's intro: the quiz without its questions, the student's attempts, whether (and why not) a new one may start. */
export function useStudentQuiz(r: QuizRef) {
  return useQuery({
    queryKey: quizKeys.quiz(r.quizId),
    queryFn: () => api.get<StudentQuizView>(quizApi(r)),
    enabled: isQuizRef(r),
  });
}

/** An attempt as loaded, with how far the server's clock is ahead of this browser's (the countdown runs on it). */
export type LoadedAttempt = StudentAttempt & { clock_offset_ms: number };

/**
 * The attempt: its questions in its own order and the answers the server has. Never cached across
 * visits (gcTime 0): coming back to it must show what the server holds now, not what this tab saw.
 */
export function useStudentAttempt(r: QuizRef, attemptId: number) {
  return useQuery({
    queryKey: quizKeys.attempt(r.quizId, attemptId),
    queryFn: async (): Promise<LoadedAttempt> => {
      const sentAt = Date.now();
      const attempt = await api.get<StudentAttempt>(attemptApi(r, attemptId));
      return { ...attempt, clock_offset_ms: clockOffset(attempt.server_now, sentAt, Date.now()) };
    },
    enabled: isQuizRef(r) && isId(attemptId),
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Saves one answer (the attempt page's AnswerSaver calls it; it handles failures itself, so no toast). */
export const saveAnswer = (r: QuizRef, attemptId: number, questionId: number, answer: QuizAnswer) =>
  api.put<{ saved_at: string }>(`${attemptApi(r, attemptId)}/answers/${questionId}`, { answer });

/** After an attempt ends: the intro (attempts, can_start), the class's quiz list and the dashboard's work. */
export function refreshQuiz(qc: QueryClient, r: QuizRef) {
  void qc.invalidateQueries({ queryKey: quizKeys.quiz(r.quizId) });
  void qc.invalidateQueries({ queryKey: keys.studentContents(r.classId) });
  void qc.invalidateQueries({ queryKey: keys.upcomingAssignments });
  void qc.invalidateQueries({ queryKey: keys.myWork });
}

/** "Mulai mengerjakan" / "Lanjutkan": starts an attempt, or gets the open one (the server decides). */
export function useStartAttempt(r: QuizRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<StudentAttempt>(`${quizApi(r)}/attempts`)).data,
    meta: { toast: false },
    // Refused (not open, closed, attempts used up) or started: the intro shows the fresh state.
    onSettled: () => void qc.invalidateQueries({ queryKey: quizKeys.quiz(r.quizId) }),
  });
}

/** "Kumpulkan": finishes the attempt and grades it. */
export function useSubmitAttempt(r: QuizRef, attemptId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<SubmittedAttempt>(`${attemptApi(r, attemptId)}/submit`)).data,
    meta: { toast: false },
    onSettled: () => refreshQuiz(qc, r),
  });
}

/** The result of a finished attempt: the score where the teacher allows it, each question with the answer (and the key, if allowed). */
export function useAttemptReview(r: QuizRef, attemptId: number) {
  return useQuery({
    queryKey: quizKeys.review(r.quizId, attemptId),
    queryFn: () => api.get<AttemptReview>(`${attemptApi(r, attemptId)}/review`),
    enabled: isQuizRef(r) && isId(attemptId),
  });
}
