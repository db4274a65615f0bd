import { useQuery } from '@tanstack/react-query';
import type { ClassLessonDetail, ClassDetail, ClassSummary } from '@kelasku/contract';
import { api } from './client';
import { keys } from './keys';

/** The classes of the student's rombel (summaries: no students), shared with the sidebar's "My Class" list; `enabled` false for other roles. */
export function useMyClasses(enabled = true) {
  return useQuery({ queryKey: keys.studentClasses, queryFn: () => api.get<ClassSummary[]>('/api/student/my-classes'), enabled });
}

export function useStudentClass(classId: number) {
  return useQuery({
    queryKey: keys.studentClass(classId),
    queryFn: () => api.get<ClassDetail>(`/api/student/my-classes/${classId}`),
    enabled: Number.isInteger(classId) && classId > 0,
  });
}

export function useStudentLessons(classId: number) {
  return useQuery({
    queryKey: keys.studentLessons(classId),
    queryFn: () => api.get<ClassLessonDetail[]>(`/api/student/my-classes/${classId}/contents`),
    enabled: Number.isInteger(classId) && classId > 0,
  });
}
