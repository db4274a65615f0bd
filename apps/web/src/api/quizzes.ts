import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AttemptReview,
  Quiz,
  QuizAnswer,
  QuizAttemptDetail,
  QuizBody,
  QuizGradeBody,
  QuizResultRow,
  QuizStatistics,
  StudentAttempt,
  StudentQuizView,
  SubmittedAttempt,
} from '@kelasku/contract';
import { clockOffset } from '../lib/quiz-clock';
import { api } from './client';
import { keys } from './keys';
import { bankKeys } from './question-bank';

// The quizzes of a lesson: the teacher's side (the quiz, results, statistics, hand grading), then
// the student's side (the intro, attempts, answers, review).

/** A quiz of a content of a class. */
export interface QuizRef {
  classId: number;
  lessonId: number;
  id: number;
}

const base = (classId: number, lessonId: number) => `/api/teacher/online-classes/${classId}/contents/${lessonId}/quizzes`;
const url = (r: QuizRef) => `${base(r.classId, r.lessonId)}/${r.id}`;

/**
 * The teacher's quiz keys sit under the class's key (keys.teacherClass), like its assignments: a
 * change in the class refreshes them, and a change of a quiz refreshes the class's contents and
 * gradebook with one invalidation of the class.
 */
export const quizKeys = {
  quiz: (r: QuizRef) => [...keys.teacherClass(r.classId), 'quizzes', r.id] as const,
  results: (r: QuizRef) => [...keys.teacherClass(r.classId), 'quizzes', r.id, 'results'] as const,
  statistics: (r: QuizRef) => [...keys.teacherClass(r.classId), 'quizzes', r.id, 'statistics'] as const,
  attempt: (r: QuizRef, attemptId: number) => [...keys.teacherClass(r.classId), 'quizzes', r.id, 'attempts', attemptId] as const,
};

/** The quiz with its slots (each fixed question in full, with its key). */
export function useTeacherQuiz(r: QuizRef, enabled = true) {
  return useQuery({ queryKey: quizKeys.quiz(r), queryFn: () => api.get<Quiz>(url(r)), enabled });
}

/** Creates a quiz (no `id`) or edits one; the form shows its own errors. */
export function useSaveQuiz(classId: number, lessonId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: QuizBody }) =>
      id === undefined ? api.post<Quiz>(base(classId, lessonId), body) : api.put<Quiz>(url({ classId, lessonId, id }), body),
    meta: { toast: false },
    onSuccess: (res) => {
      qc.setQueryData(quizKeys.quiz({ classId, lessonId, id: res.data.id }), res.data);
      // The content's list, the gradebook, and the bank's "dipakai di N kuis".
      void qc.invalidateQueries({ queryKey: keys.teacherClass(classId) });
      void qc.invalidateQueries({ queryKey: bankKeys.bank });
    },
  });
}

export function useDeleteQuiz(r: QuizRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(url(r)),
    onSuccess: () => {
      qc.removeQueries({ queryKey: quizKeys.quiz(r) });
      void qc.invalidateQueries({ queryKey: keys.teacherClass(r.classId), refetchType: 'none' });
      void qc.invalidateQueries({ queryKey: bankKeys.bank });
    },
  });
}

/** One row per student of the rombel with their attempts. */
export function useQuizResults(r: QuizRef) {
  return useQuery({
    queryKey: quizKeys.results(r),
    queryFn: () => api.get<QuizResultRow[]>(`${url(r)}/results`),
    // Students finish attempts while the teacher looks: coming back shows the latest.
    refetchOnWindowFocus: true,
  });
}

export function useQuizStatistics(r: QuizRef) {
  return useQuery({ queryKey: quizKeys.statistics(r), queryFn: () => api.get<QuizStatistics>(`${url(r)}/statistics`) });
}

export function useQuizAttempt(r: QuizRef, attemptId: number) {
  return useQuery({
    queryKey: quizKeys.attempt(r, attemptId),
    queryFn: () => api.get<QuizAttemptDetail>(`${url(r)}/attempts/${attemptId}`),
  });
}

/** A hand grade of one answer (an essay, or an override); the attempt, results, statistics and gradebook follow. */
export function useGradeAnswer(r: QuizRef, attemptId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, body }: { questionId: number; body: QuizGradeBody }) =>
      api.put<QuizAttemptDetail>(`${url(r)}/attempts/${attemptId}/answers/${questionId}/grade`, body),
    meta: { toast: false },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: quizKeys.attempt(r, attemptId) }),
        qc.invalidateQueries({ queryKey: quizKeys.results(r) }),
        qc.invalidateQueries({ queryKey: quizKeys.statistics(r) }),
        qc.invalidateQueries({ queryKey: keys.teacherGradebook(r.classId) }),
      ]),
  });
}

/** "Nilai ulang": every automatic score again from the current keys. */
export function useRegradeQuiz(r: QuizRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ regraded: number }>(`${url(r)}/regrade`),
    meta: { toast: false },
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: quizKeys.quiz(r) }),
        qc.invalidateQueries({ queryKey: keys.teacherGradebook(r.classId) }),
      ]),
  });
}

// ---------------------------------------------------------------- the student

/** A quiz of a content of one of the student's classes. */
export interface StudentQuizRef {
  classId: number;
  lessonId: number;
  quizId: number;
}

const isId = (n: number) => Number.isInteger(n) && n > 0;
export const isQuizRef = (r: StudentQuizRef) => isId(r.classId) && isId(r.lessonId) && isId(r.quizId);

/** `/api/student/my-classes/:classId/contents/:lessonId/quizzes/:quizId` */
export const quizApi = (r: StudentQuizRef) => `/api/student/my-classes/${r.classId}/contents/${r.lessonId}/quizzes/${r.quizId}`;
const attemptApi = (r: StudentQuizRef, attemptId: number) => `${quizApi(r)}/attempts/${attemptId}`;

/**
 * The keys of the student's quiz screens, under the student's prefix (keys.ts): the quiz's key
 * covers its attempts and reviews, so invalidating it after a submit refreshes them all.
 */
export const studentQuizKeys = {
  quiz: (quizId: number) => ['student', 'quizzes', quizId] as const,
  attempt: (quizId: number, attemptId: number) => [...studentQuizKeys.quiz(quizId), 'attempts', attemptId] as const,
  review: (quizId: number, attemptId: number) => [...studentQuizKeys.attempt(quizId, attemptId), 'review'] as const,
};

/** The quiz's intro: the quiz without its questions, the student's attempts, whether (and why not) a new one may start. */
export function useStudentQuiz(r: StudentQuizRef) {
  return useQuery({
    queryKey: studentQuizKeys.quiz(r.quizId),
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
export function useStudentAttempt(r: StudentQuizRef, attemptId: number) {
  return useQuery({
    queryKey: studentQuizKeys.attempt(r.quizId, attemptId),
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
export const saveAnswer = (r: StudentQuizRef, attemptId: number, questionId: number, answer: QuizAnswer) =>
  api.put<{ saved_at: string }>(`${attemptApi(r, attemptId)}/answers/${questionId}`, { answer });

/** After an attempt ends: the intro (attempts, can_start), the class's quiz list and the dashboard's work. */
export function refreshQuiz(qc: QueryClient, r: StudentQuizRef) {
  void qc.invalidateQueries({ queryKey: studentQuizKeys.quiz(r.quizId) });
  void qc.invalidateQueries({ queryKey: keys.studentLessons(r.classId) });
  void qc.invalidateQueries({ queryKey: keys.upcomingAssignments });
  void qc.invalidateQueries({ queryKey: keys.myWork });
}

/** "Mulai mengerjakan" / "Lanjutkan": starts an attempt, or gets the open one (the server decides). */
export function useStartAttempt(r: StudentQuizRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<StudentAttempt>(`${quizApi(r)}/attempts`)).data,
    meta: { toast: false },
    // Refused (not open, closed, attempts used up) or started: the intro shows the fresh state.
    onSettled: () => void qc.invalidateQueries({ queryKey: studentQuizKeys.quiz(r.quizId) }),
  });
}

/** "Kumpulkan": finishes the attempt and grades it. */
export function useSubmitAttempt(r: StudentQuizRef, attemptId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<SubmittedAttempt>(`${attemptApi(r, attemptId)}/submit`)).data,
    meta: { toast: false },
    onSettled: () => refreshQuiz(qc, r),
  });
}

/** The result of a finished attempt: the score where the teacher allows it, each question with the answer (and the key, if allowed). */
export function useAttemptReview(r: StudentQuizRef, attemptId: number) {
  return useQuery({
    queryKey: studentQuizKeys.review(r.quizId, attemptId),
    queryFn: () => api.get<AttemptReview>(`${attemptApi(r, attemptId)}/review`),
    enabled: isQuizRef(r) && isId(attemptId),
  });
}
