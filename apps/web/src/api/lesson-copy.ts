import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassLesson, ClassSummary, CopyClassBody, CopyLessonBody } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

const classPath = (classId: number) => `/api/teacher/online-classes/${classId}`;

/** "Salin ke kelas lain": the content goes to the end of the chosen class, whose list is then refreshed. */
export function useCopyLesson(classId: number, lessonId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CopyLessonBody) => api.post<ClassLesson>(`${classPath(classId)}/contents/${lessonId}/copy`, body),
    meta: { toast: false },
    onSuccess: (res) => qc.invalidateQueries({ queryKey: keys.teacherLessons(res.data.online_class_id) }),
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
