import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignmentWithSubmission,
  ClassContentDetail,
  ClassDetail,
  ClassSummary,
  RandomWord,
  UpcomingAssignment,
} from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

/** The classes of the student's rombel (summaries: no students), shared with the sidebar's "My Class" list; `enabled` false for other roles. */
export function useMyClasses(enabled = true) {
  return useQuery({ queryKey: keys.studentClasses, queryFn: () => api.get<ClassSummary[]>('/api/student/my-classes'), enabled });
}

export function useRandomWord() {
  return useQuery({
    queryKey: keys.randomWord,
    queryFn: () => api.get<RandomWord>('/api/student/random-motivational-word'),
    staleTime: 5 * 60_000,
  });
}

export function useUpcomingAssignments() {
  return useQuery({
    queryKey: keys.upcomingAssignments,
    queryFn: () => api.get<UpcomingAssignment[]>('/api/student/upcoming-assignments'),
  });
}

export function useStudentClass(classId: number) {
  return useQuery({
    queryKey: keys.studentClass(classId),
    queryFn: () => api.get<ClassDetail>(`/api/student/my-classes/${classId}`),
    enabled: Number.isInteger(classId) && classId > 0,
  });
}

export function useStudentContents(classId: number) {
  return useQuery({
    queryKey: keys.studentContents(classId),
    queryFn: () => api.get<ClassContentDetail[]>(`/api/student/my-classes/${classId}/contents`),
    enabled: Number.isInteger(classId) && classId > 0,
  });
}

export function useSubmission(assignmentId: number) {
  return useQuery({
    queryKey: keys.submission(assignmentId),
    queryFn: () => api.get<AssignmentWithSubmission>(`/api/student/submissions/${assignmentId}`),
    enabled: Number.isInteger(assignmentId) && assignmentId > 0,
  });
}

export interface SubmitVariables {
  file: File;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Hands in or replaces the student's file (multipart `file`, `_method` PUT as SPEC §7 sends it). */
export function useSubmitAssignment(assignmentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress, signal }: SubmitVariables) => {
      const form = new FormData();
      form.append('_method', 'PUT');
      form.append('file', file);
      return api.upload<AssignmentWithSubmission>(`/api/student/submissions/${assignmentId}`, form, { onProgress, signal });
    },
    meta: { toast: false },
    onSuccess: (res) => {
      qc.setQueryData(keys.submission(assignmentId), res.data);
      void qc.invalidateQueries({ queryKey: keys.submission(assignmentId) });
      void qc.invalidateQueries({ queryKey: keys.upcomingAssignments });
    },
  });
}
