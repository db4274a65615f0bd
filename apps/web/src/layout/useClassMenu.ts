import { useQuery } from '@tanstack/react-query';
import type { RoleName } from '@kelasku/contract';
import { myClassesQuery } from '../api/student';
import { teacherClassesQuery } from '../api/teacher-classes';

/** The "My Class" list of the sidebar: the teacher's classes, or the student's rombel's classes (the dashboards' queries). */
export function useClassMenu(role: RoleName | undefined) {
  const teacher = useQuery({ ...teacherClassesQuery, enabled: role === 'teacher' });
  const student = useQuery({ ...myClassesQuery, enabled: role === 'student' });
  return role === 'teacher' ? teacher : role === 'student' ? student : null;
}
