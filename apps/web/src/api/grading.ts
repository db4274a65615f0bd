import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignmentStudent, ExtensionBody, GradeBody, PrivateComment, StudentWork } from '@kelasku/contract';
import { api } from './client';
import { keys, type AssignmentRef, type GradingColumn } from './keys';
import { assignmentUrl as url } from './assignments';

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

/** After a grade, a return or an extension: the columns, the class's gradebook and the dashboard's waiting counts. */
function refreshGrading(qc: ReturnType<typeof useQueryClient>, r: AssignmentRef) {
  void qc.invalidateQueries({ queryKey: keys.teacherClasses, exact: true });
  void qc.invalidateQueries({ queryKey: keys.teacherGradebook(r.classId) });
  return qc.invalidateQueries({ queryKey: keys.assignmentStudents(r) });
}

export function useGrade(r: AssignmentRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GradeBody) => api.post<AssignmentStudent>(`${url(r)}/grade`, body),
    meta: { toast: false },
    onSuccess: (res, { student_id }) => {
      // Move the student at once (Diserahkan → Dinilai, or a new score), so the lists never show the old column.
      const drop = (list: AssignmentStudent[] | undefined) => list?.filter((s) => s.student_id !== student_id);
      qc.setQueryData<AssignmentStudent[]>(keys.assignmentColumn(r, 'ungrading'), drop);
      qc.setQueryData<AssignmentStudent[]>(keys.assignmentColumn(r, 'graded'), (list) =>
        list ? [...drop(list)!, res.data].sort((a, b) => a.name.localeCompare(b.name)) : list,
      );
    },
    // A 409 (the student handed in again meanwhile) needs the fresh work too, so refresh either way.
    onSettled: () => refreshGrading(qc, r),
  });
}

/** The grading view of one student: their work, history, private thread and neighbours. */
export function useStudentWork(r: AssignmentRef, studentId: number) {
  return useQuery({
    queryKey: keys.studentWork(r, studentId),
    queryFn: () => api.get<StudentWork>(`${url(r)}/students/${studentId}`),
    // The student may hand in again or write while the teacher looks: coming back shows the latest.
    refetchOnWindowFocus: true,
  });
}

/** A change answered with the student's whole work (return, extension): shown at once, lists refreshed. */
function useWorkChange<V>(r: AssignmentRef, studentId: number, send: (v: V) => Promise<{ message?: string; data: StudentWork }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { toast: false },
    onSuccess: (res) => qc.setQueryData(keys.studentWork(r, studentId), res.data),
    onSettled: () => refreshGrading(qc, r),
  });
}

/** "Kembalikan": graded work goes back to the student, with an optional message (written in the private thread). */
export function useReturnWork(r: AssignmentRef, studentId: number) {
  return useWorkChange(r, studentId, (message?: string) =>
    api.post<StudentWork>(`${url(r)}/return`, message ? { student_id: studentId, message } : { student_id: studentId }),
  );
}

/** "Perpanjang untuk siswa ini": a body sets the extension, null removes it. */
export function useExtension(r: AssignmentRef, studentId: number) {
  const path = `${url(r)}/students/${studentId}/extension`;
  return useWorkChange(r, studentId, (body: ExtensionBody | null) =>
    body ? api.put<StudentWork>(path, body) : api.delete<StudentWork>(path),
  );
}

/** Writes in the private thread with one student; the answer is the whole thread. */
export function useSendPrivateComment(r: AssignmentRef, studentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post<PrivateComment[]>(`${url(r)}/students/${studentId}/comments`, { body }),
    meta: { toast: false },
    onSuccess: (res) =>
      qc.setQueryData<StudentWork>(keys.studentWork(r, studentId), (work) => (work ? { ...work, comments: res.data } : work)),
  });
}
