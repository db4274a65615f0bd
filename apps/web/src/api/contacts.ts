import { useQuery } from '@tanstack/react-query';
import type { StudentContact } from '@kelasku/contract';
import { api } from './client';

// Issue 42: the numbers of students for "Chat WhatsApp" — the teacher of a class (its rombel's
// students) and the wali kelas (the rombel's students). The server answers 404 to anyone else.

/** Where a teacher reads the numbers: a class they teach, or the rombel they are wali kelas of. */
export type ContactScope = { classId: number } | { rombelId: number };

const pathOf = (scope: ContactScope) =>
  'classId' in scope
    ? `/api/teacher/online-classes/${scope.classId}/student-contacts`
    : `/api/teacher/homerooms/${scope.rombelId}/student-contacts`;

/** The active students of the class's rombel (or the wali kelas's rombel) with their numbers; one request per page. */
export function useStudentContacts(scope: ContactScope) {
  const id = 'classId' in scope ? scope.classId : scope.rombelId;
  return useQuery({
    queryKey: ['teacher', 'student-contacts', 'classId' in scope ? 'class' : 'rombel', id] as const,
    queryFn: () => api.get<StudentContact[]>(pathOf(scope)),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 5 * 60_000,
  });
}
