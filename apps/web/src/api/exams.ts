import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddTimeBody,
  ExamEventResult,
  ExamLeave,
  ExamToken,
  ProctorBoard,
  ProctorRow,
  QuizOverride,
  QuizOverrideBody,
  StudentAttempt,
} from '@kelasku/contract';
import { clockOffset } from '../lib/quiz-clock';
import { api } from './client';
import { quizApi, quizKeys, studentQuizKeys, type QuizRef, type StudentQuizRef } from './quizzes';

// Issue 41, exam mode (schemas/exams.ts lists the routes): the proctor's token, board and actions,
// the per-student overrides (teacher), the start with a token and the leave log (student).

const quizUrl = (r: QuizRef) => `/api/teacher/online-classes/${r.classId}/contents/${r.lessonId}/quizzes/${r.id}`;
const proctorUrl = (r: QuizRef, studentId: number) => `${quizUrl(r)}/proctor/${studentId}`;

/** Under the quiz's key: a change of the quiz (an edit, a delete) refreshes them too. */
export const examKeys = {
  token: (r: QuizRef) => [...quizKeys.quiz(r), 'exam-token'] as const,
  board: (r: QuizRef) => [...quizKeys.quiz(r), 'proctor'] as const,
  leaves: (r: QuizRef, studentId: number) => [...quizKeys.quiz(r), 'proctor', studentId, 'leaves'] as const,
  overrides: (r: QuizRef) => [...quizKeys.quiz(r), 'overrides'] as const,
};

/** A reply with the server's clock, and how far it is ahead of this browser's. */
export type Clocked<T> = T & { clock_offset_ms: number };

async function clocked<T extends { server_now: string }>(path: string): Promise<Clocked<T>> {
  const sentAt = Date.now();
  const data = await api.get<T>(path);
  return { ...data, clock_offset_ms: clockOffset(data.server_now, sentAt, Date.now()) };
}

/** The token the proctor shows (409 when the quiz is not in exam mode); the page refetches it when it changes. */
export function useExamToken(r: QuizRef, enabled = true) {
  return useQuery({
    queryKey: examKeys.token(r),
    queryFn: () => clocked<ExamToken>(`${quizUrl(r)}/exam-token`),
    enabled,
    retry: false,
    refetchOnWindowFocus: true,
  });
}

/** Every student of the rombel on the board; the live `exam` events refresh it, and every 30 s as a fallback. */
export function useProctorBoard(r: QuizRef) {
  return useQuery({
    queryKey: examKeys.board(r),
    queryFn: () => clocked<ProctorBoard>(`${quizUrl(r)}/proctor`),
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
}

/** The open (or last) attempt's leaves, oldest first. */
export function useProctorLeaves(r: QuizRef, studentId: number | null) {
  return useQuery({
    queryKey: examKeys.leaves(r, studentId ?? 0),
    queryFn: () => api.get<ExamLeave[]>(`${proctorUrl(r, studentId ?? 0)}/leaves`),
    enabled: studentId !== null,
  });
}

export type ProctorAction = { kind: 'reset-login' } | { kind: 'force-submit' } | { kind: 'add-time'; body: AddTimeBody };

/** "Atur ulang login", "Tambah waktu", "Kumpulkan paksa": the row comes back and the board refreshes. */
export function useProctorAction(r: QuizRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, action }: { studentId: number; action: ProctorAction }) =>
      api.post<ProctorRow>(`${proctorUrl(r, studentId)}/${action.kind}`, 'body' in action ? action.body : {}),
    meta: { toast: false },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: examKeys.board(r) });
      void qc.invalidateQueries({ queryKey: quizKeys.results(r) });
    },
  });
}

export function useQuizOverrides(r: QuizRef) {
  return useQuery({ queryKey: examKeys.overrides(r), queryFn: () => api.get<QuizOverride[]>(`${quizUrl(r)}/overrides`) });
}

export function useSaveOverride(r: QuizRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, body }: { studentId: number; body: QuizOverrideBody }) =>
      api.put<QuizOverride>(`${quizUrl(r)}/overrides/${studentId}`, body),
    meta: { toast: false },
    onSuccess: () => void qc.invalidateQueries({ queryKey: examKeys.overrides(r) }),
  });
}

export function useDeleteOverride(r: QuizRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (studentId: number) => api.delete(`${quizUrl(r)}/overrides/${studentId}`),
    meta: { toast: false },
    onSuccess: () => void qc.invalidateQueries({ queryKey: examKeys.overrides(r) }),
  });
}

// ---------------------------------------------------------------- the student

/** "Mulai" of an exam-mode quiz: the token the proctor shows (403 with the server's message when refused). */
export function useStartExamAttempt(r: StudentQuizRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => (await api.post<StudentAttempt>(`${quizApi(r)}/attempts`, { token })).data,
    meta: { toast: false },
    onSettled: () => void qc.invalidateQueries({ queryKey: studentQuizKeys.quiz(r.quizId) }),
  });
}

/** Leaving the exam page, or coming back to it. */
export const sendExamEvent = async (r: StudentQuizRef, attemptId: number, kind: 'leave' | 'back') =>
  (await api.post<ExamEventResult>(`${quizApi(r)}/attempts/${attemptId}/events`, { kind })).data;
