import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GradebookImportPreview, QuickGradeBody, QuickGradingRow } from '@kelasku/contract';
import { api } from './client';
import { assignmentUrl as url } from './assignments';
import { keys, type AssignmentRef } from './keys';

/** Under the assignment's students: a grade anywhere (grading view, return) refreshes the quick table too. */
export const quickGradingKey = (r: AssignmentRef) => [...keys.assignmentStudents(r), 'quick'] as const;

/** "Penilaian cepat": every student of the assignment with their score and feedback. */
export function useQuickGrading(r: AssignmentRef) {
  return useQuery({ queryKey: quickGradingKey(r), queryFn: () => api.get<QuickGradingRow[]>(`${url(r)}/quick-grading`) });
}

/** The other lists that show a grade: the grading columns, the class's gradebook, the dashboard's waiting counts. */
function refreshElsewhere(qc: ReturnType<typeof useQueryClient>, r: AssignmentRef) {
  void qc.invalidateQueries({ queryKey: keys.teacherClasses, exact: true });
  void qc.invalidateQueries({ queryKey: keys.teacherGradebook(r.classId) });
  for (const column of ['ungrading', 'unsubmitted', 'graded'] as const)
    void qc.invalidateQueries({ queryKey: keys.assignmentColumn(r, column) });
}

/** Saves one row; the answer replaces the row in the table. */
export function useQuickGrade(r: AssignmentRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, body }: { studentId: number; body: QuickGradeBody }) =>
      api.put<QuickGradingRow>(`${url(r)}/quick-grading/${studentId}`, body),
    meta: { toast: false },
    onSuccess: (res) => {
      qc.setQueryData<QuickGradingRow[]>(quickGradingKey(r), (rows) =>
        rows?.map((row) => (row.student.id === res.data.student.id ? res.data : row)),
      );
      refreshElsewhere(qc, r);
    },
  });
}

/** "Kembalikan semua yang sudah dinilai", with an optional message to every student. */
export function useReturnAll(r: AssignmentRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (message: string | null) => api.post<{ returned: number }>(`${url(r)}/return-all`, { message }),
    meta: { toast: false },
    onSettled: () => {
      refreshElsewhere(qc, r);
      return qc.invalidateQueries({ queryKey: quickGradingKey(r) });
    },
  });
}

/** The gradebook XLSX edited in Excel: read (apply=false: nothing written) or applied in one go. */
export function useGradebookImport(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, apply }: { file: File; apply: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      const path = `/api/teacher/online-classes/${classId}/gradebook/import?apply=${apply ? 1 : 0}`;
      return (await api.upload<GradebookImportPreview>(path, form)).data;
    },
    meta: { toast: false },
    onSuccess: (preview) => {
      if (preview.applied) void qc.invalidateQueries({ queryKey: keys.teacherClass(classId) });
    },
  });
}
