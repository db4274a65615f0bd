import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassContent, ClassSummary, CopyClassBody, CopyContentBody } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

const classPath = (classId: number) => `/api/teacher/online-classes/${classId}`;

/** "Salin ke kelas lain": the content goes to the end of the chosen class, whose list is then refreshed. */
export function useCopyContent(classId: number, contentId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CopyContentBody) => api.post<ClassContent>(`${classPath(classId)}/contents/${contentId}/copy`, body),
    meta: { toast: false },
    onSuccess: (res) => qc.invalidateQueries({ queryKey: keys.teacherContents(res.data.online_class_id) }),
  });
}

/** "Salin kelas": a new class for a rombel; the dashboard's list gains it. */
export function useCopyClass(classId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CopyClassBody) => api.post<ClassSummary>(`${classPath(classId)}/copy`, body),
    meta: { toast: false },
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.teacherClasses, exact: true }),
  });
}
