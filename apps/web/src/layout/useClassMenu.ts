import { useQuery } from '@tanstack/react-query';
import type { RoleName } from '@kelasku/contract';
import { api } from '../api/client';
import { keys } from '../api/keys';

export interface ClassMenuItem {
  id: number;
  name: string;
  rombel_name: string;
}

/** The "My Class" list of the sidebar: the teacher's classes, or the student's rombel's classes. */
export function useClassMenu(role: RoleName | undefined) {
  const teacher = useQuery({
    queryKey: keys.teacherClasses,
    queryFn: () => api.get<ClassMenuItem[]>('/api/teacher/online-classes'),
    enabled: role === 'teacher',
  });
  const student = useQuery({
    queryKey: keys.studentClasses,
    queryFn: () => api.get<ClassMenuItem[]>('/api/student/my-classes'),
    enabled: role === 'student',
  });
  return role === 'teacher' ? teacher : role === 'student' ? student : null;
}
