import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Assignment, AssignmentBody, AssignmentStudent } from '@kelasku/contract';
import { api } from './client';
import { keys, type AssignmentRef, type GradingColumn } from './keys';

export type { AssignmentRef, GradingColumn };

const base = (classId: number, contentId: number) => `/api/teacher/online-classes/${classId}/contents/${contentId}/assignments`;
const url = (r: AssignmentRef) => `${base(r.classId, r.contentId)}/${r.id}`;

export function useTeacherAssignment(r: AssignmentRef) {
  return useQuery({ queryKey: keys.assignment(r), queryFn: () => api.get<Assignment>(url(r)) });
}

/** One grading column; `enabled` waits until the assignment itself has loaded (a foreign id is one 404, not four). */
export function useAssignmentStudents(r: AssignmentRef, column: GradingColumn, enabled: boolean) {
  return useQuery({
    queryKey: keys.assignmentColumn(r, column),
    queryFn: () => api.get<AssignmentStudent[]>(`${url(r)}/${column}`),
    enabled,
    // Students hand in while the teacher grades; coming back from a file tab shows the latest lists.
    refetchOnWindowFocus: true,
  });
}

/** Creates an assignment (no `id`) or edits one; the form shows its own errors. */
export function useSaveAssignment(classId: number, contentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: AssignmentBody }) =>
      id === undefined ? api.post<Assignment>(base(classId, contentId), body) : api.put<Assignment>(url({ classId, contentId, id }), body),
    meta: { toast: false },
    onSuccess: (res, { id }) => {
      if (id !== undefined) qc.setQueryData(keys.assignment({ classId, contentId, id }), res.data);
      // The class key is a prefix of the class page's content keys and of this assignment's keys.
      void qc.invalidateQueries({ queryKey: keys.teacherClass(classId) });
    },
  });
}

export function useDeleteAssignment(r: AssignmentRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(url(r)),
    onSuccess: () => {
      // Only marked stale: refetching now would ask for the deleted assignment while its page is still shown.
      void qc.invalidateQueries({ queryKey: keys.teacherClass(r.classId), refetchType: 'none' });
    },
  });
}

export function useGrade(r: AssignmentRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { student_id: number; score: number; file_id?: number }) => api.post<AssignmentStudent>(`${url(r)}/grade`, body),
    meta: { toast: false },
    onSuccess: (res, { student_id }) => {
      // Move the student at once (Diserahkan → Dinilai, or a new score), so the chosen student never disappears mid-refresh.
      const drop = (list: AssignmentStudent[] | undefined) => list?.filter((s) => s.student_id !== student_id);
      qc.setQueryData<AssignmentStudent[]>(keys.assignmentColumn(r, 'ungrading'), drop);
      qc.setQueryData<AssignmentStudent[]>(keys.assignmentColumn(r, 'graded'), (list) =>
        list ? [...drop(list)!, res.data].sort((a, b) => a.name.localeCompare(b.name)) : list,
      );
    },
    // A 409 (the student replaced the file meanwhile) also needs fresh lists, so refresh either way.
    onSettled: () => qc.invalidateQueries({ queryKey: keys.assignmentStudents(r) }),
  });
}
