import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Assignment, AssignmentBody } from '@kelasku/contract';
import { api } from './client';
import { keys, type AssignmentRef, type GradingColumn } from './keys';

export type { AssignmentRef, GradingColumn };

const base = (classId: number, lessonId: number) => `/api/teacher/online-classes/${classId}/contents/${lessonId}/assignments`;
/** The teacher's URL of one assignment; grading and the ZIP hang below it. */
export const assignmentUrl = (r: AssignmentRef) => `${base(r.classId, r.lessonId)}/${r.id}`;

export function useTeacherAssignment(r: AssignmentRef) {
  return useQuery({ queryKey: keys.assignment(r), queryFn: () => api.get<Assignment>(assignmentUrl(r)) });
}

/** Creates an assignment (no `id`) or edits one; the form shows its own errors. */
export function useSaveAssignment(classId: number, lessonId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AssignmentBody }) =>
      id === undefined
        ? api.post<Assignment>(base(classId, lessonId), body)
        : api.put<Assignment>(assignmentUrl({ classId, lessonId, id }), body),
    meta: { toast: false },
    onSuccess: (res, { id }) => {
      if (id !== undefined) qc.setQueryData(keys.assignment({ classId, lessonId, id }), res.data);
      // The class key is a prefix of the class page's content keys and of this assignment's keys.
      void qc.invalidateQueries({ queryKey: keys.teacherClass(classId) });
    },
  });
}

export function useDeleteAssignment(r: AssignmentRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(assignmentUrl(r)),
    onSuccess: () => {
      // Only marked stale: refetching now would ask for the deleted assignment while its page is still shown.
      void qc.invalidateQueries({ queryKey: keys.teacherClass(r.classId), refetchType: 'none' });
    },
  });
}
