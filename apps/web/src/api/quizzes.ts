import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Quiz, QuizAttemptDetail, QuizBody, QuizGradeBody, QuizResultRow, QuizStatistics } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';
import { bankKeys } from './question-bank';

/** A quiz of a content of a class. */
export interface QuizRef {
  classId: number;
  contentId: number;
  id: number;
}

const base = (classId: number, contentId: number) => `/api/teacher/online-classes/${classId}/contents/${contentId}/quizzes`;
const url = (r: QuizRef) => `${base(r.classId, r.contentId)}/${r.id}`;

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
export function useSaveQuiz(classId: number, contentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: QuizBody }) =>
      id === undefined ? api.post<Quiz>(base(classId, contentId), body) : api.put<Quiz>(url({ classId, contentId, id }), body),
    meta: { toast: false },
    onSuccess: (res) => {
      qc.setQueryData(quizKeys.quiz({ classId, contentId, id: res.data.id }), res.data);
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
