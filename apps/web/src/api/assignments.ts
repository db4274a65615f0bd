import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FileLink,
  Assignment,
  AssignmentBody,
  AssignmentStudent,
  ExtensionBody,
  GradeBody,
  PrivateComment,
  StudentWork,
} from '@kelasku/contract';
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

/** "Kembalikan": graded work goes back to the student. */
export function useReturnWork(r: AssignmentRef, studentId: number) {
  return useWorkChange(r, studentId, () => api.post<StudentWork>(`${url(r)}/return`, { student_id: studentId }));
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

/**
 * "Unduh semua (ZIP)": every handed-in file of the assignment, a folder per student. The server
 * mints a short-lived signed link and the browser downloads it itself, streaming to disk with its
 * own progress: 36 × 50 MB never sits in the tab's memory.
 */
export async function downloadSubmissionsZip(r: AssignmentRef): Promise<void> {
  const res = await api.post<FileLink>(`${url(r)}/submissions.zip/link`, {});
  const a = document.createElement('a');
  a.href = res.data.url;
  a.download = '';
  document.body.append(a);
  a.click();
  a.remove();
}
