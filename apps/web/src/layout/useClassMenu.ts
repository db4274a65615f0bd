import type { RoleName } from '@kelasku/contract';
import { useMyClasses } from '../api/student-classes';
import { useTeacherClasses } from '../api/online-classes';

/** The "My Class" list of the sidebar: the same query as the teacher's or the student's dashboard. */
export function useClassMenu(role: RoleName | undefined) {
  const teacher = useTeacherClasses(role === 'teacher');
  const student = useMyClasses(role === 'student');
  return role === 'teacher' ? teacher : role === 'student' ? student : null;
}
