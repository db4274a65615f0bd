import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignmentWithSubmission, ClassContentDetail, ClassDetail, ClassSummary, UpcomingAssignment } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

/** The random quote of the student's dashboard; null when the admin has no active word. */
export interface RandomWord {
  id: number;
  title: string;
  body: string;
  from: string;
}

/** Query keys only the student's screens use (the class list itself is the shared keys.studentClasses). */
export const studentKeys = {
  word: ['student', 'random-word'] as const,
  upcoming: ['student', 'upcoming-assignments'] as const,
  contents: (classId: number) => ['student', 'classes', classId, 'contents'] as const,
  submission: (assignmentId: number) => ['student', 'submissions', assignmentId] as const,
};

/** The classes of the student's rombel (summaries: no students), shared with the sidebar's "My Class" list. */
export const myClassesQuery = queryOptions({ queryKey: keys.studentClasses, queryFn: () => api.get<ClassSummary[]>('/api/student/my-classes') });

export function useMyClasses() {
  return useQuery(myClassesQuery);
}

export function useRandomWord() {
  return useQuery({
    queryKey: studentKeys.word,
    queryFn: () => api.get<RandomWord | null>('/api/student/random-motivational-word'),
    staleTime: 5 * 60_000,
  });
}

export function useUpcomingAssignments() {
  return useQuery({ queryKey: studentKeys.upcoming, queryFn: () => api.get<UpcomingAssignment[]>('/api/student/upcoming-assignments') });
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
    queryKey: studentKeys.contents(classId),
    queryFn: () => api.get<ClassContentDetail[]>(`/api/student/my-classes/${classId}/contents`),
    enabled: Number.isInteger(classId) && classId > 0,
  });
}

export function useSubmission(assignmentId: number) {
  return useQuery({
    queryKey: studentKeys.submission(assignmentId),
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
      qc.setQueryData(studentKeys.submission(assignmentId), res.data);
      void qc.invalidateQueries({ queryKey: studentKeys.submission(assignmentId) });
      void qc.invalidateQueries({ queryKey: studentKeys.upcoming });
    },
  });
}
