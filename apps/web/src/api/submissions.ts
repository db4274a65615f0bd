import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AssignmentWithSubmission, MyClassGrades, MyWorkItem, MyWorkTab, PrivateComment } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

export function useSubmission(assignmentId: number) {
  return useQuery({
    queryKey: keys.submission(assignmentId),
    queryFn: () => api.get<AssignmentWithSubmission>(`/api/student/submissions/${assignmentId}`),
    enabled: Number.isInteger(assignmentId) && assignmentId > 0,
  });
}

export interface HandInVariables {
  /**
   * The form (features/submissions/hand-in.ts): the text answer, the current files to keep and
   * the ids of the finished resumable uploads (repeated field `upload`).
   */
  form: FormData;
}

/** What changes with the student's work: the submission, the upcoming list, Tugas Saya / Nilai Saya, the class's badges. */
function refreshWork(qc: QueryClient, assignmentId: number, classId?: number) {
  void qc.invalidateQueries({ queryKey: keys.submission(assignmentId) });
  void qc.invalidateQueries({ queryKey: keys.upcomingAssignments });
  void qc.invalidateQueries({ queryKey: keys.myWork });
  if (classId !== undefined) void qc.invalidateQueries({ queryKey: keys.studentLessons(classId) });
}

/** "Upload Submission" / "Update Submission": hands in (or again) the kept current files, the uploaded new files and the text answer. */
export function useHandIn(assignmentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ form }: HandInVariables) => api.upload<AssignmentWithSubmission>(`/api/student/submissions/${assignmentId}`, form),
    meta: { toast: false },
    onSuccess: (res) => {
      if (res.data?.submission) qc.setQueryData(keys.submission(assignmentId), res.data);
      refreshWork(qc, assignmentId, res.data?.online_class?.id);
    },
    // Refused (closed meanwhile, graded meanwhile): the page shows why from the fresh state.
    onError: () => refreshWork(qc, assignmentId),
  });
}

/** "Batalkan pengiriman": takes the hand-in back (while ungraded); the files stay for the next hand-in. */
export function useUnsubmit(assignmentId: number, classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<AssignmentWithSubmission>(`/api/student/submissions/${assignmentId}/hand-in`),
    onSuccess: (res) => {
      if (res.data?.submission) qc.setQueryData(keys.submission(assignmentId), res.data);
      refreshWork(qc, assignmentId, classId);
    },
    // A 409 (graded meanwhile) also needs the fresh state.
    onError: () => refreshWork(qc, assignmentId, classId),
  });
}

/** The private thread with the teacher on this assignment ("Komentar pribadi"). */
export function usePrivateComments(assignmentId: number) {
  return useQuery({
    queryKey: keys.submissionComments(assignmentId),
    queryFn: () => api.get<PrivateComment[]>(`/api/student/submissions/${assignmentId}/comments`),
    // The teacher answers while the page is open elsewhere; coming back shows the latest.
    refetchOnWindowFocus: true,
  });
}

/** Sends a comment; the answer is the whole thread (the teacher may have written meanwhile). */
export function useSendPrivateComment(assignmentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post<PrivateComment[]>(`/api/student/submissions/${assignmentId}/comments`, { body }),
    meta: { toast: false },
    onSuccess: (res) => qc.setQueryData(keys.submissionComments(assignmentId), res.data),
  });
}

/** One tab of "Tugas Saya", across all the student's classes. */
export function useMyWork(tab: MyWorkTab) {
  return useQuery({
    queryKey: keys.myWorkTab(tab),
    queryFn: () => api.get<MyWorkItem[]>(`/api/student/assignments?tab=${tab}`),
  });
}

export function useMyGrades() {
  return useQuery({ queryKey: keys.myGrades, queryFn: () => api.get<MyClassGrades[]>('/api/student/grades') });
}
